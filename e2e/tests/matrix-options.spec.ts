// The matrix beyond the trunk as a person uses it: capabilities grey out what the target cannot
// run, a method at a chosen level, their own data as a sample, and a write workload's chart.

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { HostsPage } from "../pages/hosts-page";
import { NewRunPage } from "../pages/new-run-page";
import { RunPage } from "../pages/run-page";
import { SamplesPage } from "../pages/samples-page";
import { SignInPage } from "../pages/sign-in-page";
import { TargetsPage } from "../pages/targets-page";

const dataDir = process.env.E2E_DATA_DIR!;
const hostName = process.env.E2E_HOST!;
const TARGET = `options-mariadb-${Date.now().toString(36)}`;

function adminToken(): string {
  return readFileSync(path.join(dataDir, "admin.token"), "utf8").trim();
}

/** 64 KiB of record-like text with a unique tail, so every run uploads new content. */
function sampleFile(): { name: string; mimeType: string; buffer: Buffer } {
  const unique = randomBytes(8).toString("hex");
  const records = Array.from(
    { length: 1200 },
    (_, i) => `{"id":${i},"url":"https://example.test/item/${(i * 7919) % 10007}","tag":"${unique}"}\n`,
  ).join("");
  return { name: `records-${unique}.jsonl`, mimeType: "application/x-ndjson", buffer: Buffer.from(records.slice(0, 64 * 1024)) };
}

test("capabilities, method levels, samples and the write workload", async ({ page }) => {
  test.setTimeout(3 * 60_000);

  await test.step("sign in and make sure the local MariaDB is registered", async () => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(adminToken());
    const targets = new TargetsPage(page);
    await targets.ensure({
      name: TARGET,
      host: "127.0.0.1",
      port: 3306,
      user: "root",
      password: "",
      database: "blobbench_e2e2",
      driver: "mysqlclient",
    });
    await expect(targets.row(TARGET).getByTestId("target-driver")).toHaveText("via mysqlclient");
    // The run form needs a worker host; the worker may still be sending its first heartbeat.
    const hosts = new HostsPage(page);
    await hosts.goto();
    await expect(hosts.row(hostName)).toHaveAttribute("data-online", "true", { timeout: 60_000 });
  });

  const newRun = new NewRunPage(page);
  await test.step("a storage the target cannot run is greyed out, with the reason", async () => {
    await newRun.goto();
    await newRun.selectTarget(TARGET);
    await expect(newRun.capabilitiesStatus).toContainText("Capabilities");
    const percona = newRun.option("storage", "percona_column");
    await expect(percona).toBeDisabled();
    await expect(percona).toHaveAccessibleDescription(/Percona/);
    await expect(newRun.option("storage", "dynamic")).toBeEnabled();
  });

  await test.step("zstd at level 19 becomes a method of its own", async () => {
    await newRun.addLevel("zstd", 19);
    await expect(newRun.chip("method", "zstd:19")).toContainText("zstd:19");
    await expect(newRun.option("method", "zstd")).toBeVisible();
  });

  const sample = sampleFile();
  const sampleName = `e2e sample ${sample.name.slice(8, 16)}`;
  let dataset = "";
  await test.step("upload a sample of one's own data", async () => {
    await page.getByRole("link", { name: "Samples", exact: true }).click();
    const samples = new SamplesPage(page);
    await expect(samples.uploadForm).toBeVisible();
    await samples.upload(sample, sampleName);
    await expect(samples.uploadError).toBeHidden();
    await expect(samples.uploadSuccess).toContainText(sampleName);
    dataset = await samples.datasetOf(sampleName);
    expect(dataset).toMatch(/^sample:\d+$/);
    await expect(samples.row(sampleName)).toContainText("64 KiB");
    await expect(samples.row(sampleName).getByTestId("sample-source")).toContainText("uploaded file");
  });

  await test.step("the sample is offered as a dataset", async () => {
    await newRun.goto();
    await expect(newRun.option("dataset", dataset)).toBeVisible();
    await expect(newRun.group("dataset").locator(`label[data-value="${dataset}"]`)).toContainText(sampleName);
  });

  const run = new RunPage(page);
  let runId = 0;
  await test.step("write and read none and zstd:19 over the sample", async () => {
    await newRun.fill({
      target: TARGET,
      host: hostName,
      methods: ["none", "zstd:19"],
      storages: ["dynamic"],
      datasets: [dataset],
      sizes: ["4KiB"],
      workloads: ["write", "read"],
      concurrency: "1",
      timeBudgetSeconds: 0.2,
    });
    await expect(newRun.cellCount).toHaveText("4");
    await expect(newRun.problems).toHaveCount(0);
    runId = await newRun.start();
    const { last } = await run.watchUntilFinished(90_000);
    expect(last.status).toBe("succeeded");
    expect(last.done).toBe(4);
  });

  await test.step("the chart for workload=write draws write throughput", async () => {
    await expect(run.workloadSelect).toBeVisible();
    await run.workloadSelect.selectOption("write");
    await expect(page).toHaveURL(new RegExp(`/runs/${runId}\\?(.*&)?workload=write`));
    await expect(run.chart).toHaveAttribute("data-metric", "write");
    await expect(run.chart).toHaveAttribute("data-dataset", dataset);
    await expect(run.chart).toHaveAttribute("data-series-count", "2");
    expect(await run.legendPointCounts()).toEqual([1, 1]);
    await expect(run.dots).toHaveCount(2);
    await expect(page.getByTestId("chart-panel")).toContainText("Write throughput");
    await expect(run.results).toHaveCount(2);
    for (const cell of await run.results.getByTestId("result-throughput").allTextContents()) {
      expect(cell).toMatch(/MB\/s$/);
    }
    await expect(run.datasetSelect.locator("option:checked")).toContainText(sampleName);

    // A fresh load of the link shows the same chart.
    await page.goto(`/runs/${runId}?workload=write`);
    await expect(run.chart).toHaveAttribute("data-metric", "write");
    await expect(run.chart).toHaveAttribute("data-series-count", "2");
  });
});
