// The latency view: p50/p95/p99 per cell at one dataset and size, and a histogram of one cell's
// raw per-operation samples.

import { inFilter, seriesKey, seriesLabel, seriesOrder, type ResultLike, type SeriesFilter, type SeriesOrder } from "./transforms";
import type { Scale } from "./url-state";

export interface LatencyBar {
  key: string;
  label: string;
  method: string;
  storage: string;
  cellId: number | null;
  /** Microseconds. */
  p50: number;
  p95: number | null;
  p99: number | null;
  mean: number | null;
}

const num = (v: number | null | undefined): number | null => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null);

/** One bar group per method × storage that has a p50 at this size. */
export function buildLatencyBars(
  results: readonly ResultLike[],
  filter: SeriesFilter & { size: number | null },
  order: SeriesOrder = {},
): LatencyBar[] {
  const bars: LatencyBar[] = [];
  for (const r of results) {
    if (r.size !== filter.size || !inFilter(r, filter)) continue;
    const p50 = num(r.latency_p50_us);
    if (p50 === null) continue;
    bars.push({
      key: seriesKey(r.method, r.storage),
      label: seriesLabel(r.method, r.storage),
      method: r.method,
      storage: r.storage,
      cellId: r.cell_id ?? null,
      p50,
      p95: num(r.latency_p95_us),
      p99: num(r.latency_p99_us),
      mean: num(r.latency_mean_us),
    });
  }
  return bars.sort(seriesOrder(order));
}

export interface Bin {
  /** Inclusive lower edge. */
  lo: number;
  /** Upper edge (inclusive for the last bin). */
  hi: number;
  count: number;
}

export interface HistogramOptions {
  /** Number of bins (at least 1). */
  bins?: number;
  /** Log-spaced bins suit latencies, whose tail spans decades; linear is the plain kind. */
  scale?: Scale;
}

/**
 * Counts samples into `bins` equal-width (linear) or equal-ratio (log) bins spanning
 * [min, max]. Non-finite samples are ignored, and so are samples ≤ 0 on a log scale. One bin
 * when every sample is equal; none without samples.
 */
export function histogram(samples: readonly number[], options: HistogramOptions = {}): Bin[] {
  const scale = options.scale ?? "log";
  const n = Math.max(1, Math.floor(options.bins ?? 30));
  let min = Infinity;
  let max = -Infinity;
  const kept: number[] = [];
  for (const v of samples) {
    if (!Number.isFinite(v) || (scale === "log" && v <= 0)) continue;
    kept.push(v);
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (kept.length === 0) return [];
  if (min === max) return [{ lo: min, hi: max, count: kept.length }];

  const edge =
    scale === "log"
      ? (i: number) => min * (max / min) ** (i / n)
      : (i: number) => min + ((max - min) * i) / n;
  const bins: Bin[] = Array.from({ length: n }, (_, i) => ({ lo: edge(i), hi: i === n - 1 ? max : edge(i + 1), count: 0 }));
  const span = scale === "log" ? Math.log(max / min) : max - min;
  for (const v of kept) {
    const t = scale === "log" ? Math.log(v / min) / span : (v - min) / span;
    bins[Math.min(n - 1, Math.max(0, Math.floor(t * n)))].count += 1;
  }
  return bins;
}

/** The rows behind the percentile bars, for CSV and JSON. */
export function latencyRows(bars: readonly LatencyBar[], context: { dataset: string | null; size: number | null; workload: string | null }) {
  return bars.map((b) => ({
    cell_id: b.cellId,
    method: b.method,
    storage: b.storage,
    dataset: context.dataset,
    size: context.size,
    workload: context.workload,
    p50_us: b.p50,
    p95_us: b.p95,
    p99_us: b.p99,
    mean_us: b.mean,
  }));
}

/** The rows behind a histogram, for CSV and JSON. */
export function histogramRows(bins: readonly Bin[], cellId: number | null) {
  return bins.map((b) => ({ cell_id: cellId, lo_us: b.lo, hi_us: b.hi, count: b.count }));
}
