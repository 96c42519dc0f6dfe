import { expect, test, type Page } from "@playwright/test";
import { unique } from "./support/admin";
import { api, invitedDistrictAdmin, apiToken } from "./support/api-world";
import { signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { fieldOf, itemAt } from "#app/domain/presence";

// Issue 15: lists paged, searched and sorted on the server, with the state in the URL. A district
// admin pages, searches (by name and by email) and sorts the Users tab with JavaScript on and
// off; a school's Students tab is searched and sorted too. The test builds a district of its own
// through the API (61 users, more than a page), so the demo district other specs count is untouched.

const PASSWORD = "Paging#Lists2026";
const TEACHERS = 60;

type World = { districtId: string; schoolId: string; admin: string; emails: string[]; lastNames: string[] };
let world: World;

// Long walks through a list on a shared machine.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request);
  const tag = unique("Paging").replace(/\W/g, "").toLowerCase();
  const district = await api(request, token, "POST", "/organization", { name: unique("Paging District"), state: "WA" });
  const districtId = fieldOf(district, "organizationId");
  const school = await api(request, token, "POST", "/organizationUnit", { organizationId: districtId, name: "Paging Elementary" });
  const schoolId = fieldOf(school, "organizationUnitId");
  const admin = `${tag}.admin@paging.example`;
  await invitedDistrictAdmin(request, token, {
    organizationId: districtId,
    firstName: "Dana",
    lastName: "Admin",
    email: admin,
    password: PASSWORD,
  });
  const emails: string[] = [];
  const lastNames: string[] = [];
  for (let i = 1; i <= TEACHERS; i++) {
    const n = String(i).padStart(3, "0");
    // Emails run the other way from names, so the two sorts differ.
    const email = `${tag}.${String(TEACHERS + 1 - i).padStart(3, "0")}@paging.example`;
    const lastName = `Pager${n}`;
    await api(request, token, "POST", "/user", {
      organizationId: districtId,
      firstName: "Tess",
      lastName,
      email,
      roles: ["TEACHER"],
      organizationUnitIds: [schoolId],
    });
    emails.push(email);
    lastNames.push(lastName);
  }
  for (const [first, last] of [
    ["Ada", "Zephyr"],
    ["Bo", "Quill"],
    ["Cy", "Moss"],
  ]) {
    await api(request, token, "POST", "/participants", {
      firstName: first,
      lastName: last,
      dateOfBirth: "05/17/2019",
      grade: "K",
      organizationUnitId: schoolId,
    });
  }
  world = { districtId, schoolId, admin, emails, lastNames };
});

const users = (page: Page) => page.getByRole("table", { name: "Users" });
const countLine = (page: Page) => page.getByRole("navigation", { name: "Users pages" }).locator(".pager__count");
const firstRowName = (page: Page) => users(page).getByRole("rowheader").first();

async function openUsers(page: Page) {
  await signIn(page, world.admin, { password: PASSWORD, to: `/district/${world.districtId}?tab=users` });
  await expect(countLine(page)).toHaveText("1–50 of 61");
  await expect(users(page).getByRole("rowheader")).toHaveCount(50);
}

