import { expect, test, type Page } from "@playwright/test";
import {
  dialog,
  emailOf,
  expectDialogTexts,
  fillStudent,
  fillUser,
  save,
  saveAndInviteUser,
  STUDENT_REQUIRED_TEXTS,
  toast,
  unique,
  USER_REQUIRED_TEXTS,
} from "./support/admin";
import { outboxText } from "./support/api-world";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { codeAndLink } from "./support/smtp";
import { first } from "#app/domain/presence";

// Issue 4 (Administration) on the school and classroom pages: the school admin's classroom,
// student and user management, the teacher's read-only view, the multi-school admin, and
// accessibility of every page and dialog on the way (spec 000 §2, §5, §6, §8; spec 001 §2, §5, §6).

const schoolTabs = (page: Page) => page.getByRole("navigation", { name: "School sections" });
const crumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");

const CEDAR = "Cedar Elementary";
const DISTRICT = "Maple Valley School District";

/** The newest mail the main e2e server wrote to its outbox for `to`, as codeAndLink reads mail. */
function outboxMail(to: string) {
  const raw = outboxText(to);
  const split = raw.indexOf("\n\n");
  return { to: [to], subject: raw.slice(0, split).match(/^Subject: (.*)$/m)?.[1] ?? "", text: raw.slice(split + 2) };
}

/**
 * As a school admin: a classroom of the test's own (Tess Morgan teaching), so that students the
 * test adds never change a seeded classroom other specs count. Returns its name.
 */
async function createOwnClassroom(page: Page, schoolPath: string, prefix = "Room") {
  const name = unique(prefix);
  await page.goto(`${schoolPath}?dialog=create-classroom`);
  await dialog(page).getByLabel("Name").fill(name);
  await dialog(page).getByRole("checkbox", { name: "Morgan, Tess" }).check();
  await save(page);
  await expect(toast(page, "Classroom has been successfully created.")).toBeVisible();
  return name;
}

/** As a school admin: deletes a row of the school page's `tab` through its delete confirmation. */
async function deleteFromSchool(page: Page, schoolPath: string, tab: "classrooms" | "students", rowName: string, deletedName: string) {
  // The lists are paged (issue 15): searched for the row's (last) name, the row is on the page.
  await page.goto(`${schoolPath}?tab=${tab}&q=${encodeURIComponent(first(rowName.split(","), "a last name"))}`);
  await page.getByRole("link", { name: `Delete ${rowName}`, exact: true }).click();
  await dialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, `${deletedName} was successfully deleted.`)).toBeVisible();
}

async function signInSchoolAdmin(page: Page) {
  await signIn(page, DEMO.schoolAdmin);
  await expect(page).toHaveURL(/\/school\/[^/?]+$/);
  return new URL(page.url()).pathname;
}

