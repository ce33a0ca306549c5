// Pure functions from API results to what the throughput chart draws. No React here:
// the chart component receives ready series and only draws them.

import { rowThroughput, type ThroughputFields } from "../../lib/throughput";
import type { ChartUrlState, YScale } from "./url-state";

export type { YScale };
import { PALETTE, DASHES } from "./palette";

/**
 * The fields of a result row the chart reads (ResultRead has more). Throughput is read_bps*
 * for read workloads and write_bps* for `write` (see rowThroughput).
 */
export interface ResultLike extends ThroughputFields {
  method: string;
  storage: string;
  dataset: string;
  size: number;
  workload: string;
  concurrency: number;
  samples?: number;
  converged?: boolean;
}

export interface MatrixLike {
  methods: string[];
  storages: string[];
  datasets: string[];
  workloads: string[];
  concurrency: number[];
}

export interface SizePoint {
  size: number;
  /** Mean throughput of the row's workload (read or write), uncompressed bytes per second. */
  bps: number;
  /** 95% confidence interval of the mean; equal to bps when the API had none. */
  ciLow: number;
  ciHigh: number;
}

export interface SizeSeries {
  key: string;
  label: string;
  method: string;
  storage: string;
  points: SizePoint[];
}

export interface SeriesSet {
  series: SizeSeries[];
  /** Every size that has a point in some series, ascending. */
  sizes: number[];
}

export interface SeriesFilter {
  dataset: string | null;
  workload?: string | null;
  concurrency?: number | null;
}

export interface SeriesOrder {
  methods?: string[];
  storages?: string[];
}

const SEP = "~";

/** Stable identifier of a method × storage series, also used in the URL (`hide=lz4~dynamic`). */
export function seriesKey(method: string, storage: string): string {
  return `${method}${SEP}${storage}`;
}

/** What a person reads in the legend: "lz4 · dynamic". */
export function seriesLabel(method: string, storage: string): string {
  return `${method} · ${storage}`;
}

function rank(order: string[] | undefined, value: string): number {
  const index = order ? order.indexOf(value) : -1;
  return index === -1 ? Number.MAX_SAFE_INTEGER : index;
}

function compareBy(order: string[] | undefined) {
  return (a: string, b: string) => rank(order, a) - rank(order, b) || a.localeCompare(b);
}

/**
 * Throughput vs blob size, one series per method × storage, for one dataset (and workload and
 * concurrency when given). Each point is the row's own metric: read_bps for read workloads,
 * write_bps for `write`. Points are sorted by size; results without a positive throughput
 * (not measured, failed) are left out. Series follow the matrix order.
 */
export function buildSizeSeries(
  results: readonly ResultLike[],
  filter: SeriesFilter,
  order: SeriesOrder = {},
): SeriesSet {
  const bySeries = new Map<string, SizeSeries>();
  const sizes = new Set<number>();
  for (const r of results) {
    if (r.dataset !== filter.dataset) continue;
    if (filter.workload && r.workload !== filter.workload) continue;
    if (filter.concurrency && r.concurrency !== filter.concurrency) continue;
    const throughput = rowThroughput(r);
    if (!throughput) continue;
    const key = seriesKey(r.method, r.storage);
    let series = bySeries.get(key);
    if (!series) {
      series = {
        key,
        label: seriesLabel(r.method, r.storage),
        method: r.method,
        storage: r.storage,
        points: [],
      };
      bySeries.set(key, series);
    }
    series.points.push({
      size: r.size,
      bps: throughput.bps,
      ciLow: throughput.ciLow,
      ciHigh: throughput.ciHigh,
    });
    sizes.add(r.size);
  }
  const byMethod = compareBy(order.methods);
  const byStorage = compareBy(order.storages);
  const series = [...bySeries.values()].sort(
    (a, b) => byMethod(a.method, b.method) || byStorage(a.storage, b.storage),
  );
  for (const s of series) s.points.sort((a, b) => a.size - b.size);
  return { series, sizes: [...sizes].sort((a, b) => a - b) };
}

export interface ChartDimensions {
  datasets: string[];
  workloads: string[];
  concurrencies: number[];
}

function union<T>(first: readonly T[], second: Iterable<T>): T[] {
  const out = [...new Set(first)];
  for (const item of second) if (!out.includes(item)) out.push(item);
  return out;
}

