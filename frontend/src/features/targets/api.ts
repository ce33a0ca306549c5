import { api, expectData } from "../../api/client";
import type { TargetCreate, TargetRead } from "../../api/types";

export async function listTargets(): Promise<TargetRead[]> {
  return expectData(await api.GET("/api/v1/targets"));
}

export async function createTarget(body: TargetCreate): Promise<TargetRead> {
  return expectData(await api.POST("/api/v1/targets", { body }));
}

export async function deleteTarget(targetId: number): Promise<void> {
  await api.DELETE("/api/v1/targets/{target_id}", { params: { path: { target_id: targetId } } });
}
