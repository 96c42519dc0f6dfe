import { expect, test, type Cookie, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Screening#2026";
export const DEMO = {
  superAdmin: "super@demo.example",
  districtAdmin: "district.admin@demo.example",
  schoolAdmin: "school.admin@demo.example",
  multiSchoolAdmin: "multi.admin@demo.example",
  teacher: "teacher@demo.example",
} as const;

/** Signs in through the login form, as a person would: for the tests whose subject is signing in. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

type Session = { cookies: Cookie[]; landing: string };
// One session per account, server and password in each worker: scrypt at production cost is a
// third of a second of the server's CPU per sign-in, and the tests sign in some hundred times.
const sessions = new Map<string, Session>();

async function postLogin(page: Page, email: string, password: string): Promise<Session> {
  // The request shares the page's cookie jar, so the session cookie it gets is the page's.
  const response = await page.request.post("/login", { form: { email, password }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  const landing = response.headers()["location"] ?? "/";
  expect(landing, `sign-in of ${email}`).not.toMatch(/^\/(login|complete-new-password)/);
  return { cookies: await page.context().cookies(), landing };
}

/**
 * Signs in, then opens `to`, or the page the sign-in leads to (the role's home). The login form
 * itself is tested by sign-in.spec.ts; here the test posts its fields, and later calls for the
 * same account reuse that session, so the form's page and the password hash are paid once per
 * worker. A session a test ended (Logout, a deleted or reset account) is noticed on the first
 * page, which then goes to /login, and a new one is made.
 */
export async function signIn(page: Page, email: string, options: { password?: string; to?: string } = {}) {
  const password = options.password ?? DEMO_PASSWORD;
  const key = JSON.stringify([test.info().project.use.baseURL, email, password]);
  const cached = sessions.get(key);
  if (cached) {
    await page.context().addCookies(cached.cookies);
    await page.goto(options.to ?? cached.landing);
    if (new URL(page.url()).pathname !== "/login") return;
    await page.context().clearCookies();
  }
  const session = await postLogin(page, email, password);
  sessions.set(key, session);
  await page.goto(options.to ?? session.landing);
}

/** Opens the hamburger menu (spec 001 section 2) and signs out with its Logout button. */
export async function signOut(page: Page) {
  await page.locator("summary.menu__toggle").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
