// The comparison view: two or more runs' throughput-vs-size lines overlaid (colour = method ×
// storage, dash = run) and, per cell, each run's throughput relative to the first run's.

import { DASHES, PALETTE } from "./palette";
import {
  buildSizeSeries,
  seriesOrder,
  type ResultLike,
  type SeriesFilter,
  type SeriesOrder,
  type SeriesStyle,
  type SizeSeries,
} from "./transforms";

export interface RunResults {
  runId: number;
  results: readonly ResultLike[];
}

export interface CompareSeries extends SizeSeries {
  runId: number;
  runIndex: number;
  /** The method × storage key shared by the same line in every run (`lz4~dynamic`). */
  baseKey: string;
}

export interface CompareRow {
  method: string;
  storage: string;
  size: number;
  /** Throughput per run, in the runs' order; null where a run has no such cell. */
  values: Array<number | null>;
  /** values[i] ÷ values[0]; null where either is missing. ratios[0] is 1. */
  ratios: Array<number | null>;
}

export interface Comparison {
  runIds: number[];
  set: { series: CompareSeries[]; sizes: number[] };
  rows: CompareRow[];
  /** Geometric mean of each run's ratios to the first run (null with no shared cell). */
  summary: Array<number | null>;
}

/** The key of one run's line: `41:lz4~dynamic`. */
export function compareKey(runId: number, baseKey: string): string {
  return `${runId}:${baseKey}`;
}

export function geometricMean(values: readonly number[]): number | null {
  const positive = values.filter((v) => v > 0 && Number.isFinite(v));
  if (positive.length === 0) return null;
  return Math.exp(positive.reduce((sum, v) => sum + Math.log(v), 0) / positive.length);
}

export function buildComparison(runs: readonly RunResults[], filter: SeriesFilter, order: SeriesOrder = {}): Comparison {
  const series: CompareSeries[] = [];
  const sizes = new Set<number>();
  const cells = new Map<string, CompareRow>();
  runs.forEach((run, runIndex) => {
    const set = buildSizeSeries(run.results, filter, order);
    for (const s of set.series) {
      series.push({ ...s, key: compareKey(run.runId, s.key), label: `${s.label} · run ${run.runId}`, runId: run.runId, runIndex, baseKey: s.key });
      for (const p of s.points) {
        sizes.add(p.size);
        const id = `${s.key}@${p.size}`;
        let row = cells.get(id);
        if (!row) {
          row = { method: s.method, storage: s.storage, size: p.size, values: runs.map(() => null), ratios: [] };
          cells.set(id, row);
        }
        row.values[runIndex] = p.bps;
      }
    }
  });
  const byOrder = seriesOrder(order);
  const rows = [...cells.values()].sort((a, b) => byOrder(a, b) || a.size - b.size);
  for (const row of rows) {
    const first = row.values[0];
    row.ratios = row.values.map((v) => (v !== null && first !== null && first > 0 ? v / first : null));
  }
  series.sort((a, b) => byOrder(a, b) || a.runIndex - b.runIndex);
  const summary = runs.map((_, i) => geometricMean(rows.flatMap((r) => (r.ratios[i] === null ? [] : [r.ratios[i]!]))));
  return { runIds: runs.map((r) => r.runId), set: { series, sizes: [...sizes].sort((a, b) => a - b) }, rows, summary };
}

/** Colour by method × storage (the same in every run), dash by run. */
export function compareStyles(series: readonly CompareSeries[]): Record<string, SeriesStyle> {
  const bases: string[] = [];
  for (const s of series) if (!bases.includes(s.baseKey)) bases.push(s.baseKey);
  const styles: Record<string, SeriesStyle> = {};
  for (const s of series) {
    styles[s.key] = {
      color: PALETTE[bases.indexOf(s.baseKey) % PALETTE.length],
      dash: DASHES[s.runIndex % DASHES.length],
    };
  }
  return styles;
}

/** The rows behind the comparison (one per cell and run), for CSV and JSON. */
export function comparisonRows(c: Comparison, context: { dataset: string | null; workload: string | null }) {
  return c.rows.flatMap((row) =>
    c.runIds.map((runId, i) => ({
      run: runId,
      method: row.method,
      storage: row.storage,
      dataset: context.dataset,
      workload: context.workload,
      size: row.size,
      bps: row.values[i],
      ratio_to_first: row.ratios[i],
    })),
  );
}
