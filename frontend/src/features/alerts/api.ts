import { api, expectData } from "../../api/client";
import type { AlertRead } from "../../api/types";

/** Alerts, newest first; `acknowledged` false for the open ones only. */
export async function listAlerts(acknowledged?: boolean): Promise<AlertRead[]> {
  return expectData(await api.GET("/api/v1/alerts", { params: { query: { acknowledged, limit: 1000 } } }));
}

export async function acknowledgeAlert(alertId: number): Promise<AlertRead> {
  return expectData(await api.POST("/api/v1/alerts/{alert_id}/ack", { params: { path: { alert_id: alertId } } }));
}
