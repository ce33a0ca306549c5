// The trade-off view: compression against speed for one dataset and size, and the Pareto
// frontier — the cells nothing else beats on both counts (seed 004's rule).

import { rowValue, storedFraction } from "./measures";
import { inFilter, seriesKey, seriesLabel, seriesOrder, type ResultLike, type SeriesFilter, type SeriesOrder } from "./transforms";

/** `x` is the stored fraction (smaller is better), `y` the throughput (higher is better). */
export interface TradeoffPoint {
  x: number;
  y: number;
}

/**
 * A dominates B if A is faster and not larger, or smaller and not slower.
 * Equal points do not dominate each other.
 */
export function dominates(a: TradeoffPoint, b: TradeoffPoint): boolean {
  return (a.y > b.y && a.x <= b.x) || (a.x < b.x && a.y >= b.y);
}

/**
 * The points no other point dominates, smallest first (so also slowest first). Duplicates of a
 * frontier point are all on it. O(n log n): sweep by x, keep the best speed seen so far.
 */
export function paretoFrontier<T extends TradeoffPoint>(points: readonly T[]): T[] {
  const valid = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const sorted = [...valid].sort((a, b) => a.x - b.x || b.y - a.y);
  const frontier: T[] = [];
  let bestY = -Infinity;
  for (let i = 0; i < sorted.length; ) {
    // One group of equal x: only its fastest points can be on the frontier, and only when they
    // are faster than everything smaller.
    let j = i;
    while (j < sorted.length && sorted[j].x === sorted[i].x) j += 1;
    const groupMax = sorted[i].y;
    if (groupMax > bestY) {
      for (let k = i; k < j && sorted[k].y === groupMax; k += 1) frontier.push(sorted[k]);
      bestY = groupMax;
    }
    i = j;
  }
  return frontier;
}

export interface TradeoffCell extends TradeoffPoint {
  key: string;
  label: string;
  method: string;
  storage: string;
  cellId: number | null;
  /** How x was measured for this point (see storedFraction). */
  basis: "disk" | "encoded";
  ciLow: number;
  ciHigh: number;
  pareto: boolean;
}

export interface Tradeoff {
  points: TradeoffCell[];
  /** The frontier, smallest first. */
  frontier: TradeoffCell[];
  /**
   * How x was measured: `encoded` (encoded ÷ original) for every point, `disk` (allocated table
   * size ÷ none · dynamic's) for every point, or `mixed` (encoded for dynamic tables, disk for
   * server-compressed storages).
   */
  basis: "disk" | "encoded" | "mixed";
}

/**
 * One point per method × storage at one size: x = stored ÷ original (lower is smaller, see
 * storedFraction), y = the row's throughput.
 */
export function buildTradeoff(
  results: readonly ResultLike[],
  filter: SeriesFilter & { size: number | null },
  order: SeriesOrder = {},
): Tradeoff {
  const rows = results.filter((r) => r.size === filter.size && inFilter(r, filter));
  const baseline = results.find(
    (r) => r.size === filter.size && r.method === "none" && r.storage === "dynamic" && inFilter(r, { ...filter, methods: null }),
  );
  const points: TradeoffCell[] = [];
  for (const r of rows) {
    const value = rowValue(r, filter.metric ?? "throughput");
    if (!value) continue;
    const stored = storedFraction(r, baseline);
    points.push({
      key: seriesKey(r.method, r.storage),
      label: seriesLabel(r.method, r.storage),
      method: r.method,
      storage: r.storage,
      cellId: r.cell_id ?? null,
      x: stored.fraction,
      y: value.bps,
      basis: stored.basis,
      ciLow: value.ciLow,
      ciHigh: value.ciHigh,
      pareto: false,
    });
  }
  points.sort(seriesOrder(order));
  const frontier = paretoFrontier(points);
  for (const p of frontier) p.pareto = true;
  const bases = new Set(points.map((p) => p.basis));
  const basis = bases.size > 1 ? "mixed" : bases.has("disk") ? "disk" : "encoded";
  return { points, frontier, basis };
}

/** The rows the trade-off chart draws, for CSV and JSON. */
export function tradeoffRows(t: Tradeoff, context: { dataset: string | null; size: number | null; workload: string | null }) {
  return t.points.map((p) => ({
    method: p.method,
    storage: p.storage,
    dataset: context.dataset,
    size: context.size,
    workload: context.workload,
    stored_fraction: p.x,
    stored_basis: p.basis,
    bps: p.y,
    pareto: p.pareto,
  }));
}
