// End-to-end tests against a fresh BlobBench stack (API + worker) and Debian's Chromium.
// Browsers are never downloaded: CHROMIUM_PATH (default /usr/bin/chromium) is launched.

import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { defineConfig } from "@playwright/test";

// Set once in the runner; worker processes inherit these, so every process agrees.
process.env.E2E_PORT ??= "8765";
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "blobbench-e2e-"));
process.env.E2E_HOST ??= `e2e-${process.pid}`;
process.env.E2E_BINLOG_PORT ??= String(Number(process.env.E2E_PORT) + 11);

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./tests",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  // One retry in CI: a flaky failure is still printed (as "flaky"), a real one fails twice.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    viewport: { width: 1360, height: 900 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-dev-shm-usage",
          ],
        },
      },
    },
  ],
  webServer: {
    // Migrations, bootstrap (writes $E2E_DATA_DIR/admin.token), API on $E2E_PORT and a Celery
    // worker whose host name is $E2E_HOST.
    command: "bash ../scripts/e2e-stack.sh",
    url: `${baseURL}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      E2E_PORT: String(port),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_HOST: process.env.E2E_HOST,
    },
  },
});
