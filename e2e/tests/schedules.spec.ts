// Hosts, schedules and CI as a person meets them: a schedule made in the dashboard (its cron
// checked live), turned off and on; a run token made in the dashboard that a CI job uses and
// loses; and a real regression (the network path to the target got slower between two
// scheduled runs) that raises an alert, marks the history chart and gets acknowledged.
//
// The e2e stack runs no Celery beat, so the test plays beat: it asks the API to fire due
// schedules with the worker's token, exactly what a worker does on beat's `schedules.tick`.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { AlertsPage } from "../pages/alerts-page";
import { SchedulePage } from "../pages/schedule-page";
import { SchedulesPage } from "../pages/schedules-page";
import { SignInPage } from "../pages/sign-in-page";
import { TokensPage } from "../pages/tokens-page";
import { DelayProxy } from "../support/delay-proxy";

const dataDir = process.env.E2E_DATA_DIR!;
const hostName = process.env.E2E_HOST!;
const unique = Date.now().toString(36);
const DATABASE = "blobbench_e2e_sched"; // its own schema: other stacks share this MariaDB
const MARIADB = { host: "127.0.0.1", port: 3306 };

function token(file: string): string {
  return readFileSync(path.join(dataDir, file), "utf8").trim();
}

const bearer = (value: string) => ({ Authorization: `Bearer ${value}` });

function shot(name: string): string {
  return fileURLToPath(new URL(`../test-results/schedules-${name}.png`, import.meta.url));
}

async function signIn(page: Page, value: string): Promise<void> {
  const signInPage = new SignInPage(page);
  await signInPage.goto();
  await signInPage.signIn(value);
}

