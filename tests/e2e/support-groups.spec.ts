import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { demoClassroomIds, readDemoDb } from "./support/demo-db";

// Letters to work on (issue 40 item 3) and support groups (issue 39 item 7), by keyboard: the
// grid's letters and the class's most missed, then saving a suggested group, renaming it, moving a
// student into it, logging a session, and the printed sheets.

let classroomId = "";
let otherClassroomId = "";
test.beforeAll(async () => {
  const ids = await readDemoDb(demoClassroomIds);
  classroomId = ids["Kindergarten Room 4"]!;
  otherClassroomId = ids["First Grade Room 7"]!;
});

/** Focuses a control and types into it as a person would: the old text selected and replaced. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

test("a teacher sees the letters to work on, saves and changes a support group, logs a session and prints the sheets", async ({ page }) => {
  await signIn(page, DEMO.teacher, { to: `/classroom/${classroomId}` });
  // The grid: letters still missed under the letter cells, all of them in the cell's words.
  const letters = page.locator("table.results-grid td .cell__letters");
  await expect(letters.first()).toBeVisible();
  await expect(letters.first().locator(".visually-hidden")).toHaveText(/^Letters to work on: [A-Z]{1,2}(, [A-Z]{1,2})*$/);
  // The class's most missed letters.
  const mostMissed = page.getByRole("region", { name: "Letters most missed" });
  await expect(mostMissed).toContainText(/Letter names: [A-Z] \(\d+ students?\)/);
  await expectNoAxeViolations(page);

  await mostMissed.getByRole("link", { name: "Support groups" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support groups: Kindergarten Room 4");

  // Save the first suggested group under a name of the teacher's.
  const suggested = page.locator(".support-groups__suggested article").first();
  const firstStudent = (await suggested.getByRole("list", { name: "Students" }).getByRole("link").first().innerText()).trim();
  const name = `Dolphins ${Date.now().toString(36)}`;
  await typeInto(page, suggested.getByLabel("Group name"), name);
  await page.keyboard.press("Enter");
  const group = page.getByRole("article", { name });
  await expect(group).toBeVisible();
  await expect(group.getByRole("list", { name: "Students" })).toContainText(firstStudent);
  await expect(group).toContainText(/Letters to work on: Letter (names|sounds): /);

  // Rename it.
  const renamed = `${name} renamed`;
  await typeInto(page, group.getByLabel("Group name"), renamed);
  await page.keyboard.press("Enter");
  const saved = page.getByRole("article", { name: renamed });
  await expect(saved).toBeVisible();

  // Move a student into it: the select's first student, by the arrow key.
  const move = saved.getByLabel("Move a student into this group");
  await move.focus();
  await page.keyboard.press("ArrowDown");
  const moved = (await move.locator("option:checked").innerText()).trim();
  expect(moved).not.toBe("Select…");
  await page.keyboard.press("Tab");
  await expect(saved.getByRole("button", { name: "Move here" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("article", { name: renamed }).getByRole("list", { name: "Students" })).toContainText(moved);

  // Log a session.
  const again = page.getByRole("article", { name: renamed });
  await typeInto(page, again.getByLabel("Minutes"), "twenty");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Letter sounds with picture cards");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  // Words are refused with the message under the field; what was typed stays.
  await expect(again.getByLabel("Minutes")).toHaveAttribute("aria-invalid", "true");
  await expect(again).toContainText("Enter the minutes as a whole number from 1 to 1440.");
  await expect(again.getByLabel("What was worked on")).toHaveValue("Letter sounds with picture cards");
  await typeInto(page, again.getByLabel("Minutes"), "20");
  await page.keyboard.press("Enter");
  await expect(again.getByRole("list", { name: `Sessions of ${renamed}` })).toContainText(
    /\d{4}-\d{2}-\d{2}: 20 minutes\. Worked on: Letter sounds with picture cards/,
  );
  await expectNoAxeViolations(page);
  const member = await again.getByRole("list", { name: "Students" }).getByRole("link").first().getAttribute("href");

  // The printed sheets: one group to a page, no forms.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("article", { name: renamed }).getByRole("button", { name: "Log session" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Letters most missed" })).toBeHidden();
  const sheets = page.locator("article.support-group");
  expect(await sheets.count()).toBeGreaterThan(1);
  expect(await sheets.first().evaluate((el) => getComputedStyle(el).breakAfter)).toBe("page");
  await expect(page.getByRole("article", { name: renamed }).locator(".support-group__letters")).toBeVisible();

  // The session on the student's progress page: a marker on the charts and a line in the list.
  await page.emulateMedia({ media: "screen" });
  await page.goto(`${member}/progress`);
  await expect(page.getByRole("region", { name: "Support sessions" })).toContainText(
    `${renamed}, 20 minutes. Worked on: Letter sounds with picture cards`,
  );
  expect(await page.locator("svg .chart-session").count()).toBeGreaterThan(0);
  await expect(page.locator("table").getByText(`Support session: ${renamed}, 20 min`).first()).toBeAttached();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the groups page's forms post: save a suggested group, a refused session keeps what was typed, then logs", async ({ page }) => {
    await signIn(page, DEMO.teacher, { to: `/classroom/${otherClassroomId}/groups` });
    const suggested = page.locator(".support-groups__suggested article").first();
    const name = `No script ${Date.now().toString(36)}`;
    await suggested.getByLabel("Group name").fill(name);
    await suggested.getByRole("button", { name: "Save group" }).click();
    const group = page.getByRole("article", { name });
    await expect(group).toBeVisible();
    await group.getByLabel("Minutes").fill("0");
    await group.getByLabel("What was worked on").fill("Blending");
    await group.getByRole("button", { name: "Log session" }).click();
    await expect(page.getByRole("article", { name })).toContainText("Enter the minutes as a whole number from 1 to 1440.");
    await expect(page.getByRole("article", { name }).getByLabel("What was worked on")).toHaveValue("Blending");
    await page.getByRole("article", { name }).getByLabel("Minutes").fill("15");
    await page.getByRole("article", { name }).getByRole("button", { name: "Log session" }).click();
    await expect(page.getByRole("article", { name }).getByRole("list", { name: `Sessions of ${name}` })).toContainText(
      "15 minutes. Worked on: Blending",
    );
  });
});
