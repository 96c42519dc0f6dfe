import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNT_USERS, IDLE_TIMEOUT_MS } from "./support/account-env";
import { signInWithForm } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { cellsOf, columnIndex, demoIds, KINDERGARTEN } from "./support/classroom";

// Issue 34 item 9: 'Are you still there?' over an open letter or RAN dialog. The modal dialog
// under it used to take its pointer events and keep focus, so the warning could not be answered
// and the teacher was signed out with what they had typed; Enter on 'Yes' then reached the letter
// dialog. Here it is answered by mouse, Enter and Escape, and the dialog keeps its entries.
// The accounts server's short idle time-out (support/account-env.ts); its teacher of Kindergarten
// Room 4 (support/accounts-seed.ts).

const question = (page: Page) => page.getByRole("dialog", { name: "Are you still there?" });
const yes = (page: Page) => question(page).getByRole("button", { name: "Yes, I need more time." });
const waitForQuestion = (page: Page) => expect(question(page)).toBeVisible({ timeout: IDLE_TIMEOUT_MS + 3000 });

/** axe over the warning alone while it is open: a scan of the whole page can outlast the grace and sign out. */
async function expectNoAxeViolationsInWarning(page: Page) {
  const results = await new AxeBuilder({ page })
    .include(".idle-dialog")
    .options({ resultTypes: ["violations"] })
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

let kindergartenId = "";
/** A finished, unscored RAN test of a Kindergarten Room 4 student, with its student. */
let ran = { testId: "", studentId: "" };

test.beforeAll(async () => {
  kindergartenId = (await demoIds()).classrooms[KINDERGARTEN];
  const port = process.env.E2E_PORT ?? "3210";
  const dir = mkdtempSync(path.join(tmpdir(), "idle-dialogs-e2e-"));
  cpSync(path.resolve(`.tmp/e2e-template-${port}/pglite`), dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(dir);
  try {
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
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  expect(ran.testId, "an unscored RAN test in the demo kindergarten").not.toBe("");
});

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

    // By mouse.
    await waitForQuestion(page);
    await expectNoAxeViolationsInWarning(page);
    await yes(page).click();
    await entriesKept();
    await expectNoAxeViolations(page);

    // By keyboard: the warning has focus on 'Yes'; Enter answers it and goes no further.
    await waitForQuestion(page);
    await expect(yes(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await entriesKept();
    // Focus is back in the letter dialog, where the letters' keys work again.
    await expect(letters.locator(":focus")).toHaveCount(1);

    // Escape answers 'Yes' too, and does not reach the letter dialog (which would ask to discard).
    await waitForQuestion(page);
    await page.keyboard.press("Escape");
    await entriesKept();
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

    // By mouse.
    await waitForQuestion(page);
    await expectNoAxeViolationsInWarning(page);
    await yes(page).click();
    await entriesKept();
    await expectNoAxeViolations(page);

    await waitForQuestion(page);
    await expect(yes(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await entriesKept();
    await expect(dialog.locator(":focus")).toHaveCount(1);

    // Escape would close the RAN dialog (and lose the entries) if it reached it.
    await waitForQuestion(page);
    await page.keyboard.press("Escape");
    await entriesKept();
  });
});