async function registerTarget(request: APIRequestContext, name: string, port: number): Promise<number> {
  const response = await request.post("/api/v1/targets", {
    headers: bearer(token("admin.token")),
    data: { name, host: MARIADB.host, port, user: "root", password: "", database: DATABASE },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

async function waitForHost(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const hosts: Array<{ name: string; online: boolean }> = await (await request.get("/api/v1/hosts")).json();
        return hosts.some((h) => h.name === hostName && h.online);
      },
      { timeout: 60_000, message: `worker host ${hostName} online` },
    )
    .toBe(true);
}

/** Beat's part: tick until `scheduleId` fires (its cron is every minute); returns the run id. */
async function fire(request: APIRequestContext, scheduleId: number): Promise<number> {
  let runId = 0;
  await expect
    .poll(
      async () => {
        const response = await request.post("/api/v1/worker/schedules/tick", { headers: bearer(token("worker.token")) });
        expect(response.status(), await response.text()).toBe(200);
        const { firings } = (await response.json()) as { firings: Array<{ schedule_id: number; outcome: string; run_id: number | null; reason: string | null }> };
        const mine = firings.find((f) => f.schedule_id === scheduleId);
        if (mine && mine.outcome !== "created") throw new Error(`firing ${mine.outcome}: ${mine.reason}`);
        runId = mine?.run_id ?? 0;
        return runId;
      },
      { timeout: 75_000, intervals: [2_000], message: `schedule ${scheduleId} fires` },
    )
    .toBeGreaterThan(0);
  return runId;
}

async function finished(request: APIRequestContext, runId: number): Promise<string> {
  let status = "";
  await expect
    .poll(
      async () => {
        status = (await (await request.get(`/api/v1/runs/${runId}`)).json()).status;
        return ["succeeded", "partial", "failed", "canceled"].includes(status);
      },
      { timeout: 90_000, intervals: [1_000], message: `run ${runId} finishes` },
    )
    .toBe(true);
  return status;
}

test.beforeAll(async ({ request }) => {
  await waitForHost(request);
});

test("a person schedules runs with a cron checked as they type, and turns it off", async ({ page, request }) => {
  const targetName = `sched-direct-${unique}`;
  await registerTarget(request, targetName, MARIADB.port);
  await signIn(page, token("admin.token"));

  const schedules = new SchedulesPage(page);
  const name = `nightly-${unique}`;
  await schedules.goto();
  await schedules.fill({
    name,
    cron: "every night",
    target: targetName,
    hosts: [hostName],
    methods: "none, lz4",
    sizes: "1KiB, 64KiB",
    baseline: { last: 3 },
    thresholdPct: 7.5,
  });

  await test.step("an unusable cron expression says why and cannot be saved", async () => {
    await expect(schedules.cronError).toContainText("has 2 fields; a cron expression has five");
    await expect(schedules.save).toBeDisabled();
    await schedules.cron.fill("61 * * * *");
    await expect(schedules.cronError).toContainText("'61 * * * *' is not a valid cron expression");
    await expect(schedules.save).toBeDisabled();
  });

  await test.step("a valid one shows its next five firing times", async () => {
    await schedules.cron.fill("0 3 * * mon-fri");
    await expect(schedules.cronError).toBeHidden();
    await expect(schedules.nextFires).toHaveCount(5);
    for (const text of await schedules.nextFires.allTextContents()) {
      expect(text).toMatch(/^(Mon|Tue|Wed|Thu|Fri) \d{4}-\d\d-\d\d 03:00 UTC/);
    }
    await expect(schedules.save).toBeEnabled();
    await schedules.form.screenshot({ path: shot("form") });
  });

  const scheduleId = await schedules.submit();
  const detail = new SchedulePage(page);
  await test.step("its page shows its settings, no firings yet and an empty history", async () => {
    await expect(detail.state).toHaveText("enabled");
    await expect(detail.nextFires).toHaveCount(5);
    await expect(page.getByTestId("schedule-baseline")).toHaveText("previous 3 runs");
    await expect(page.getByTestId("firings-empty")).toBeVisible();
    await expect(page.getByTestId("history-empty")).toBeVisible();
    await expect(detail.picker("method")).toHaveValue("none");
    await detail.picker("method").selectOption("lz4");
    await expect(page).toHaveURL(/method=lz4/);
    await expect(page).toHaveURL(/size=1024/);
    await page.screenshot({ path: shot("detail"), fullPage: true });
  });

  await test.step("the list shows it, and its switch turns it off and on", async () => {
    await schedules.goto();
    const row = schedules.row(name);
    await expect(row).toContainText("0 3 * * mon-fri");
    await expect(row).toContainText(targetName);
    await expect(row.getByTestId("schedule-next")).toContainText("03:00 UTC");
    await expect(row.getByTestId("schedule-last-run")).toHaveText("none yet");
    await schedules.enabledSwitch(name).click();
    await expect(schedules.enabledSwitch(name)).toHaveAttribute("aria-checked", "false");
    await expect(row.getByTestId("schedule-next")).toHaveText("not while disabled");
    const stored = await (await request.get(`/api/v1/schedules/${scheduleId}`)).json();
    expect([stored.enabled, stored.next_fire_at]).toEqual([false, null]);
    await page.screenshot({ path: shot("list"), fullPage: true });
    await schedules.enabledSwitch(name).click();
    await expect(schedules.enabledSwitch(name)).toHaveAttribute("aria-checked", "true");
    expect((await (await request.get(`/api/v1/schedules/${scheduleId}`)).json()).enabled).toBe(true);
  });

  await test.step("editing keeps what was not changed", async () => {
    await page.goto(`/schedules?edit=${scheduleId}`);
    await expect(schedules.form.getByLabel("Sizes", { exact: true })).toHaveValue("1KiB, 64KiB");
    await schedules.cron.fill("30 2 * * *");
    await expect(schedules.nextFires.first()).toContainText("02:30 UTC");
    await schedules.form.getByLabel("Threshold (%)").fill("12");
    await schedules.submit();
    const stored = await (await request.get(`/api/v1/schedules/${scheduleId}`)).json();
    expect([stored.cron, stored.threshold_pct, stored.baseline, stored.matrix.methods]).toEqual(["30 2 * * *", 12, "last:3", ["none", "lz4"]]);
  });

  // Nothing fires it here (no beat), but a disabled schedule stays quiet whatever runs the stack.
  await request.patch(`/api/v1/schedules/${scheduleId}`, { headers: bearer(token("admin.token")), data: { enabled: false } });
});

test("an admin makes a run token for CI, which works until it is revoked", async ({ page, request, browser }) => {
  await signIn(page, token("admin.token"));
  const tokens = new TokensPage(page);
  const name = `ci-${unique}`;
  await tokens.goto();
  const secret = await tokens.create(name, "run");

  await test.step("the secret is shown once, with a copy button", async () => {
    expect(secret).toMatch(/^bbr_/);
    await expect(page.getByTestId("token-copy")).toBeVisible();
    await expect(tokens.row(name).getByTestId("token-scope")).toHaveText("run");
    await page.screenshot({ path: shot("tokens"), fullPage: true });
    await page.getByTestId("token-secret-done").click();
    await expect(tokens.secretCard).toBeHidden();
    await page.reload();
    await expect(tokens.row(name)).toBeVisible();
    expect(await page.content()).not.toContain(secret);
  });

  await test.step("a CI job reads runs with it but cannot register targets", async () => {
    const me = await request.get("/api/v1/auth/me", { headers: bearer(secret) });
    expect(await me.json()).toMatchObject({ name, scope: "run" });
    expect((await request.get("/api/v1/runs", { headers: bearer(secret) })).status()).toBe(200);
    const denied = await request.post("/api/v1/targets", {
      headers: bearer(secret),
      data: { name: `nope-${unique}`, host: MARIADB.host, port: MARIADB.port, user: "root", password: "", database: DATABASE },
    });
    expect(denied.status()).toBe(403);
    expect((await denied.json()).detail).toContain("needs scope 'admin'");
  });

  await test.step("signed in with it, the tokens page says only admins manage tokens", async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, secret);
    const otherTokens = new TokensPage(other);
    await otherTokens.goto();
    await expect(otherTokens.notAdmin).toContainText("Only admins manage tokens");
    await expect(other.getByTestId("tokens-table")).toHaveCount(0);
    await context.close();
  });

  await test.step("once revoked, it is refused", async () => {
    await tokens.revoke(name);
    await expect(tokens.row(name).getByTestId("token-revoked")).toBeVisible();
    expect((await request.get("/api/v1/auth/me", { headers: bearer(secret) })).status()).toBe(401);
    const refused = await request.post("/api/v1/targets", { headers: bearer(secret), data: {} });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).detail).toBe("The token is unknown or revoked");
  });
});

