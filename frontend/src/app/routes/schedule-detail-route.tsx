import { ScheduleDetailPage } from "../../features/schedules/schedule-detail-page";

/** /schedules/:scheduleId: loaded on the way, since its history chart carries the chart library. */
export function ScheduleDetailRoute() {
  return <ScheduleDetailPage />;
}
