import { expect, test, type Page } from "@playwright/test";
import { ERROR_COUNT_MESSAGE, RESPONSE_TIME_MESSAGE } from "#app/domain/ran";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { readDemoDb } from "./support/demo-db";
import { itemAt } from "#app/domain/presence";

// RAN scoring end to end (issue 11): the dialog from a 'Needs scoring' grid cell, by keyboard
// alone, with JavaScript off too; the recording plays and seeks (206); /test-details/{id}.

type RanTest = { testId: string; studentId: string; classroomId: string; classroom: string; grade: "PK" | "K" | "1" | "2" | "3" };
let unscored: RanTest[] = [];
/** A RAN test of a student the demo teacher does not teach. */
let notTheTeachers = "";

// Unscored, finished RAN tests of the current period (EOY), read from a copy of the template
// database the server's data was copied from (same rows, same ids). Each test scores its own.
test.beforeAll(async () => {
  await readDemoDb(async (db) => {
    const rows = await db.query<{ test_id: string; student_id: string; classroom_id: string; classroom: string; grade: RanTest["grade"] }>(`
    select t.participant_test_id as test_id, t.participant_id as student_id, g.participant_group_id as classroom_id,
           g.name as classroom, t.grade
    from participant_test t
    join participant_group_member m on m.participant_id = t.participant_id
    join participant_group g on g.participant_group_id = m.participant_group_id
    join assessment_period p on p.period_name = 'EOY' and t.start_dt_tm >= p.start_date and t.start_dt_tm < p.end_date + 1
    where t.test_code = 'object-ran' and t.completed_flag and t.ability_percentile is null and t.invalid is null
      and g.name = 'Kindergarten Room 4'
    order by t.participant_test_id`);
    const foreign = await db.query<{ test_id: string }>(`
    select t.participant_test_id as test_id from participant_test t
    where t.test_code in ('object-ran', 'letter-ran', 'rer-letter-ran') and not exists (
      select 1 from participant_group_member m
      join participant_group_teacher gt on gt.participant_group_id = m.participant_group_id
      join app_user u on u.user_id = gt.user_id
      where m.participant_id = t.participant_id and u.email = '${DEMO.teacher}')
    limit 1`);
    notTheTeachers = foreign.rows[0]?.test_id ?? "";
    unscored = rows.rows.map((r) => ({
      testId: r.test_id,
      studentId: r.student_id,
      classroomId: r.classroom_id,
      classroom: r.classroom,
      grade: r.grade,
    }));
  });
  expect(unscored.length, "unscored RAN tests in the demo").toBeGreaterThanOrEqual(5);
});

const dialog = (page: Page) => page.getByRole("dialog", { name: "Test Details: RAN Scoring" });
const timeField = (page: Page) => dialog(page).getByLabel("Response Time (secs)");
const errorsField = (page: Page) => dialog(page).getByLabel("Num. of Errors");

