import { expect, test, type Page } from "@playwright/test";
import { ACCOUNT_USERS, IDLE_TIMEOUT_MS, LOGOUT_GRACE_MS } from "./support/account-env";
import { DEMO_PASSWORD, signInWithForm } from "./support/auth";

// Issue 3 / spec 001 'Session idle', with the accounts server's short durations
// (IDLE_TIMEOUT_MS and LOGOUT_GRACE_MS in support/account-env.ts; the server forgets a session after both).

const question = (page: Page) => page.getByRole("dialog", { name: "Are you still there?" });

test.describe("idle time-out", () => {
  test("'Yes, I need more time.' keeps the session, on the server too", async ({ page }) => {
    await signInWithForm(page, ACCOUNT_USERS.idleYes);
    const home = page.url();
    const started = Date.now();
    for (let round = 0; round < 2; round++) {
      await expect(question(page)).toBeVisible({ timeout: IDLE_TIMEOUT_MS + 3000 });
      await page.getByRole("button", { name: "Yes, I need more time." }).click();
      await expect(question(page)).toBeHidden();
    }
    // Longer than the server's idle limit has passed since sign-in: only the refresh keeps it.
    expect(Date.now() - started).toBeGreaterThan(IDLE_TIMEOUT_MS + LOGOUT_GRACE_MS);
    await page.reload();
    await expect(page).toHaveURL(home);
  });

  test("'No, log me out.' signs out", async ({ page }) => {
    await signInWithForm(page, ACCOUNT_USERS.idleNo);
    await expect(question(page)).toBeVisible({ timeout: IDLE_TIMEOUT_MS + 3000 });
    await page.getByRole("button", { name: "No, log me out." }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("no answer signs out to /timeout, and Log In returns to the page", async ({ page }) => {
    await signInWithForm(page, ACCOUNT_USERS.idleNone);
    await page.goto("/about");
    await expect(question(page)).toBeVisible({ timeout: IDLE_TIMEOUT_MS + 3000 });
    await expect(page).toHaveURL(/\/timeout\?redirectTo=%2Fabout$/, { timeout: LOGOUT_GRACE_MS + 3000 });
    await expect(page.getByRole("heading", { name: "Session Timeout" })).toBeVisible();
    await expect(
      page.getByText("For your security, your session has timed out. You will have to log in again to continue. See you soon!"),
    ).toBeVisible();
    // Signed out on the server too.
    await page.goto("/about");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.goBack();
    await page.getByRole("link", { name: "Log In" }).click();
    await page.getByLabel("Email").fill(ACCOUNT_USERS.idleNone);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });
});
