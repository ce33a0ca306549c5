import type { ScheduleRead } from "../../api/types";
import { ErrorMessage } from "../../components/error-message";
import { useEnsureToken } from "../../lib/use-ensure-token";
import { useUpdateSchedule } from "./use-schedules";

/** Turns a schedule on or off in place (PATCH enabled). */
export function EnabledSwitch({ schedule }: { schedule: ScheduleRead }) {
  const update = useUpdateSchedule();
  const ensureToken = useEnsureToken();
  const on = schedule.enabled;
  return (
    <span className="switch-wrap">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`Schedule '${schedule.name}' enabled`}
        className={`switch${on ? " switch-on" : ""}`}
        disabled={update.isPending}
        data-testid="schedule-enabled-switch"
        onClick={() => {
          if (ensureToken()) update.mutate({ id: schedule.id, body: { enabled: !on } });
        }}
      >
        <span className="switch-knob" aria-hidden />
      </button>
      <span className="small muted">{on ? "on" : "off"}</span>
      <ErrorMessage error={update.error} />
    </span>
  );
}
