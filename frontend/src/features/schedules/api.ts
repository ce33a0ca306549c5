import { api, expectData } from "../../api/client";
import type {
  CellKey,
  CronPreview,
  FiringRead,
  ScheduleCreate,
  ScheduleHistory,
  ScheduleRead,
  ScheduleUpdate,
} from "../../api/types";

const path = (scheduleId: number) => ({ path: { schedule_id: scheduleId } });

export async function listSchedules(): Promise<ScheduleRead[]> {
  return expectData(await api.GET("/api/v1/schedules"));
}

export async function getSchedule(scheduleId: number): Promise<ScheduleRead> {
  return expectData(await api.GET("/api/v1/schedules/{schedule_id}", { params: path(scheduleId) }));
}

export async function createSchedule(body: ScheduleCreate): Promise<ScheduleRead> {
  return expectData(await api.POST("/api/v1/schedules", { body }));
}

export async function updateSchedule(scheduleId: number, body: ScheduleUpdate): Promise<ScheduleRead> {
  return expectData(await api.PATCH("/api/v1/schedules/{schedule_id}", { params: path(scheduleId), body }));
}

export async function deleteSchedule(scheduleId: number): Promise<void> {
  await api.DELETE("/api/v1/schedules/{schedule_id}", { params: path(scheduleId) });
}

export async function listFirings(scheduleId: number): Promise<FiringRead[]> {
  return expectData(await api.GET("/api/v1/schedules/{schedule_id}/firings", { params: path(scheduleId) }));
}

/** One cell of the schedule's runs over time (all seven dimensions named). */
export async function getHistory(scheduleId: number, cell: CellKey): Promise<ScheduleHistory> {
  return expectData(
    await api.GET("/api/v1/schedules/{schedule_id}/history", { params: { ...path(scheduleId), query: cell } }),
  );
}

/** The expression normalised and its next five firing times, or a 422 saying why not. */
export async function previewCron(cron: string): Promise<CronPreview> {
  return expectData(await api.GET("/api/v1/schedules/preview", { params: { query: { cron } } }));
}
