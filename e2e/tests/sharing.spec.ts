// Sharing a run: a short link to the exact view, and a read-only link that opens the run to
// someone without an account (another browser context), who can read it and change nothing.

import { expect, test } from "@playwright/test";

import { RunPage } from "../pages/run-page";
import { SignInPage } from "../pages/sign-in-page";
import { adminToken, registerTarget, runToCompletion } from "../support/api";

const SUFFIX = Date.now().toString(36);
const MATRIX = { methods: ["none", "lz4", "zstd"], storages: ["dynamic"], datasets: ["random:62", "random:2"], sizes: ["1KiB", "16KiB"] };

/** The y coordinates of every line's vertices: what the data decides, whatever the chart's width. */
function heights(paths: string[]): string {
  return paths.map((d) => [...d.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => m[1]).join(" ")).join("|");
}

test("a run is shared by a short link and read-only by someone without an account", async ({ page, browser }) => {
  test.setTimeout(5 * 60_000);
  const targetId = await registerTarget(page.request, `share-mariadb-${SUFFIX}`, "blobbench_e2e_share");
  const run = await runToCompletion(page.request, targetId, MATRIX);
  expect(run.status).toBe("succeeded");

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(adminToken());

  const owner = new RunPage(page);
  const view = "?dataset=random:2&y=log";
  await owner.goto(run.id, view);
  await expect(owner.chart).toHaveAttribute("data-series-count", "3");
  const ownerPaths = await owner.linePaths();

  await page.getByTestId("share-run").click();
  const viewLink = await page.getByTestId("share-view-link").inputValue();
  const readOnlyLink = await page.getByTestId("share-readonly-link").inputValue();
  expect(viewLink).toMatch(/\/l\/[\w-]+$/);
  expect(readOnlyLink).toMatch(/\/l\/[\w-]+$/);
  expect(readOnlyLink).not.toBe(viewLink);

  await test.step("the short link leads back to the same view", async () => {
    await page.goto(viewLink);
    await expect(page).toHaveURL(new RegExp(`/runs/${run.id}\\?dataset=random:2&y=log$`));
  });

  await test.step("a stranger opens the read-only link and sees the same chart", async () => {
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto(readOnlyLink);
    await expect(other).toHaveURL(new RegExp(`/runs/${run.id}\\?dataset=random:2&y=log&share=bbs_`));
    await expect(other.getByTestId("shared-banner")).toContainText(`run #${run.id}`);
    const strangerView = new RunPage(other);
    await expect(strangerView.chart).toHaveAttribute("data-series-count", "3");
    await expect(strangerView.chart).toHaveAttribute("data-dataset", "random:2");
    // Same points: the y of every vertex matches (without the sidebar the plot is wider, so x differs).
    await expect.poll(async () => heights(await strangerView.linePaths())).toBe(heights(ownerPaths));
    // Nothing to change: no navigation, no share or cancel buttons.
    await expect(other.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(other.getByTestId("share-run")).toHaveCount(0);
    await expect(other.getByTestId("cancel-run")).toHaveCount(0);
    await other.screenshot({ path: "test-results/shared-run.png", fullPage: true });

    // The key it carries reads this run only and writes nothing.
    const key = new URL(other.url()).searchParams.get("share")!;
    const headers = { Authorization: `Bearer ${key}` };
    expect((await other.request.get(`/api/v1/runs/${run.id}/results`, { headers })).status()).toBe(200);
    expect((await other.request.get("/api/v1/targets", { headers })).status()).toBe(403);
    expect((await other.request.post(`/api/v1/runs/${run.id}/cancel`, { headers })).status()).toBe(403);
    expect((await other.request.post("/api/v1/runs", { headers, data: { target_id: targetId, matrix: MATRIX } })).status()).toBe(403);
    await stranger.close();
  });
});
