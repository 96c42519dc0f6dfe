import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations, expectNoAxeViolationsWithoutScripts } from "./support/axe";

// Issue 14: admins do not change peers of their own rank. The API refuses (tests/api/
// admin-peers-and-leaks.test.ts); the page must not offer what would only end in that refusal.

test.describe("peers of one's own rank", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });
      test("a school admin sees a fellow school admin listed without Invite, Edit or Delete, and a teacher with them", async ({ page }) => {
        await signIn(page, DEMO.schoolAdmin);
        await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Schools" }).click();
        await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
        const users = page.getByRole("table", { name: "Users" });
        const peer = users.getByRole("row", { name: /Lee, Marcus/ });
        await expect(peer).toBeVisible();
        await expect(peer.getByRole("link")).toHaveCount(0);
        await expect(peer.getByRole("button")).toHaveCount(0);
        const teacher = users.getByRole("row", { name: /Morgan, Tess/ });
        await expect(teacher.getByRole("link", { name: /^Edit/ })).toBeVisible();
        await expect(teacher.getByRole("link", { name: /^Delete/ })).toBeVisible();
        await (javaScriptEnabled ? expectNoAxeViolations : expectNoAxeViolationsWithoutScripts)(page);
      });
    });
  }

  test("a district admin's list offers Edit for school admins and teachers", async ({ page }) => {
    await signIn(page, DEMO.districtAdmin);
    await page.getByRole("navigation", { name: "District sections" }).getByRole("link", { name: "Users" }).click();
    const users = page.getByRole("table", { name: "Users" });
    await expect(users.getByRole("row", { name: /Lee, Marcus/ }).getByRole("link", { name: /^Edit/ })).toBeVisible();
    await expect(users.getByRole("row", { name: /Whitfield, Dana/ }).getByRole("link")).toHaveCount(0);
  });
});
