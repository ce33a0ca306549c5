import { expect, type Locator, type Page } from "@playwright/test";

type Dimension = "method" | "storage" | "dataset" | "workload";

export interface RunChoices {
  target: string;
  host: string;
  methods: string[];
  storages: string[];
  datasets: string[];
  /** As a person types them: "1KiB", "64KiB", "1MiB". */
  sizes: string[];
  /** Defaults to the form's choice (read). */
  workloads?: string[];
  /** As typed: "1, 4, 16". Defaults to the form's "1". */
  concurrency?: string;
  timeBudgetSeconds?: number;
}

export class NewRunPage {
  readonly form: Locator;
  readonly cellCount: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly problems: Locator;
  readonly warnings: Locator;
  readonly capabilitiesStatus: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByTestId("new-run-form");
    this.cellCount = page.getByTestId("cell-count");
    this.submit = page.getByTestId("submit-run");
    this.error = page.getByTestId("new-run-error");
    this.problems = page.getByTestId("new-run-problem");
    this.warnings = page.getByTestId("new-run-warning");
    this.capabilitiesStatus = page.getByTestId("capabilities-status");
  }

  async goto(): Promise<void> {
    await this.page.goto("/runs/new");
    await expect(this.form).toBeVisible();
  }

  group(dimension: Dimension): Locator {
    return this.page.getByTestId(`${dimension}-options`);
  }

  /** The checkbox of one choice (its value is the API's name: `percona_column`, `sample:3`). */
  option(dimension: Dimension, value: string): Locator {
    return this.group(dimension).locator(`input[type="checkbox"][value="${value}"]`);
  }

  /** A chosen value the catalog does not list, shown as a removable chip (`zstd:19`). */
  chip(dimension: Dimension, value: string): Locator {
    return this.group(dimension).locator(`[data-testid="choice-chip"][data-value="${value}"]`);
  }

  /** Picks the target by name (options read "name — version") and waits for its capabilities. */
  async selectTarget(name: string): Promise<void> {
    const targetSelect = this.form.getByTestId("target-select");
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const option = targetSelect.locator("option").filter({ hasText: new RegExp(`^${escaped}( —|$)`) });
    await targetSelect.selectOption((await option.first().getAttribute("value"))!);
    await expect(this.capabilitiesStatus).toContainText(/Capabilities|Could not load/);
  }

  /** Adds a method at a level with the level picker (`zstd`, 19 → `zstd:19`). */
  async addLevel(family: string, level: number): Promise<void> {
    await this.page.getByTestId("level-family-select").selectOption(family);
    await this.page.getByTestId("level-input").fill(String(level));
    await this.page.getByTestId("level-add").click();
    await expect(this.chip("method", `${family}:${level}`).or(this.option("method", `${family}:${level}`))).toBeVisible();
  }

  /**
   * Exactly these choices: unticks the rest and removes other chips, ticks listed ones, types
   * those the catalog lacks into the group's free-entry box.
   */
  async choose(dimension: Dimension, values: string[]): Promise<void> {
    const group = this.group(dimension);
    const ticked = await group
      .locator('input[type="checkbox"]:checked')
      .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    for (const value of ticked) if (!values.includes(value)) await this.option(dimension, value).uncheck();
    const chips = await group
      .locator('[data-testid="choice-chip"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-value") ?? ""));
    for (const value of chips) {
      if (!values.includes(value)) await this.chip(dimension, value).getByRole("button").click();
    }
    for (const value of values) {
      const box = this.option(dimension, value);
      if ((await box.count()) === 0 && (await this.chip(dimension, value).count()) === 0) {
        const other = group.locator('input[type="text"]');
        await other.fill(value);
        await other.press("Enter");
        await expect(box.or(this.chip(dimension, value))).toBeVisible();
      }
      if ((await box.count()) > 0) await box.check();
    }
    const chosen = group.locator('input[type="checkbox"]:checked, [data-testid="choice-chip"]');
    await expect(chosen).toHaveCount(values.length);
  }

  async setSizes(sizes: string[]): Promise<void> {
    const clear = this.page.getByTestId("size-clear");
    if (await clear.isVisible()) await clear.click();
    await this.page.getByTestId("size-input").fill(sizes.join(", "));
    await this.page.getByTestId("size-add").click();
    await expect(this.page.getByTestId("size-chip")).toHaveCount(sizes.length);
  }

  async fill(choices: RunChoices): Promise<void> {
    await this.selectTarget(choices.target);
    await this.form.getByTestId("host-select").selectOption(choices.host);
    await this.choose("method", choices.methods);
    await this.choose("storage", choices.storages);
    await this.choose("dataset", choices.datasets);
    await this.setSizes(choices.sizes);
    if (choices.workloads) await this.choose("workload", choices.workloads);
    if (choices.concurrency !== undefined) await this.page.getByTestId("concurrency-input").fill(choices.concurrency);
    if (choices.timeBudgetSeconds !== undefined) {
      await this.page.getByTestId("advanced").locator("summary").click();
      await this.page.getByTestId("time-budget-input").fill(String(choices.timeBudgetSeconds));
    }
  }

  /** Submits and returns the new run's id once the run page is shown. */
  async start(): Promise<number> {
    await this.submit.click();
    await expect(this.page).toHaveURL(/\/runs\/\d+/, { timeout: 30_000 });
    return Number(/\/runs\/(\d+)/.exec(this.page.url())![1]);
  }
}
