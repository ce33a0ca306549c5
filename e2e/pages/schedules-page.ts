import { expect, type Locator, type Page } from "@playwright/test";

export interface ScheduleFields {
  name: string;
  cron: string;
  target: string;
  hosts: string[];
  methods?: string;
  sizes?: string;
  timeBudgetSeconds?: number;
  baseline?: { last: number } | { run: number } | "none";
  thresholdPct?: number;
  enabled?: boolean;
}

export class SchedulesPage {
  readonly form: Locator;
  readonly cron: Locator;
  readonly nextFires: Locator;
  readonly cronError: Locator;
  readonly save: Locator;
  readonly formError: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByTestId("schedule-form");
    this.cron = this.form.getByLabel("Cron expression", { exact: true });
    this.nextFires = this.form.getByTestId("cron-next-fires").locator("li");
    this.cronError = this.form.getByTestId("cron-error");
    this.save = page.getByTestId("schedule-save");
    this.formError = page.getByTestId("schedule-form-error");
  }

  async goto(): Promise<void> {
    await this.page.goto("/schedules");
    await expect(this.form).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="schedule-row"][data-schedule-name="${name}"]`);
  }

  enabledSwitch(name: string): Locator {
    return this.row(name).getByRole("switch");
  }

  /** Fills the form (the cron last is up to the caller to check); does not submit. */
  async fill(fields: ScheduleFields): Promise<void> {
    await this.form.getByLabel("Name", { exact: true }).fill(fields.name);
    await this.cron.fill(fields.cron);
    const target = this.form.getByLabel("Target", { exact: true });
    const value = await target.evaluate(
      (select: HTMLSelectElement, name: string) => [...select.options].find((o) => o.text.startsWith(name))?.value ?? "",
      fields.target,
    );
    await target.selectOption(value);
    const hosts = this.form.getByTestId("schedule-hosts");
    for (const box of await hosts.getByRole("checkbox").all()) {
      if (await box.isChecked()) await box.uncheck();
    }
    for (const host of fields.hosts) await hosts.getByRole("checkbox", { name: new RegExp(host) }).check();
    if (fields.methods) await this.form.getByLabel("Methods", { exact: true }).fill(fields.methods);
    if (fields.sizes) await this.form.getByLabel("Sizes", { exact: true }).fill(fields.sizes);
    if (fields.timeBudgetSeconds !== undefined) {
      await this.form.getByText("Measurement settings").click();
      await this.form.getByLabel("Time budget per cell (s)").fill(String(fields.timeBudgetSeconds));
    }
    if (fields.baseline === "none") await this.form.getByRole("radio", { name: "None" }).check();
    else if (fields.baseline && "last" in fields.baseline) {
      await this.form.getByRole("radio", { name: "The last N runs" }).check();
      await this.form.getByLabel("Number of runs").fill(String(fields.baseline.last));
    } else if (fields.baseline && "run" in fields.baseline) {
      await this.form.getByRole("radio", { name: "A pinned run" }).check();
      await this.form.getByLabel("Baseline run id").fill(String(fields.baseline.run));
    }
    if (fields.thresholdPct !== undefined) await this.form.getByLabel("Threshold (%)").fill(String(fields.thresholdPct));
    if (fields.enabled !== undefined) await this.form.getByTestId("schedule-enabled").setChecked(fields.enabled);
  }

  /** Saves; the app goes to the new schedule's page. Returns its id. */
  async submit(): Promise<number> {
    await this.save.click();
    await expect(this.page).toHaveURL(/\/schedules\/\d+$/);
    return Number(new URL(this.page.url()).pathname.split("/").pop());
  }
}
