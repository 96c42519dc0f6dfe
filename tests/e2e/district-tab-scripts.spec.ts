import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { panel, scriptsOf } from "./support/tab-scripts";

// Issue 39: each tab of the district page loads its own panel's code (app/routes/district.$districtId.tsx),
// which the document preloads with the route's files; the server sends the panel whole, and the
// browser hydrates it once that code is in.

test("a district tab preloads its own panel's code and no other tab's, and the panel works once hydrated", async ({ page }) => {
  const files = scriptsOf(page);
  await signIn(page, DEMO.districtAdmin);
  await expect(page).toHaveURL(/\/district\/[0-9a-f-]{36}$/);
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((ls) => ls.map((l) => l.getAttribute("href") ?? ""));
  expect(
    preloads.some((h) => /\/_shared\/SchoolsTab-[A-Z0-9]+\.js$/.test(h)),
    preloads.join("\n"),
  ).toBe(true);
  await expect.poll(() => panel(files, "SchoolsTab")).toBe(true);
  for (const other of [
    "UserList",
    "CompletionReport",
    "ScreeningCalendar",
    "ScreeningStandards",
    "FollowUpList",
    "FollowUpPolicy",
    "SummaryTab",
  ])
    expect(panel(files, other), other).toBe(false);
  await expect(page.getByRole("heading", { name: "Roster imports" })).toBeVisible();

  // A client navigation to another tab loads that tab's code and shows its panel; the document stays.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\?tab=users/);
  await expect(page.getByRole("link", { name: "Create User" })).toBeVisible();
  await expect.poll(() => panel(files, "UsersTab")).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The hydrated list opens its dialog as a client navigation too.
  await page.getByRole("link", { name: "Create User" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
