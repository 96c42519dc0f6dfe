import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, signIn } from "./support/auth";
import { readDemoDb } from "./support/demo-db";

// Issue 14, hardening at the edge, seen from a browser: every page answers with the security
// headers (a CSP whose nonce is on every inline script, no framing, nosniff, the referrer
// policy, no-store), nothing on the way trips the CSP, nothing can frame a page, Remix's own
// cross-site refusal is a 403, and oversized form posts are refused with 413 unread.

type Role = keyof typeof DEMO;
type Ids = { school: string; district: string; classroom: string; student: string; ranTest: string };
type PageEntry = { url: (ids: Ids) => string; as: Role | null };

/**
 * Every page route of app/routes and how to reach it. A new page without an entry fails the
 * 'every page route has an entry' test; resource routes (no page) are listed apart.
 */
const PAGES: Record<string, PageEntry> = {
  "_index.tsx": { url: () => "/", as: "teacher" },
  "$.tsx": { url: () => "/no-such-page", as: null },
  "about.tsx": { url: () => "/about", as: "teacher" },
  "classroom.$classroomId.tsx": { url: (i) => `/classroom/${i.classroom}`, as: "teacher" },
  "classroom.$classroomId_.blind-ran.tsx": { url: (i) => `/classroom/${i.classroom}/blind-ran`, as: "teacher" },
  "classroom.$classroomId_.family-reports.tsx": { url: (i) => `/classroom/${i.classroom}/family-reports`, as: "teacher" },
  "classroom.$classroomId_.notices.tsx": { url: (i) => `/classroom/${i.classroom}/notices`, as: "teacher" },
  "classroom.$classroomId_.follow-ups.tsx": { url: (i) => `/classroom/${i.classroom}/follow-ups`, as: "teacher" },
  "classroom.$classroomId_.groups.tsx": { url: (i) => `/classroom/${i.classroom}/groups`, as: "teacher" },
  "classroom.$classroomId.letters.tsx": {
    url: (i) => `/classroom/${i.classroom}/letters?student=${i.student}&test=letter-names`,
    as: "teacher",
  },
  "complete-new-password.tsx": { url: () => "/complete-new-password", as: null },
  "customer-support.tsx": { url: () => "/customer-support", as: "teacher" },
  "district.$districtId.tsx": { url: (i) => `/district/${i.district}`, as: "districtAdmin" },
  "district.$districtId_.invitations.tsx": { url: (i) => `/district/${i.district}/invitations`, as: "districtAdmin" },
  "district.$districtId_.access-log.tsx": { url: (i) => `/district/${i.district}/access-log`, as: "districtAdmin" },
  "district.$districtId_.notice-letter.tsx": { url: (i) => `/district/${i.district}/notice-letter`, as: "districtAdmin" },
  "district.$districtId_.progress-goals.tsx": { url: (i) => `/district/${i.district}/progress-goals`, as: "districtAdmin" },
  "district.$districtId_.follow-up-counts.tsx": { url: (i) => `/district/${i.district}/follow-up-counts`, as: "districtAdmin" },
  "district.$districtId_.records.tsx": { url: (i) => `/district/${i.district}/records`, as: "superAdmin" },
  "forgot-password.tsx": { url: () => "/forgot-password", as: null },
  "login-callback.tsx": { url: () => "/login-callback?error=access_denied", as: null },
  "login.tsx": { url: () => "/login", as: null },
  "logout-no-role.tsx": { url: () => "/logout-no-role", as: null },
  "logout.tsx": { url: () => "/logout", as: "teacher" },
  "register.tsx": { url: () => "/register", as: null },
  "rostering.$districtId.tsx": { url: (i) => `/rostering/${i.district}`, as: null },
  "reset-password.tsx": { url: () => "/reset-password?email=someone%40demo.example&code=ABCD2345", as: null },
  "school.$schoolId.tsx": { url: (i) => `/school/${i.school}`, as: "schoolAdmin" },
  "school.$schoolId_.follow-up-counts.tsx": { url: (i) => `/school/${i.school}/follow-up-counts`, as: "schoolAdmin" },
  "student.$studentId.tsx": { url: (i) => `/student/${i.student}`, as: "teacher" },
  "student.$studentId_.records.tsx": { url: (i) => `/student/${i.student}/records`, as: "districtAdmin" },
  "student.$studentId_.access.tsx": { url: (i) => `/student/${i.student}/access`, as: "districtAdmin" },
  "student.$studentId_.follow-up.tsx": { url: (i) => `/student/${i.student}/follow-up`, as: "teacher" },
  "student.$studentId_.notice.tsx": { url: (i) => `/student/${i.student}/notice`, as: "teacher" },
  "student.$studentId_.progress.tsx": { url: (i) => `/student/${i.student}/progress`, as: "teacher" },
  "super-admin.tsx": { url: () => "/super-admin", as: "superAdmin" },
  "test-details.$testId.tsx": { url: (i) => `/test-details/${i.ranTest}`, as: "superAdmin" },
  "timeout.tsx": { url: () => "/timeout", as: null },
};
const RESOURCE_ROUTES = new Set([
  "api.$.ts",
  "assessments.$testCode.assessment[.]json.ts",
  "classroom.$classroomId_.results[.]csv.ts",
  "download.completion.$districtId.ts",
  "download.district-export.$districtId.ts",
  "download.district.$districtId.ts",
  "download.follow-up-counts.$districtId.ts",
  "download.follow-ups.$districtId.ts",
  "download.school.$schoolId.ts",
  "download.student-records.$studentId.ts",
  "healthz.ts",
  "readyz.ts",
  "saves.ts",
  "session-keepalive.ts",
  "test-materials.$filename.ts",
]);
const ACCOUNT_PAGES = new Set(["/login", "/login-callback", "/forgot-password", "/reset-password", "/register", "/complete-new-password"]);

