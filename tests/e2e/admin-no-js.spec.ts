import { expect, test, type Page } from "@playwright/test";
import {
  unique,
  dialog,
  save,
  toast as flash,
  STUDENT_REQUIRED_TEXTS,
  USER_REQUIRED_TEXTS,
  expectDialogTexts,
  emailOf,
  fillStudent,
  fillUser,
  saveAndInviteUser,
} from "./support/admin";
import { DEMO, signIn } from "./support/auth";

// Issue 4: the administration dialogs work with JavaScript disabled. The dialog is rendered
// open by the server from the URL (?dialog=…), the form posts, the validation texts render,
// and a success shows as a flash message on the next page (docs/conventions.md 'Forms').

test.use({ javaScriptEnabled: false });

const CEDAR = "Cedar Elementary";

/** Opens a dialog through its link (a plain link: the server renders the page with the dialog open). */
async function openDialog(page: Page, linkName: string, dialogParam: string, heading: string) {
  await page.getByRole("link", { name: linkName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`dialog=${dialogParam}`));
  await expect(dialog(page).getByRole("heading", { name: heading })).toBeVisible();
}

/** Opens the Create dialog of a school or classroom, is told the name is required, and types a new one: the name. */
async function nameRequired(page: Page, what: "School" | "Classroom", prefix: string) {
  await openDialog(page, `Create ${what}`, `create-${what.toLowerCase()}`, `Create ${what}`);
  await save(page);
  await expect(dialog(page).getByText("Name is a required field.")).toBeVisible();
  const name = unique(prefix);
  await dialog(page).getByLabel("Name").fill(name);
  return name;
}

async function confirmDelete(page: Page, linkName: string, heading: string, name: string) {
  await openDialog(page, linkName, "delete-", heading);
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(flash(page, `${name} was successfully deleted.`)).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
}

