// Seed 001's two charts: aggregate read throughput against the number of concurrent clients,
// one line per method × storage; and how much space each one saves against none · dynamic.

export interface ConcurrencyResult {
  method: string;
  storage: string;
  dataset: string;
  size: number;
  workload: string;
  concurrency: number;
  read_bps: number | null;
  read_bps_ci_low: number | null;
  read_bps_ci_high: number | null;
  ratio: number | null;
  disk_bytes: number | null;
}

export interface CurvePoint {
  clients: number;
  bps: number;
  low: number | null;
  high: number | null;
}

export interface CurveSeries {
  key: string;
  label: string;
  points: CurvePoint[];
  /** Throughput at the most clients ÷ at one client: how far it scales. */
  scaling: number | null;
}

export interface Saving {
  key: string;
  label: string;
  /** Stored bytes ÷ none · dynamic's: a loaded table's allocated size ("table"), the read
   *  table's ("disk"), else the codec's ratio. */
  stored: number | null;
  basis: "table" | "disk" | "ratio" | null;
}

const key = (r: { method: string; storage: string }) => `${r.method} · ${r.storage}`;

/** The datasets × sizes × read workloads a run measured at several client counts. */
export function curveChoices(rows: readonly ConcurrencyResult[]): Array<{ dataset: string; size: number; workload: string }> {
  const seen = new Map<string, { dataset: string; size: number; workload: string; clients: Set<number> }>();
  for (const r of rows) {
    if (r.workload !== "read" && r.workload !== "read_cold") continue;
    const k = `${r.dataset}|${r.size}|${r.workload}`;
    const entry = seen.get(k) ?? { dataset: r.dataset, size: r.size, workload: r.workload, clients: new Set() };
    entry.clients.add(r.concurrency);
    seen.set(k, entry);
  }
  return [...seen.values()].filter((e) => e.clients.size > 1).map(({ dataset, size, workload }) => ({ dataset, size, workload }));
}

/** One series per method × storage, points sorted by client count, for one dataset/size/workload. */
export function concurrencyCurves(
  rows: readonly ConcurrencyResult[],
  pick: { dataset: string; size: number; workload: string },
): CurveSeries[] {
  const series = new Map<string, CurveSeries>();
  for (const r of rows) {
    if (r.dataset !== pick.dataset || r.size !== pick.size || r.workload !== pick.workload) continue;
    if (r.read_bps === null || !Number.isFinite(r.read_bps)) continue;
    const k = key(r);
    const s = series.get(k) ?? { key: k, label: k, points: [], scaling: null };
    s.points.push({ clients: r.concurrency, bps: r.read_bps, low: r.read_bps_ci_low, high: r.read_bps_ci_high });
    series.set(k, s);
  }
  for (const s of series.values()) {
    s.points.sort((a, b) => a.clients - b.clients);
    const first = s.points[0];
    const last = s.points[s.points.length - 1];
    s.scaling = s.points.length > 1 && first.clients === 1 && first.bps > 0 ? last.bps / first.bps : null;
  }
  return [...series.values()];
}

/** Space each method × storage takes relative to none · dynamic, at one dataset and size: the
 *  allocated size of the run's loaded table of that pair (`load` cells, seed001's 64 MiB) when
 *  both have one, else the read table's disk size, else the codec's ratio. */
export function spaceSavings(rows: readonly ConcurrencyResult[], pick: { dataset: string; size: number }): Saving[] {
  const at = rows.filter((r) => r.dataset === pick.dataset && r.size === pick.size);
  const loads = new Map<string, ConcurrencyResult>();
  for (const r of at) if (r.workload === "load" && r.disk_bytes) loads.set(key(r), r);
  const first = new Map<string, ConcurrencyResult>();
  for (const r of at) {
    if (r.workload !== "read" && r.workload !== "read_cold") continue;
    if (!first.has(key(r)) || r.concurrency === 1) first.set(key(r), r);
  }
  const baseLoad = loads.get("none · dynamic");
  const base = first.get("none · dynamic");
  return [...first.values()].map((r) => {
    const load = loads.get(key(r));
    if (baseLoad?.disk_bytes && load?.disk_bytes) {
      return { key: key(r), label: key(r), stored: load.disk_bytes / baseLoad.disk_bytes, basis: "table" as const };
    }
    if (base?.disk_bytes && r.disk_bytes) {
      return { key: key(r), label: key(r), stored: r.disk_bytes / base.disk_bytes, basis: "disk" as const };
    }
    if (r.ratio && r.ratio > 0) return { key: key(r), label: key(r), stored: 1 / r.ratio, basis: "ratio" as const };
    return { key: key(r), label: key(r), stored: null, basis: null };
  });
}
