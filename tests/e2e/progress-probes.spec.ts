import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { readDemoDb } from "./support/demo-db";

// Issue 39 items 5, 6: a teacher enters a letter probe (the grid dialog's letter ticks) and a RAN
// probe on a student's progress page by keyboard only; the chart and its table show them, the
// demo district has no targets so the chart says there is no goal line, and a second letter probe
// in the same week is refused with the week named and the ticked letters kept.

let studentId = "";

test.beforeAll(async () => {
  studentId = await readDemoDb(async (db) => {
    const row = (
      await db.query<{ id: string }>(`select m.participant_id as id from participant_group_member m
        join participant_group_teacher t on t.participant_group_id = m.participant_group_id
        join app_user u on u.user_id = t.user_id and u.email = '${DEMO.teacher}'
        join participant p on p.participant_id = m.participant_id and p.grade in ('PK', 'K', '1', '2')
        order by m.participant_id desc limit 1`)
    ).rows[0];
    if (!row) throw new Error("The demo teacher has no student of grades PK to 2");
    return row.id;
  });
});

test("letter and RAN probes by keyboard; the chart and its table follow; one probe a week", async ({ page }) => {
  await signIn(page, DEMO.teacher, { to: `/student/${studentId}/progress` });
  await expect(page.getByRole("heading", { level: 1, name: /^Progress monitoring: / })).toBeVisible();
  const names = page.locator("section.progress__measure").filter({ has: page.getByRole("heading", { level: 2, name: "Letter Names" }) });
  const ran = page.locator("section.progress__measure").filter({ has: page.getByRole("heading", { level: 2, name: "RAN" }) });
  // The demo district sets no targets (and its calendar puts today in EOY): no goal line, in words, and no advice.
  await expect(names.getByText(/^No goal line: /)).toBeVisible();
  await expect(names.locator(".prog__advice")).toHaveCount(0);

  // Letters: from the date, Tab into the ticks; 1 marks a letter correct and moves on; End, then 1
  // on the last letter moves to the Save button, and Enter saves.
  const namesForm = names.locator("form.progress__form");
  await namesForm.getByLabel("Date").focus();
  await page.keyboard.press("Tab");
  await expect(namesForm.getByRole("checkbox", { name: /^A/ })).toBeFocused();
  await page.keyboard.press("1");
  await page.keyboard.press("1");
  await page.keyboard.press("0");
  await page.keyboard.press("1");
  await expect(namesForm.getByRole("status")).toContainText("Correct: 3/26");
  await page.keyboard.press("End");
  await page.keyboard.press("1");
  await expect(namesForm.getByRole("button", { name: "Save Letter Names probe" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Probe saved." })).toBeVisible();
  await expect(names.locator("table.progress__table tbody tr")).toHaveCount(1);
  await expect(names.locator("table.progress__table tbody tr").first()).toContainText("4 of 26 letters");
  // The chart draws the point and its table (for screen readers) lists it.
  await expect(names.locator("svg[role=img] .chart-point")).toHaveCount(1);
  await expect(names.locator("svg[role=img] title")).toHaveText(/^Letter Names probes of /);
  await expect(names.locator(".visually-hidden table tbody")).toContainText("4 of 26 letters");

  // RAN: time and errors, Enter in the last field saves.
  const ranForm = ran.locator("form.progress__form");
  await ranForm.getByLabel("Time in seconds").focus();
  await page.keyboard.type("41.5");
  await page.keyboard.press("Tab");
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await expect(ran.locator("table.progress__table tbody tr").first()).toContainText("41.5 s, 2 errors");
  await expect(ran.locator("svg[role=img] .chart-point")).toHaveCount(1);
  await expect(ran.locator(".visually-hidden table tbody")).toContainText("41.5 s, 2 errors");

  // A second letter probe this week: refused with the week named; what was ticked stays ticked.
  await namesForm.getByLabel("Date").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("0");
  await page.keyboard.press("1");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(names.getByRole("alert")).toContainText(/already saved for the week of \d{4}-\d{2}-\d{2} \(Monday to Sunday\)/);
  await expect(namesForm.getByRole("checkbox", { name: /^B/ })).toBeChecked();
  await expect(namesForm.getByRole("checkbox", { name: /^A/ })).not.toBeChecked();
  await expect(names.locator("table.progress__table tbody tr")).toHaveCount(1);

  await expectNoAxeViolations(page);
});

test("a district admin sets the targets and the decision rule, each with its source; a refused rule keeps what was typed", async ({
  page,
}) => {
  const districtId = await readDemoDb(async (db) => {
    const row = (
      await db.query<{ id: string }>(`select ou.organization_id as id from participant p
        join organization_unit ou on ou.organization_unit_id = p.organization_unit_id where p.participant_id = '${studentId}'`)
    ).rows[0];
    return row!.id;
  });
  await signIn(page, DEMO.districtAdmin, { to: `/district/${districtId}/progress-goals` });
  await expect(page.getByRole("heading", { level: 1, name: "Progress monitoring goals" })).toBeVisible();
  await expect(page.getByText("No targets set: charts show no goal line.")).toBeVisible();
  await page.getByLabel("Source of the targets").focus();
  await page.keyboard.type("Demo USD progress targets, 2026");
  await page.keyboard.press("Tab");
  await page.keyboard.type("letter-names, K, EOY, 24\nran, 1, EOY, 45");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByText(/In force: 2 targets, from/)).toBeVisible();

  await page.getByLabel("Consecutive points").focus();
  await page.keyboard.type("1");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Demo MTSS handbook");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Consecutive points")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/The number of consecutive points must be a whole number from 2 to 12/).first()).toBeVisible();
  await expect(page.getByLabel("Source of the rule")).toHaveValue("Demo MTSS handbook");
  await expectNoAxeViolations(page);
});