test("super admin creates a district without JavaScript", async ({ page }) => {
  await signIn(page, DEMO.superAdmin);
  await expect(page).toHaveURL(/\/super-admin$/);
  await openDialog(page, "Create District", "create-district", "Create District");
  await save(page);
  await expect(page).toHaveURL(/dialog=create-district/);
  await expect(dialog(page).getByText("Name is a required field.")).toBeVisible();
  await expect(dialog(page).getByText("State is a required field.")).toBeVisible();
  await expect(dialog(page).getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  const name = unique("District");
  await dialog(page).getByLabel("Name").fill(name);
  await dialog(page).getByLabel("State").selectOption("VT");
  await dialog(page).getByLabel("Website").fill("not a website");
  await save(page);
  await expect(dialog(page).getByText("Please enter a valid website address, such as https://www.example.org.")).toBeVisible();
  await expect(dialog(page).getByLabel("Name")).toHaveValue(name);
  await expect(dialog(page).getByLabel("State")).toHaveValue("VT");
  await dialog(page).getByLabel("Website").fill("");
  await save(page);
  await expect(flash(page, "District has been successfully created.")).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

  await confirmDelete(page, `Delete ${name}`, "Delete District", name);
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("a dialog opens straight from its URL and Cancel closes it without JavaScript", async ({ page }) => {
  await signIn(page, DEMO.superAdmin, { to: "/super-admin?dialog=create-district" });
  await expect(dialog(page).getByRole("heading", { name: "Create District" })).toBeVisible();
  // JavaScript really is off: Escape (a scripted close) does nothing here.
  await dialog(page).getByLabel("Name").focus();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/super-admin$/);
  await expect(dialog(page)).toHaveCount(0);
});

test("district admin creates a school without JavaScript", async ({ page }) => {
  await signIn(page, DEMO.districtAdmin);
  await expect(page).toHaveURL(/\/district\//);
  const school = await nameRequired(page, "School", "School");
  await save(page);
  await expect(flash(page, "School has been successfully created.")).toBeVisible();
  await expect(page.getByRole("link", { name: school, exact: true })).toHaveAttribute("href", /\/school\//);

  await openDialog(page, `Edit ${school}`, "edit-school", "Update School");
  await dialog(page).getByLabel("Name").fill(`${school} B`);
  await save(page);
  await expect(flash(page, "School has been successfully updated.")).toBeVisible();
  await confirmDelete(page, `Delete ${school} B`, "Delete School", `${school} B`);
});

test.describe("school admin without JavaScript", () => {
  test("creates a user on the district Users tab", async ({ page }) => {
    await signIn(page, DEMO.schoolAdmin);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Schools" }).click();
    await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
    await openDialog(page, "Create User", "create-user", "Create User");
    await save(page);
    await expectDialogTexts(page, USER_REQUIRED_TEXTS);
    const last = unique("Nojs");
    await fillUser(page, { firstName: "Lee", lastName: last, email: "not-an-email", role: "TEACHER" });
    await save(page);
    await expect(dialog(page).getByText("Please enter a valid email address.")).toBeVisible();
    await expect(dialog(page).getByText("Schools is a required field.")).toBeVisible();
    await expect(dialog(page).getByLabel("Role")).toHaveValue("TEACHER");
    await dialog(page).getByLabel("Email").fill(emailOf(last));
    // The invite button is a form too.
    await saveAndInviteUser(page, last, CEDAR);
    await expect(page.getByRole("row", { name: new RegExp(last) }).getByText("Pending")).toBeVisible();

    await page
      .getByRole("row", { name: new RegExp(last) })
      .getByRole("link", { name: /^Delete/ })
      .click();
    await expect(dialog(page).getByRole("heading", { name: "Delete User" })).toBeVisible();
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(flash(page, `Lee ${last} was successfully deleted.`)).toBeVisible();
  });

  test("creates a classroom and a student in it", async ({ page }) => {
    await signIn(page, DEMO.schoolAdmin);
    await expect(page).toHaveURL(/\/school\//);
    const classroom = await nameRequired(page, "Classroom", "Room");
    await dialog(page).getByRole("checkbox", { name: "Morgan, Tess" }).check();
    await save(page);
    await expect(flash(page, "Classroom has been successfully created.")).toBeVisible();
    const classroomRow = page.getByRole("row", { name: new RegExp(classroom) });
    await expect(classroomRow.getByRole("cell").nth(1)).toHaveText("Tess Morgan");

    await openDialog(page, `Edit ${classroom}`, "edit-classroom", "Update Classroom");
    await expect(dialog(page).getByRole("checkbox", { name: "Morgan, Tess" })).toBeChecked();
    await dialog(page).getByLabel("Name").fill("");
    await save(page);
    await expect(dialog(page).getByText("Name is a required field.")).toBeVisible();
    await dialog(page).getByLabel("Name").fill(`${classroom} B`);
    await save(page);
    await expect(flash(page, "Classroom has been successfully updated.")).toBeVisible();

    // A student in the new classroom.
    await page.getByRole("navigation", { name: "School sections" }).getByRole("link", { name: "Students" }).click();
    await openDialog(page, "Create Student", "create-student", "Create Student");
    await dialog(page).getByLabel("School").selectOption("");
    await save(page);
    await expectDialogTexts(page, STUDENT_REQUIRED_TEXTS);
    const last = unique("Plain");
    await fillStudent(page, {
      firstName: "Noor",
      lastName: last,
      dateOfBirth: "2/31/2018",
      grade: "1",
      school: CEDAR,
      classroom: `${classroom} B`,
    });
    await save(page);
    await expect(dialog(page).getByText("Invalid Date! Please correct the Date of Birth and try again.")).toBeVisible();
    await expect(dialog(page).getByLabel("Classroom").locator("option:checked")).toHaveText(`${classroom} B`);
    await dialog(page).getByLabel("Date of Birth").fill("02/28/2018");
    await save(page);
    await expect(flash(page, "Student has been successfully created.")).toBeVisible();
    const rowName = `${last}, Noor`;
    const row = page.getByRole("row", { name: new RegExp(rowName) });
    await expect(row.getByRole("cell").nth(1)).toHaveText("02/28/2018");
    await expect(row.getByRole("cell").nth(2)).toHaveText("Tess Morgan");

    await openDialog(page, `Edit ${rowName}`, "edit-student", "Update Student");
    await dialog(page).getByLabel("First Name").fill("Nora");
    await save(page);
    await expect(flash(page, "Student has been successfully updated.")).toBeVisible();
    await confirmDelete(page, `Delete ${last}, Nora`, "Delete Student", `Nora ${last}`);

    // With its only student gone, the classroom can go too.
    await page.getByRole("navigation", { name: "School sections" }).getByRole("link", { name: "Classrooms" }).click();
    await confirmDelete(page, `Delete ${classroom} B`, "Delete Classroom", `${classroom} B`);
  });
});
