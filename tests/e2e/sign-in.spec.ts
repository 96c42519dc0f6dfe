import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, signInWithForm, signOut } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { holdScripts } from "./support/classroom";

test.describe("sign-in and role homes", () => {
  test("each demo role lands on its home page", async ({ page }) => {
    const cases: [string, RegExp, string][] = [
      [DEMO.superAdmin, /\/super-admin$/, "Super Admin View"],
      [DEMO.districtAdmin, /\/district\/[0-9a-f-]{36}$/, "Maple Valley School District"],
      [DEMO.schoolAdmin, /\/school\/[0-9a-f-]{36}$/, "Cedar Elementary"],
      [DEMO.multiSchoolAdmin, /\/district\/[0-9a-f-]{36}$/, "Maple Valley School District"],
      [DEMO.teacher, /\/school\/[0-9a-f-]{36}$/, "Cedar Elementary"],
    ];
    for (const [email, url, heading] of cases) {
      await signInWithForm(page, email);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await signOut(page);
    }
  });

  test("empty fields are both flagged, a wrong password is refused and cleared", async ({ page }) => {
    await page.goto("/login");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await expect(page.getByText("Please enter your password")).toBeVisible();

    await page.getByLabel("Email").fill(DEMO.teacher);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Incorrect email or password.");
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.teacher);
    await expectNoAxeViolations(page);
  });

  test("an unauthenticated visitor goes to /login and comes back after signing in", async ({ page }) => {
    await signInWithForm(page, DEMO.districtAdmin);
    const districtUrl = page.url();
    await signOut(page);

    await page.goto(districtUrl);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(DEMO.districtAdmin);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(districtUrl);
  });

  test("a teacher opening a page outside their scope sees the not-authorized text", async ({ page }) => {
    await signInWithForm(page, DEMO.teacher);
    await page.goto("/super-admin");
    await expect(
      page.getByText("You are not authorized to view this page, contact your school or district administrator for assistance."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Return home" })).toBeVisible();
  });
});

test("the menu opened before the page's scripts arrive stays open when they do", async ({ page }) => {
  await signInWithForm(page, DEMO.teacher);
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  await page.locator("summary.menu__toggle").click();
  const menu = page.getByRole("navigation", { name: "Account menu" });
  await expect(menu).toBeVisible();
  release();
  // Hydrated: React has tagged the toggle with its props. Its effects run right after that commit,
  // so two animation frames later the menu must still be open, and the scripts' Escape closes it.
  await page.waitForFunction(() => {
    const summary = document.querySelector("summary.menu__toggle");
    return !!summary && Object.keys(summary).some((k) => k.startsWith("__reactProps"));
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.locator("details.menu").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form still signs in and out", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await signInWithForm(page, DEMO.schoolAdmin);
    await expect(page).toHaveURL(/\/school\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cedar Elementary");
    await signOut(page);
  });
});