/** Pages, searches by name and by email, and sorts: the same steps with JavaScript on or off. */
async function pageSearchSort(page: Page) {
  await openUsers(page);
  await expect(firstRowName(page)).toHaveText("Admin, Dana");
  await expect(users(page).getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "ascending");

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(countLine(page)).toHaveText("51–61 of 61");
  await expect(users(page).getByRole("rowheader")).toHaveCount(11);
  await expect(users(page).getByRole("rowheader").last()).toHaveText(`${world.lastNames[TEACHERS - 1]}, Tess`);
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await expect(page).toHaveURL(/cursor=/);
  // The state is in the URL: reloading shows the same page.
  await page.reload();
  await expect(countLine(page)).toHaveText("51–61 of 61");
  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(countLine(page)).toHaveText("1–50 of 61");
  await expect(firstRowName(page)).toHaveText("Admin, Dana");

  // Search by name, then by email; Clear search shows everyone again.
  const search = page.getByRole("searchbox", { name: "Search users" });
  await search.fill("pager017");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(countLine(page)).toHaveText("1–1 of 1");
  await expect(users(page).getByRole("rowheader")).toHaveText(["Pager017, Tess"]);
  await expect(page).toHaveURL(/q=pager017/);
  await page.getByRole("searchbox", { name: "Search users" }).fill(itemAt(world.emails, 4).toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(users(page).getByRole("rowheader")).toHaveText(["Pager005, Tess"]);
  await expect(users(page).getByRole("cell", { name: itemAt(world.emails, 4) })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users" }).fill("nobody by that name");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("Nothing matches “nobody by that name”.")).toBeVisible();
  await expect(countLine(page)).toHaveText("0 of 0");
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(countLine(page)).toHaveText("1–50 of 61");

  // Sort by email, both ways; a search keeps the sort.
  await users(page)
    .getByRole("link", { name: /^Email/ })
    .click();
  await expect(users(page).getByRole("columnheader", { name: /^Email/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(users(page).getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "none");
  // Emails run against the names: the lowest email is the last teacher's.
  await expect(firstRowName(page)).toHaveText(`${world.lastNames[TEACHERS - 1]}, Tess`);
  await users(page)
    .getByRole("link", { name: /^Email/ })
    .click();
  await expect(users(page).getByRole("columnheader", { name: /^Email/ })).toHaveAttribute("aria-sort", "descending");
  // '….admin@' sorts after '….060@': the admin first, then the first teacher.
  await expect(users(page).getByRole("rowheader").nth(0)).toHaveText("Admin, Dana");
  await expect(users(page).getByRole("rowheader").nth(1)).toHaveText("Pager001, Tess");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(countLine(page)).toHaveText("51–61 of 61");
  await expect(page).toHaveURL(/sort=email&dir=desc/);
  await page.getByRole("searchbox", { name: "Search users" }).fill("pager00");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(users(page).getByRole("rowheader")).toHaveText(Array.from({ length: 9 }, (_, i) => `Pager00${i + 1}, Tess`));
  await expect(page).toHaveURL(/sort=email&dir=desc/);
  await expect(page).not.toHaveURL(/cursor=/);
}

test.describe("with JavaScript", () => {
  test("a district admin pages, searches and sorts the Users tab; axe-clean, keyboard reachable", async ({ page }) => {
    await pageSearchSort(page);
    await expectNoAxeViolations(page);

    // By keyboard alone: Tab reaches the search box, Enter searches, Tab reaches Next, Enter pages.
    await page.goto(`/district/${world.districtId}?tab=users`);
    await expect(countLine(page)).toHaveText("1–50 of 61");
    const search = page.getByRole("searchbox", { name: "Search users" });
    await tabUntil(page, search);
    await page.keyboard.type("pager06");
    await page.keyboard.press("Enter");
    await expect(users(page).getByRole("rowheader")).toHaveText(["Pager060, Tess"]);
    await page.goto(`/district/${world.districtId}?tab=users`);
    await expect(countLine(page)).toHaveText("1–50 of 61");
    // Tab from the last row's last action goes on to the pager's Next (First and Previous are no links on page 1).
    await users(page).getByRole("row").last().getByRole("link").last().focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Next page" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(countLine(page)).toHaveText("51–61 of 61");
    await expectNoAxeViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a district admin pages, searches and sorts the Users tab", async ({ page }) => {
    await pageSearchSort(page);
  });
});

test("a school's Students tab is searched and sorted on the server", async ({ page }) => {
  await signIn(page, world.admin, { password: PASSWORD, to: `/school/${world.schoolId}?tab=students` });
  const students = page.getByRole("table", { name: "Students" });
  const count = page.getByRole("navigation", { name: "Students pages" }).locator(".pager__count");
  await expect(count).toHaveText("1–3 of 3");
  await expect(students.getByRole("rowheader")).toHaveText(["Moss, Cy", "Quill, Bo", "Zephyr, Ada"]);
  await students.getByRole("link", { name: /^Name/ }).click();
  await expect(students.getByRole("rowheader")).toHaveText(["Zephyr, Ada", "Quill, Bo", "Moss, Cy"]);
  await expect(students.getByRole("columnheader", { name: /^Name/ })).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("searchbox", { name: "Search students" }).fill("quill");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(students.getByRole("rowheader")).toHaveText(["Quill, Bo"]);
  await expect(count).toHaveText("1–1 of 1");
  await expectNoAxeViolations(page);
});

/** Presses Tab until `target` has the focus (at most 30 times): it is reachable by keyboard. */
async function tabUntil(page: Page, target: ReturnType<Page["getByRole"]>) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("not reachable with Tab");
}
