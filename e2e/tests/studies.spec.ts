// The binlog study (seed 003) end to end: a real run against a private MariaDB with binary
// logging, its study page (table and chart, state in the URL) and a read-only link to it.

import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";

import { SignInPage } from "../pages/sign-in-page";
import { StudyPage } from "../pages/study-page";
import { adminToken, registerTarget, runToCompletion } from "../support/api";

const SUFFIX = Date.now().toString(36);
const BINLOG_PORT = Number(process.env.E2E_BINLOG_PORT);
const MATRIX = { methods: ["none", "zstd:3"], storages: ["dynamic"], datasets: ["json"], sizes: ["2KiB"], workloads: ["binlog", "binlog_row"] };

test("binlog compression off and on: bytes saved, CPU, and a shared view", async ({ page, browser }) => {
  test.setTimeout(4 * 60_000);
  // the private server starts with the stack; registration succeeds once it answers
  let targetId = 0;
  await expect
    .poll(async () => {
      try {
        targetId = await registerTarget(page.request, `binlog-${SUFFIX}`, "blobbench_e2e_binlog", BINLOG_PORT);
        return true;
      } catch {
        return false;
      }
    }, { timeout: 60_000, intervals: [1000] })
    .toBe(true);
  const run = await runToCompletion(page.request, targetId, MATRIX, 0.1, { load_rows: 200 });
  expect(run.status).toBe("succeeded");

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(adminToken());
  await page.goto(`/runs/${run.id}`);
  await page.getByTestId("study-link").click();
  const study = new StudyPage(page);
  await expect(study.binlogTable.locator("tbody tr")).toHaveCount(4);

  await test.step("compression saves on raw JSON, less in ROW format, nothing on bodies the application compressed", async () => {
    const mixed = await study.saved("json · 2048 · none · dynamic · MIXED");
    const row = await study.saved("json · 2048 · none · dynamic · ROW");
    expect(mixed).toBeGreaterThan(0.4);
    expect(row).toBeGreaterThan(0);
    expect(row).toBeLessThan(mixed);
    expect(Math.abs(await study.saved("json · 2048 · zstd:3 · dynamic · MIXED"))).toBeLessThan(0.2);
    await expect(study.binlogChart).toHaveAttribute("data-bars", "4");
    await expect(study.binlogChart.locator(".recharts-bar-rectangle")).toHaveCount(8);
  });

  await test.step("the chart's measure is in the URL, and Back undoes it", async () => {
    await study.measure("cpu").click();
    await expect(page).toHaveURL(/measure=cpu/);
    await expect(study.measure("cpu")).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(study.measure("cpu")).toHaveAttribute("aria-pressed", "true");
    await page.goBack();
    await expect(page).not.toHaveURL(/measure=/);
    await expect(study.measure("bytes")).toHaveAttribute("aria-pressed", "true");
    await study.measure("tps").click();
  });
  await page.screenshot({ path: fileURLToPath(new URL("../test-results/study-binlog.png", import.meta.url)), fullPage: true });

  await test.step("a read-only link opens the same study view to someone without an account", async () => {
    await page.getByTestId("share-run").click();
    const readOnlyLink = await page.getByTestId("share-readonly-link").inputValue();
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(readOnlyLink);
    await expect(other).toHaveURL(new RegExp(`/runs/${run.id}/study\\?.*measure=tps.*share=bbs_`));
    const view = new StudyPage(other);
    await expect(view.binlogTable.locator("tbody tr")).toHaveCount(4);
    await expect(view.measure("tps")).toHaveAttribute("aria-pressed", "true");
    await expect(other.getByTestId("share-run")).toHaveCount(0);
    await stranger.close();
  });
});