test("a slower network path between two scheduled runs raises an alert a person acknowledges", async ({ page, request }) => {
  test.setTimeout(6 * 60_000);
  const proxy = await DelayProxy.start(MARIADB);
  try {
    const targetName = `sched-path-${unique}`;
    const targetId = await registerTarget(request, targetName, proxy.port);
    const created = await request.post("/api/v1/schedules", {
      headers: bearer(token("admin.token")),
      data: {
        name: `path-watch-${unique}`,
        cron: "* * * * *",
        target_id: targetId,
        hosts: [hostName],
        matrix: { methods: ["none", "lz4"], storages: ["dynamic"], datasets: ["random:62"], sizes: [1024] },
        settings: { time_budget_s: 0.5, warmup_s: 0.1 },
        baseline: "last:1",
        threshold_pct: 10,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const scheduleId: number = (await created.json()).id;

    const first = await fire(request, scheduleId);
    expect(await finished(request, first)).toBe("succeeded");
    proxy.delayMs = 3; // every answer from the server now takes 3 ms longer to arrive
    const second = await fire(request, scheduleId);
    expect(await finished(request, second)).toBe("succeeded");

    let alertId = 0;
    await test.step("the second run's comparison with the first raised an alert", async () => {
      const alerts: Array<{ id: number; run_id: number; regressed: number }> = await (
        await request.get("/api/v1/alerts", { params: { schedule_id: scheduleId } })
      ).json();
      const alert = alerts.find((a) => a.run_id === second);
      expect(alert, JSON.stringify(alerts)).toBeTruthy();
      expect(alert!.regressed).toBe(2);
      alertId = alert!.id;
    });

    await signIn(page, token("admin.token"));
    const alertsPage = new AlertsPage(page);
    await test.step("the alerts page lists it, with the change and p-value of each cell", async () => {
      await alertsPage.goto();
      await expect(alertsPage.navBadge).toBeVisible();
      const row = alertsPage.forRun(second);
      await expect(row).toHaveAttribute("data-acknowledged", "false");
      await expect(row).toContainText("regressed");
      await expect(row.getByTestId("alert-cell")).toHaveCount(2);
      for (const change of await row.getByTestId("alert-change").allTextContents()) {
        expect(Number(change.replace("\u2212", "-").replace("%", ""))).toBeLessThan(-10);
      }
      await expect(row.getByTestId("alert-p").first()).toHaveText("p < 0.001");
      await expect(row.getByTestId("alert-run-link")).toHaveAttribute("href", `/runs/${second}`);
      await expect(row.getByTestId("alert-schedule-link")).toHaveText(`path-watch-${unique}`);
      await page.screenshot({ path: shot("alerts"), fullPage: true });
    });

    await test.step("the schedule's history marks the regressed run on the chart", async () => {
      const detail = new SchedulePage(page);
      await detail.goto(scheduleId, "?method=lz4");
      await expect(detail.chart).toHaveAttribute("data-point-count", "2");
      await expect(detail.markers).toHaveCount(1);
      await expect(detail.band).toHaveCount(1);
      await expect(page.locator(`[data-testid="history-row"][data-run-id="${second}"]`)).toHaveAttribute("data-regressed", "true");
      await expect(page.locator(`[data-testid="history-row"][data-run-id="${first}"]`)).toHaveAttribute("data-regressed", "false");
      await expect(detail.firings).toHaveCount(2);
      await page.screenshot({ path: shot("history"), fullPage: true });
    });

    await test.step("acknowledging it takes it off the open list", async () => {
      const before = Number(await alertsPage.navBadge.textContent().catch(() => "0")) || 0;
      await alertsPage.goto();
      await alertsPage.forRun(second).getByTestId("alert-ack").click();
      await expect(alertsPage.forRun(second)).toHaveCount(0);
      if (before > 1) await expect(alertsPage.navBadge).toHaveText(String(before - 1));
      else await expect(alertsPage.navBadge).toHaveCount(0);
      const stored = await (await request.get(`/api/v1/alerts/${alertId}`)).json();
      expect(stored.acknowledged_by).toBe("admin");
      await alertsPage.showAll();
      await expect(page).toHaveURL(/show=all/);
      await expect(alertsPage.forRun(second).getByTestId("alert-acknowledged")).toContainText("seen by admin");
    });

    await request.patch(`/api/v1/schedules/${scheduleId}`, { headers: bearer(token("admin.token")), data: { enabled: false } });
  } finally {
    await proxy.close();
  }
});
