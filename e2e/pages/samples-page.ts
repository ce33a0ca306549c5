import { expect, type Locator, type Page } from "@playwright/test";

export interface SampleFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class SamplesPage {
  readonly uploadForm: Locator;
  readonly uploadSuccess: Locator;
  readonly uploadError: Locator;
  readonly tableForm: Locator;
  readonly tableSuccess: Locator;
  readonly tableError: Locator;

  constructor(private readonly page: Page) {
    this.uploadForm = page.getByTestId("sample-upload-form");
    this.uploadSuccess = page.getByTestId("sample-upload-success");
    this.uploadError = page.getByTestId("sample-upload-error");
    this.tableForm = page.getByTestId("table-sample-form");
    this.tableSuccess = page.getByTestId("table-sample-success");
    this.tableError = page.getByTestId("table-sample-error");
  }

  async goto(): Promise<void> {
    await this.page.goto("/samples");
    await expect(this.uploadForm).toBeVisible();
  }

  /** Chooses the file, names it, uploads; waits until the server answered one way or the other. */
  async upload(file: SampleFile, name?: string): Promise<void> {
    await this.uploadForm.getByTestId("sample-file-input").setInputFiles(file);
    if (name !== undefined) await this.uploadForm.getByTestId("sample-name-input").fill(name);
    await this.uploadForm.getByTestId("sample-upload-submit").click();
    await expect(this.uploadSuccess.or(this.uploadError)).toBeVisible({ timeout: 30_000 });
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="sample-row"][data-sample-name="${name}"]`);
  }

  /** The dataset a run names this sample by (`sample:<id>`). */
  async datasetOf(name: string): Promise<string> {
    await expect(this.row(name)).toBeVisible();
    return (await this.row(name).getAttribute("data-dataset"))!;
  }
}
