import { expect, type Locator, type Page } from "@playwright/test";

export class TokensPage {
  readonly secret: Locator;
  readonly secretCard: Locator;
  readonly notAdmin: Locator;

  constructor(private readonly page: Page) {
    this.secret = page.getByTestId("token-secret");
    this.secretCard = page.getByTestId("token-secret-card");
    this.notAdmin = page.getByTestId("tokens-need-admin");
  }

  async goto(): Promise<void> {
    await this.page.goto("/tokens");
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="token-row"][data-token-name="${name}"]`);
  }

  /** Creates a token and returns the secret the page shows (once). */
  async create(name: string, scope: "run" | "admin"): Promise<string> {
    await this.page.getByTestId("token-name").fill(name);
    await this.page.getByTestId("token-scope-select").selectOption(scope);
    await this.page.getByTestId("token-create").click();
    await expect(this.secretCard).toBeVisible();
    return this.secret.inputValue();
  }

  /** Revokes a token, accepting the confirmation. */
  async revoke(name: string): Promise<void> {
    this.page.once("dialog", (dialog) => void dialog.accept());
    await this.row(name).getByTestId("token-revoke").click();
    await expect(this.row(name)).toHaveAttribute("data-revoked", "true");
  }
}
