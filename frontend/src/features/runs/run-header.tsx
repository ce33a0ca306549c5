import { Link } from "react-router-dom";

import type { RunRead } from "../../api/types";
import { ErrorMessage } from "../../components/error-message";
import { ProgressBar } from "../../components/progress-bar";
import { formatDateTime, formatDuration, parseTimestamp } from "../../lib/format";
import { useEnsureToken } from "../../lib/use-ensure-token";
import { ShareButton } from "../sharing/share-button";
import { studiesOf } from "../studies/study-url";
import { useSharedRun } from "../sharing/use-shared-run";
import { runEtaSeconds } from "./run-eta";
import { isActive } from "./run-status";
import { RunStatusBadge } from "./run-status-badge";
import { useCancelRun } from "./use-runs";

function elapsed(run: RunRead): string | null {
  if (!run.started_at) return null;
  const end = run.finished_at ? parseTimestamp(run.finished_at) : Date.now();
  return formatDuration((end - parseTimestamp(run.started_at)) / 1000);
}

/** Runs of the seed studies (codec lab, load and size, binlog, reads at several client counts)
 *  have a study page of their own. */
function hasStudy(run: RunRead): boolean {
  return studiesOf(run.matrix.workloads, run.matrix.concurrency).length > 0;
}

/** Title, status, live progress and the cancel button of one run. */
export function RunHeader({ run }: { run: RunRead }) {
  const cancel = useCancelRun(run.id);
  const ensureToken = useEnsureToken();
  const { done, failed, total } = run.progress;
  const took = elapsed(run);
  const eta = runEtaSeconds(run, Date.now());
  const readOnly = useSharedRun().runId !== null;
  return (
    <header className="run-header" data-testid="run-header">
      <div className="page-header-main">
        <h1>
          {run.name || `Run #${run.id}`} <RunStatusBadge status={run.status} testId="run-status" />
        </h1>
        {readOnly ? null : (
          <div className="page-header-actions">
            {hasStudy(run) ? (
              <Link className="button" to={`/runs/${run.id}/study`} data-testid="study-link">
                Study table
              </Link>
            ) : null}
            <ShareButton runId={run.id} />
            {isActive(run.status) ? (
              <button
                type="button"
                className="button button-danger"
                disabled={cancel.isPending}
                data-testid="cancel-run"
                onClick={() => {
                  if (ensureToken() && window.confirm("Cancel this run? Finished cells keep their results.")) {
                    cancel.mutate();
                  }
                }}
              >
                {cancel.isPending ? "Canceling…" : "Cancel run"}
              </button>
            ) : null}
          </div>
        )}
      </div>
      <p className="run-meta">
        <span>
          target <strong>{run.target_name}</strong>
        </span>
        <span>
          from {run.hosts.length > 1 ? "hosts" : "host"} <strong>{run.hosts.join(", ")}</strong>
        </span>
        <span>created {formatDateTime(run.created_at)}</span>
        {took ? <span>{run.finished_at ? "took" : "running for"} {took}</span> : null}
        {eta !== null ? <span data-testid="run-eta">about {formatDuration(eta)} left</span> : null}
      </p>
      <div className="run-progress">
        <ProgressBar value={done} max={total} failed={failed} testId="run-progress" label="Cells finished" />
        <span className="run-progress-text" data-testid="run-progress-text">
          {done}/{total} cells{failed ? ` · ${failed} failed` : ""}
        </span>
      </div>
      {run.message ? (
        <p className={`run-message ${run.status === "failed" ? "error-message" : "muted"}`} data-testid="run-message">
          {run.message}
        </p>
      ) : null}
      <ErrorMessage error={cancel.error} />
    </header>
  );
}
