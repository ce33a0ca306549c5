// How long until a run finishes, from the pace of its finished cells.

import { parseTimestamp } from "../../lib/format";

export interface EtaInput {
  status: string;
  started_at: string | null;
  progress: { done: number; total: number };
}

/**
 * Seconds until the run is expected to finish: the time per finished cell so far, times the
 * cells left. Null when it cannot be told yet (nothing finished, not started) or the run is over.
 */
export function runEtaSeconds(run: EtaInput, now: number): number | null {
  if (run.status !== "running" || !run.started_at) return null;
  const { done, total } = run.progress;
  if (done <= 0 || done >= total) return null;
  const elapsed = (now - parseTimestamp(run.started_at)) / 1000;
  if (!(elapsed > 0)) return null;
  return (elapsed / done) * (total - done);
}
