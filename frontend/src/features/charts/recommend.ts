// The recommendation panel: per band of blob sizes, which method × storage to use for the chosen
// dataset and workload, how much faster than none · dynamic it is and how much it saves.
//
// "Winning": among the cells that store no more than none · dynamic (within `tolerance`), the
// fastest — if it beats none · dynamic by more than `minGain` and clearly: its 95% confidence
// interval lies above none · dynamic's at most of the band's sizes (overlapping intervals are
// noise, not a gain). Failing that, one that is as fast
// (within `minGain`) and stores clearly less (`minSaving`). Failing that, none · dynamic itself.

import { metricForWorkload } from "../../lib/throughput";
import { formatBytes } from "../../lib/format";
import { basisLabel, rowValue, storedFraction, type StoredBasis } from "./measures";
import { inFilter, seriesKey, seriesLabel, type ResultLike, type SeriesFilter } from "./transforms";
import { geometricMean } from "./compare";

const KiB = 1024;
const MiB = 1024 * KiB;

export interface SizeBand {
  /** Inclusive lower bound, bytes. */
  lo: number;
  /** Exclusive upper bound, bytes; null = no bound. */
  hi: number | null;
  /** "64 KiB–1 MiB" */
  label: string;
  /** How the band reads in a sentence: "64 KiB–1 MiB blobs". */
  phrase: string;
}

export const SIZE_BANDS: readonly SizeBand[] = [
  { lo: 0, hi: 4 * KiB, label: "< 4 KiB", phrase: "blobs under 4 KiB" },
  { lo: 4 * KiB, hi: 64 * KiB, label: "4–64 KiB", phrase: "4–64 KiB blobs" },
  { lo: 64 * KiB, hi: MiB, label: "64 KiB–1 MiB", phrase: "64 KiB–1 MiB blobs" },
  { lo: MiB, hi: null, label: "≥ 1 MiB", phrase: "blobs of 1 MiB or more" },
];

/** The bands that hold at least one of `sizes`, each with its sizes (ascending). */
export function bandsFor(sizes: readonly number[], bands: readonly SizeBand[] = SIZE_BANDS) {
  const sorted = [...new Set(sizes)].sort((a, b) => a - b);
  return bands
    .map((band) => ({ band, sizes: sorted.filter((s) => s >= band.lo && (band.hi === null || s < band.hi)) }))
    .filter((b) => b.sizes.length > 0);
}

export interface Choice {
  key: string;
  label: string;
  method: string;
  storage: string;
}

export interface BandRecommendation {
  band: SizeBand;
  sizes: number[];
  winner: Choice;
  /** Geometric mean of winner ÷ none · dynamic over the band's sizes; null without a baseline. */
  speedup: number | null;
  /** 1 − stored ÷ none · dynamic's stored (0.62 = stores 62 % less; negative = more). */
  saving: number | null;
  basis: StoredBasis | null;
  /** faster: beats the baseline; smaller: as fast, smaller; baseline: keep none · dynamic; no-baseline: fastest, nothing to compare with. */
  kind: "faster" | "smaller" | "baseline" | "no-baseline";
  reason: string;
}

export interface RecommendOptions extends Pick<SeriesFilter, "dataset" | "workload" | "concurrency"> {
  /** How much larger than none · dynamic a winner may store (0.05 = 5 %). */
  tolerance?: number;
  /** How much faster than none · dynamic counts as faster (0.02 = 2 %). */
  minGain?: number;
  /** How much less a "just as fast" winner must store (0.1 = 10 %). */
  minSaving?: number;
  /** A readable name for the dataset in sentences. */
  datasetLabel?: string;
}

const BASELINE = { method: "none", storage: "dynamic" } as const;

function choice(method: string, storage: string): Choice {
  return { key: seriesKey(method, storage), label: seriesLabel(method, storage), method, storage };
}

/** "1.8×", "1.04×", "12×" */
export function formatTimes(x: number): string {
  if (x >= 10) return `${Math.round(x)}×`;
  return `${x >= 1.1 || x < 0.9 ? x.toFixed(1) : x.toFixed(2)}×`;
}

/** "stores 62 % less", "stores 3 % more", "stores about the same". */
export function savingPhrase(saving: number): string {
  const pct = Math.round(Math.abs(saving) * 100);
  if (pct === 0) return "stores about the same";
  return `stores ${pct} % ${saving > 0 ? "less" : "more"}`;
}

interface Candidate {
  choice: Choice;
  speedup: number;
  saving: number;
  basis: StoredBasis;
  /** Faster beyond the noise: CI above the baseline's at more than half the common sizes. */
  clear: boolean;
}

interface Point {
  row: ResultLike;
  bps: number;
  low: number;
  high: number;
}

