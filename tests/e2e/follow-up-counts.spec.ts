import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { apiToken } from "./support/api-world";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { readDemoDb } from "./support/demo-db";

// Issue 38 item 5: the annual follow-up counts of the demo district (as seeded: risk scores, no
// follow-up policy) for its district admin and for a school's admin. The numbers on the page are
// the API's, the school-year form and the CSV link work by keyboard, the CSV is the API's, axe
// passes, print keeps the table within a portrait page; a teacher is refused.

type Counts = {
  academicYear: string;
  policySet: boolean;
  rows: (Record<string, number | string | null> & { gradeLabel: string; periodLabel: string })[];
  columns: { key: string; label: string }[];
};

let ids: { district: string; school: string };

test.beforeAll(async () => {
  ids = await readDemoDb(async (db) => {
    const one = async (sql: string) => (await db.query<{ id: string }>(sql)).rows[0]!.id;
    return {
      district: await one(`select organization_id as id from app_user where email = '${DEMO.districtAdmin}'`),
      school: await one(`select m.organization_unit_id as id from user_organization_unit m
        join app_user u on u.user_id = m.user_id where u.email = '${DEMO.schoolAdmin}' limit 1`),
    };
  });
});

/** The table's count cells, row by row, as a person reads them (a dash where a count is made once a year). */
const shownCells = (page: Page) => page.locator(".follow-up-counts__table tbody td").allTextContents();
const expectedCells = (counts: Counts) =>
  counts.rows.flatMap((r) => counts.columns.map((c) => (r[c.key] === null ? "–counted once a school year" : String(r[c.key]))));

async function apiCounts(page: Page, email: string, query: string): Promise<{ json: Counts; csv: string }> {
  const token = await apiToken(page.request, email);
  const headers = { authorization: `Bearer ${token}` };
  const json = await page.request.get(`/api/organization/${ids.district}/followUpCounts${query}`, { headers });
  expect(json.status()).toBe(200);
  const csv = await page.request.get(`/api/organization/${ids.district}/followUpCounts/csv${query}`, { headers });
  expect(csv.status()).toBe(200);
  return { json: (await json.json()) as Counts, csv: (await csv.text()).replace(/^\uFEFF/, "") };
}

test("the district admin reads the district's counts, chooses the year by keyboard, downloads the CSV and prints", async ({ page }) => {
  await signIn(page, DEMO.districtAdmin, { to: `/district/${ids.district}/follow-up-counts` });
  await expect(page.getByRole("heading", { level: 1, name: /^Follow-up counts: / })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).not.toHaveCount(0);
  const { json, csv } = await apiCounts(page, DEMO.districtAdmin, "");
  expect(json.policySet).toBe(false);
  await expect(page.getByText("This district has not set a follow-up policy, so no follow-ups are opened.")).toBeVisible();
  const table = page.getByRole("table", { name: new RegExp(`school year ${json.academicYear}`) });
  await expect(table).toBeVisible();
  expect(await shownCells(page)).toEqual(expectedCells(json));
  // The seeded risk scores are screenings: the page shows real counts, not an empty table.
  const all = json.rows.find((r) => r.gradeLabel === "All grades" && r.periodLabel === "All periods")!;
  expect(Number(all.screened)).toBeGreaterThan(0);
  await expect(page.getByText(/^Screened: students with risk scores recorded/)).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard: the school-year choice, then Show.
  await page.getByLabel("School year").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Show" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`academicYear=${json.academicYear}`));
  await expect(table).toBeVisible();

  // The CSV link, by keyboard: the file is the API's.
  await page.getByRole("link", { name: /^Download CSV/ }).focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`_follow_up_counts_${json.academicYear}\\.csv$`));
  const file = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  expect(file).toBe(csv);
  expect(file.split("\r\n").filter(Boolean)).toHaveLength(json.rows.length + 1);

  // Printed: the controls go, the table and its definitions stay, within a portrait A4 page's width (186 mm at 96 dpi).
  await page.setViewportSize({ width: 703, height: 1000 });
  await page.emulateMedia({ media: "print" });
  await expect(table).toBeVisible();
  await expect(page.getByRole("button", { name: "Show" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "What each count means" })).toBeVisible();
  const box = (await table.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(703);
});

test("a school admin reads the school's counts; a teacher is refused", async ({ page, browser }) => {
  await signIn(page, DEMO.schoolAdmin, { to: `/school/${ids.school}/follow-up-counts` });
  const { json } = await apiCounts(page, DEMO.schoolAdmin, `?schoolId=${ids.school}`);
  await expect(page.getByRole("table", { name: new RegExp(`school year ${json.academicYear}`) })).toBeVisible();
  expect(await shownCells(page)).toEqual(expectedCells(json));
  await expectNoAxeViolations(page);
  // Its breadcrumb leads back to the school page.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").last().focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/school/${ids.school}$`));

  const teacher = await browser.newPage();
  await signIn(teacher, DEMO.teacher, { to: "/" });
  const refused = await teacher.goto(`/school/${ids.school}/follow-up-counts`);
  expect(refused?.status()).toBe(403);
  await expect(teacher.getByRole("table")).toHaveCount(0);
  await teacher.close();
});
