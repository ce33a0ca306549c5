// The trunk of BlobBench as a person walks it: sign in, register a target (and fail to, with a
// wrong password), see the worker host, run a 60-cell matrix, read the chart, share its URL.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";

import { HostsPage } from "../pages/hosts-page";
import { NewRunPage } from "../pages/new-run-page";
import { RunPage } from "../pages/run-page";
import { SignInPage } from "../pages/sign-in-page";
import { TargetsPage } from "../pages/targets-page";

const dataDir = process.env.E2E_DATA_DIR!;
const hostName = process.env.E2E_HOST!;
const screenshotPath = fileURLToPath(new URL("../test-results/trunk-run.png", import.meta.url));

const METHODS = ["none", "lz4", "zstd", "mysql_compress", "mysql_uncompress"];
const STORAGES = ["dynamic", "compressed:8"];
const DATASETS = ["random:62", "random:2"];
const SIZES = ["1KiB", "64KiB", "1MiB"];
const SERIES = METHODS.length * STORAGES.length;
// Unique per attempt: a retry (or --repeat-each) on the same stack registers its own target.
const TARGET = `local-mariadb-${Date.now().toString(36)}`;

function adminToken(): string {
  return readFileSync(path.join(dataDir, "admin.token"), "utf8").trim();
}

test("a person benchmarks the local MariaDB from the dashboard", async ({ page }) => {
  test.setTimeout(10 * 60_000);

  await test.step("sign in with the admin token", async () => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(adminToken());
    await expect(signIn.session).not.toContainText("Read-only");
  });

  const targets = new TargetsPage(page);
  await test.step("register the local MariaDB and see its version and flavour", async () => {
    await targets.goto();
    await targets.register({
      name: TARGET,
      host: "127.0.0.1",
      port: 3306,
      user: "root",
      password: "",
      database: "blobbench_e2e",
    });
    await expect(targets.error).toBeHidden();
    await expect(targets.success).toContainText("MariaDB");
    await expect(targets.success).toContainText(/\d+\.\d+\.\d+/);
    const row = targets.row(TARGET);
    await expect(row.getByTestId("target-flavour")).toHaveText("MariaDB");
    await expect(row.getByTestId("target-version")).toHaveText(/\d+\.\d+\.\d+/);
  });

  await test.step("a wrong password gets a clear message and no target", async () => {
    await targets.register({
      name: "wrong-password",
      host: "127.0.0.1",
      port: 3306,
      user: "root",
      password: "certainly-not-the-password",
      database: "blobbench_e2e",
    });
    await expect(targets.error).toContainText(/access denied/i);
    await expect(targets.error).toContainText(/password/i);
    await expect(targets.row("wrong-password")).toHaveCount(0);
  });

  await test.step("the e2e worker's host is online", async () => {
    const hosts = new HostsPage(page);
    await hosts.goto();
    // The page refreshes itself; the worker may still be sending its first heartbeat.
    await expect(hosts.row(hostName)).toHaveAttribute("data-online", "true", { timeout: 60_000 });
    await expect(hosts.row(hostName).getByTestId("host-status")).toHaveText("online");
  });

  const newRun = new NewRunPage(page);
  await test.step("start a 60-cell run", async () => {
    await newRun.goto();
    await newRun.fill({
      target: TARGET,
      host: hostName,
      methods: METHODS,
      storages: STORAGES,
      datasets: DATASETS,
      sizes: SIZES,
      timeBudgetSeconds: 0.3,
    });
    await expect(newRun.cellCount).toHaveText("60");
  });
  const runId = await newRun.start();

  const run = new RunPage(page);
  await test.step("watch the progress bar advance until the run succeeds", async () => {
    await expect(run.progress).toHaveAttribute("aria-valuemax", "60");
    const { seen, last } = await run.watchUntilFinished(8 * 60_000);
    expect(last.status).toBe("succeeded");
    expect(last.done).toBe(60);
    // Seen at least three distinct values on the way: it advanced at least twice, live.
    expect(seen.length, `progress values seen: ${seen.join(", ")}`).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId("run-progress-text")).toContainText("60/60");
  });

  await test.step("the chart draws one line per method × storage", async () => {
    await expect(run.chart).toHaveAttribute("data-series-count", String(SERIES));
    await expect(run.legendItems).toHaveCount(SERIES);
    const points = await run.legendPointCounts();
    expect(points).toHaveLength(SERIES);
    for (const n of points) expect(n).toBe(SIZES.length);
    await expect(run.lines).toHaveCount(SERIES);
    for (const d of await run.linePaths()) expect(d).toMatch(/^M[\d.]+,[\d.]+L/);
    await expect(run.dots).toHaveCount(SERIES * SIZES.length);
    await expect(run.legendItems.filter({ hasText: "lz4 · dynamic" })).toHaveCount(1);
    await expect(run.results).toHaveCount(SERIES * SIZES.length);
  });

  await test.step("switching the dataset changes the URL and redraws the chart", async () => {
    const before = await run.linePaths();
    await expect(run.datasetSelect).toHaveValue("random:62");
    await run.datasetSelect.selectOption("random:2");
    await expect(page).toHaveURL(new RegExp(`/runs/${runId}\\?(.*&)?dataset=random:2`));
    await expect(run.chart).toHaveAttribute("data-dataset", "random:2");
    await expect(run.lines).toHaveCount(SERIES);
    await expect.poll(async () => (await run.linePaths()).join("|")).not.toBe(before.join("|"));

    // The URL is the state: a fresh load of the same link shows the same chart.
    await page.reload();
    await expect(run.datasetSelect).toHaveValue("random:2");
    await expect(run.chart).toHaveAttribute("data-series-count", String(SERIES));
  });

  await test.step("hovering a size shows each series with its confidence interval", async () => {
    const box = await run.chart.boundingBox();
    if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tooltip = page.getByTestId("chart-tooltip");
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText("95% CI");
    await page.screenshot({ path: screenshotPath, fullPage: true });
  });
});
