// What the views fetch beyond the run page's own results: other runs to compare with, and one
// cell's raw latency samples.

import { api, expectData } from "../../api/client";
import type { ResultDetail, ResultRead, RunRead } from "../../api/types";

export async function fetchRunWithResults(runId: number): Promise<{ run: RunRead; results: ResultRead[] }> {
  const path = { params: { path: { run_id: runId } } };
  const [run, results] = await Promise.all([
    api.GET("/api/v1/runs/{run_id}", path).then(expectData),
    api.GET("/api/v1/runs/{run_id}/results", path).then(expectData),
  ]);
  return { run, results };
}

export async function fetchResultDetail(runId: number, cellId: number): Promise<ResultDetail> {
  return expectData(
    await api.GET("/api/v1/runs/{run_id}/results/{cell_id}", { params: { path: { run_id: runId, cell_id: cellId } } }),
  );
}
