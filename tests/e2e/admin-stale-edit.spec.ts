import { expect, test, type Page } from "@playwright/test";
import { dialog, fillStudent, save, toast, unique } from "./support/admin";
import { DEMO, signIn } from "./support/auth";
import { first } from "#app/domain/presence";

// Issue 14, lost updates: an edit dialog carries the version its row was read at. When someone
// else saved the row after the dialog opened, Save answers with a clear message and the dialog
// shows their values, so the user redoes their change over them; saving again then goes through.
// With JavaScript and without (the server renders the dialog and its reply).

const STALE = "Someone else changed this student after you opened it. Their changes are shown now: make your change again and save.";

async function createStudent(page: Page, last: string) {
  await signIn(page, DEMO.schoolAdmin);
  await expect(page).toHaveURL(/\/school\/[^/?]+$/);
  const schoolPath = new URL(page.url()).pathname;
  await page.goto(`${schoolPath}?tab=students&dialog=create-student`);
  await fillStudent(page, { firstName: "Robin", lastName: last, dateOfBirth: "04/02/2019", grade: "K" });
  await save(page);
  await expect(toast(page, "Student has been successfully created.")).toBeVisible();
  return schoolPath;
}

async function openEdit(page: Page, schoolPath: string, rowName: string) {
  // The list is paged (issue 15): searched for the student's last name, the row is on the page.
  await page.goto(`${schoolPath}?tab=students&q=${encodeURIComponent(first(rowName.split(","), "a last name"))}`);
  await page
    .getByRole("table", { name: "Students" })
    .getByRole("link", { name: `Edit ${rowName}`, exact: true })
    .click();
  await expect(dialog(page).getByRole("heading", { name: "Update Student" })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a stale student edit shows the conflict message with the newer values, and saving again applies the change", async ({
      page,
      browser,
    }) => {
      const last = unique("Stale");
      const schoolPath = await createStudent(page, last);
      await openEdit(page, schoolPath, `${last}, Robin`);

      // Meanwhile a colleague saves the same student (another browser, another session).
      const other = await browser.newContext({ javaScriptEnabled });
      const colleague = await other.newPage();
      await signIn(colleague, DEMO.schoolAdmin);
      await openEdit(colleague, schoolPath, `${last}, Robin`);
      await dialog(colleague).getByLabel("First Name").fill("Jordan");
      await dialog(colleague).getByLabel("Student ID").fill("S-77");
      await save(colleague);
      await expect(toast(colleague, "Student has been successfully updated.")).toBeVisible();
      await other.close();

      // The first dialog was read before that save: its save is refused, and shows the newer values.
      await dialog(page).getByLabel("Email").fill("robin.parent@example.org");
      await save(page);
      await expect(dialog(page).getByText(STALE)).toBeVisible();
      await expect(dialog(page).getByLabel("First Name")).toHaveValue("Jordan");
      await expect(dialog(page).getByLabel("Student ID")).toHaveValue("S-77");
      await expect(dialog(page).getByLabel("Email")).toHaveValue("");

      // Redo the change over the newer values: it saves, and keeps the colleague's.
      await dialog(page).getByLabel("Email").fill("robin.parent@example.org");
      await save(page);
      await expect(toast(page, "Student has been successfully updated.")).toBeVisible();
      await openEdit(page, schoolPath, `${last}, Jordan`);
      await expect(dialog(page).getByLabel("Email")).toHaveValue("robin.parent@example.org");
      await expect(dialog(page).getByLabel("Student ID")).toHaveValue("S-77");
    });
  });
}
