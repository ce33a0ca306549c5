import { expect, type Locator, type Page } from "@playwright/test";

export class SignInPage {
  readonly tokenInput: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly session: Locator;

  constructor(private readonly page: Page) {
    this.tokenInput = page.getByTestId("token-input");
    this.submit = page.getByRole("button", { name: "Sign in", exact: true });
    this.error = page.getByTestId("sign-in-error");
    this.session = page.getByTestId("session-status");
  }

  async goto(): Promise<void> {
    await this.page.goto("/signin");
  }

  /** Pastes the token, submits, and waits to land on the runs list. */
  async signIn(token: string): Promise<void> {
    await this.tokenInput.fill(token);
    await this.submit.click();
    await expect(this.page).toHaveURL(/\/runs$/);
  }
}
