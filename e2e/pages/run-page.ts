import { expect, type Locator, type Page } from "@playwright/test";

const FINISHED = ["succeeded", "partial", "failed", "canceled"];

export interface ProgressSample {
  done: number;
  total: number;
  status: string;
}

export class RunPage {
  readonly status: Locator;
  readonly progress: Locator;
  readonly chart: Locator;
  readonly legendItems: Locator;
  readonly datasetSelect: Locator;
  readonly workloadSelect: Locator;
  readonly concurrencySelect: Locator;
  readonly lines: Locator;
  readonly dots: Locator;
  readonly results: Locator;

  constructor(private readonly page: Page) {
    this.status = page.getByTestId("run-status");
    this.progress = page.getByTestId("run-progress");
    this.chart = page.getByTestId("throughput-chart");
    this.legendItems = page.getByTestId("series-legend-item");
    this.datasetSelect = page.getByTestId("dataset-select");
    this.workloadSelect = page.getByTestId("workload-select");
    this.concurrencySelect = page.getByTestId("concurrency-select");
    this.lines = this.chart.locator("path.recharts-line-curve");
    this.dots = this.chart.locator(".recharts-line-dots circle");
    this.results = page.getByTestId("result-row");
  }

  async goto(runId: number, query = ""): Promise<void> {
    await this.page.goto(`/runs/${runId}${query}`);
  }

  async sample(): Promise<ProgressSample> {
    const [done, total, status] = await Promise.all([
      this.progress.getAttribute("aria-valuenow"),
      this.progress.getAttribute("aria-valuemax"),
      this.status.getAttribute("data-status"),
    ]);
    return { done: Number(done), total: Number(total), status: status ?? "" };
  }

  /**
   * Watches the progress bar (without reloading: the page polls) until the run finishes,
   * returning every distinct `done` value seen along the way.
   */
  async watchUntilFinished(timeoutMs: number): Promise<{ seen: number[]; last: ProgressSample }> {
    const seen: number[] = [];
    const deadline = Date.now() + timeoutMs;
    let last = await this.sample();
    while (Date.now() < deadline) {
      last = await this.sample();
      if (!seen.includes(last.done)) seen.push(last.done);
      if (FINISHED.includes(last.status)) return { seen, last };
      await this.page.waitForTimeout(250);
    }
    throw new Error(`run still ${last.status} at ${last.done}/${last.total} after ${timeoutMs} ms`);
  }

  /** The `d` of every drawn line: changes when the chart draws different data. */
  async linePaths(): Promise<string[]> {
    return this.lines.evaluateAll((paths) => paths.map((p) => p.getAttribute("d") ?? ""));
  }

  async legendPointCounts(): Promise<number[]> {
    return this.legendItems.evaluateAll((items) => items.map((i) => Number(i.getAttribute("data-points"))));
  }

  async expectFinished(status: string): Promise<void> {
    await expect(this.status).toHaveAttribute("data-status", status);
  }
}
