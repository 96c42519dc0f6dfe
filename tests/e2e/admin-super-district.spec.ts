import { expect, test } from "@playwright/test";
import { unique, dialog, toast, USER_REQUIRED_TEXTS, expectDialogTexts, emailOf, fillUser } from "./support/admin";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";

test.describe("super admin", () => {
  test("sees Super Admin View with both tabs; creates, edits and deletes a district with every validation text", async ({ page }) => {
    await signIn(page, DEMO.superAdmin);
    await expect(page).toHaveURL(/\/super-admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Super Admin View");
    const tabs = page.getByRole("navigation", { name: "Super admin sections" });
    await expect(tabs.getByRole("link")).toHaveText(["Districts", "Super Admins"]);
    await expect(tabs.getByRole("link", { name: "Districts" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Maple Valley School District", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Create District" }).click();
    await expect(page).toHaveURL(/dialog=create-district/);
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: "Create District" })).toBeVisible();
    await expect(dialog(page).getByLabel("Name")).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByText("Name is a required field.")).toBeVisible();
    await expect(dialog(page).getByText("State is a required field.")).toBeVisible();
    await expect(dialog(page).getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    const name = unique("District");
    await dialog(page).getByLabel("Name").fill(name);
    await dialog(page).getByLabel("State").selectOption("PR");
    await dialog(page).getByLabel("Website").fill("not a website");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByText("Please enter a valid website address, such as https://www.example.org.")).toBeVisible();
    // A failed save keeps what was typed.
    await expect(dialog(page).getByLabel("Name")).toHaveValue(name);
    await dialog(page).getByLabel("Website").fill("example.org");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(toast(page, "District has been successfully created.")).toBeVisible();
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
    // Success toasts hide after 3000 ms.
    await expect(toast(page, "District has been successfully created.")).toBeHidden({ timeout: 5000 });

    // A new district is empty: both of its tabs say so (spec 000 §2 'Empty states').
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText("No schools belong to this district yet. Click the button to create the first one!")).toBeVisible();
    await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByText("No users belong to this district yet. Click the button to create the first one!")).toBeVisible();
    await page.goto("/super-admin");

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(dialog(page).getByRole("heading", { name: "Update District" })).toBeVisible();
    await expect(dialog(page).getByLabel("State")).toHaveValue("PR");
    await dialog(page).getByLabel("Name").fill(`${name} B`);
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "District has been successfully updated.")).toBeVisible();
    await expect(page.getByRole("link", { name: `${name} B`, exact: true })).toBeVisible();

    await page.getByRole("link", { name: `Delete ${name} B` }).click();
    await expect(dialog(page).getByRole("heading", { name: "Delete District" })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `${name} B was successfully deleted.`)).toBeVisible();
    await expect(page.getByRole("link", { name: `${name} B`, exact: true })).toHaveCount(0);
  });

  test("Escape closes a dialog and returns focus to the link that opened it", async ({ page }) => {
    await signIn(page, DEMO.superAdmin);
    const opener = page.getByRole("link", { name: "Create District" });
    await opener.click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(opener).toBeFocused();
  });

  test("a district that still has schools is not deleted; the server message stays until closed", async ({ page }) => {
    // Page timers this test can move forward (time otherwise runs as usual).
    await page.clock.install();
    await signIn(page, DEMO.superAdmin);
    await page.getByRole("link", { name: "Delete Maple Valley School District" }).click();
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    const error = page.locator(".toast--error");
    await expect(error).toContainText("Delete its schools before deleting the district.");
    // Jump the page's clock past the time that hides success toasts: the error stays.
    await page.clock.fastForward(3500);
    await expect(error).toBeVisible();
    await error.getByRole("button", { name: /Close/ }).click();
    await expect(error).toBeHidden();
  });

  test("Super Admins tab: creates, edits and deletes a super admin", async ({ page }) => {
    await signIn(page, DEMO.superAdmin);
    await page.getByRole("link", { name: "Super Admins" }).click();
    await expect(page.getByRole("link", { name: "Super Admins" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("table", { name: "Super Admins" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Create Super Admin" }).click();
    await dialog(page).getByRole("button", { name: "Save" }).click();
    for (const text of ["First Name is a required field.", "Last Name is a required field.", "Email is a required field."]) {
      await expect(dialog(page).getByText(text)).toBeVisible();
    }
    await expectNoAxeViolations(page);
    const last = unique("Admin");
    await dialog(page).getByLabel("First Name").fill("Sam");
    await dialog(page).getByLabel("Last Name").fill(last);
    await dialog(page).getByLabel("Email").fill(emailOf(last));
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "User has been successfully created.")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(last) });
    await expect(row).toBeVisible();
    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(dialog(page).getByLabel("Email")).toBeDisabled();
    await expect(dialog(page).getByText("Please contact the product's customer support to change email.")).toBeVisible();
    await dialog(page).getByLabel("First Name").fill("Samuel");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "User has been successfully updated.")).toBeVisible();
    await page
      .getByRole("row", { name: new RegExp(last) })
      .getByRole("link", { name: /^Delete/ })
      .click();
    await expect(dialog(page).getByText("Re-adding a deleted user requires contacting the product's customer support.")).toBeVisible();
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `${last}, Samuel was successfully deleted.`)).toBeVisible();
  });

  test("district page: Schools, Users and Reports tabs, both downloads, the completion report", async ({ page }) => {
    await signIn(page, DEMO.superAdmin);
    await page.getByRole("link", { name: "Maple Valley School District", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maple Valley School District");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("listitem")).toHaveText(["Districts", "Maple Valley School District"]);
    await expect(page.getByRole("navigation", { name: "District sections" }).getByRole("link")).toHaveText([
      "Schools",
      "Summary",
      "Users",
      "Reports",
      "Screening Calendar",
      "Norms and cutoffs",
      "Follow-up",
      "Follow-up policy",
    ]);
    await expect(page.getByRole("link", { name: "Download District CSV" })).toBeVisible();
    await expect(page.getByRole("link", { name: "District Data Export" })).toBeVisible();
    await expectNoAxeViolations(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download District CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    await page.getByRole("link", { name: "Reports" }).click();
    await expect(page.getByText("The report CSV is refreshed every 24 hours.")).toBeVisible();
    await expect(page.getByLabel("Period")).toHaveValue("BOY");
    await expect(page.getByRole("table", { name: "Completion by school" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Completion by grade" })).toBeVisible();
    // Issue 15: classrooms are a school's drill-down (?school=), not a table of the whole district.
    await expect(page.getByRole("table", { name: /Completion by classroom/ })).toHaveCount(0);
    await page.getByRole("table", { name: "Completion by school" }).getByRole("link", { name: "Cedar Elementary" }).click();
    await expect(page).toHaveURL(/school=/);
    await expect(page.getByRole("table", { name: "Completion by classroom in Cedar Elementary" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel("Period").selectOption("MOY");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/period=MOY/);
    await expect(page.getByRole("table", { name: "Completion by school" }).getByRole("row", { name: /Cedar Elementary/ })).toBeVisible();
  });
});

test.describe("district admin", () => {
  test("manages schools and users; sees no Reports tab and no data export", async ({ page }) => {
    await signIn(page, DEMO.districtAdmin);
    await expect(page.getByRole("navigation", { name: "District sections" }).getByRole("link")).toHaveText([
      "Schools",
      "Summary",
      "Users",
      "Screening Calendar",
      "Norms and cutoffs",
      "Follow-up",
      "Follow-up policy",
    ]);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText([
      "Schools",
      "Maple Valley School District",
    ]);
    await expect(page.getByRole("link", { name: "Download District CSV" })).toBeVisible();
    await expect(page.getByRole("link", { name: "District Data Export" })).toHaveCount(0);

    // Schools
    await page.getByRole("link", { name: "Create School" }).click();
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByText("Name is a required field.")).toBeVisible();
    await expectNoAxeViolations(page);
    const school = unique("School");
    await dialog(page).getByLabel("Name").fill(school);
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "School has been successfully created.")).toBeVisible();
    await page.getByRole("link", { name: `Edit ${school}` }).click();
    await dialog(page).getByLabel("Name").fill(`${school} B`);
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "School has been successfully updated.")).toBeVisible();
    await expect(page.getByRole("link", { name: `${school} B`, exact: true })).toHaveAttribute("href", /\/school\//);

    // Users
    await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
    const districtAdminRow = page.getByRole("row", { name: /district\.admin@demo\.example/ });
    await expect(districtAdminRow.getByText("All", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Create User" }).click();
    await expect(dialog(page).getByLabel("Role").locator("option")).toHaveText(["Select…", "School Admin", "Teacher"]);
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expectDialogTexts(page, USER_REQUIRED_TEXTS);
    await expectNoAxeViolations(page);
    const last = unique("Teach");
    const email = emailOf(last);
    await fillUser(page, { firstName: "Tina", lastName: last, email: "nope", role: "TEACHER" });
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByText("Please enter a valid email address.")).toBeVisible();
    await expect(dialog(page).getByText("Schools is a required field.")).toBeVisible();
    await dialog(page).getByLabel("Email").fill(email);
    await dialog(page).getByRole("checkbox", { name: "Cedar Elementary" }).check();
    await dialog(page).getByRole("checkbox", { name: "Lakeview Elementary" }).check();
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "User has been successfully created.")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(last) });
    await expect(row.getByText("+1 more")).toBeVisible();
    await expect(row.getByRole("button", { name: /^Invite User/ })).toBeVisible();
    await row.getByRole("button", { name: /^Invite User/ }).click();
    await expect(toast(page, "Invite successfully sent!")).toBeVisible();
    await expect(row.getByText("Pending")).toBeVisible();
    await row.getByRole("button", { name: /^Resend Invite/ }).click();
    await expect(toast(page, "Invite successfully resent!")).toBeVisible();

    await row.getByRole("link", { name: /^Edit/ }).click();
    await expect(dialog(page).getByLabel("Email")).toBeDisabled();
    await expect(dialog(page).getByLabel("Role")).toBeDisabled();
    await expect(dialog(page).getByText("Please contact the product's customer support to change email.").first()).toBeVisible();
    await dialog(page).getByRole("checkbox", { name: "Lakeview Elementary" }).uncheck();
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "User has been successfully updated.")).toBeVisible();
    await expect(row.getByText("+1 more")).toHaveCount(0);

    await row.getByRole("link", { name: /^Delete/ }).click();
    await expect(dialog(page).getByText("Re-adding a deleted user requires contacting the product's customer support.")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `Tina ${last} was successfully deleted.`)).toBeVisible();

    // Back to schools: delete the empty school.
    await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Schools" }).click();
    await page.getByRole("link", { name: `Delete ${school} B` }).click();
    await dialog(page).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, `${school} B was successfully deleted.`)).toBeVisible();
  });

  test("cannot open the super admin page", async ({ page }) => {
    await signIn(page, DEMO.districtAdmin, { to: "/super-admin" });
    await expect(
      page.getByText("You are not authorized to view this page, contact your school or district administrator for assistance."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Return home" })).toBeVisible();
  });
});
