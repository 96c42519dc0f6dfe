import { expect, test } from "@playwright/test";
import { ACCOUNT_USERS, ACCOUNTS_PORT } from "./support/account-env";
import { DEMO_PASSWORD } from "./support/auth";

// Issue 13 item 1: a district tries the product on its intranet over plain HTTP, at an address
// that is not localhost (browsers treat localhost as secure and keep Secure cookies there, so
// the failure never shows on a developer's machine). Chromium resolves school.test to this
// machine; the accounts server runs with COOKIE_SECURE unset, as an install would.

const HOST = "school.test";
const ORIGIN = `http://${HOST}:${ACCOUNTS_PORT}`;

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--host-resolver-rules=MAP ${HOST} 127.0.0.1`,
    ],
  },
});

test("signing in over plain HTTP on an intranet host name lands on the home page", async ({ page }) => {
  await page.goto(`${ORIGIN}/login`);
  await expect(page.getByRole("heading", { name: "Log In" })).toBeVisible();
  await page.getByLabel("Email").fill(ACCOUNT_USERS.login);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/school/[0-9a-f-]{36}$`));
  // The session cookie the browser kept is not Secure: it could not be over plain HTTP.
  const session = (await page.context().cookies(ORIGIN)).find((c) => c.name === "__session");
  expect(session?.secure).toBe(false);
  // And it is a working session: a reload stays signed in.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/school/`));
});
