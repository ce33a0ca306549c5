import { readFileSync } from "node:fs";

import { expect, type Download, type Locator, type Page } from "@playwright/test";

export const VIEW_NAMES = ["size", "classes", "tradeoff", "heatmap", "compare", "latency"] as const;
export type ViewName = (typeof VIEW_NAMES)[number];

/** The run page's analytic views: tabs, shared controls, each view's root and its downloads. */
export class RunViewsPage {
  readonly panel: Locator;
  readonly tabs: Locator;
  readonly notices: Locator;
  readonly recommendation: Locator;
  readonly recommendations: Locator;
  readonly legendItems: Locator;
  readonly sizeChart: Locator;
  readonly datasetSelect: Locator;
  readonly methodsPicker: Locator;
  readonly sizeSlider: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId("chart-panel");
    this.tabs = page.getByTestId("view-tabs");
    this.notices = page.getByTestId("url-notice");
    this.recommendation = page.getByTestId("recommendation-panel");
    this.recommendations = page.getByTestId("recommendation");
    this.legendItems = page.getByTestId("series-legend-item");
    this.sizeChart = page.getByTestId("throughput-chart");
    this.datasetSelect = page.getByTestId("dataset-select");
    this.methodsPicker = page.getByTestId("methods-picker");
    this.sizeSlider = page.getByTestId("size-slider");
  }

  async goto(runId: number, query = ""): Promise<void> {
    await this.page.goto(`/runs/${runId}${query ? `?${query.replace(/^\?/, "")}` : ""}`);
  }

  view(name: ViewName): Locator {
    return this.page.getByTestId(`view-${name}`);
  }

  tab(name: ViewName): Locator {
    return this.page.getByTestId(`view-tab-${name}`);
  }

  /** Clicks a tab and waits for its view to draw. */
  async open(name: ViewName): Promise<Locator> {
    await this.tab(name).click();
    await expect(this.page).toHaveURL(name === "size" ? /\/runs\/\d+(\?(?!.*view=).*)?$/ : new RegExp(`[?&]view=${name}(&|$)`));
    await expect(this.view(name)).toBeVisible();
    return this.view(name);
  }

  /** The query parameter `key` of the current address (null when absent). */
  param(key: string): string | null {
    return new URL(this.page.url()).searchParams.get(key);
  }

  control(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  /** Shows only these methods through the methods picker. */
  async showMethods(methods: string[]): Promise<void> {
    await this.methodsPicker.locator("summary").click();
    const boxes = this.methodsPicker.getByTestId("method-toggle");
    for (const box of await boxes.all()) {
      const method = (await box.getAttribute("data-method"))!;
      if ((await box.isChecked()) !== methods.includes(method)) await box.click();
    }
    await this.methodsPicker.locator("summary").click();
  }

  /** Moves the size slider one step with the keyboard (a committed choice). */
  async stepSize(direction: "left" | "right"): Promise<void> {
    await this.sizeSlider.first().focus();
    await this.page.keyboard.press(direction === "left" ? "ArrowLeft" : "ArrowRight");
  }

  /** Clicks one of a view's download buttons; returns the file's name and text. */
  async download(scope: Locator, kind: "png" | "svg" | "csv" | "json"): Promise<{ name: string; text: string; bytes: Buffer }> {
    const [download]: [Download, void] = await Promise.all([
      this.page.waitForEvent("download"),
      scope.getByTestId(`view-download-${kind}`).first().click(),
    ]);
    const file = await download.path();
    const bytes = readFileSync(file);
    return { name: download.suggestedFilename(), text: bytes.toString("utf8"), bytes };
  }

  async legendKeys(): Promise<string[]> {
    return this.legendItems.evaluateAll((items) => items.map((i) => i.getAttribute("data-series-key") ?? ""));
  }

  async linePaths(chart: Locator = this.sizeChart): Promise<string[]> {
    return chart.locator("path.recharts-line-curve").evaluateAll((paths) => paths.map((p) => p.getAttribute("d") ?? ""));
  }
}
