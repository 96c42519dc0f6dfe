import { expect, type Page } from "@playwright/test";

// Locators and names the administration specs share.

/** A name no other test run uses, so tests that create rows stay independent. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
export const dialog = (page: Page) => page.getByRole("dialog");
/** A toast, or with JavaScript off the flash message that stands in for it. */
export const toast = (page: Page, text: string) => page.locator(".toast").filter({ hasText: text });
export const save = (page: Page) => dialog(page).getByRole("button", { name: "Save" }).click();

/** What the student dialog says when every required field is empty (spec 000 §5). */
export const STUDENT_REQUIRED_TEXTS = [
  "First Name is a required field.",
  "Last Name is a required field.",
  "Date of Birth is a required field.",
  "Grade is a required field.",
  "School is a required field.",
] as const;

/** What the user dialog says when every required field is empty (spec 000 §5). */
export const USER_REQUIRED_TEXTS = [
  "First Name is a required field.",
  "Last Name is a required field.",
  "Email is a required field.",
  "Role is a required field.",
] as const;

/** The open dialog shows each of these field messages. */
export async function expectDialogTexts(page: Page, texts: readonly string[]) {
  for (const text of texts) await expect(dialog(page).getByText(text)).toBeVisible();
}

/** A demo-domain address made from a unique last name. */
export const emailOf = (lastName: string) => `${lastName.replace(/\s/g, ".").toLowerCase()}@demo.example`;

/** Fills the student dialog's fields that are given (School and Classroom chosen by their labels). */
export async function fillStudent(
  page: Page,
  student: { firstName?: string; lastName?: string; dateOfBirth?: string; grade?: string; school?: string; classroom?: string },
) {
  const fields = dialog(page);
  if (student.firstName !== undefined) await fields.getByLabel("First Name").fill(student.firstName);
  if (student.lastName !== undefined) await fields.getByLabel("Last Name").fill(student.lastName);
  if (student.dateOfBirth !== undefined) await fields.getByLabel("Date of Birth").fill(student.dateOfBirth);
  if (student.grade !== undefined) await fields.getByLabel("Grade").selectOption(student.grade);
  if (student.school !== undefined) await fields.getByLabel("School").selectOption({ label: student.school });
  if (student.classroom !== undefined) await fields.getByLabel("Classroom").selectOption({ label: student.classroom });
}

/** Saves the user dialog with `school` ticked, then invites the new user from their row (a form's button, with JavaScript or without): the row. */
export async function saveAndInviteUser(page: Page, lastName: string, school: string) {
  await dialog(page).getByRole("checkbox", { name: school }).check();
  await save(page);
  await expect(toast(page, "User has been successfully created.")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(lastName) });
  await expect(row).toContainText(school);
  await row.getByRole("button", { name: /^Invite User/ }).click();
  await expect(toast(page, "Invite successfully sent!")).toBeVisible();
  return row;
}

/** Fills the user dialog's fields. */
export async function fillUser(page: Page, user: { firstName: string; lastName: string; email: string; role: string }) {
  await dialog(page).getByLabel("First Name").fill(user.firstName);
  await dialog(page).getByLabel("Last Name").fill(user.lastName);
  await dialog(page).getByLabel("Email").fill(user.email);
  await dialog(page).getByLabel("Role").selectOption(user.role);
}
