// Seeds real runs through the API (a tiny matrix with a short time budget), so the view tests
// do not wait on the dashboard's forms: the numbers are measured, only the clicking is skipped.

import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, type APIRequestContext } from "@playwright/test";

const FINISHED = /^(succeeded|partial|failed|canceled)$/;

export interface SeededRun {
  id: number;
  status: string;
  total: number;
}

export class RunSeed {
  private readonly headers: Record<string, string>;

  constructor(private readonly request: APIRequestContext) {
    const token = readFileSync(path.join(process.env.E2E_DATA_DIR!, "admin.token"), "utf8").trim();
    this.headers = { Authorization: `Bearer ${token}` };
  }

  /** The id of the target called `name`, registering the local MariaDB under it if needed. */
  async target(name: string, database: string): Promise<number> {
    const list = await this.request.get("/api/v1/targets", { headers: this.headers });
    expect(list.ok(), await list.text()).toBe(true);
    const existing = ((await list.json()) as Array<{ id: number; name: string }>).find((t) => t.name === name);
    if (existing) return existing.id;
    const created = await this.request.post("/api/v1/targets", {
      headers: this.headers,
      data: { name, host: "127.0.0.1", port: 3306, user: "root", password: "", database },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()).id;
  }

  /** Waits until the e2e worker has said hello. */
  async hostOnline(host: string): Promise<void> {
    await expect
      .poll(
        async () => {
          const response = await this.request.get("/api/v1/hosts", { headers: this.headers });
          const hosts = (await response.json()) as Array<{ name: string; online: boolean }>;
          return hosts.some((h) => h.name === host && h.online);
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(true);
  }

  /** Starts a run of `matrix` from `host` and waits until it has finished. */
  async run(targetId: number, host: string, matrix: Record<string, unknown>, name: string, timeBudgetSeconds = 0.1): Promise<SeededRun> {
    const created = await this.request.post("/api/v1/runs", {
      headers: this.headers,
      data: { target_id: targetId, host, name, matrix, settings: { time_budget_s: timeBudgetSeconds, warmup_s: 0 } },
    });
    expect(created.status(), await created.text()).toBe(202);
    const { id } = (await created.json()) as { id: number };
    let last = { id, status: "queued", total: 0 };
    await expect
      .poll(
        async () => {
          const response = await this.request.get(`/api/v1/runs/${id}`, { headers: this.headers });
          const run = (await response.json()) as { status: string; progress: { total: number } };
          last = { id, status: run.status, total: run.progress.total };
          return run.status;
        },
        { timeout: 240_000, intervals: [1000] },
      )
      .toMatch(FINISHED);
    return last;
  }
}