test.describe("school admin", () => {
  test("lands on the school page: Classrooms and Students tabs with exactly the admin controls", async ({ page }) => {
    await signIn(page, DEMO.schoolAdmin);
    await expect(page).toHaveURL(/\/school\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CEDAR);
    await expect(crumbs(page)).toHaveText(["Schools", CEDAR]);
    await expect(schoolTabs(page).getByRole("link")).toHaveText(["Classrooms", "Students", "Summary", "Follow-up"]);
    await expect(schoolTabs(page).getByRole("link", { name: "Classrooms" })).toHaveAttribute("aria-current", "page");

    const classrooms = page.getByRole("table", { name: "Classrooms" });
    await expect(classrooms.getByRole("columnheader")).toHaveText([/^Name/, "Grades", "Teachers", "Edit"]);
    const row = classrooms.getByRole("row", { name: /Kindergarten Room 4/ });
    await expect(row.getByRole("cell").nth(1)).toHaveText("Tess Morgan");
    await expect(row.getByRole("link", { name: "Edit Kindergarten Room 4", exact: true })).toBeVisible();
    await expect(row.getByRole("link", { name: "Delete Kindergarten Room 4", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Classroom" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Download School CSV" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Student" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download School CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    await schoolTabs(page).getByRole("link", { name: "Students" }).click();
    await expect(schoolTabs(page).getByRole("link", { name: "Students" })).toHaveAttribute("aria-current", "page");
    const students = page.getByRole("table", { name: "Students" });
    await expect(students.getByRole("columnheader")).toHaveText([/^Name/, "Participant Code", "Date of Birth", "Teachers", "Edit"]);
    const first = students.getByRole("row").nth(1);
    await expect(first.getByRole("link", { name: /^Edit / })).toBeVisible();
    await expect(first.getByRole("link", { name: /^Delete / })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Student" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Classroom" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("creates, edits and deletes a classroom; only teachers are offered as teachers", async ({ page }) => {
    await signIn(page, DEMO.schoolAdmin);
    await page.getByRole("link", { name: "Create Classroom" }).click();
    await expect(page).toHaveURL(/dialog=create-classroom/);
    await expect(dialog(page).getByRole("heading", { name: "Create Classroom" })).toBeVisible();
    await expect(dialog(page).getByLabel("Name")).toBeFocused();
    const teachers = dialog(page).getByRole("group", { name: "Teachers" });
    // Only users whose first role is teacher: Tess Morgan and Nia Brooks teach at Cedar; the
    // school admins Priya Shah and Marcus Lee work there too but are not offered.
    await expect(teachers.getByRole("checkbox", { name: "Morgan, Tess" })).toBeEnabled();
    await expect(teachers.getByRole("checkbox", { name: "Brooks, Nia" })).toBeVisible();
    await expect(teachers.getByRole("checkbox", { name: "Shah, Priya" })).toHaveCount(0);
    await expect(teachers.getByRole("checkbox", { name: "Lee, Marcus" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await save(page);
    await expect(dialog(page).getByText("Name is a required field.")).toBeVisible();
    await expect(dialog(page).getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    const name = unique("Classroom");
    await dialog(page).getByLabel("Name").fill(name);
    await teachers.getByRole("checkbox", { name: "Morgan, Tess" }).check();
    await save(page);
    await expect(dialog(page)).toBeHidden();
    await expect(toast(page, "Classroom has been successfully created.")).toBeVisible();
    await expect(page).not.toHaveURL(/dialog=/);
    const table = page.getByRole("table", { name: "Classrooms" });
    const row = table.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("link", { name, exact: true })).toHaveAttribute("href", /\/classroom\//);
    await expect(row.getByRole("cell").nth(1)).toHaveText("Tess Morgan");

    await row.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Update Classroom" })).toBeVisible();
    await expect(dialog(page).getByLabel("Name")).toHaveValue(name);
    await expect(teachers.getByRole("checkbox", { name: "Morgan, Tess" })).toBeChecked();
    await expectNoAxeViolations(page);
    await dialog(page).getByLabel("Name").fill("");
    await save(page);
    await expect(dialog(page).getByText("Name is a required field.")).toBeVisible();
    await dialog(page).getByLabel("Name").fill(`${name} B`);
    await teachers.getByRole("checkbox", { name: "Morgan, Tess" }).uncheck();
    await save(page);
    await expect(toast(page, "Classroom has been successfully updated.")).toBeVisible();
    const renamed = table.getByRole("row", { name: new RegExp(`${name} B`) });
    await expect(renamed.getByRole("link", { name: `${name} B`, exact: true })).toBeVisible();
    await expect(renamed.getByRole("cell").nth(1)).toHaveText("");

    await renamed.getByRole("link", { name: `Delete ${name} B`, exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Delete Classroom" })).toBeVisible();
    await expect(dialog(page).getByText(`Are you sure you want to delete ${name} B?`)).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `${name} B was successfully deleted.`)).toBeVisible();
    await expect(table.getByRole("link", { name: `${name} B`, exact: true })).toHaveCount(0);
  });

  test("creates, edits and deletes a student with every validation text", async ({ page }) => {
    const schoolPath = await signInSchoolAdmin(page);
    const room = await createOwnClassroom(page, schoolPath);
    await schoolTabs(page).getByRole("link", { name: "Students" }).click();
    await page.getByRole("link", { name: "Create Student" }).click();
    await expect(page).toHaveURL(/dialog=create-student/);
    await expect(dialog(page).getByRole("heading", { name: "Create Student" })).toBeVisible();
    await expect(dialog(page).getByLabel("First Name")).toBeFocused();
    await expect(dialog(page).getByLabel("School")).toHaveValue(/.+/);
    await expect(dialog(page).getByLabel("School").locator("option:checked")).toHaveText(CEDAR);
    await expectNoAxeViolations(page);

    // Every required field empty (the school chosen back to none).
    await dialog(page).getByLabel("School").selectOption("");
    await save(page);
    await expectDialogTexts(page, STUDENT_REQUIRED_TEXTS);
    // Classroom is required only when the actor is a teacher.
    await expect(dialog(page).getByText("Classroom is a required field.")).toHaveCount(0);
    for (const label of ["First Name", "Last Name", "Date of Birth", "Grade", "School"]) {
      await expect(dialog(page).getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    }
    await expectNoAxeViolations(page);

    const last = unique("Student");
    await fillStudent(page, { firstName: "Avery", lastName: last, dateOfBirth: "02/30/2019", grade: "K", school: CEDAR, classroom: room });
    await save(page);
    await expect(dialog(page).getByText("Invalid Date! Please correct the Date of Birth and try again.")).toBeVisible();
    await expect(dialog(page).getByText("First Name is a required field.")).toHaveCount(0);
    // What was typed stays.
    await expect(dialog(page).getByLabel("Last Name")).toHaveValue(last);
    await expect(dialog(page).getByLabel("Grade")).toHaveValue("K");
    await dialog(page).getByLabel("Date of Birth").fill("not a date");
    await save(page);
    // The message is still there from the last save: the answer to this one is the focus coming back
    // to the field (item 11), and typing on before it would land in the field the focus moves to.
    await expect(dialog(page).getByLabel("Date of Birth")).toBeFocused();
    await expect(dialog(page).getByText("Invalid Date! Please correct the Date of Birth and try again.")).toBeVisible();
    await dialog(page).getByLabel("Date of Birth").fill("03/14/2019");
    await dialog(page).getByLabel("Email").fill("nope");
    await save(page);
    await expect(dialog(page).getByText("Please enter a valid email address.")).toBeVisible();
    await dialog(page).getByLabel("Email").fill("  Avery.Parent@Example.org ");
    await dialog(page).getByLabel("Student ID").fill("S-1001");
    await dialog(page).getByRole("checkbox", { name: "ELL" }).check();
    await save(page);
    await expect(dialog(page)).toBeHidden();
    await expect(toast(page, "Student has been successfully created.")).toBeVisible();
    const table = page.getByRole("table", { name: "Students" });
    const rowName = `${last}, Avery`;
    const row = table.getByRole("row", { name: new RegExp(rowName) });
    await expect(row.getByRole("link", { name: rowName, exact: true })).toHaveAttribute("href", /\/student\//);
    await expect(row.getByRole("cell").nth(1)).toHaveText("03/14/2019");
    await expect(row.getByRole("cell").nth(2)).toHaveText("Tess Morgan");

    await row.getByRole("link", { name: `Edit ${rowName}`, exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Update Student" })).toBeVisible();
    await expect(dialog(page).getByLabel("Date of Birth")).toHaveValue("03/14/2019");
    await expect(dialog(page).getByLabel("Email")).toHaveValue("avery.parent@example.org");
    await expect(dialog(page).getByLabel("Student ID")).toHaveValue("S-1001");
    await expect(dialog(page).getByLabel("Grade")).toHaveValue("K");
    await expect(dialog(page).getByLabel("Classroom").locator("option:checked")).toHaveText(room);
    await expect(dialog(page).getByRole("checkbox", { name: "ELL" })).toBeChecked();
    await expectNoAxeViolations(page);
    await fillStudent(page, { firstName: "", dateOfBirth: "14/03/2019" });
    await save(page);
    await expect(dialog(page).getByText("First Name is a required field.")).toBeVisible();
    await expect(dialog(page).getByText("Invalid Date! Please correct the Date of Birth and try again.")).toBeVisible();
    await fillStudent(page, { firstName: "Blake", dateOfBirth: "03/15/2019" });
    await save(page);
    await expect(toast(page, "Student has been successfully updated.")).toBeVisible();
    const updatedName = `${last}, Blake`;
    const updated = table.getByRole("row", { name: new RegExp(updatedName) });
    await expect(updated.getByRole("cell").nth(1)).toHaveText("03/15/2019");
    await expect(table.getByRole("link", { name: rowName, exact: true })).toHaveCount(0);

    await updated.getByRole("link", { name: `Delete ${updatedName}`, exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Delete Student" })).toBeVisible();
    await expect(dialog(page).getByText(`Are you sure you want to delete Blake ${last}?`)).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `Blake ${last} was successfully deleted.`)).toBeVisible();
    await expect(table.getByRole("link", { name: updatedName, exact: true })).toHaveCount(0);
    await deleteFromSchool(page, schoolPath, "classrooms", room, room);
  });

  test("classroom Students tab: Create Student opens with that classroom chosen", async ({ page }) => {
    const schoolPath = await signInSchoolAdmin(page);
    const room = await createOwnClassroom(page, schoolPath);
    await page.getByRole("link", { name: room, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(room);
    // A single-school admin's trail on a classroom page starts at Classrooms (spec 001 §2; issue 12 item 13).
    await expect(crumbs(page)).toHaveText(["Classrooms", room]);
    const views = page.getByRole("navigation", { name: "Classroom views" });
    await expect(views.getByRole("link")).toHaveText(["Results", "Students"]);
    await expect(
      page.getByText(
        "Nothing to display. Click the Students tab to add a student. Once they have taken the screener, their results will be shown here!",
      ),
    ).toBeVisible();
    await views.getByRole("link", { name: "Students" }).click();
    await expect(page.getByText("No students belong to this classroom yet. Click the button to create the first one!")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Create Student" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Create Student" })).toBeVisible();
    await expect(dialog(page).getByLabel("Classroom").locator("option:checked")).toHaveText(room);
    const last = unique("Pupil");
    await fillStudent(page, { firstName: "Casey", lastName: last, dateOfBirth: "05/06/2018", grade: "1" });
    await save(page);
    await expect(toast(page, "Student has been successfully created.")).toBeVisible();
    await expect(page.getByRole("link", { name: `${last}, Casey`, exact: true })).toBeVisible();

    // The classroom's Students tab lists the new student with the classroom's teacher.
    await page.goto(schoolPath);
    await page.getByRole("link", { name: room, exact: true }).click();
    await page.getByRole("navigation", { name: "Classroom views" }).getByRole("link", { name: "Students" }).click();
    const table = page.getByRole("table", { name: `Students of ${room}` });
    await expect(table.getByRole("columnheader")).toHaveText(["Name", "Participant Code", "Date of Birth", "Teacher"]);
    const row = table.getByRole("row", { name: new RegExp(`${last}, Casey`) });
    await expect(row.getByRole("cell")).toHaveText([/\S+/, "05/06/2018", "Tess Morgan"]);
    await expectNoAxeViolations(page);

    await deleteFromSchool(page, schoolPath, "students", `${last}, Casey`, `Casey ${last}`);
    await deleteFromSchool(page, schoolPath, "classrooms", room, room);
  });

  test("manages users on the district Users tab", async ({ page }) => {
    await signIn(page, DEMO.schoolAdmin);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Schools" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DISTRICT);
    const sections = page.getByRole("navigation", { name: "District sections" });
    await expect(sections.getByRole("link")).toHaveText(["Schools", "Summary", "Users"]);
    // A school admin neither manages schools nor downloads the district CSV (spec 000 §6).
    await expect(page.getByRole("link", { name: "Create School" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download District CSV" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "District Data Export" })).toHaveCount(0);

    await sections.getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Create User" }).click();
    await expect(dialog(page).getByLabel("Role").locator("option")).toHaveText(["Select…", "School Admin", "Teacher"]);
    await save(page);
    await expectDialogTexts(page, USER_REQUIRED_TEXTS);
    await expectNoAxeViolations(page);
    const last = unique("Aide");
    const email = emailOf(last);
    await fillUser(page, { firstName: "Robin", lastName: last, email: email, role: "TEACHER" });
    await save(page);
    await expect(dialog(page).getByText("Schools is a required field.")).toBeVisible();
    const row = await saveAndInviteUser(page, last, CEDAR);
    await expect(row.getByText("Pending")).toBeVisible();

    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(dialog(page).getByLabel("Email")).toBeDisabled();
    await expect(dialog(page).getByLabel("Role")).toBeDisabled();
    await dialog(page).getByLabel("First Name").fill("Robyn");
    await save(page);
    await expect(toast(page, "User has been successfully updated.")).toBeVisible();
    await expect(row).toContainText("Robyn");

    await row.getByRole("link", { name: /^Delete/ }).click();
    await expect(dialog(page).getByText("Re-adding a deleted user requires contacting the product's customer support.")).toBeVisible();
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `Robyn ${last} was successfully deleted.`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(last) })).toHaveCount(0);
  });
});

test.describe("keyboard only", () => {
  /** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails after `max` presses. */
  async function tabTo(page: Page, target: ReturnType<Page["locator"]>, { back = false, max = 40 } = {}) {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    }
    await expect(target).toBeFocused();
  }
  const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"));

  test("a school admin creates a student from the Create Student link to the new row without a mouse", async ({ page }) => {
    const schoolPath = await signInSchoolAdmin(page);
    const room = await createOwnClassroom(page, schoolPath, "Keys Room");
    await page.goto(schoolPath);
    const studentsTab = schoolTabs(page).getByRole("link", { name: "Students" });
    await tabTo(page, studentsTab);
    await page.keyboard.press("Enter");
    await expect(studentsTab).toHaveAttribute("aria-current", "page");

    const create = page.getByRole("link", { name: "Create Student" });
    await tabTo(page, create);
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByRole("heading", { name: "Create Student" })).toBeVisible();
    const d = dialog(page);
    await expect(d.getByLabel("First Name")).toBeFocused();
    const last = unique("Keys");
    await page.keyboard.type("Kai");
    await page.keyboard.press("Tab");
    await expect(d.getByLabel("Middle Name")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(d.getByLabel("Last Name")).toBeFocused();
    await page.keyboard.type(last);
    await page.keyboard.press("Tab");
    await expect(d.getByLabel("Date of Birth")).toBeFocused();
    await page.keyboard.type("13/40/2019");
    await page.keyboard.press("Tab");
    await expect(d.getByLabel("Grade")).toBeFocused();
    await page.keyboard.type("K");
    await expect(d.getByLabel("Grade")).toHaveValue("K");
    await page.keyboard.press("Tab");
    await expect(d.getByLabel("School")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(d.getByLabel("Classroom")).toBeFocused();
    await page.keyboard.type("Keys");
    await expect(d.getByLabel("Classroom").locator("option:checked")).toHaveText(room);
    await tabTo(page, d.getByRole("checkbox", { name: "IEP" }));
    await page.keyboard.press("Space");
    await expect(d.getByRole("checkbox", { name: "IEP" })).toBeChecked();

    // Submit with the bad date: the error shows and focus stays in the dialog.
    const saveButton = d.getByRole("button", { name: "Save" });
    await tabTo(page, saveButton);
    await page.keyboard.press("Enter");
    await expect(d.getByText("Invalid Date! Please correct the Date of Birth and try again.")).toBeVisible();
    expect(await focusInDialog(page)).toBe(true);
    // The focus trap: Tab from the last control stays inside the dialog.
    await tabTo(page, saveButton);
    await page.keyboard.press("Tab");
    expect(await focusInDialog(page)).toBe(true);

    await tabTo(page, d.getByLabel("Date of Birth"), { back: true });
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("04/22/2019");
    await tabTo(page, saveButton);
    await page.keyboard.press("Space");
    await expect(dialog(page)).toBeHidden();
    await expect(toast(page, "Student has been successfully created.")).toBeVisible();
    const row = page.getByRole("table", { name: "Students" }).getByRole("row", { name: new RegExp(`${last}, Kai`) });
    await expect(row.getByRole("cell").nth(1)).toHaveText("04/22/2019");
    await expect(row.getByRole("cell").nth(2)).toHaveText("Tess Morgan");
    // Focus is back on the link that opened the dialog, not lost to the page.
    await expect(create).toBeFocused();

    await deleteFromSchool(page, schoolPath, "students", `${last}, Kai`, `Kai ${last}`);
    await deleteFromSchool(page, schoolPath, "classrooms", room, room);
  });
});

test.describe("teacher", () => {
  test("sees classrooms read-only; Create Student needs a classroom and the classroom is required", async ({ page, browser }) => {
    await signIn(page, DEMO.teacher);
    await expect(page).toHaveURL(/\/school\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CEDAR);
    await expect(schoolTabs(page).getByRole("link")).toHaveText(["Classrooms", "Students", "Summary"]);
    const classrooms = page.getByRole("table", { name: "Classrooms" });
    await expect(classrooms.getByRole("columnheader")).toHaveText([/^Name/, "Grades", "Teachers"]);
    await expect(classrooms.getByRole("link", { name: "Kindergarten Room 4", exact: true })).toBeVisible();
    await expect(classrooms.getByRole("link", { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create Classroom" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Download School CSV" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The classroom dialog is not reachable for a teacher, not even from the URL.
    const here = new URL(page.url());
    await page.goto(`${here.pathname}?dialog=create-classroom`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CEDAR);
    await expect(dialog(page)).toHaveCount(0);

    // A classroom of this test's own for Tess Morgan, so no seeded classroom gains a student.
    const admin = await browser.newPage();
    const schoolPath = await signInSchoolAdmin(admin);
    const room = await createOwnClassroom(admin, schoolPath, "Tess Room");

    // Students: Create Student (the teacher has classrooms); Edit but no Delete.
    await page.goto(`${here.pathname}?tab=students`);
    const students = page.getByRole("table", { name: "Students" });
    await expect(
      students
        .getByRole("row")
        .nth(1)
        .getByRole("link", { name: /^Edit / }),
    ).toBeVisible();
    await expect(students.getByRole("link", { name: /^Delete / })).toHaveCount(0);
    await page.getByRole("link", { name: "Create Student" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Create Student" })).toBeVisible();
    // Only the teacher's own classrooms are offered.
    const options = dialog(page).getByLabel("Classroom").locator("option");
    for (const own of ["Select…", "First Grade Room 7", "Kindergarten Room 4", room])
      await expect(options.filter({ hasText: own })).toHaveCount(1);
    for (const other of ["Pre-K Sunflowers", "Second Grade Room 9", "K/1 Combined"])
      await expect(options.filter({ hasText: other })).toHaveCount(0);
    const last = unique("Learner");
    await dialog(page).getByLabel("First Name").fill("Drew");
    await dialog(page).getByLabel("Last Name").fill(last);
    await dialog(page).getByLabel("Date of Birth").fill("09/01/2019");
    await dialog(page).getByLabel("Grade").selectOption("K");
    await save(page);
    await expect(dialog(page).getByText("Classroom is a required field.")).toBeVisible();
    await expect(dialog(page).getByLabel("Classroom")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await dialog(page).getByLabel("Classroom").selectOption({ label: room });
    await save(page);
    await expect(toast(page, "Student has been successfully created.")).toBeVisible();
    const row = students.getByRole("row", { name: new RegExp(`${last}, Drew`) });
    await expect(row.getByRole("cell").nth(2)).toHaveText("Tess Morgan");
    await row.getByRole("link", { name: `Edit ${last}, Drew`, exact: true }).click();
    await expect(dialog(page).getByRole("heading", { name: "Update Student" })).toBeVisible();
    await dialog(page).getByLabel("First Name").fill("Drue");
    await save(page);
    await expect(toast(page, "Student has been successfully updated.")).toBeVisible();
    await expect(students.getByRole("link", { name: `${last}, Drue`, exact: true })).toBeVisible();

    await deleteFromSchool(admin, schoolPath, "students", `${last}, Drue`, `Drue ${last}`);
    await deleteFromSchool(admin, schoolPath, "classrooms", room, room);
    await admin.close();
  });

  test("the district page has only the Schools and Summary tabs", async ({ page, browser }) => {
    // The district's URL, as the multi-school admin lands on it.
    const admin = await browser.newPage();
    await signIn(admin, DEMO.multiSchoolAdmin);
    await expect(admin).toHaveURL(/\/district\/[^/?]+$/);
    const districtPath = new URL(admin.url()).pathname;
    await admin.close();

    await signIn(page, DEMO.teacher, { to: districtPath });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DISTRICT);
    await expect(page.getByRole("navigation", { name: "District sections" }).getByRole("link")).toHaveText(["Schools", "Summary"]);
    await page.goto(`${districtPath}?tab=users`);
    await expect(page.getByRole("navigation", { name: "District sections" }).getByRole("link")).toHaveText(["Schools", "Summary"]);
    await expect(page.getByRole("table", { name: "Users" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create User" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create School" })).toHaveCount(0);
  });

  test("a teacher without a classroom sees the Oops text and no Create Student", async ({ page }) => {
    // A new teacher at Cedar, invited by the school admin, who sets a password from the invitation.
    await signIn(page, DEMO.schoolAdmin);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Schools" }).click();
    await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
    await page.getByRole("link", { name: "Create User" }).click();
    const last = unique("Newteach");
    const email = emailOf(last);
    await fillUser(page, { firstName: "Jo", lastName: last, email: email, role: "TEACHER" });
    await dialog(page).getByRole("checkbox", { name: CEDAR }).check();
    await save(page);
    await expect(toast(page, "User has been successfully created.")).toBeVisible();
    await page
      .getByRole("row", { name: new RegExp(last) })
      .getByRole("button", { name: /^Invite User/ })
      .click();
    await expect(toast(page, "Invite successfully sent!")).toBeVisible();

    const { link } = codeAndLink(outboxMail(email));
    await page.context().clearCookies();
    await page.goto(link.pathname + link.search);
    await page.getByLabel("New password", { exact: true }).fill("Teach#Room2026");
    await page.getByLabel("Confirm new password").fill("Teach#Room2026");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByText("Password changed!")).toBeVisible();
    await signIn(page, email, { password: "Teach#Room2026" });

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CEDAR);
    await expect(
      page.getByText("No classrooms belong to this school yet. Contact your school administrator if you think this may be a mistake."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Classroom" })).toHaveCount(0);
    await schoolTabs(page).getByRole("link", { name: "Students" }).click();
    await expect(
      page.getByText(
        "Oops! You need a classroom before you can create any students. Contact your school administrator to set up a classroom.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Student" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("multi-school admin", () => {
  test("lands on the district page; the school page breadcrumb is Schools > school", async ({ page }) => {
    await signIn(page, DEMO.multiSchoolAdmin);
    await expect(page).toHaveURL(/\/district\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DISTRICT);
    await expect(page.getByRole("navigation", { name: "District sections" }).getByRole("link")).toHaveText(["Schools", "Summary", "Users"]);
    await page.getByRole("link", { name: "Lakeview Elementary", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lakeview Elementary");
    await expect(crumbs(page)).toHaveText(["Schools", "Lakeview Elementary"]);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Schools" })).toHaveAttribute(
      "href",
      /\/district\//,
    );
    await expect(page.getByRole("link", { name: "Create Classroom" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
