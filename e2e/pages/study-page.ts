import type { Locator, Page } from "@playwright/test";

/** /runs/:id/study — the seed-style study of a run. */
export class StudyPage {
  readonly root: Locator;
  readonly binlogTable: Locator;
  readonly binlogChart: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId("study-page");
    this.binlogTable = page.getByTestId("binlog-table");
    this.binlogChart = page.getByTestId("binlog-chart");
  }

  async goto(runId: number, query = ""): Promise<void> {
    await this.page.goto(`/runs/${runId}/study${query}`);
  }

  /** The binlog table's row of one cell ("json · 2048 · none · dynamic · MIXED"). */
  binlogRow(label: string): Locator {
    return this.binlogTable.locator(`tr[data-label="${label}"]`);
  }

  /** The "saved" share of one binlog row, as a fraction. */
  async saved(label: string): Promise<number> {
    const text = await this.binlogRow(label).getByTestId("binlog-saved").innerText();
    return Number(text.replace(/[^\d.-]/g, "")) / 100;
  }

  measure(name: "bytes" | "cpu" | "tps"): Locator {
    return this.page.getByTestId(`binlog-measure-${name}`);
  }
}
