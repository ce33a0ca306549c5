// A schedule's history (one cell over its runs) as rows the chart draws: time on x, the
// median throughput as a line, the 95% CI of the mean as a band, and markers on the runs
// an alert flagged. Pure, so the chart component only draws.

import type { HistoryPoint } from "../../api/types";
import { parseTimestamp } from "../../lib/format";

export interface HistoryRow {
  /** Milliseconds since the epoch: when the run started. */
  t: number;
  runId: number;
  status: HistoryPoint["run_status"];
  /** Median throughput (bytes/s); the mean when the run recorded no median. */
  median: number | null;
  mean: number | null;
  /** 95% CI of the mean, [low, high]; null without one. */
  band: [number, number] | null;
  regressed: boolean;
  changePct: number | null;
  alertId: number | null;
  samples: number;
  converged: boolean;
}

export interface RegressionMarker {
  t: number;
  /** Where the marker sits: on the median line. */
  y: number;
  runId: number;
  changePct: number | null;
  alertId: number | null;
}

function positive(value: number | null | undefined): number | null {
  return value !== null && value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/** Oldest first; a run without a time is left out (it cannot be placed). */
export function toHistoryRows(points: HistoryPoint[]): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const p of points) {
    const t = parseTimestamp(p.at);
    if (Number.isNaN(t)) continue;
    const mean = positive(p.mean);
    const low = positive(p.ci_low);
    const high = positive(p.ci_high);
    rows.push({
      t,
      runId: p.run_id,
      status: p.run_status,
      median: positive(p.median) ?? mean,
      mean,
      band: low !== null && high !== null ? [Math.min(low, high), Math.max(low, high)] : null,
      regressed: Boolean(p.regressed),
      changePct: p.change_pct ?? null,
      alertId: p.alert_id ?? null,
      samples: p.samples,
      converged: p.converged,
    });
  }
  return rows.sort((a, b) => a.t - b.t || a.runId - b.runId);
}

/** One marker per flagged run that has a value to sit on. */
export function regressionMarkers(rows: HistoryRow[]): RegressionMarker[] {
  return rows
    .filter((r) => r.regressed && (r.median ?? r.mean) !== null)
    .map((r) => ({ t: r.t, y: (r.median ?? r.mean)!, runId: r.runId, changePct: r.changePct, alertId: r.alertId }));
}

const HOUR = 3_600_000;

/** The x range: the runs' span with a little room, or ±1 h around a single run. */
export function timeDomain(rows: HistoryRow[]): [number, number] {
  if (!rows.length) {
    const now = Date.now();
    return [now - HOUR, now + HOUR];
  }
  const first = rows[0].t;
  const last = rows[rows.length - 1].t;
  if (last === first) return [first - HOUR, last + HOUR];
  const pad = Math.max((last - first) * 0.06, 5_000);
  return [first - pad, last + pad];
}

export type TimeTick = "day" | "minute" | "second";

/** How finely to label the time axis for a domain: days over two days, seconds under ten minutes. */
export function timeTickUnit([from, to]: [number, number]): TimeTick {
  const span = to - from;
  if (span > 2 * 24 * HOUR) return "day";
  if (span < 10 * 60_000) return "second";
  return "minute";
}

/** The y axis: from 0 past every median and band, in four to six round steps. */
export function throughputAxis(rows: HistoryRow[]): { domain: [number, number]; ticks: number[] } {
  let max = 0;
  for (const r of rows) max = Math.max(max, r.median ?? 0, r.mean ?? 0, r.band?.[1] ?? 0);
  if (max <= 0) return { domain: [0, 1], ticks: [0, 1] };
  const step = niceCeil((max * 1.08) / 5);
  const top = Math.ceil((max * 1.08) / step) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top * (1 + 1e-9); i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return { domain: [0, ticks[ticks.length - 1]], ticks };
}

/** 1, 2, 2.5 or 5 × a power of ten, at or above `value`. */
export function niceCeil(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}
