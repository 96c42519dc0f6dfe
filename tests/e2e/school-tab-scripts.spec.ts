import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { panel, scriptsOf } from "./support/tab-scripts";

// Issue 39: each tab of the school page loads its own panel's code (app/routes/school.$schoolId.tsx),
// which the document preloads with the route's files; the server sends the panel whole, and the
// browser hydrates it once that code is in. As on the district page (district-tab-scripts.spec.ts).

const PANELS = ["ClassroomsTab", "StudentsTab", "SummaryTab", "FollowUpTab"];

test("a school tab preloads its own panel's code and no other tab's, and the panel works once hydrated", async ({ page }) => {
  await signIn(page, DEMO.schoolAdmin);
  await expect(page).toHaveURL(/\/school\/[0-9a-f-]{36}$/);
  const school = new URL(page.url()).pathname;

  // The Students tab as a first document: its panel's files come with the route's, no other panel's.
  const files = scriptsOf(page);
  await page.goto(`${school}?tab=students`);
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((ls) => ls.map((l) => l.getAttribute("href") ?? ""));
  expect(panel(preloads, "StudentsTab"), preloads.join("\n")).toBe(true);
  for (const other of PANELS.filter((p) => p !== "StudentsTab")) expect(panel(preloads, other), other).toBe(false);
  await expect.poll(() => panel(files, "StudentsTab")).toBe(true);
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber")));
  for (const other of PANELS.filter((p) => p !== "StudentsTab")) expect(panel(files, other), other).toBe(false);

  // The hydrated list opens its dialog as a client navigation: the document stays.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("link", { name: "Create Student" }).click();
  await expect(page).toHaveURL(/dialog=create-student/);
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Create Student" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A client navigation to another tab loads that tab's code and shows its panel; the document stays.
  const tabs = page.getByRole("navigation", { name: "School sections" });
  await tabs.getByRole("link", { name: "Classrooms" }).click();
  await expect(page).toHaveURL(/\?tab=classrooms/);
  await expect(page.getByRole("link", { name: "Create Classroom" })).toBeVisible();
  await expect.poll(() => panel(files, "ClassroomsTab")).toBe(true);
  await tabs.getByRole("link", { name: "Summary" }).click();
  await expect(page).toHaveURL(/\?tab=summary/);
  await expect.poll(() => panel(files, "SummaryTab")).toBe(true);
  await expect(page.getByRole("link", { name: "Create Classroom" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
