import { expect, test, type Page } from "@playwright/test";
import { dialog, toast, unique, emailOf } from "./support/admin";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";

// Issue 13: what the administration forms refuse, said next to the field, instead of a save
// that drops what was typed (item 4) or quietly accepts a duplicate (item 6).

const DISTRICT = "Maple Valley School District";
const SCHOOLS_NOT_FOR_ROLE = "Schools are only for school admins and teachers: a district admin works across all schools.";

async function openDistrictUsers(page: Page) {
  await signIn(page, DEMO.superAdmin);
  await page.getByRole("link", { name: DISTRICT, exact: true }).click();
  await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
}

test.describe("schools of a district admin (item 4)", () => {
  test("the district admin's Update User dialog does not offer schools it would not save", async ({ page }) => {
    await openDistrictUsers(page);
    const row = page.getByRole("row", { name: new RegExp(DEMO.districtAdmin.replace(/\./g, "\\.")) });
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(dialog(page).getByRole("heading", { name: "Update User" })).toBeVisible();
    await expect(dialog(page).getByRole("group", { name: "Schools" })).toHaveCount(0);
    await expect(dialog(page).getByRole("checkbox")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await dialog(page).getByLabel("First Name").fill("Dana");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "User has been successfully updated.")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("schools ticked for a new district admin are refused beside the field, not dropped", async ({ page }) => {
      await openDistrictUsers(page);
      await page.getByRole("link", { name: "Create User" }).click();
      const last = unique("Admin");
      await dialog(page).getByLabel("First Name").fill("Dora");
      await dialog(page).getByLabel("Last Name").fill(last);
      await dialog(page).getByLabel("Email").fill(emailOf(last));
      await dialog(page).getByLabel("Role").selectOption("ORG_ADMIN");
      await dialog(page).getByRole("checkbox", { name: "Cedar Elementary" }).check();
      await dialog(page).getByRole("button", { name: "Save" }).click();
      const schools = dialog(page).getByRole("group", { name: "Schools" });
      await expect(schools.getByText(SCHOOLS_NOT_FOR_ROLE)).toBeVisible();
      await expect(schools).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("row", { name: new RegExp(last) })).toHaveCount(0);

      await dialog(page).getByRole("checkbox", { name: "Cedar Elementary" }).uncheck();
      await dialog(page).getByRole("button", { name: "Save" }).click();
      await expect(toast(page, "User has been successfully created.")).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(last) }).getByText("All", { exact: true })).toBeVisible();
    });
  });
});

test.describe("duplicate names (item 6)", () => {
  test("a district named like an existing one, in another case and spacing, is refused beside Name", async ({ page }) => {
    await signIn(page, DEMO.superAdmin);
    await page.getByRole("link", { name: "Create District" }).click();
    await dialog(page).getByLabel("Name").fill("  maple VALLEY   school district ");
    await dialog(page).getByLabel("State").selectOption("WA");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    const name = dialog(page).getByLabel("Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("A district with this name already exists.");
    await expect(name).toHaveValue("  maple VALLEY   school district ");
    await expectNoAxeViolations(page);
    await page.goto("/super-admin");
    await expect(page.getByRole("link", { name: DISTRICT, exact: true })).toHaveCount(1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a school named like another of its district is refused beside Name", async ({ page }) => {
      await signIn(page, DEMO.districtAdmin);
      await page.getByRole("link", { name: "Create School" }).click();
      await dialog(page).getByLabel("Name").fill("cedar  ELEMENTARY");
      await dialog(page).getByRole("button", { name: "Save" }).click();
      const name = dialog(page).getByLabel("Name");
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveAccessibleDescription("A school with this name already exists in this district.");
      await page.goto(page.url().replace(/\?.*$/, ""));
      await expect(page.getByRole("link", { name: "Cedar Elementary", exact: true })).toHaveCount(1);
    });
  });
});