const routeFiles = () => readdirSync(path.resolve("app/routes")).filter((f) => /\.(tsx?|jsx?)$/.test(f) && !/\.server\.|\.test\./.test(f));

let ids: Ids;

test.beforeAll(async () => {
  ids = await readDemoDb(async (db) => {
    const one = async (sql: string) => {
      const row = (await db.query<{ id: string }>(sql)).rows[0];
      if (!row) throw new Error(`No demo row for: ${sql}`);
      return row.id;
    };
    // The demo teacher's first classroom and one of its students; their school and district.
    const classroom = await one(`select g.participant_group_id as id from participant_group g
    join participant_group_teacher t on t.participant_group_id = g.participant_group_id
    join app_user u on u.user_id = t.user_id and u.email = '${DEMO.teacher}' order by g.name limit 1`);
    return {
      classroom,
      student: await one(`select participant_id as id from participant_group_member where participant_group_id = '${classroom}' limit 1`),
      school: await one(`select organization_unit_id as id from participant_group where participant_group_id = '${classroom}'`),
      district: await one(`select ou.organization_id as id from participant_group g
      join organization_unit ou on ou.organization_unit_id = g.organization_unit_id where g.participant_group_id = '${classroom}'`),
      ranTest: await one(
        `select participant_test_id as id from participant_test where test_code like '%ran%' order by start_dt_tm limit 1`,
      ),
    };
  });
});

/** Console messages that report a Content Security Policy violation. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.text().includes("Content Security Policy")) violations.push(m.text());
  });
  return violations;
}

/** The security headers of a page's document, and its inline scripts all carrying the header's nonce. */
async function expectSecurePage(page: Page, response: Response | null) {
  expect(response, "the page answered").not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce, `CSP with a nonce: ${csp}`).toBeTruthy();
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["cache-control"]).toBe("no-store");
  const pathname = new URL(response!.url()).pathname;
  expect(headers["referrer-policy"]).toBe(ACCOUNT_PAGES.has(pathname) ? "same-origin" : "strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toBeUndefined();
  const inline = await page.locator("script:not([src])").evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(inline.length).toBeGreaterThan(0);
  for (const n of inline) expect(n).toBe(nonce);
}

