import type { CellKey } from "../../api/types";

export const scheduleKeys = {
  all: ["schedules"] as const,
  list: () => [...scheduleKeys.all, "list"] as const,
  detail: (scheduleId: number) => [...scheduleKeys.all, "detail", scheduleId] as const,
  firings: (scheduleId: number) => [...scheduleKeys.detail(scheduleId), "firings"] as const,
  history: (scheduleId: number, cell: CellKey | null) => [...scheduleKeys.detail(scheduleId), "history", cell] as const,
  preview: (cron: string) => [...scheduleKeys.all, "preview", cron] as const,
};
