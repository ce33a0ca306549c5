import { type Locator, type Page } from "@playwright/test";

export class HostsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/hosts");
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="host-row"][data-host-name="${name}"]`);
  }
}
