import { api, expectData } from "../../api/client";
import type { Capabilities, Catalog, CellRead, ResultRead, RunCreate, RunRead } from "../../api/types";

const path = (runId: number) => ({ params: { path: { run_id: runId } } });

export async function fetchCatalog(): Promise<Catalog> {
  return expectData(await api.GET("/api/v1/catalog"));
}

/** What a target can run: every method family, storage and workload, with reasons when not. */
export async function fetchCapabilities(targetId: number): Promise<Capabilities> {
  return expectData(
    await api.GET("/api/v1/targets/{target_id}/capabilities", { params: { path: { target_id: targetId } } }),
  );
}

export async function listRuns(): Promise<RunRead[]> {
  return expectData(await api.GET("/api/v1/runs"));
}

export async function getRun(runId: number): Promise<RunRead> {
  return expectData(await api.GET("/api/v1/runs/{run_id}", path(runId)));
}

export async function createRun(body: RunCreate): Promise<RunRead> {
  return expectData(await api.POST("/api/v1/runs", { body }));
}

export async function cancelRun(runId: number): Promise<RunRead> {
  return expectData(await api.POST("/api/v1/runs/{run_id}/cancel", path(runId)));
}

export async function listCells(runId: number): Promise<CellRead[]> {
  return expectData(await api.GET("/api/v1/runs/{run_id}/cells", path(runId)));
}

export async function listResults(runId: number): Promise<ResultRead[]> {
  return expectData(await api.GET("/api/v1/runs/{run_id}/results", path(runId)));
}

/** The API path (under /api/v1) of a run's results as a file. */
export function resultsPath(runId: number, format: "csv" | "json"): string {
  return `/runs/${runId}/results${format === "csv" ? "?format=csv" : ""}`;
}
