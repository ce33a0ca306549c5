// Pure functions from API results to what the throughput chart draws. No React here:
// the chart component receives ready series and only draws them.

import { metricForWorkload, type ThroughputFields } from "../../lib/throughput";
import { rowValue } from "./measures";
import { notice, type ChartUrlState, type Measure, type MetricChoice, type Scale, type ViewName, type YScale } from "./url-state";

export type { Scale, YScale };
import { PALETTE, DASHES, STORAGE_SHADES, shade } from "./palette";

/**
 * The fields of a result row the chart reads (ResultRead has more). Throughput is read_bps*
 * for read workloads and write_bps* for `write` (see rowThroughput).
 */
export interface ResultLike extends ThroughputFields {
  cell_id?: number;
  /** The host that measured the row (a run may name several). */
  host?: string;
  method: string;
  storage: string;
  dataset: string;
  size: number;
  workload: string;
  concurrency: number;
  samples?: number;
  converged?: boolean;
  /** Bytes per second that crossed the network (compressed bytes for client codecs). */
  wire_bps?: number | null;
  /** Original size / encoded size (≥ 1 when the codec compressed). */
  ratio?: number | null;
  encoded_bytes?: number | null;
  /** Allocated size of the cell's whole table on the target. */
  disk_bytes?: number | null;
  latency_mean_us?: number | null;
  latency_p50_us?: number | null;
  latency_p95_us?: number | null;
  latency_p99_us?: number | null;
}

export interface MatrixLike {
  methods: string[];
  storages: string[];
  datasets: string[];
  workloads: string[];
  concurrency: number[];
  sizes: number[];
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
  /** Only these methods; null or undefined means all. */
  methods?: ReadonlySet<string> | null;
  /** Uncompressed throughput (default) or wire throughput. */
  metric?: MetricChoice;
}

