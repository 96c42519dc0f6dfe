import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Screening#2026";
export const DEMO = {
  superAdmin: "super@demo.example",
  districtAdmin: "district.admin@demo.example",
  schoolAdmin: "school.admin@demo.example",
  multiSchoolAdmin: "multi.admin@demo.example",
  teacher: "teacher@demo.example",
} as const;

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Opens the hamburger menu (spec 001 section 2) and signs out with its Logout button. */
export async function signOut(page: Page) {
  await page.locator("summary.menu__toggle").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
