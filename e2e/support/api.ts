// Seeding through the real API (no mocks): targets, runs, waiting for runs to finish.

import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, type APIRequestContext } from "@playwright/test";

export const dataDir = process.env.E2E_DATA_DIR!;
export const hostName = process.env.E2E_HOST!;

export function adminToken(): string {
  return readFileSync(path.join(dataDir, "admin.token"), "utf8").trim();
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Registers the test MariaDB (or another local server on `port`) under a unique name; returns
 *  the target's id. */
export async function registerTarget(request: APIRequestContext, name: string, database: string, port = 3306): Promise<number> {
  const response = await request.post("/api/v1/targets", {
    headers: bearer(adminToken()),
    data: { name, host: "127.0.0.1", port, user: "root", password: "", database },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** Waits until the e2e worker's first heartbeat has announced its host. */
export async function waitForHost(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get("/api/v1/hosts", { headers: bearer(adminToken()) });
        const hosts: Array<{ name: string; online: boolean }> = await response.json();
        return hosts.some((h) => h.name === hostName && h.online);
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
}

export interface RunSummary {
  id: number;
  status: string;
}

/** Starts a run on the e2e worker's host and waits until it has finished. */
export async function runToCompletion(
  request: APIRequestContext,
  targetId: number,
  matrix: Record<string, unknown>,
  timeBudgetSeconds = 0.1,
  settings: Record<string, unknown> = {},
): Promise<RunSummary> {
  await waitForHost(request);
  const created = await request.post("/api/v1/runs", {
    headers: bearer(adminToken()),
    data: { target_id: targetId, host: hostName, matrix, settings: { time_budget_s: timeBudgetSeconds, warmup_s: 0, ...settings } },
  });
  expect(created.status(), await created.text()).toBe(202);
  const run: RunSummary = await created.json();
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/runs/${run.id}`, { headers: bearer(adminToken()) });
        return (await response.json()).status as string;
      },
      { timeout: 180_000, intervals: [500] },
    )
    .toMatch(/^(succeeded|partial|failed|canceled)$/);
  const response = await request.get(`/api/v1/runs/${run.id}`, { headers: bearer(adminToken()) });
  return response.json();
}
