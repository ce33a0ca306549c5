import { api, expectData } from "../../api/client";
import type { LinkRead, ShareCreated } from "../../api/types";

/** A short `/l/<code>` link for a dashboard address (path and query). */
export async function shortenPath(path: string): Promise<LinkRead> {
  return expectData(await api.POST("/api/v1/links", { body: { path } }));
}

/** A read-only share key for one run; its `path` opens the run page with the key. */
export async function createShare(runId: number, name: string): Promise<ShareCreated> {
  return expectData(
    await api.POST("/api/v1/runs/{run_id}/shares", { params: { path: { run_id: runId } }, body: { name } }),
  );
}
