import { expect, type Locator, type Page } from "@playwright/test";

export interface TargetFields {
  name: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** mysqlclient (the form's default), pymysql or mysql-connector. */
  driver?: string;
}

export class TargetsPage {
  readonly form: Locator;
  readonly submit: Locator;
  readonly success: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByTestId("target-form");
    this.submit = this.form.getByRole("button", { name: "Register target" });
    this.success = page.getByTestId("target-form-success");
    this.error = page.getByTestId("target-form-error");
  }

  async goto(): Promise<void> {
    await this.page.goto("/targets");
    await expect(this.form).toBeVisible();
  }

  /** Fills the form and submits; waits until the server answered one way or the other. */
  async register(fields: TargetFields): Promise<void> {
    await this.form.getByLabel("Name", { exact: true }).fill(fields.name);
    await this.form.getByLabel("Host", { exact: true }).fill(fields.host);
    await this.form.getByLabel("Port", { exact: true }).fill(String(fields.port));
    await this.form.getByLabel("User", { exact: true }).fill(fields.user);
    await this.form.getByLabel("Password", { exact: true }).fill(fields.password);
    await this.form.getByLabel("Database", { exact: true }).fill(fields.database);
    if (fields.driver) await this.form.getByLabel("Driver", { exact: true }).selectOption(fields.driver);
    await this.submit.click();
    await expect(this.success.or(this.error)).toBeVisible({ timeout: 30_000 });
  }

  /** Registers the target unless a target of that name is already listed. */
  async ensure(fields: TargetFields): Promise<void> {
    await this.goto();
    await expect(this.page.getByTestId("targets-table").or(this.page.getByTestId("targets-empty"))).toBeVisible();
    if ((await this.row(fields.name).count()) === 0) {
      await this.register(fields);
      await expect(this.error).toBeHidden();
    }
    await expect(this.row(fields.name)).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="target-row"][data-target-name="${name}"]`);
  }
}
