import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNT_USERS, IDLE_TIMEOUT_MS } from "./support/account-env";
import { signInWithForm } from "./support/auth";
import { expectNoAxeViolations, expectNoAxeViolationsIn, snapshotOf } from "./support/axe";
import { readDemoDb } from "./support/demo-db";
import { cellsOf, columnIndex, demoIds, KINDERGARTEN } from "./support/classroom";
import { fieldOf } from "#app/domain/presence";

// Issue 34 item 9: 'Are you still there?' over an open letter or RAN dialog. The modal dialog
// under it used to take its pointer events and keep focus, so the warning could not be answered
// and the teacher was signed out with what they had typed; Enter on 'Yes' then reached the letter
// dialog. Here it is answered by mouse, Enter and Escape, and the dialog keeps its entries.
// The accounts server's short idle time-out (support/account-env.ts); its teacher of Kindergarten
// Room 4 (support/accounts-seed.ts).

const question = (page: Page) => page.getByRole("dialog", { name: "Are you still there?" });
const yes = (page: Page) => question(page).getByRole("button", { name: "Yes, I need more time." });
const waitForQuestion = (page: Page) => expect(question(page)).toBeVisible({ timeout: IDLE_TIMEOUT_MS + 3000 });

let kindergartenId = "";
/** A finished, unscored RAN test of a Kindergarten Room 4 student, with its student. */
let ran = { testId: "", studentId: "" };

test.beforeAll(async () => {
  kindergartenId = fieldOf((await demoIds()).classrooms, KINDERGARTEN, `the demo classroom ${KINDERGARTEN}`);
  await readDemoDb(async (db) => {
    const rows = await db.query<{ test_id: string; student_id: string }>(
      `select t.participant_test_id as test_id, t.participant_id as student_id
       from participant_test t
       join participant_group_member m on m.participant_id = t.participant_id
       join participant_group g on g.participant_group_id = m.participant_group_id
       where t.test_code = 'object-ran' and t.completed_flag and t.ability_percentile is null and t.invalid is null
         and g.name = $1
       order by t.participant_test_id desc limit 1`,
      [KINDERGARTEN],
    );
    ran = { testId: rows.rows[0]?.test_id ?? "", studentId: rows.rows[0]?.student_id ?? "" };
  });
  expect(ran.testId, "an unscored RAN test in the demo kindergarten").not.toBe("");
});

/**
 * The warning comes three times over the open `dialog` and is answered 'Yes' by mouse, by Enter
 * and by Escape; each time the dialog and what was entered in it stay (`entriesKept`).
 */
async function answerTheWarningThreeWays(page: Page, dialog: Locator, entriesKept: () => Promise<void>) {
  // By mouse. axe checks the warning as it was shown once it is answered: a scan while it is
  // open can outlast the grace on a busy machine and sign the teacher out.
  await waitForQuestion(page);
  const warning = await snapshotOf(page);
  await yes(page).click();
  await entriesKept();
  await expectNoAxeViolationsIn(warning, ".idle-dialog");
  await expectNoAxeViolations(page);

  // By keyboard: the warning has focus on 'Yes'; Enter answers it and goes no further.
  await waitForQuestion(page);
  await expect(yes(page)).toBeFocused();
  await page.keyboard.press("Enter");
  await entriesKept();
  // Focus is back in the dialog, where its keys work again.
  await expect(dialog.locator(":focus")).toHaveCount(1);

  // Escape answers 'Yes' too, and does not reach the dialog under the warning.
  await waitForQuestion(page);
  await page.keyboard.press("Escape");
  await entriesKept();
}

test.describe("the idle warning over a dialog", () => {
  test("over the letter dialog: answered by mouse, Enter and Escape; the letters stay ticked and nothing asks to discard them", async ({
    page,
  }) => {
    await signInWithForm(page, ACCOUNT_USERS.idleDialogs);
    await page.goto(`/classroom/${kindergartenId}?score=raw`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(KINDERGARTEN);
    const letterNames = await columnIndex(page, "Letter Names");
    await cellsOf(page, letterNames).filter({ hasText: "Not started" }).first().locator("a").click();
    const letters = page.getByRole("dialog", { name: /Edit Mode: Letter Sound\/Name Scores/ });
    await expect(letters).toBeVisible();
    await letters.getByRole("checkbox", { name: "A", exact: true }).check();
    await letters.getByRole("checkbox", { name: "M", exact: true }).check();
    await expect(letters.getByRole("status")).toHaveText("Correct: 2/26");
    const discard = page.getByRole("alertdialog", { name: "Discard the scores you entered?" });

    const entriesKept = async () => {
      await expect(question(page)).toBeHidden();
      await expect(letters).toBeVisible();
      await expect(discard).toHaveCount(0);
      await expect(letters.getByRole("checkbox", { name: "A", exact: true })).toBeChecked();
      await expect(letters.getByRole("checkbox", { name: "M", exact: true })).toBeChecked();
      await expect(letters.getByRole("status")).toHaveText("Correct: 2/26");
      await expect(page).toHaveURL(/\/letters\?.*mode=edit/);
    };
    // Escape reaching the letter dialog would ask to discard the letters.
    await answerTheWarningThreeWays(page, letters, entriesKept);
  });

  test("over the RAN dialog: answered by mouse, Enter and Escape; the typed time and errors stay", async ({ page }) => {
    await signInWithForm(page, ACCOUNT_USERS.idleDialogs);
    await page.goto(`/student/${ran.studentId}?dialog=ran&test=${ran.testId}`);
    const dialog = page.getByRole("dialog", { name: "Test Details: RAN Scoring" });
    const time = dialog.getByLabel("Response Time (secs)");
    const errors = dialog.getByLabel("Num. of Errors");
    await time.fill("45");
    await errors.fill("2");

    const entriesKept = async () => {
      await expect(question(page)).toBeHidden();
      await expect(dialog).toBeVisible();
      await expect(time).toHaveValue("45");
      await expect(errors).toHaveValue("2");
      await expect(page).toHaveURL(/dialog=ran/);
    };
    // Escape reaching the RAN dialog would close it and lose the entries.
    await answerTheWarningThreeWays(page, dialog, entriesKept);
  });
});
