// Measures the run page of a big run in Chromium (called by bench/run_page.py):
// node run-page.mjs BASE_URL RUN_ID → one JSON line {rows, series, ready_ms, toggle_ms, …}.

import { chromium } from "@playwright/test";

const [base, runId] = process.argv.slice(2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
});
const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });

// Record, inside the page, when the results response ended and when the chart's lines appeared.
await page.addInitScript(() => {
  window.__drawnAt = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="throughput-chart"] path.recharts-line-curve')) {
      window.__drawnAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
});

const ready = [];
let rows = 0;
let series = 0;
for (let i = 0; i < 5; i++) {
  const results = page.waitForResponse((r) => /\/api\/v1\/runs\/\d+\/results$/.test(new URL(r.url()).pathname));
  await page.goto(`${base}/runs/${runId}`);
  rows = (await (await results).json()).length;
  await page.waitForFunction(() => window.__drawnAt !== null, null, { timeout: 30_000 });
  const ms = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType("resource")
      .filter((e) => /\/api\/v1\/runs\/\d+\/results$/.test(new URL(e.name).pathname))
      .pop();
    return window.__drawnAt - entry.responseEnd;
  });
  ready.push(ms);
  series = Number(await page.getByTestId("throughput-chart").getAttribute("data-series-count"));
}

// Toggle the first legend entry off and on: time from the click to the line count changing.
const toggles = [];
for (let i = 0; i < 10; i++) {
  toggles.push(
    await page.evaluate(async () => {
      const lines = () => document.querySelectorAll('[data-testid="throughput-chart"] path.recharts-line-curve').length;
      const item = document.querySelector('[data-testid="series-legend-item"]');
      const before = lines();
      const t0 = performance.now();
      item.click();
      await new Promise((resolve) => {
        const check = () => (lines() !== before ? resolve() : requestAnimationFrame(check));
        check();
      });
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
      return performance.now() - t0;
    }),
  );
}

await browser.close();
console.log(
  JSON.stringify({ rows, series, ready_ms: median(ready), toggle_ms: median(toggles), toggle_max_ms: Math.max(...toggles) }),
);