/** Whether a row is in the chosen dataset, workload, concurrency and methods. */
export function inFilter(r: ResultLike, filter: SeriesFilter): boolean {
  return (
    r.dataset === filter.dataset &&
    (!filter.workload || r.workload === filter.workload) &&
    (!filter.concurrency || r.concurrency === filter.concurrency) &&
    (!filter.methods || filter.methods.has(r.method))
  );
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

export function compareBy(order: string[] | undefined) {
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
    if (!inFilter(r, filter)) continue;
    const throughput = rowValue(r, filter.metric ?? "throughput");
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
  const series = [...bySeries.values()].sort(seriesOrder(order));
  for (const s of series) s.points.sort((a, b) => a.size - b.size);
  return { series, sizes: [...sizes].sort((a, b) => a - b) };
}

/** Sorts anything with a method and a storage in the matrix's order (then by name). */
export function seriesOrder(order: SeriesOrder) {
  const byMethod = compareBy(order.methods);
  const byStorage = compareBy(order.storages);
  return (a: { method: string; storage: string }, b: { method: string; storage: string }) =>
    byMethod(a.method, b.method) || byStorage(a.storage, b.storage);
}

export interface ChartDimensions {
  datasets: string[];
  workloads: string[];
  concurrencies: number[];
  /** Hosts that measured results, in the order they first appear. */
  hosts: string[];
  /** Blob sizes, ascending. */
  sizes: number[];
  methods: string[];
  storages: string[];
  /** Cell ids that have a result; null while there are none to check a `cell=` against. */
  cellIds: ReadonlySet<number> | null;
}

function union<T>(first: readonly T[], second: Iterable<T>): T[] {
  const out = [...new Set(first)];
  const seen = new Set(out);
  for (const item of second) {
    if (!seen.has(item)) {
      seen.add(item);
      out.push(item);
    }
  }
  return out;
}

/** The choices for the chart's selectors: the run's matrix first, then anything only in results. */
export function chartDimensions(
  results: readonly ResultLike[],
  matrix?: Partial<MatrixLike> | null,
): ChartDimensions {
  const cellIds = new Set<number>();
  for (const r of results) if (typeof r.cell_id === "number") cellIds.add(r.cell_id);
  return {
    datasets: union(matrix?.datasets ?? [], results.map((r) => r.dataset)),
    workloads: union(matrix?.workloads ?? [], results.map((r) => r.workload)),
    concurrencies: union(matrix?.concurrency ?? [], results.map((r) => r.concurrency)).sort(
      (a, b) => a - b,
    ),
    hosts: union<string>([], results.flatMap((r) => (r.host ? [r.host] : []))),
    sizes: union(matrix?.sizes ?? [], results.map((r) => r.size)).sort((a, b) => a - b),
    methods: union(matrix?.methods ?? [], results.map((r) => r.method)),
    storages: union(matrix?.storages ?? [], results.map((r) => r.storage)),
    cellIds: cellIds.size ? cellIds : null,
  };
}

export interface ChartView {
  view: ViewName;
  dataset: string | null;
  workload: string | null;
  concurrency: number | null;
  /** The host whose rows the views show when several measured the run; null with one host. */
  host: string | null;
  /** The one size of the size-slicing views (classes, trade-off, heatmap, latency). */
  size: number | null;
  /** Methods shown; null means all. */
  methods: ReadonlySet<string> | null;
  x: Scale;
  y: YScale;
  metric: MetricChoice;
  /** Read or write throughput for the trade-off view… */
  measure: Measure;
  /** …and the workload whose rows carry it. */
  measureWorkload: string | null;
  hidden: ReadonlySet<string>;
  runs: number[];
  cell: number | null;
  bins: Scale;
  ci: boolean;
  embed: boolean;
  /** URL choices that do not fit this run ("ignored size=3: not a size of this run"). */
  notices: string[];
  /** The URL fields behind those notices: the next change writes them back as defaults. */
  rejected: Partial<ChartUrlState>;
}

/** The size a size-slicing view starts on: the middle of the run's sizes (64 KiB of 1K/64K/1M). */
export function defaultSize(sizes: readonly number[]): number | null {
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : null;
}

/** What to draw: the URL's choices where they exist in this run, defaults (and notices) otherwise. */
export function resolveView(state: ChartUrlState, dims: ChartDimensions): ChartView {
  const notices: string[] = [];
  const rejected: Partial<ChartUrlState> = {};
  function pick<T extends string | number>(
    key: "dataset" | "workload" | "concurrency" | "host" | "size",
    value: T | null,
    choices: readonly T[],
    what: string,
    fallback: T | null,
  ): T | null {
    if (value === null) return fallback;
    if (choices.includes(value)) return value;
    if (choices.length) {
      notices.push(notice(key, String(value), `not ${what} of this run`));
      rejected[key] = null;
    }
    return fallback;
  }
  const dataset = pick("dataset", state.dataset, dims.datasets, "a dataset", dims.datasets[0] ?? null);
  const workload = pick(
    "workload",
    state.workload,
    dims.workloads,
    "a workload",
    dims.workloads.includes("read") ? "read" : (dims.workloads[0] ?? null),
  );
  const concurrency = pick("concurrency", state.concurrency, dims.concurrencies, "a concurrency", dims.concurrencies[0] ?? null);
  const size = pick("size", state.size, dims.sizes, "a size", defaultSize(dims.sizes));
  const host = dims.hosts.length > 1 ? pick("host", state.host, dims.hosts, "a host", dims.hosts[0]) : null;

  let methods: ReadonlySet<string> | null = null;
  if (state.methods) {
    const known = state.methods.filter((m) => dims.methods.includes(m));
    const unknown = state.methods.filter((m) => !dims.methods.includes(m));
    if (unknown.length && dims.methods.length) {
      notices.push(notice("methods", unknown.join(","), "not methods of this run"));
      rejected.methods = known.length ? known : null;
    }
    methods = known.length ? new Set(known) : null;
  }

  const readWorkloads = dims.workloads.filter((w) => metricForWorkload(w) === "read");
  let measure: Measure = state.measure ?? metricForWorkload(workload);
  if (measure === "write" && !dims.workloads.includes("write")) {
    if (state.measure && dims.workloads.length) {
      notices.push(notice("measure", "write", "this run has no write workload"));
      rejected.measure = null;
    }
    measure = "read";
  } else if (measure === "read" && readWorkloads.length === 0 && dims.workloads.includes("write")) {
    if (state.measure) {
      notices.push(notice("measure", "read", "this run has no read workload"));
      rejected.measure = null;
    }
    measure = "write";
  }
  const measureWorkload =
    measure === "write"
      ? "write"
      : workload !== null && readWorkloads.includes(workload)
        ? workload
        : (readWorkloads[0] ?? null);

  let cell = state.cell;
  if (cell !== null && dims.cellIds && !dims.cellIds.has(cell)) {
    notices.push(notice("cell", String(cell), "not a measured cell of this run"));
    rejected.cell = null;
    cell = null;
  }

  return {
    view: state.view,
    dataset,
    workload,
    concurrency,
    host,
    size,
    methods,
    x: state.x,
    y: state.y,
    metric: state.metric,
    measure,
    measureWorkload,
    hidden: new Set(state.hide),
    runs: state.runs,
    cell,
    bins: state.bins,
    ci: state.ci,
    embed: state.embed,
    notices,
    rejected,
  };
}

/** The rows of the chosen host: all of them when one host measured the run (`host` null). */
export function rowsOfHost<T extends { host?: string }>(rows: readonly T[], host: string | null): readonly T[] {
  return host === null ? rows : rows.filter((r) => r.host === host);
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

/**
 * The fill of a bar or dot: the series' colour, shaded by storage (bars have no dashes), so
 * "lz4 · dynamic" and "lz4 · compressed:8" are the same hue in two shades.
 */
export function seriesFill(method: string, storage: string, order: SeriesOrder): string {
  const { color } = seriesStyle(method, storage, order);
  if ((order.methods ?? []).length <= 1) return color;
  const storageIndex = Math.max(0, (order.storages ?? []).indexOf(storage));
  return shade(color, STORAGE_SHADES[storageIndex % STORAGE_SHADES.length]);
}

/** One row per size for Recharts: `values[seriesKey]` is the mean, `bands[seriesKey]` its 95% CI. */
export interface ChartRow {
  size: number;
  values: Record<string, number>;
  bands: Record<string, [number, number]>;
}

export function toChartRows(set: SeriesSet): ChartRow[] {
  const bySize = new Map<number, ChartRow>();
  for (const size of set.sizes) bySize.set(size, { size, values: {}, bands: {} });
  for (const s of set.series) {
    for (const p of s.points) {
      const row = bySize.get(p.size);
      if (!row) continue;
      row.values[s.key] = p.bps;
      row.bands[s.key] = [p.ciLow, p.ciHigh];
    }
  }
  return [...bySize.values()];
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

/** The ticks of a value axis with this domain: none beyond its ends (Recharts would pile them up there). */
export function axisTicks(domain: [number, number], scale: Scale): number[] {
  if (scale === "log") return logTicks(domain);
  return linearTicks(domain[1]).filter((t) => t <= domain[1] * (1 + 1e-9));
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

/**
 * Ticks for a linear blob-size axis from 0 to just above `max`, in steps of a power of two so
 * the labels read 0, 256 KiB, 512 KiB, 768 KiB … rather than 0, 200000, 400000.
 */
export function linearSizeTicks(max: number, maxTicks = 8): number[] {
  if (!(max > 0)) return [0];
  let step = 2 ** Math.ceil(Math.log2(max / (maxTicks - 1)));
  if (!(step >= 1)) step = 1;
  const ticks: number[] = [];
  for (let t = 0; ; t += step) {
    ticks.push(t);
    if (t >= max) return ticks;
  }
}

/** The x domain for a size axis on either scale. */
export function sizeAxis(sizes: readonly number[], scale: Scale): { domain: [number, number]; ticks: number[] } {
  if (scale === "log") return { domain: sizeDomain(sizes), ticks: sizeTicks(sizes) };
  const max = sizes.length ? Math.max(...sizes) : 1024;
  const ticks = linearSizeTicks(max);
  return { domain: [0, ticks.at(-1)!], ticks };
}

export interface ViewContext {
  dataset: string | null;
  workload: string | null;
  concurrency: number | null;
}

/** The rows the throughput-vs-size chart draws (visible series only), for CSV and JSON. */
export function sizeSeriesRows(
  set: SeriesSet,
  hidden: ReadonlySet<string>,
  context: ViewContext & { metric: MetricChoice },
): Array<Record<string, string | number | null>> {
  const rows: Array<Record<string, string | number | null>> = [];
  for (const s of set.series) {
    if (hidden.has(s.key)) continue;
    for (const p of s.points) {
      rows.push({
        method: s.method,
        storage: s.storage,
        dataset: context.dataset,
        workload: context.workload,
        concurrency: context.concurrency,
        size: p.size,
        metric: context.metric === "wire" ? "wire_bps" : "bps",
        bps: p.bps,
        ci_low: p.ciLow,
        ci_high: p.ciHigh,
      });
    }
  }
  return rows;
}
