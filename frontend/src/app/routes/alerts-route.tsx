import { useMemo } from "react";

import { AlertsPage } from "../../features/alerts/alerts-page";
import { useMe } from "../../features/auth/use-me";
import { useSchedules } from "../../features/schedules/use-schedules";
import { useToken } from "../../lib/token";

/** /alerts: alerts with their schedules' names and whether this token may acknowledge them. */
export function AlertsRoute() {
  const token = useToken();
  const me = useMe();
  const schedules = useSchedules();
  const names = useMemo(
    () => Object.fromEntries((schedules.data ?? []).map((s) => [s.id, s.name])) as Record<number, string>,
    [schedules.data],
  );
  const scope = me.data?.scope;
  return <AlertsPage scheduleNames={names} canAcknowledge={scope === "admin" || scope === "run"} signedIn={Boolean(token)} />;
}
