import { api, expectData } from "../../api/client";
import type { HostRead } from "../../api/types";

export async function listHosts(): Promise<HostRead[]> {
  return expectData(await api.GET("/api/v1/hosts"));
}
