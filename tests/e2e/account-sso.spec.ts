import { expect, test, type Page } from "@playwright/test";
import { ACCOUNT_USERS, ACCOUNTS_URL, OIDC_ISSUER, OIDC_PORT, SSO_CLIENTS } from "./support/account-env";
import { startOidcProvider } from "./support/oidc";
import { fieldOf } from "#app/domain/presence";

// Issue 3: single sign-on through our API's authentication host against a real OpenID
// provider (oidc-provider) started on loopback: Google as OpenID Connect (discovery, ID token),
// Clever as plain OAuth 2.0 with a user-info endpoint.

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
test.beforeAll(async () => {
  provider = await startOidcProvider({
    issuer: OIDC_ISSUER,
    port: OIDC_PORT,
    clients: [
      { ...SSO_CLIENTS.google, redirectUri: `${ACCOUNTS_URL}/api/auth/callback/google`, tokenAuth: "client_secret_post" },
      { ...SSO_CLIENTS.clever, redirectUri: `${ACCOUNTS_URL}/api/auth/callback/clever`, tokenAuth: "client_secret_basic" },
    ],
  });
});
test.afterAll(async () => {
  await provider?.close();
});

const OOPS = "Oops! Something went wrong with your login. Please try again.";
const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");

async function providerLogin(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/`));
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // The consent step: each test's browser, and each round of the loop below (its cookies cleared),
  // is a new session at the provider, which has no grant for the client yet and always asks.
  await expect(page).toHaveURL(new RegExp(`^${OIDC_ISSUER}/`));
  const consent = page.getByRole("button", { name: "Continue" });
  await expect(consent).toBeVisible();
  await consent.click();
}

test.describe("single sign-on", () => {
  test("OpenID Connect (Google): a known verified email signs in and lands on the home page", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await providerLogin(page, ACCOUNT_USERS.sso);
    await expect(page).toHaveURL(/\/school\/[0-9a-f-]{36}$/);
    await page.locator("summary.menu__toggle").click();
    await expect(page.getByRole("navigation", { name: "Account menu" })).toContainText(ACCOUNT_USERS.sso);
  });

  test("OAuth 2.0 with user info (Clever): signs in", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign in with Clever" }).click();
    await providerLogin(page, ACCOUNT_USERS.sso);
    await expect(page).toHaveURL(/\/school\/[0-9a-f-]{36}$/);
  });

  // Issue 35 item 13: opened at another address than PUBLIC_URL's (127.0.0.1 for localhost), the sign-on
  // came back to PUBLIC_URL's host without its state cookie and failed; and it always landed on /.
  test("opened at another address than PUBLIC_URL, signs in there and lands on the remembered path", async ({ page, baseURL }) => {
    const elsewhere = baseURL!.replace("//localhost:", "//127.0.0.1:");
    await page.goto(`${elsewhere}/login?redirectTo=${encodeURIComponent("/customer-support")}`);
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await providerLogin(page, ACCOUNT_USERS.sso);
    await expect(page).toHaveURL(`${baseURL}/customer-support`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.locator("summary.menu__toggle").click();
    await expect(page.getByRole("navigation", { name: "Account menu" })).toContainText(ACCOUNT_USERS.sso);
  });

  test("an email with no account, an unverified email, or a cancel come back to /login with the failure text", async ({ page }) => {
    for (const login of ["nobody.known@accounts.test", `unverified.${ACCOUNT_USERS.sso}`]) {
      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByRole("link", { name: "Sign in with Google" }).click();
      await providerLogin(page, login);
      await expect(page).toHaveURL(/\/login$/);
      await expect(formAlert(page)).toHaveText(OOPS);
    }
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await page.getByRole("link", { name: "[ Cancel ]" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(formAlert(page)).toHaveText(OOPS);
  });

  test("a code is single use, and only a flow this browser started is accepted", async ({ page, baseURL }) => {
    await page.goto("/login-callback?code=made-up");
    await expect(formAlert(page)).toHaveText(OOPS);
    const res = await page.request.post(`${baseURL}/api/dashboard/login/sso`, { data: { code: "made-up", binding: "made-up" } });
    expect(res.status()).toBe(401);
    expect(await res.json()).toMatchObject({ error: expect.any(String), data: null });
  });

  test("the callback must be this app's /login-callback (no open redirect)", async ({ page, baseURL }) => {
    for (const callback of ["https://evil.example/login-callback", `${baseURL}/elsewhere`, "//evil.example/login-callback"]) {
      const res = await page.request.get(
        `${baseURL}/api/auth/login/google/${SSO_CLIENTS.google.clientId}?callback=${encodeURIComponent(callback)}`,
        {
          maxRedirects: 0,
        },
      );
      expect(res.status()).toBe(400);
    }
    const ok = await page.request.get(
      `${baseURL}/api/auth/login/google/${SSO_CLIENTS.google.clientId}?callback=${encodeURIComponent(`${baseURL}/login-callback`)}`,
      { maxRedirects: 0 },
    );
    expect(ok.status()).toBe(302);
    const location = new URL(fieldOf(ok.headers(), "location"));
    expect(location.origin).toBe(OIDC_ISSUER);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("nonce")).toBeTruthy();
  });
});