/** Moves focus forward with Tab until `target` has it, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the target");
}

async function typeInto(page: Page, field: ReturnType<Page["locator"]>, text: string) {
  await tabTo(page, field);
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  if (text) await page.keyboard.type(text);
}

test.describe("RAN scoring", () => {
  test("a super admin scores a 'Needs scoring' cell by keyboard alone; the cell becomes the score", async ({ page }) => {
    const t = itemAt(unscored, 0, "an unscored RAN test");
    await signIn(page, DEMO.superAdmin, { to: `/classroom/${t.classroomId}` });
    const cellLink = page.locator(`a.cell__action[href*="ranTest=${t.testId}"]`);
    await expect(cellLink).toContainText("Needs scoring");
    await cellLink.focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByText("Test Details/Scoring")).toBeVisible();
    await expectNoAxeViolations(page);

    // No score yet: edit mode, no Cancel.
    await expect(dialog(page).getByRole("link", { name: "Cancel" })).toHaveCount(0);
    // A decimal time and a decimal count: both of the spec's texts, nothing saved.
    await typeInto(page, timeField(page), "12.5");
    await typeInto(page, errorsField(page), "2.5");
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByText(RESPONSE_TIME_MESSAGE)).toBeVisible();
    await expect(dialog(page).getByText(ERROR_COUNT_MESSAGE)).toBeVisible();
    await expect(timeField(page)).toHaveValue("12.5");

    // Blank time is refused too.
    await typeInto(page, timeField(page), "");
    await typeInto(page, errorsField(page), "3");
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByText(RESPONSE_TIME_MESSAGE)).toBeVisible();
    await expect(dialog(page).getByText(ERROR_COUNT_MESSAGE)).toHaveCount(0);

    await typeInto(page, timeField(page), "45");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Scores saved!").first()).toBeVisible();
    await expect(dialog(page).getByText("Scored Response Time: 45 secs")).toBeVisible();
    await expect(dialog(page).getByText("Num. of Errors: 3")).toBeVisible();

    // Edit, change, Cancel: the saved values come back.
    const edit = dialog(page).getByRole("link", { name: "Edit" });
    await tabTo(page, edit);
    await page.keyboard.press("Enter");
    await typeInto(page, timeField(page), "99");
    const cancel = dialog(page).getByRole("link", { name: "Cancel" });
    await tabTo(page, cancel);
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByText("Scored Response Time: 45 secs")).toBeVisible();
    await expect(timeField(page)).toHaveCount(0);

    // Closing the dialog reads the grid afresh.
    await tabTo(page, dialog(page).getByRole("link", { name: "Close" }).last());
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toHaveCount(0);
    // The demo district configures no RAN norms (issue 34 item 4): the cell shows the scored figures, no percentile.
    await expect(page.locator(`a.cell__action[href*="ranTest=${t.testId}"]`)).toContainText("45 s, 3 errors");
    await expect(page.locator(`a.cell__action[href*="ranTest=${t.testId}"]`)).toContainText("No norms configured");
    await expect(page.locator(`a.cell__action[href*="ranTest=${t.testId}"]`)).not.toContainText("Needs scoring");
  });

  test("Invalid clears and disables the numbers and saves 'Response marked as Invalid.'; the cell reads N/A", async ({ page }) => {
    const t = itemAt(unscored, 1, "an unscored RAN test");
    await signIn(page, DEMO.superAdmin, { to: `/classroom/${t.classroomId}?dialog=ran&ranTest=${t.testId}` });
    await expect(dialog(page)).toBeVisible();
    await typeInto(page, timeField(page), "40");
    const invalid = dialog(page).getByLabel("Invalid", { exact: true });
    await tabTo(page, invalid);
    await page.keyboard.press("Space");
    await expect(timeField(page)).toBeDisabled();
    await expect(timeField(page)).toHaveValue("");
    await expect(errorsField(page)).toBeDisabled();
    await tabTo(page, dialog(page).getByRole("button", { name: "Save" }));
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByText("Response marked as Invalid.")).toBeVisible();
    await tabTo(page, dialog(page).getByRole("link", { name: "Close" }).last());
    await page.keyboard.press("Enter");
    await expect(page.locator(`a.cell__action[href*="ranTest=${t.testId}"]`)).toContainText("N/A");
  });

  test("the recording plays and seeks by keyboard: the browser fetches ranges (206)", async ({ page }) => {
    const t = itemAt(unscored, 2, "an unscored RAN test");
    const partial: number[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/api/participantTest/getAudioFile")) partial.push(r.status());
    });
    await signIn(page, DEMO.superAdmin, { to: `/student/${t.studentId}?dialog=ran&test=${t.testId}` });
    await expect(dialog(page)).toBeVisible();
    const player = dialog(page).getByRole("group", { name: "Test recording" });
    // The player's keys work once its scripts have run: the speed buttons show when they have.
    await expect(player.getByRole("group", { name: "Playback speed" })).toBeVisible();
    await player.focus();
    await expect(player).toBeFocused();
    await page.keyboard.press("Space");
    const audio = player.locator("audio");
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
    await page.keyboard.press("Shift+ArrowRight");
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(4);
    expect(partial).toContain(206);
    // E while listening adds an error to the count.
    await page.keyboard.press("e");
    await expect(errorsField(page)).toHaveValue("1");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the scoring form saves and shows read mode", async ({ page }) => {
      const t = itemAt(unscored, 3, "an unscored RAN test");
      await signIn(page, DEMO.superAdmin, { to: `/student/${t.studentId}?dialog=ran&test=${t.testId}` });
      await expect(dialog(page)).toBeVisible();
      await timeField(page).fill("7.5");
      await dialog(page).getByRole("button", { name: "Save" }).click();
      await expect(dialog(page).getByText(RESPONSE_TIME_MESSAGE)).toBeVisible();
      await timeField(page).fill("52");
      await errorsField(page).fill("1");
      await dialog(page).getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Scores saved!").first()).toBeVisible();
      await expect(dialog(page).getByText("Scored Response Time: 52 secs")).toBeVisible();
      await expect(dialog(page).getByText("Num. of Errors: 1")).toBeVisible();
    });
  });

  test("/test-details/{id}: header, breadcrumb ending in RAN, both tables and scoring; axe-clean", async ({ page }) => {
    const t = itemAt(unscored, 4, "an unscored RAN test");
    await signIn(page, DEMO.superAdmin, { to: `/test-details/${t.testId}` });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("RAN Test Details");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.locator("li").first()).toHaveText("Districts");
    await expect(crumbs.locator("li").last()).toHaveText("RAN");
    await expect(page.getByRole("heading", { name: "Practice Question" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Test Details", exact: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Scoring" })).toBeVisible();
    await expect(page.getByRole("img", { name: /RAN reference|objects|letters/i })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Response Time (secs)").fill("61");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Scores saved!").first()).toBeVisible();
    await expect(page.getByText("Scored Response Time: 61 secs")).toBeVisible();
    await expect(page.getByText("Num. of Errors: N/A")).toBeVisible();
  });

  test("a teacher who does not teach the student gets the access-denied screen on /test-details", async ({ page }) => {
    expect(notTheTeachers).not.toBe("");
    await signIn(page, DEMO.teacher);
    const res = await page.goto(`/test-details/${notTheTeachers}`);
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
  });
});
