// The ratio-classes view (seed 000's animated bar chart): at one blob size, one group of bars
// per dataset, one bar per method × storage.

import { rowValue } from "./measures";
import { inFilter, seriesKey, seriesLabel, seriesOrder, type ResultLike, type SeriesFilter, type SeriesOrder } from "./transforms";

export interface ClassBarSeries {
  key: string;
  label: string;
  method: string;
  storage: string;
}

export interface ClassGroup {
  dataset: string;
  /** Mean throughput per series key. */
  values: Record<string, number>;
  ciLow: Record<string, number>;
  ciHigh: Record<string, number>;
  /** The best compression ratio (original ÷ encoded) any method reached on this dataset. */
  bestRatio: number | null;
}

export interface ClassBars {
  groups: ClassGroup[];
  series: ClassBarSeries[];
}

/**
 * Bars at one size for every dataset (in `datasets` order; datasets without a measurement at
 * that size are left out). The filter's dataset is ignored: the datasets are the x axis.
 */
export function buildClassBars(
  results: readonly ResultLike[],
  filter: Omit<SeriesFilter, "dataset"> & { size: number | null },
  datasets: readonly string[],
  order: SeriesOrder = {},
): ClassBars {
  const groups = new Map<string, ClassGroup>();
  const series = new Map<string, ClassBarSeries>();
  for (const r of results) {
    if (r.size !== filter.size || !inFilter(r, { ...filter, dataset: r.dataset })) continue;
    const value = rowValue(r, filter.metric ?? "throughput");
    if (!value) continue;
    const key = seriesKey(r.method, r.storage);
    if (!series.has(key)) series.set(key, { key, label: seriesLabel(r.method, r.storage), method: r.method, storage: r.storage });
    let group = groups.get(r.dataset);
    if (!group) {
      group = { dataset: r.dataset, values: {}, ciLow: {}, ciHigh: {}, bestRatio: null };
      groups.set(r.dataset, group);
    }
    group.values[key] = value.bps;
    group.ciLow[key] = value.ciLow;
    group.ciHigh[key] = value.ciHigh;
    if (typeof r.ratio === "number" && r.ratio > 0) group.bestRatio = Math.max(group.bestRatio ?? 0, r.ratio);
  }
  const rank = (d: string) => {
    const i = datasets.indexOf(d);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return {
    groups: [...groups.values()].sort((a, b) => rank(a.dataset) - rank(b.dataset) || a.dataset.localeCompare(b.dataset)),
    series: [...series.values()].sort(seriesOrder(order)),
  };
}

/** The size after `size` in `sizes`, wrapping to the first: what the play button steps to. */
export function nextSize(sizes: readonly number[], size: number | null): number | null {
  if (sizes.length === 0) return null;
  const i = size === null ? -1 : sizes.indexOf(size);
  return sizes[(i + 1) % sizes.length];
}

/** The rows the bar chart draws (visible series only), for CSV and JSON. */
export function classRows(
  bars: ClassBars,
  hidden: ReadonlySet<string>,
  context: { size: number | null; workload: string | null; concurrency: number | null },
) {
  const rows: Array<Record<string, string | number | null>> = [];
  for (const g of bars.groups) {
    for (const s of bars.series) {
      if (hidden.has(s.key) || g.values[s.key] === undefined) continue;
      rows.push({
        dataset: g.dataset,
        method: s.method,
        storage: s.storage,
        size: context.size,
        workload: context.workload,
        concurrency: context.concurrency,
        bps: g.values[s.key],
        ci_low: g.ciLow[s.key],
        ci_high: g.ciHigh[s.key],
      });
    }
  }
  return rows;
}
