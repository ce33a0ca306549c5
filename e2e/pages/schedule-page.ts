import { type Locator, type Page } from "@playwright/test";

export class SchedulePage {
  readonly state: Locator;
  readonly nextFires: Locator;
  readonly enabledSwitch: Locator;
  readonly history: Locator;
  readonly chart: Locator;
  readonly markers: Locator;
  readonly band: Locator;
  readonly historyRows: Locator;
  readonly firings: Locator;

  constructor(private readonly page: Page) {
    this.state = page.getByTestId("schedule-state");
    this.nextFires = page.getByTestId("schedule-next-fires").locator("li");
    this.enabledSwitch = page.getByRole("main").getByRole("switch");
    this.history = page.getByTestId("schedule-history");
    this.chart = page.getByTestId("history-chart");
    this.markers = this.chart.locator("path.history-regression-marker");
    this.band = this.chart.locator("path.recharts-area-area");
    this.historyRows = page.getByTestId("history-row");
    this.firings = page.getByTestId("firing-row");
  }

  async goto(scheduleId: number, query = ""): Promise<void> {
    await this.page.goto(`/schedules/${scheduleId}${query}`);
  }

  picker(dimension: string): Locator {
    return this.page.getByTestId(`history-${dimension}`);
  }
}