const contexts = new Map<Role | null, BrowserContext>();
async function pageAs(browser: Browser, role: Role | null): Promise<Page> {
  let context = contexts.get(role);
  if (!context) {
    context = await browser.newContext();
    contexts.set(role, context);
    if (role) await signIn(await context.newPage(), DEMO[role]);
  }
  return context.newPage();
}
test.afterAll(async () => {
  for (const c of contexts.values()) await c.close();
  contexts.clear();
});

test("every page route has an entry here (or is a resource route)", () => {
  const missing = routeFiles().filter((f) => !(f in PAGES) && !RESOURCE_ROUTES.has(f));
  expect(missing, "add the new route to PAGES or RESOURCE_ROUTES").toEqual([]);
  for (const f of RESOURCE_ROUTES) {
    const source = readFileSync(path.resolve("app/routes", f), "utf8");
    expect(source, `${f} is a resource route (no page component)`).not.toMatch(/export default/);
  }
});

for (const [file, entry] of Object.entries(PAGES)) {
  test(`${file}: security headers, nonce on every inline script, no CSP violation`, async ({ browser }) => {
    expect(routeFiles(), `${file} is listed here but is not a route any more`).toContain(file);
    const page = await pageAs(browser, entry.as);
    const violations = watchCsp(page);
    const response = await page.goto(entry.url(ids));
    await expectSecurePage(page, response);
    // Hydration ran: the scripts were allowed to execute (Remix sets window.__remixContext and hydrates).
    await expect.poll(() => page.evaluate(() => "__remixRouter" in window)).toBe(true);
    expect(violations).toEqual([]);
    await page.close();
  });
}

test("dialogs, lazy chunks and client navigation run under the CSP", async ({ browser }) => {
  const page = await pageAs(browser, "schoolAdmin");
  const violations = watchCsp(page);
  await page.goto(`/school/${ids.school}`);
  await page.getByRole("link", { name: "Create Classroom" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("link", { name: "Students", exact: true }).click();
  await expect(page).toHaveURL(/tab=students/);
  const teacher = await pageAs(browser, "teacher");
  const teacherViolations = watchCsp(teacher);
  await teacher.goto(`/student/${ids.student}`);
  await teacher.getByRole("link", { name: "Edit" }).first().click();
  await expect(teacher.getByRole("dialog")).toBeVisible();
  expect([...violations, ...teacherViolations]).toEqual([]);
  await page.close();
  await teacher.close();
});

test("a page of another origin cannot frame the app", async ({ browser }) => {
  const page = await pageAs(browser, "teacher");
  const base = test.info().project.use.baseURL!;
  const target = new URL(`/school/${ids.school}?tab=students`, base).toString();
  // A static file of the app (served before Remix, without the headers) frames fine: the control.
  const control = new URL("/privacy-policy.txt", base).toString();
  await page.setContent(`<iframe title="control" src="${control}"></iframe><iframe title="framed" src="${target}"></iframe>`);
  await expect(page.frameLocator("iframe[title=control]").locator("body")).not.toBeEmpty();
  // The teacher's session cookie rides along, but the browser refuses to show the page: an error page instead.
  await expect.poll(() => page.frames().find((f) => f.name() === "" && f.url().startsWith("chrome-error:")) !== undefined).toBe(true);
  await expect(page.frameLocator("iframe[title=framed]").getByRole("heading", { level: 1 })).toHaveCount(0);
  await page.close();
});

test("Remix's own cross-site refusal answers 403, not an empty 500", async ({ request }) => {
  const res = await request.post("/login", {
    headers: { Origin: "http://evil.example" },
    form: { email: DEMO.teacher, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  expect(res.headers()["cache-control"]).toBe("no-store");
});

test("an oversized form post or API body is refused with 413", async ({ request }) => {
  const big = "x".repeat(100 * 1024);
  const login = await request.post("/login", { form: { email: big, password: "p" }, maxRedirects: 0 });
  expect(login.status()).toBe(413);
  const api = await request.post("/api/dashboard/login", { data: { username: "x".repeat(2 * 1024 * 1024), password: "p" } });
  expect(api.status()).toBe(413);
  expect(await api.json()).toEqual({ message: "Request body too large: the limit is 64 KB." });
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});