/** The choices for the chart's selectors: the run's matrix first, then anything only in results. */
export function chartDimensions(
  results: readonly ResultLike[],
  matrix?: Partial<MatrixLike> | null,
): ChartDimensions {
  return {
    datasets: union(matrix?.datasets ?? [], results.map((r) => r.dataset)),
    workloads: union(matrix?.workloads ?? [], results.map((r) => r.workload)),
    concurrencies: union(matrix?.concurrency ?? [], results.map((r) => r.concurrency)).sort(
      (a, b) => a - b,
    ),
  };
}

export interface ChartView {
  dataset: string | null;
  workload: string | null;
  concurrency: number | null;
  y: YScale;
  hidden: ReadonlySet<string>;
}

/** What to draw: the URL's choices where they exist in this run, defaults otherwise. */
export function resolveView(state: ChartUrlState, dims: ChartDimensions): ChartView {
  const dataset =
    state.dataset !== null && dims.datasets.includes(state.dataset)
      ? state.dataset
      : (dims.datasets[0] ?? null);
  const workload =
    state.workload !== null && dims.workloads.includes(state.workload)
      ? state.workload
      : dims.workloads.includes("read")
        ? "read"
        : (dims.workloads[0] ?? null);
  const concurrency =
    state.concurrency !== null && dims.concurrencies.includes(state.concurrency)
      ? state.concurrency
      : (dims.concurrencies[0] ?? null);
  return { dataset, workload, concurrency, y: state.y, hidden: new Set(state.hide) };
}

/** The rows the chart's selectors point at: its dataset, workload and concurrency (when set). */
export function rowsInView<T extends Pick<ResultLike, "dataset" | "workload" | "concurrency">>(
  rows: readonly T[],
  view: Pick<ChartView, "dataset" | "workload" | "concurrency">,
): T[] {
  return rows.filter(
    (r) =>
      r.dataset === view.dataset &&
      (!view.workload || r.workload === view.workload) &&
      (!view.concurrency || r.concurrency === view.concurrency),
  );
}

export interface SeriesStyle {
  color: string;
  /** SVG stroke-dasharray; undefined for a solid line. */
  dash: string | undefined;
}

/**
 * Colour by method and line style by storage, so "lz4 · dynamic" and "lz4 · compressed:8"
 * read as the same codec on two storages. With a single method, colour by storage instead.
 * Indices come from the matrix, so a series keeps its look when the dataset changes.
 */
export function seriesStyle(method: string, storage: string, order: SeriesOrder): SeriesStyle {
  const methods = order.methods ?? [];
  const storages = order.storages ?? [];
  const methodIndex = Math.max(0, methods.indexOf(method));
  const storageIndex = Math.max(0, storages.indexOf(storage));
  if (methods.length <= 1) {
    return { color: PALETTE[storageIndex % PALETTE.length], dash: undefined };
  }
  return {
    color: PALETTE[methodIndex % PALETTE.length],
    dash: DASHES[storageIndex % DASHES.length],
  };
}

/** One row per size for Recharts: `values[seriesKey]` is the mean throughput. */
export interface ChartRow {
  size: number;
  values: Record<string, number>;
}

export function toChartRows(set: SeriesSet): ChartRow[] {
  return set.sizes.map((size) => {
    const values: Record<string, number> = {};
    for (const s of set.series) {
      const point = s.points.find((p) => p.size === size);
      if (point) values[s.key] = point.bps;
    }
    return { size, values };
  });
}

export interface TooltipRow {
  key: string;
  label: string;
  bps: number;
  ciLow: number;
  ciHigh: number;
}

/** The tooltip's lines at one size: every visible series with a point there, fastest first. */
export function tooltipRows(
  set: SeriesSet,
  size: number,
  hidden: ReadonlySet<string> = new Set(),
): TooltipRow[] {
  const rows: TooltipRow[] = [];
  for (const s of set.series) {
    if (hidden.has(s.key)) continue;
    const point = s.points.find((p) => p.size === size);
    if (point) {
      rows.push({ key: s.key, label: s.label, bps: point.bps, ciLow: point.ciLow, ciHigh: point.ciHigh });
    }
  }
  return rows.sort((a, b) => b.bps - a.bps);
}

