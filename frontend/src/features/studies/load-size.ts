// Seed 002's summary table from a run's `load` / `load_then_index` results: load time and
// on-disk size per storage and index mode, each as a ratio to the baseline — `dynamic` with
// the usual load (indexes created with the table) and method `none`. Mirrors
// backend/blobbench/engine/load_size.py's summary().

export interface LoadResultLike {
  cell_id: number;
  method: string;
  storage: string;
  dataset: string;
  size: number;
  workload: string;
  disk_bytes: number | null;
  extra: Record<string, unknown>;
}

export const LOAD_WORKLOADS = ["load", "load_then_index"] as const;

const MODE_LABELS: Record<string, string> = {
  load: "usual load",
  load_then_index: "fast index creation",
};

export interface LoadSizeRow {
  cellId: number;
  label: string;
  storage: string;
  workload: string;
  method: string;
  dataset: string;
  /** Body size of each row, bytes. */
  size: number;
  rows: number | null;
  loadS: number;
  indexS: number | null;
  diskBytes: number | null;
  diskBytesBeforeIndex: number | null;
  baseline: boolean;
  loadRatio: number | null;
  sizeRatio: number | null;
}

function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

function isLoad(workload: string): boolean {
  return (LOAD_WORKLOADS as readonly string[]).includes(workload);
}

/** The seed's table: baseline first, then storage by storage (dynamic first, the others in the
 *  order the results name them: the run's), usual load before fast index creation. */
export function loadSizeTable(results: readonly LoadResultLike[]): LoadSizeRow[] {
  const loads = results.filter((r) => isLoad(r.workload) && num(r.extra.load_s) !== null);
  const key = (r: { dataset: string; size: number }) => `${r.dataset}\u0000${r.size}`;
  const baselines = new Map<string, LoadResultLike>();
  for (const r of loads) {
    if (r.storage !== "dynamic" || r.workload !== "load") continue;
    const have = baselines.get(key(r));
    if (!have || (r.method === "none" && have.method !== "none")) baselines.set(key(r), r);
  }
  const ratio = (v: number | null, b: number | null) => (v !== null && b ? v / b : null);
  const rows = loads.map((r): LoadSizeRow => {
    const base = baselines.get(key(r));
    const loadS = num(r.extra.load_s)!;
    const disk = r.disk_bytes ?? num(r.extra.disk_bytes);
    const baseDisk = base ? (base.disk_bytes ?? num(base.extra.disk_bytes)) : null;
    const method = r.method || "none";
    return {
      cellId: r.cell_id,
      label: `${r.storage}, ${MODE_LABELS[r.workload]}${method !== "none" ? `, ${method}` : ""}`,
      storage: r.storage,
      workload: r.workload,
      method,
      dataset: r.dataset,
      size: r.size,
      rows: num(r.extra.rows),
      loadS,
      indexS: num(r.extra.index_s),
      diskBytes: disk,
      diskBytesBeforeIndex: num(r.extra.disk_bytes_before_index),
      baseline: base === r,
      loadRatio: ratio(loadS, base ? num(base.extra.load_s) : null),
      sizeRatio: ratio(disk, baseDisk),
    };
  });
  const seen = [...new Set(loads.map((r) => r.storage))];
  const rank = (r: LoadSizeRow): Array<string | number> => [
    r.dataset,
    r.size,
    r.baseline ? 0 : 1,
    r.storage === "dynamic" ? 0 : 1,
    seen.indexOf(r.storage),
    r.method === "none" ? 0 : 1,
    r.method,
    r.workload === "load" ? 0 : 1,
  ];
  return rows.sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    for (let i = 0; i < ra.length; i += 1) {
      if (ra[i] < rb[i]) return -1;
      if (ra[i] > rb[i]) return 1;
    }
    return 0;
  });
}

/** The (dataset, body size) groups of a table, in its order: one seed-style table each. */
export function loadSizeGroups(rows: readonly LoadSizeRow[]): Array<{ dataset: string; size: number; rows: LoadSizeRow[] }> {
  const groups: Array<{ dataset: string; size: number; rows: LoadSizeRow[] }> = [];
  for (const r of rows) {
    const last = groups.at(-1);
    if (last && last.dataset === r.dataset && last.size === r.size) last.rows.push(r);
    else groups.push({ dataset: r.dataset, size: r.size, rows: [r] });
  }
  return groups;
}
