// Which cell a schedule's history shows. The choice lives in the URL query (one readable
// parameter per dimension), is parsed once here, and unnamed dimensions default to the first
// value the schedule offers, so a bare /schedules/3 still shows a chart.

import type { CellKey, MatrixRead } from "../../api/types";

export const CELL_DIMENSIONS = ["host", "method", "storage", "dataset", "size", "workload", "concurrency"] as const;
export type CellDimension = (typeof CELL_DIMENSIONS)[number];
export type CellQuery = Partial<CellKey>;
export type CellChoices = Record<CellDimension, Array<string | number>>;

const NUMERIC: ReadonlySet<CellDimension> = new Set(["size", "concurrency"]);

export const DIMENSION_LABELS: Record<CellDimension, string> = {
  host: "Host",
  method: "Method",
  storage: "Storage",
  dataset: "Dataset",
  size: "Size",
  workload: "Workload",
  concurrency: "Clients",
};

/** The dimensions named in the query; malformed numbers are ignored. */
export function parseCellQuery(params: URLSearchParams): CellQuery {
  const out: Record<string, string | number> = {};
  for (const dim of CELL_DIMENSIONS) {
    const raw = params.get(dim);
    if (raw === null || raw.trim() === "") continue;
    if (NUMERIC.has(dim)) {
      if (/^\d+$/.test(raw.trim()) && Number(raw) > 0) out[dim] = Number(raw);
    } else {
      out[dim] = raw.trim();
    }
  }
  return out as CellQuery;
}

/** The values the schedule's template offers, in its own order. */
export function templateChoices(schedule: { hosts: string[]; matrix: MatrixRead }): CellChoices {
  const m = schedule.matrix;
  return {
    host: [...schedule.hosts],
    method: [...m.methods],
    storage: [...m.storages],
    dataset: [...m.datasets],
    size: [...m.sizes],
    workload: [...m.workloads],
    concurrency: [...m.concurrency],
  };
}

/** The template's values first, then what past runs measured beyond them (from the history). */
export function mergeChoices(template: CellChoices, observed?: Record<string, Array<string | number>> | null): CellChoices {
  const out = {} as CellChoices;
  for (const dim of CELL_DIMENSIONS) {
    const values = [...template[dim]];
    for (const v of observed?.[dim] ?? []) if (!values.includes(v)) values.push(v);
    out[dim] = values;
  }
  return out;
}

/** The full cell: the query's values, the first choice elsewhere; null when a dimension has none. */
export function resolveCell(query: CellQuery, choices: CellChoices): CellKey | null {
  const out: Record<string, string | number> = {};
  for (const dim of CELL_DIMENSIONS) {
    const value = query[dim] ?? choices[dim][0];
    if (value === undefined) return null;
    out[dim] = NUMERIC.has(dim) ? Number(value) : String(value);
  }
  return out as unknown as CellKey;
}

/** The query with the whole cell written into it (other parameters kept). */
export function cellToQuery(cell: CellKey, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const dim of CELL_DIMENSIONS) next.set(dim, String(cell[dim]));
  return next;
}

/** The cell with one dimension changed. */
export function withDimension(cell: CellKey, dim: CellDimension, raw: string): CellKey {
  return { ...cell, [dim]: NUMERIC.has(dim) ? Number(raw) : raw };
}