/**
 * Ticks for a log-scaled size axis: powers of two inside [min, max], thinned to at most
 * `maxTicks` and aligned (1 KiB, 4 KiB, 16 KiB … when every other one is kept).
 * Falls back to the sizes themselves when the range holds no power of two.
 */
export function sizeTicks(sizes: readonly number[], maxTicks = 8): number[] {
  const positive = sizes.filter((s) => s > 0);
  if (positive.length === 0) return [];
  const min = Math.min(...positive);
  const max = Math.max(...positive);
  const lo = Math.ceil(Math.log2(min) - 1e-9);
  const hi = Math.floor(Math.log2(max) + 1e-9);
  if (hi < lo) return [...new Set(positive)].sort((a, b) => a - b);
  for (let step = 1; ; step += 1) {
    const ticks: number[] = [];
    for (let e = lo; e <= hi; e += 1) if (e % step === 0) ticks.push(2 ** e);
    if (ticks.length <= maxTicks && ticks.length > 0) return ticks;
    if (ticks.length === 0) return [2 ** lo];
  }
}

/** The x domain: the sizes' range, widened a little so end points are not on the border. */
export function sizeDomain(sizes: readonly number[]): [number, number] {
  const positive = sizes.filter((s) => s > 0);
  if (positive.length === 0) return [1, 1024];
  const min = Math.min(...positive);
  const max = Math.max(...positive);
  return [min / 1.25, max * 1.25];
}

/** The y domain: from 0 for a linear axis, whole decades around the visible points for log. */
export function throughputDomain(
  set: SeriesSet,
  scale: YScale,
  hidden: ReadonlySet<string> = new Set(),
): [number, number] {
  let min = Infinity;
  let max = 0;
  for (const s of set.series) {
    if (hidden.has(s.key)) continue;
    for (const p of s.points) {
      min = Math.min(min, p.bps);
      max = Math.max(max, p.bps);
    }
  }
  if (max <= 0) return scale === "log" ? [1e6, 1e9] : [0, 1e9];
  if (scale === "linear") return [0, linearTicks(max).at(-1)!];
  return [10 ** Math.floor(Math.log10(min)), 10 ** Math.ceil(Math.log10(max))];
}

/**
 * Ticks for a linear throughput axis from 0 to just above `max`: 4 to 6 steps of 1, 2, 2.5 or 5
 * times a power of ten, so labels read 0, 500 MB/s, 1 GB/s … rather than 0, 650 MB/s, 1.3 GB/s.
 */
export function linearTicks(max: number): number[] {
  if (!(max > 0)) return [0];
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const ticks: number[] = [];
  for (let i = 0; ; i += 1) {
    const tick = Number((i * step).toPrecision(12));
    ticks.push(tick);
    if (tick >= max * 1.02) return ticks;
  }
}

export interface Fastest {
  size: number;
  label: string;
  bps: number;
  /** How much faster than the unencoded baseline (`none`) on the same storage, if present. */
  vsNone: number | null;
}

/** For each size, the visible series with the highest mean throughput. */
export function fastestBySize(set: SeriesSet, hidden: ReadonlySet<string> = new Set()): Fastest[] {
  return set.sizes.flatMap((size) => {
    const [best] = tooltipRows(set, size, hidden);
    if (!best) return [];
    const bestSeries = set.series.find((s) => s.key === best.key);
    const baseline = set.series
      .find((s) => s.method === "none" && s.storage === bestSeries?.storage)
      ?.points.find((p) => p.size === size);
    return [
      {
        size,
        label: best.label,
        bps: best.bps,
        vsNone: baseline && bestSeries?.method !== "none" ? best.bps / baseline.bps : null,
      },
    ];
  });
}

/** Ticks for a log throughput axis: each decade in the domain, with 2× and 5× when few. */
export function logTicks([lo, hi]: [number, number]): number[] {
  if (!(lo > 0) || !(hi > lo)) return [];
  const from = Math.floor(Math.log10(lo));
  const to = Math.ceil(Math.log10(hi));
  const steps = to - from <= 2 ? [1, 2, 5] : [1];
  const ticks: number[] = [];
  for (let e = from; e <= to; e += 1) {
    for (const m of steps) {
      const t = m * 10 ** e;
      if (t >= lo * 0.999 && t <= hi * 1.001) ticks.push(t);
    }
  }
  return ticks;
}
