import { type Locator, type Page } from "@playwright/test";

export class AlertsPage {
  readonly rows: Locator;
  readonly empty: Locator;
  readonly navBadge: Locator;

  constructor(private readonly page: Page) {
    this.rows = page.getByTestId("alert-row");
    this.empty = page.getByTestId("alerts-empty");
    this.navBadge = page.getByTestId("alerts-badge");
  }

  async goto(show: "open" | "all" = "open"): Promise<void> {
    await this.page.goto(show === "all" ? "/alerts?show=all" : "/alerts");
  }

  async showAll(): Promise<void> {
    await this.page.getByRole("radio", { name: "All" }).click();
  }

  forRun(runId: number): Locator {
    return this.page.locator(`[data-testid="alert-row"][data-run-id="${runId}"]`);
  }
}
