import { Link, useParams } from "react-router-dom";

import type { FiringRead, ScheduleRead } from "../../api/types";
import { Badge } from "../../components/badge";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { formatBytes, formatDateTime } from "../../lib/format";
import { EnabledSwitch } from "./enabled-switch";
import { describeBaseline } from "./schedule-fields";
import { ScheduleHistorySection } from "./schedule-history";
import { firingTone, formatIn, formatUtc, localAside, runStatusTone } from "./schedule-text";
import { useFirings, useSchedule } from "./use-schedules";

function Settings({ schedule }: { schedule: ScheduleRead }) {
  const { matrix, settings } = schedule;
  return (
    <section className="section card" data-testid="schedule-settings">
      <div className="detail-grid">
        <div>
          <h3>Timetable</h3>
          <p>
            <code data-testid="schedule-cron">{schedule.cron}</code> (UTC)
          </p>
          <ol className="cron-fires" data-testid="schedule-next-fires">
            {schedule.next_fires.map((t) => (
              <li key={t}>
                {formatUtc(t)} {localAside(t) ? <span className="muted small">({localAside(t)} your time)</span> : null}
              </li>
            ))}
          </ol>
          <p className="muted small">
            {schedule.next_fire_at ? `Next firing ${formatIn(schedule.next_fire_at)}.` : "Disabled: these times are not fired."}
          </p>
        </div>
        <div>
          <h3>Run</h3>
          <dl className="facts facts-stacked">
            <div className="fact">
              <dt>Target</dt>
              <dd>{schedule.target_name}</dd>
            </div>
            <div className="fact">
              <dt>Hosts</dt>
              <dd>{schedule.hosts.join(" → ")}</dd>
            </div>
            <div className="fact">
              <dt>Matrix</dt>
              <dd>{schedule.preset ? `preset ${schedule.preset}` : "chosen dimensions"}</dd>
            </div>
            <div className="fact">
              <dt>Methods</dt>
              <dd>{matrix.methods.join(", ")}</dd>
            </div>
            <div className="fact">
              <dt>Storages</dt>
              <dd>{matrix.storages.join(", ")}</dd>
            </div>
            <div className="fact">
              <dt>Datasets</dt>
              <dd>{matrix.datasets.join(", ")}</dd>
            </div>
            <div className="fact">
              <dt>Sizes</dt>
              <dd>{matrix.sizes.map(formatBytes).join(", ")}</dd>
            </div>
            <div className="fact">
              <dt>Workloads</dt>
              <dd>
                {matrix.workloads.join(", ")} · {matrix.concurrency.join(", ")}{" "}
                {matrix.concurrency.length === 1 && matrix.concurrency[0] === 1 ? "client" : "clients"}
              </dd>
            </div>
            <div className="fact">
              <dt>Settings</dt>
              <dd>
                {settings.time_budget_s} s per cell, CI ±{((settings.ci_target ?? 0.02) * 100).toFixed(1)}%, warm-up{" "}
                {settings.warmup_s} s, seed {settings.seed}
              </dd>
            </div>
          </dl>
        </div>
        <div>
          <h3>Regressions</h3>
          <dl className="facts facts-stacked">
            <div className="fact">
              <dt>Baseline</dt>
              <dd data-testid="schedule-baseline">
                {schedule.baseline && /^\d+$/.test(schedule.baseline) ? (
                  <Link to={`/runs/${schedule.baseline}`}>{describeBaseline(schedule.baseline)}</Link>
                ) : (
                  describeBaseline(schedule.baseline)
                )}
              </dd>
            </div>
            {schedule.baseline ? (
              <div className="fact">
                <dt>Threshold</dt>
                <dd>{schedule.threshold_pct}%</dd>
              </div>
            ) : null}
            <div className="fact">
              <dt>Last run</dt>
              <dd>
                {schedule.last_run_id ? (
                  <Link to={`/runs/${schedule.last_run_id}`}>
                    #{schedule.last_run_id} <Badge tone={runStatusTone(schedule.last_run_status)}>{schedule.last_run_status}</Badge>
                  </Link>
                ) : (
                  "none yet"
                )}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}

function Firings({ firings }: { firings: FiringRead[] }) {
  if (firings.length === 0) {
    return (
      <EmptyState title="No firings yet" testId="firings-empty">
        Each time the timetable comes round, the firing is recorded here: the run it started, or
        why it did not start one.
      </EmptyState>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table table-dense" data-testid="firings-table">
        <thead>
          <tr>
            <th>Due (UTC)</th>
            <th>Fired</th>
            <th>Outcome</th>
            <th>Run or reason</th>
          </tr>
        </thead>
        <tbody>
          {firings.map((f) => (
            <tr key={f.id} data-testid="firing-row" data-outcome={f.outcome}>
              <td>{formatUtc(f.scheduled_for)}</td>
              <td>{formatDateTime(f.fired_at)}</td>
              <td>
                <Badge tone={firingTone(f.outcome)}>{f.outcome}</Badge>
              </td>
              <td>{f.run_id ? <Link to={`/runs/${f.run_id}`}>Run #{f.run_id}</Link> : <span>{f.reason}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /schedules/:id: settings, the history of one cell across its runs, and its firings. */
export function ScheduleDetailPage() {
  const { scheduleId } = useParams();
  const id = Number(scheduleId);
  const schedule = useSchedule(id);
  const firings = useFirings(id);

  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="page">
        <EmptyState title="No such schedule">The address should look like /schedules/3.</EmptyState>
      </div>
    );
  }
  if (schedule.isPending) return <div className="page"><Loading what="Loading schedule" /></div>;
  if (schedule.isError) return <div className="page"><ErrorMessage error={schedule.error} /></div>;
  const s = schedule.data;
  return (
    <div className="page">
      <PageHeader
        title={
          <>
            {s.name} <Badge tone={s.enabled ? "success" : "neutral"} testId="schedule-state">{s.enabled ? "enabled" : "disabled"}</Badge>
          </>
        }
        actions={
          <>
            <EnabledSwitch schedule={s} />
            <Link to={`/schedules?edit=${s.id}`} className="button">
              Edit
            </Link>
          </>
        }
      >
        <Link to="/schedules">Schedules</Link> · schedule #{s.id}, created {formatDateTime(s.created_at)}
      </PageHeader>
      <Settings schedule={s} />
      <ScheduleHistorySection schedule={s} />
      <section className="section">
        <div className="section-head">
          <h2>Firings</h2>
        </div>
        {firings.isPending ? <Loading /> : firings.isError ? <ErrorMessage error={firings.error} /> : <Firings firings={firings.data} />}
      </section>
    </div>
  );
}
