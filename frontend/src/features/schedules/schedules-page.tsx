import { useEffect, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";

import type { ScheduleRead } from "../../api/types";
import { Badge } from "../../components/badge";
import { EmptyState } from "../../components/empty-state";
import { ErrorMessage } from "../../components/error-message";
import { Loading } from "../../components/loading";
import { PageHeader } from "../../components/page-header";
import { useToken } from "../../lib/token";
import { useEnsureToken } from "../../lib/use-ensure-token";
import { EnabledSwitch } from "./enabled-switch";
import { ScheduleForm, type MatrixHints, type ScheduleHostOption, type ScheduleTargetOption } from "./schedule-form";
import { describeBaseline } from "./schedule-fields";
import { formatIn, formatUtc, runStatusTone } from "./schedule-text";
import { useDeleteSchedule, useSchedules } from "./use-schedules";

function ScheduleRow({ schedule }: { schedule: ScheduleRead }) {
  const remove = useDeleteSchedule();
  const ensureToken = useEnsureToken();
  return (
    <tr data-testid="schedule-row" data-schedule-id={schedule.id} data-schedule-name={schedule.name}>
      <td>
        <Link to={`/schedules/${schedule.id}`}>
          <strong>{schedule.name}</strong>
        </Link>
        <div className="muted small">{schedule.preset ? `preset ${schedule.preset}` : `${cellCount(schedule)} cells`}</div>
      </td>
      <td>
        <code>{schedule.cron}</code>
      </td>
      <td data-testid="schedule-next">
        {schedule.next_fire_at ? (
          <>
            {formatUtc(schedule.next_fire_at)}
            <div className="muted small">{formatIn(schedule.next_fire_at)}</div>
          </>
        ) : (
          <span className="muted">not while disabled</span>
        )}
      </td>
      <td>{schedule.target_name}</td>
      <td>{schedule.hosts.join(" → ")}</td>
      <td>
        <EnabledSwitch schedule={schedule} />
      </td>
      <td data-testid="schedule-last-run">
        {schedule.last_run_id ? (
          <Link to={`/runs/${schedule.last_run_id}`}>
            #{schedule.last_run_id}{" "}
            <Badge tone={runStatusTone(schedule.last_run_status)}>{schedule.last_run_status}</Badge>
          </Link>
        ) : (
          <span className="muted">none yet</span>
        )}
      </td>
      <td>
        {describeBaseline(schedule.baseline)}
        {schedule.baseline ? <div className="muted small">threshold {schedule.threshold_pct}%</div> : null}
      </td>
      <td className="actions">
        <Link to={`/schedules?edit=${schedule.id}`} className="button button-small button-quiet">
          Edit
        </Link>
        <button
          type="button"
          className="button button-small button-quiet"
          disabled={remove.isPending}
          onClick={() => {
            if (ensureToken() && window.confirm(`Delete schedule '${schedule.name}'? Its runs stay; its firing records go.`)) {
              remove.mutate(schedule.id);
            }
          }}
        >
          Delete
        </button>
        <ErrorMessage error={remove.error} />
      </td>
    </tr>
  );
}

function cellCount(schedule: ScheduleRead): number {
  const m = schedule.matrix;
  const perHost = m.methods.length * m.storages.length * m.datasets.length * m.sizes.length * m.workloads.length * m.concurrency.length;
  return perHost * schedule.hosts.length;
}

/** /schedules: every schedule, and the form to add one or edit one (?edit=ID). */
export function SchedulesPage({
  targets,
  hosts,
  hints,
}: {
  targets: ScheduleTargetOption[] | undefined;
  hosts: ScheduleHostOption[] | undefined;
  hints: MatrixHints | null;
}) {
  const schedules = useSchedules();
  const token = useToken();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const formRef = useRef<HTMLElement>(null);
  const editId = Number(params.get("edit"));
  const editing = schedules.data?.find((s) => s.id === editId);

  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [editing]);

  let form;
  if (!token) {
    form = (
      <EmptyState title="Sign in to add a schedule">
        <Link to="/signin?next=%2Fschedules" className="button">
          Sign in
        </Link>
      </EmptyState>
    );
  } else if (!targets || !hosts) {
    form = <Loading what="Loading targets and hosts" />;
  } else if (targets.length === 0) {
    form = (
      <EmptyState title="No targets yet">
        A schedule measures a target server. <Link to="/targets">Register one</Link> first.
      </EmptyState>
    );
  } else if (params.get("edit") && !editing) {
    form = schedules.isPending ? <Loading /> : <ErrorMessage error={`No schedule with id ${params.get("edit")}.`} />;
  } else {
    form = (
      <ScheduleForm
        key={editing ? `edit-${editing.id}` : "new"}
        targets={targets}
        hosts={hosts}
        hints={hints}
        schedule={editing}
        onSaved={(saved) => navigate(`/schedules/${saved.id}`)}
        onCancel={editing ? () => navigate("/schedules") : undefined}
      />
    );
  }

  return (
    <div className="page">
      <PageHeader title="Schedules">
        Runs started on a cron timetable (UTC). Each run is compared with its baseline, so a
        target that got slower raises an alert.
      </PageHeader>
      <section className="section">
        {schedules.isPending ? (
          <Loading what="Loading schedules" />
        ) : schedules.isError ? (
          <ErrorMessage error={schedules.error} />
        ) : schedules.data.length === 0 ? (
          <EmptyState title="No schedules yet" testId="schedules-empty">
            Add one below: a timetable, a target, hosts and a matrix.
          </EmptyState>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="schedules-table">
              <thead>
                <tr>
                  <th>Schedule</th>
                  <th>Cron</th>
                  <th>Next firing</th>
                  <th>Target</th>
                  <th>Hosts</th>
                  <th>Enabled</th>
                  <th>Last run</th>
                  <th>Baseline</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {schedules.data.map((s) => (
                  <ScheduleRow key={s.id} schedule={s} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="section" ref={formRef}>
        {form}
      </section>
    </div>
  );
}
