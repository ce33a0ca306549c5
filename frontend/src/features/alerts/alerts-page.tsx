import { Link, useSearchParams } from "react-router-dom";

import type { AlertRead } from "../../api/types";
import { Badge } from "../../components/badge";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { formatChangePct, formatPValue } from "../../lib/change";
import { formatAgo, formatDateTime } from "../../lib/format";
import { cellLabel, parseAlertFilter, worstFirst, type AlertFilter } from "./alert-view";
import { useAcknowledgeAlert, useAlerts } from "./use-alerts";

const SHOWN_CELLS = 4;

function AlertRow({ alert, scheduleName, canAcknowledge }: { alert: AlertRead; scheduleName?: string; canAcknowledge: boolean }) {
  const ack = useAcknowledgeAlert();
  const cells = worstFirst(alert.cells);
  return (
    <tr data-testid="alert-row" data-alert-id={alert.id} data-run-id={alert.run_id} data-acknowledged={Boolean(alert.acknowledged_at)}>
      <td title={formatDateTime(alert.created_at)}>
        {formatAgo(alert.created_at)}
        <div className="muted small">alert #{alert.id}</div>
      </td>
      <td>
        <Link to={`/runs/${alert.run_id}`} data-testid="alert-run-link">
          {alert.run_name || `Run #${alert.run_id}`}
        </Link>
        <div className="muted small">
          #{alert.run_id} on {alert.target_name}
        </div>
      </td>
      <td>
        {alert.schedule_id ? (
          <Link to={`/schedules/${alert.schedule_id}`} data-testid="alert-schedule-link">
            {scheduleName ?? `Schedule #${alert.schedule_id}`}
          </Link>
        ) : (
          <span className="muted">deleted</span>
        )}
        <div className="muted small">
          vs {alert.baseline.startsWith("last:") ? `last ${alert.baseline.slice(5)}` : `run #${alert.baseline}`}, ≥{alert.threshold_pct}%
        </div>
      </td>
      <td>
        <Badge tone="danger">regressed</Badge>
        <div className="muted small">
          {alert.regressed} {alert.regressed === 1 ? "cell" : "cells"}
        </div>
      </td>
      <td>
        <ul className="alert-cells">
          {cells.slice(0, SHOWN_CELLS).map((c) => (
            <li key={c.cell_id} data-testid="alert-cell">
              <span>{cellLabel(c)}</span> <span className="muted small">from {c.host}</span>{" "}
              <strong className="danger" data-testid="alert-change">{formatChangePct(c.change_pct)}</strong>{" "}
              <span className="muted small" data-testid="alert-p">{formatPValue(c.p_value)}</span>
            </li>
          ))}
          {cells.length > SHOWN_CELLS ? (
            <li className="muted small">
              and {cells.length - SHOWN_CELLS} more on <Link to={`/runs/${alert.run_id}`}>the run</Link>
            </li>
          ) : null}
        </ul>
      </td>
      <td className="actions">
        {alert.acknowledged_at ? (
          <span className="muted small" data-testid="alert-acknowledged">
            seen by {alert.acknowledged_by ?? "someone"}
            <br />
            {formatAgo(alert.acknowledged_at)}
          </span>
        ) : canAcknowledge ? (
          <button
            type="button"
            className="button button-small"
            disabled={ack.isPending}
            onClick={() => ack.mutate(alert.id)}
            data-testid="alert-ack"
          >
            {ack.isPending ? "…" : "Acknowledge"}
          </button>
        ) : (
          <span className="muted small">open</span>
        )}
        <ErrorMessage error={ack.error} />
      </td>
    </tr>
  );
}

const FILTERS: Array<{ value: AlertFilter; label: string }> = [
  { value: "open", label: "Unacknowledged" },
  { value: "all", label: "All" },
];

/** /alerts: scheduled runs that regressed against their baseline. ?show=all includes seen ones. */
export function AlertsPage({
  scheduleNames,
  canAcknowledge,
  signedIn,
}: {
  scheduleNames: Record<number, string>;
  canAcknowledge: boolean;
  signedIn: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const filter = parseAlertFilter(params);
  const alerts = useAlerts(filter);
  const setFilter = (value: AlertFilter) => {
    const next = new URLSearchParams(params);
    if (value === "all") next.set("show", "all");
    else next.delete("show");
    setParams(next, { replace: true });
  };

  return (
    <div className="page">
      <PageHeader
        title="Alerts"
        actions={
          <div className="segmented" role="radiogroup" aria-label="Which alerts">
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                role="radio"
                aria-checked={filter === f.value}
                className={filter === f.value ? "active" : ""}
                onClick={() => setFilter(f.value)}
              >
                {f.label}
              </button>
            ))}
          </div>
        }
      >
        A scheduled run whose cells got significantly worse than its baseline by more than the
        schedule's threshold (Mann–Whitney U on the raw samples).
        {!signedIn ? " Sign in to acknowledge alerts." : !canAcknowledge ? " Your token cannot acknowledge alerts." : ""}
      </PageHeader>
      {alerts.isPending ? (
        <Loading what="Loading alerts" />
      ) : alerts.isError ? (
        <ErrorMessage error={alerts.error} />
      ) : alerts.data.length === 0 ? (
        <EmptyState title={filter === "open" ? "No open alerts" : "No alerts yet"} testId="alerts-empty">
          {filter === "open" ? "Every alert has been seen." : "Schedules with a baseline raise one when a run regresses."}{" "}
          <Link to="/schedules">Schedules</Link>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="alerts-table">
            <thead>
              <tr>
                <th>When</th>
                <th>Run</th>
                <th>Schedule</th>
                <th>Verdict</th>
                <th>Cells (change, p-value)</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {alerts.data.map((a) => (
                <AlertRow
                  key={a.id}
                  alert={a}
                  scheduleName={a.schedule_id ? scheduleNames[a.schedule_id] : undefined}
                  canAcknowledge={canAcknowledge}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
