import { Link, useNavigate } from "react-router-dom";

import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { ProgressBar } from "../../components/progress-bar";
import { formatAgo, formatDateTime, formatDuration } from "../../lib/format";
import { runEtaSeconds } from "./run-eta";
import { RunStatusBadge } from "./run-status-badge";
import { useRuns } from "./use-runs";

export function RunsPage() {
  const runs = useRuns();
  const navigate = useNavigate();
  // The list refetches every 2 s while a run is active: each render recomputes the ETAs.
  const now = runs.dataUpdatedAt || Date.now();
  return (
    <div className="page">
      <PageHeader
        title="Runs"
        actions={
          <Link to="/runs/new" className="button button-primary">
            New run
          </Link>
        }
      />
      {runs.isPending ? (
        <Loading what="Loading runs" />
      ) : runs.isError ? (
        <ErrorMessage error={runs.error} />
      ) : runs.data.length === 0 ? (
        <EmptyState title="No runs yet" testId="runs-empty">
          <Link to="/runs/new">Start one</Link> — pick a target, a few methods and sizes, and watch
          the throughput chart fill in.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table-clickable" data-testid="runs-table">
            <thead>
              <tr>
                <th>Run</th>
                <th>Status</th>
                <th>Progress</th>
                <th>Left</th>
                <th>Target</th>
                <th>Host</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.map((run) => (
                <tr key={run.id} data-testid="run-row" data-run-id={run.id} onClick={() => navigate(`/runs/${run.id}`)}>
                  <td>
                    <Link to={`/runs/${run.id}`} onClick={(e) => e.stopPropagation()}>
                      {run.name || `Run #${run.id}`}
                    </Link>
                    {run.name ? <span className="muted small"> #{run.id}</span> : null}
                  </td>
                  <td>
                    <RunStatusBadge status={run.status} />
                  </td>
                  <td className="progress-cell">
                    <ProgressBar
                      value={run.progress.done}
                      max={run.progress.total}
                      failed={run.progress.failed}
                      size="small"
                      label={`Run ${run.id} progress`}
                    />
                    <span className="muted small">
                      {run.progress.done}/{run.progress.total}
                    </span>
                  </td>
                  <td className="muted small" data-testid="run-eta">
                    {(() => {
                      const eta = runEtaSeconds(run, now);
                      return eta === null ? (run.status === "running" ? "estimating…" : "") : `~${formatDuration(eta)}`;
                    })()}
                  </td>
                  <td>{run.target_name}</td>
                  <td>{run.hosts.join(", ")}</td>
                  <td title={formatDateTime(run.created_at)}>{formatAgo(run.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