export function recommend(results: readonly ResultLike[], options: RecommendOptions): BandRecommendation[] {
  const { tolerance = 0.05, minGain = 0.02, minSaving = 0.1 } = options;
  const filter: SeriesFilter = { dataset: options.dataset, workload: options.workload, concurrency: options.concurrency };
  const verb = metricForWorkload(options.workload) === "write" ? "writes" : "reads";
  const of = `of ${options.datasetLabel ?? options.dataset ?? "this dataset"}`;

  // series key → size → row (the row's own throughput, read or write)
  const bySeries = new Map<string, Map<number, Point>>();
  for (const r of results) {
    if (!inFilter(r, filter)) continue;
    const value = rowValue(r, "throughput");
    if (!value) continue;
    const key = seriesKey(r.method, r.storage);
    if (!bySeries.has(key)) bySeries.set(key, new Map());
    bySeries.get(key)!.set(r.size, { row: r, bps: value.bps, low: value.ciLow, high: value.ciHigh });
  }
  const sizes = [...new Set([...bySeries.values()].flatMap((m) => [...m.keys()]))];
  const baselineKey = seriesKey(BASELINE.method, BASELINE.storage);
  const baselineLabel = seriesLabel(BASELINE.method, BASELINE.storage);

  return bandsFor(sizes).map(({ band, sizes: bandSizes }) => {
    const inBand = (m: Map<number, Point>) => bandSizes.filter((s) => m.has(s));
    const baseline = bySeries.get(baselineKey);
    const baseSizes = baseline ? inBand(baseline) : [];

    if (!baseline || baseSizes.length === 0) {
      // Nothing to compare with: the fastest relative to the best cell at each size.
      let best: { key: string; score: number } | null = null;
      for (const [key, m] of bySeries) {
        const own = inBand(m);
        if (own.length * 2 < bandSizes.length) continue;
        const score = geometricMean(
          own.map((s) => m.get(s)!.bps / Math.max(...[...bySeries.values()].map((o) => o.get(s)?.bps ?? 0))),
        );
        if (score !== null && (!best || score > best.score)) best = { key, score };
      }
      const row = [...bySeries.get(best!.key)!.values()][0].row;
      const winner = choice(row.method, row.storage);
      return {
        band,
        sizes: bandSizes,
        winner,
        speedup: null,
        saving: null,
        basis: null,
        kind: "no-baseline",
        reason: `${winner.label} ${verb} fastest for ${band.phrase} ${of}; this run has no ${baselineLabel} cell there to compare with.`,
      };
    }

    const candidates: Candidate[] = [];
    for (const [key, m] of bySeries) {
      if (key === baselineKey) continue;
      const common = baseSizes.filter((s) => m.has(s));
      if (common.length === 0) continue;
      const pairs = common.map((s) => ({ c: m.get(s)!, b: baseline.get(s)! }));
      // Stored share of the original over the band, weighted by size (see storedFraction).
      const stored = pairs.map((p) => ({ ...storedFraction(p.c.row, p.b.row), size: p.c.row.size }));
      const basis: StoredBasis = stored.every((x) => x.basis === "disk") ? "disk" : "encoded";
      const total = stored.reduce((sum, x) => sum + x.size, 0);
      const share = stored.reduce((sum, x) => sum + x.fraction * x.size, 0) / total;
      const speedup = geometricMean(pairs.map((p) => p.c.bps / p.b.bps));
      if (speedup === null || !(total > 0)) continue;
      const row = pairs[0].c.row;
      const above = pairs.filter((p) => p.c.low > p.b.high).length;
      candidates.push({ choice: choice(row.method, row.storage), speedup, saving: 1 - share, basis, clear: above * 2 > pairs.length });
    }

    const eligible = candidates.filter((c) => c.saving >= -tolerance);
    const pickBy = (list: Candidate[], better: (a: Candidate, b: Candidate) => boolean) =>
      list.reduce<Candidate | null>((best, c) => (best === null || better(c, best) ? c : best), null);
    const fastest = pickBy(
      eligible.filter((c) => c.speedup > 1 + minGain && c.clear),
      (a, b) => a.speedup > b.speedup || (a.speedup === b.speedup && a.saving > b.saving),
    );
    const where = `for ${band.phrase} ${of}`;
    if (fastest) {
      return {
        band,
        sizes: bandSizes,
        winner: fastest.choice,
        speedup: fastest.speedup,
        saving: fastest.saving,
        basis: fastest.basis,
        kind: "faster",
        reason: `${fastest.choice.label} ${verb} ${formatTimes(fastest.speedup)} faster than ${baselineLabel} and ${savingPhrase(fastest.saving)} ${where}.`,
      };
    }
    const smallest = pickBy(
      eligible.filter((c) => c.speedup >= 1 - minGain && c.saving >= minSaving),
      (a, b) => a.saving > b.saving || (a.saving === b.saving && a.speedup > b.speedup),
    );
    if (smallest) {
      return {
        band,
        sizes: bandSizes,
        winner: smallest.choice,
        speedup: smallest.speedup,
        saving: smallest.saving,
        basis: smallest.basis,
        kind: "smaller",
        reason: `${smallest.choice.label} ${verb} as fast as ${baselineLabel} (${formatTimes(smallest.speedup)}) and ${savingPhrase(smallest.saving)} ${where}.`,
      };
    }
    const fasterButLarger = pickBy(
      candidates.filter((c) => c.speedup > 1 + minGain),
      (a, b) => a.speedup > b.speedup,
    );
    const noisy = pickBy(
      eligible.filter((c) => c.speedup > 1 + minGain && !c.clear),
      (a, b) => a.speedup > b.speedup,
    );
    const why = noisy
      ? `${noisy.choice.label} measured ${formatTimes(noisy.speedup)} faster, but its 95% interval overlaps ${baselineLabel}'s (within the noise)`
      : fasterButLarger
        ? `${fasterButLarger.choice.label} is ${formatTimes(fasterButLarger.speedup)} faster but ${savingPhrase(fasterButLarger.saving)}`
        : `no other cell ${verb} faster without storing more`;
    const baseRow = baseline.get(baseSizes[0])!.row;
    return {
      band,
      sizes: bandSizes,
      winner: choice(baseRow.method, baseRow.storage),
      speedup: 1,
      saving: 0,
      basis: null,
      kind: "baseline",
      reason: `Keep ${baselineLabel} ${where}: ${why}.`,
    };
  });
}

/** One line listing the sizes a band was judged on: "64 KiB, 256 KiB". */
export function bandSizesText(sizes: readonly number[]): string {
  return sizes.map(formatBytes).join(", ");
}

export { basisLabel };
