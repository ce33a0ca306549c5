import type { AlertFilter } from "./alert-view";

export const alertKeys = {
  all: ["alerts"] as const,
  list: (filter: AlertFilter) => [...alertKeys.all, "list", filter] as const,
};
