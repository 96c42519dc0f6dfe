import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { demoIds, KINDERGARTEN } from "./support/classroom";

// Issue 15, hydration: a page is interactive once every script file it needs has arrived. Over
// HTTP/1.1 a browser fetches six files at a time, and on a slow school network each further six
// cost another round trip. The shared code travels as one file (app/components/page-kit.ts), and
// server-only modules leave nothing behind in the browser build (patches/@remix-run+dev*.patch,
// package.json "sideEffects"): these pages need 7 or 8 files, where they needed 17 to 24.
const MAX_SCRIPT_FILES = 9;

/** The script files the page fetched until React hydrated it. */
async function scriptsUntilHydrated(page: Page, url: string): Promise<string[]> {
  const files = new Set<string>();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/build/") && path.endsWith(".js")) files.add(path);
  });
  await page.goto(url);
  // Hydrated: React has tagged the body with its fiber.
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber")));
  return [...files];
}

/** A server-only module's empty stand-in: a chunk that holds nothing but `exports = {}`. */
async function serverModuleStubs(page: Page, files: string[]): Promise<string[]> {
  const stubs: string[] = [];
  for (const file of files) {
    const body = await (await page.request.get(file)).text();
    if (/^(import[^;]*;)?var \w+=\w+\(\(\w+,\w+\)=>\{\w+\.exports=\{\}\}\);export\{\w+ as \w+\};?\s*$/.test(body)) stubs.push(file);
  }
  return stubs;
}

/**
 * The files that carry zod, the API's validation library (about 60 KB gzip): the pages validate on
 * the server; a page module that imports a constant from a module defining schemas brings it all.
 */
async function withZod(page: Page, files: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) if ((await (await page.request.get(file)).text()).includes("ZodError")) found.push(file);
  return found;
}

test("the login page hydrates from a few script files, none of them a server-only stub", async ({ page }) => {
  const files = await scriptsUntilHydrated(page, "/login");
  expect(await serverModuleStubs(page, files)).toEqual([]);
  expect(await withZod(page, files)).toEqual([]);
  expect(files.length, files.join("\n")).toBeLessThanOrEqual(MAX_SCRIPT_FILES);
});

test("the classroom and student pages hydrate from a few script files", async ({ page, browser }) => {
  const ids = await demoIds();
  await signIn(page, DEMO.teacher);
  const signedIn = await page.context().storageState();
  // Each page as a first visit: a context of its own, with an empty cache and the same sign-in.
  const firstVisit = async (url: string) => {
    const context = await browser.newContext({ storageState: signedIn });
    try {
      const visit = await context.newPage();
      const files = await scriptsUntilHydrated(visit, url);
      await expect(visit.getByRole("heading", { level: 1 })).toBeVisible();
      return { files, stubs: await serverModuleStubs(visit, files), zod: await withZod(visit, files), html: await visit.content() };
    } finally {
      await context.close();
    }
  };
  const classroom = await firstVisit(`/classroom/${ids.classrooms[KINDERGARTEN]}`);
  expect(classroom.stubs).toEqual([]);
  expect(classroom.zod).toEqual([]);
  expect(classroom.files.length, classroom.files.join("\n")).toBeLessThanOrEqual(MAX_SCRIPT_FILES);

  const studentHref = classroom.html.match(/href="(\/student\/[0-9a-f-]{36})"/)?.[1];
  expect(studentHref).toBeTruthy();
  const student = await firstVisit(studentHref!);
  expect(student.stubs).toEqual([]);
  expect(student.zod).toEqual([]);
  expect(student.files.length, student.files.join("\n")).toBeLessThanOrEqual(MAX_SCRIPT_FILES);
});
