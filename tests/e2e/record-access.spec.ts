import { expect, test, type Browser, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations, expectNoAxeViolationsWithoutScripts } from "./support/axe";
import { readDemoDb } from "./support/demo-db";

// Who looked at a child's record (issue 41 item 2), in the browser: a teacher opens a student's
// page; the district admin finds that view in the student's access history and, by the teacher's
// e-mail, in the district's access log, by keyboard alone; the search works without JavaScript
// and names a bad date beside its field. axe on both pages.

type Student = { id: string; first: string; last: string; district: string };
let student: Student;

test.beforeAll(async () => {
  student = await readDemoDb(async (db) => {
    // A student of the demo teacher's last classroom (other specs start from the first).
    const { rows } = await db.query<{ id: string; first: string; last: string; district: string }>(`
    select p.participant_id as id, p.first_name as first, p.last_name as last, ou.organization_id as district
    from participant p
    join participant_group_member m on m.participant_id = p.participant_id
    join participant_group_teacher t on t.participant_group_id = m.participant_group_id
    join app_user u on u.user_id = t.user_id and u.email = '${DEMO.teacher}'
    join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
    where p.deleted_at is null
    order by m.participant_group_id desc, p.last_name desc, p.first_name desc limit 1`);
    const row = rows[0];
    if (!row) throw new Error("The demo teacher has no student");
    return row;
  });
});

/** A page of its own (its own cookies) signed in as `email`. */
async function pageAs(browser: Browser, email: string, to: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, { to });
  return page;
}

/** Tabs forward until `name`'s control has the focus (at most `max` presses): the keyboard's way there. */
async function tabTo(page: Page, locator: ReturnType<Page["getByRole"]>, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await locator.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${locator.toString()}`);
}

test("the district admin sees a teacher's view of a student in the history and finds it in the log by e-mail", async ({ browser }) => {
  const name = `${student.last}, ${student.first}`;
  const teacher = await pageAs(browser, DEMO.teacher, `/student/${student.id}`);
  await expect(teacher.getByRole("heading", { level: 2, name: "Subtest Results" })).toBeVisible();
  // Teachers are not offered the history.
  await expect(teacher.getByRole("link", { name: "Access history" })).toHaveCount(0);
  await teacher.context().close();

  const admin = await pageAs(browser, DEMO.districtAdmin, `/student/${student.id}`);
  const history = admin.getByRole("link", { name: "Access history" });
  await tabTo(admin, history);
  await admin.keyboard.press("Enter");
  await expect(admin.getByRole("heading", { level: 1, name: `Access history: ${name}` })).toBeVisible();
  await expect(admin.getByText("Kept until deleted: no retention period is configured.")).toBeVisible();
  const table = admin.getByRole("table", { name: `Reads of ${name}'s record, newest first` });
  const teacherRow = table.getByRole("row").filter({ hasText: DEMO.teacher }).filter({ hasText: "Student profile" });
  await expect(teacherRow.first()).toBeVisible();
  // The admin's own view of the student page is a read too.
  await expect(table.getByRole("row").filter({ hasText: DEMO.districtAdmin }).first()).toBeVisible();
  await expectNoAxeViolations(admin);

  // The district page links the log; the search is typed and sent from the keyboard.
  await admin.goto(`/district/${student.district}`);
  const logLink = admin.getByRole("link", { name: "Access log" });
  await tabTo(admin, logLink);
  await admin.keyboard.press("Enter");
  await expect(admin.getByRole("heading", { level: 1, name: "Access log" })).toBeVisible();
  const user = admin.getByRole("searchbox", { name: "User" });
  await tabTo(admin, user);
  await admin.keyboard.type(DEMO.teacher);
  await admin.keyboard.press("Enter");
  await expect(admin).toHaveURL(new RegExp(`[?&]user=${encodeURIComponent(DEMO.teacher).replace(/\./g, "\\.")}`));
  const log = admin.getByRole("table", { name: /^Reads of student records in .+, newest first$/ });
  const found = log.getByRole("row").filter({ hasText: name }).filter({ hasText: "Student profile" });
  await expect(found.first()).toBeVisible();
  await expect(found.first()).toContainText(DEMO.teacher);
  // Only the teacher's reads: no row of the admin's own.
  await expect(log.getByRole("row").filter({ hasText: DEMO.districtAdmin })).toHaveCount(0);
  await expect(found.first().getByRole("link", { name })).toHaveAttribute("href", `/student/${student.id}`);
  await expectNoAxeViolations(admin);
  await admin.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the log's search is a plain form: a bad date is named beside its field, a good search filters", async ({ page }) => {
    // A read of the admin's own first, so the log has a row whatever ran before.
    await signIn(page, DEMO.districtAdmin, { to: `/student/${student.id}` });
    await page.goto(`/district/${student.district}/access-log`);
    await page.getByLabel("From (YYYY-MM-DD)").fill("03/01/2026");
    await page.getByRole("button", { name: "Search" }).click();
    const from = page.getByLabel("From (YYYY-MM-DD)");
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("From: enter a date as YYYY-MM-DD.")).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(page);

    await from.fill("");
    await page.getByRole("searchbox", { name: "User" }).fill("nobody-of-this-district");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No reads match this search.")).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page.getByRole("table", { name: /^Reads of student records in/ })).toBeVisible();
  });

  test("a teacher is refused the log", async ({ page }) => {
    await signIn(page, DEMO.teacher, { to: `/district/${student.district}/access-log` });
    await expect(page.getByRole("heading", { level: 1, name: "Not authorized" })).toBeVisible();
  });
});
