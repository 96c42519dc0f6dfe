import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import {
  cellsOf,
  classroomWithStudents,
  columnIndex,
  COMBINED,
  grid,
  KINDERGARTEN,
  openClassroomById,
  useDemoClassrooms,
} from "./support/classroom";

const { ids, openClassroom } = useDemoClassrooms();

test.describe("classroom results grid", () => {
  test("shows every cell state of the seeded data, distinctly and in words", async ({ page }) => {
    await signIn(page, DEMO.schoolAdmin);
    await openClassroom(page, COMBINED);
    // The current period (EOY in the demo calendar) is selected.
    await expect(page.getByLabel("Period")).toHaveValue("EOY");
    await expect(grid(page).locator("caption")).toHaveText("Results for End of Year (EOY)");
    const states: [string, RegExp][] = [
      ["not-applicable", /Not applicable/],
      ["empty", /^Not started/],
      ["incomplete", /^In progress/],
      ["needs-scoring", /^Needs scoring/],
      ["invalid", /N\/A/],
      ["complete", /\d+(st|nd|rd|th)/],
    ];
    for (const [state, text] of states) {
      const cell = grid(page).locator(`td.cell--${state}:not(.profile-cell)`).first();
      await expect(cell, state).toBeVisible();
      await expect(cell, state).toHaveText(text);
    }
    await expect(grid(page).locator("td.cell--invalid").first()).toContainText("Invalid");
    // Percentile bands are coloured and marked.
    for (const band of ["well-below", "below", "at-or-above"]) {
      await expect(grid(page).locator(`td.band--${band}`).first()).toBeVisible();
    }
    await expect(grid(page).locator("td.band--well-below").first()).toContainText("Well Below Benchmark");
    // Student Info, Predictive Profile and assessment groups; many columns → narrow layout.
    await expect(grid(page).locator("thead tr").first()).toContainText("Student Info");
    await expect(grid(page).locator("thead tr").first()).toContainText("Predictive Profile");
    await expect(grid(page).locator("thead tr").first()).toContainText("Phonemic Awareness");
    await expect(grid(page)).toHaveClass(/results-grid--narrow/);
    await expect(page.getByRole("heading", { name: "Legend" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the period selector and the toggles change the cells (JavaScript on)", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await openClassroom(page, KINDERGARTEN);
    const letterNames = await columnIndex(page, "Letter Names");
    await expect(
      cellsOf(page, letterNames)
        .filter({ hasText: /\d+(st|nd|rd|th)/ })
        .first(),
    ).toBeVisible();

    await page.getByLabel("Score").check();
    await expect(page).toHaveURL(/score=raw/);
    await expect(
      cellsOf(page, letterNames)
        .filter({ hasText: /^\d+\/26/ })
        .first(),
    ).toBeVisible();
    await expect(cellsOf(page, letterNames).filter({ hasText: /\d+(st|nd|rd|th)/ })).toHaveCount(0);

    await page.getByLabel("Period").selectOption("BOY");
    await expect(page).toHaveURL(/period=BOY/);
    await expect(grid(page).locator("caption")).toHaveText("Results for Beginning of Year (BOY)");

    // BOY has the PWR column too, and with it the Risk Category (issue 12 item 6), so the letter columns move.
    const boyLetterNames = await columnIndex(page, "Letter Names");
    expect(boyLetterNames).toBe(letterNames + 2);
    // Letter order: the read-only dialog lists letters in the chosen order.
    const viewLink = cellsOf(page, boyLetterNames).locator("a[href*='mode=view']").first();
    await viewLink.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("thead th").nth(1)).toHaveText("A");
    await expectNoAxeViolations(page);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel("Product order").check();
    await expect(page).toHaveURL(/order=product/);
    await cellsOf(page, boyLetterNames).locator("a[href*='mode=view']").first().click();
    await expect(page.getByRole("dialog").locator("thead th").nth(1)).toHaveText("S");
  });

  test("exports the grid as shown as CSV", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await openClassroom(page, KINDERGARTEN, "?period=MOY&score=raw");
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toContain("period=MOY");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["filename"]).toBe("kindergarten_room_4_results_MOY_score.csv");
    expect(res.headers()["content-disposition"]).toContain("attachment");
    const body = await res.body();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = body.toString("utf8").slice(1);
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(/^Name,Grade,Risk Flag,/);
    expect(lines[0]).toContain("Phonics: Letter Names");
    expect(text).toMatch(/,\d+\/26,/);
    const rows = await grid(page).locator("tbody tr").count();
    expect(lines.filter(Boolean)).toHaveLength(rows + 1);
  });

  test("serves the letter test definitions, cached two hours", async ({ request }) => {
    const res = await request.get("/assessments/letter-sounds/assessment.json");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("public, max-age=7200");
    const body = await res.json();
    expect(body.id).toBe("letter-sounds");
    expect(body.questionGroups).toContainEqual(
      expect.objectContaining({ grade: "K", period: "BOY", items: expect.arrayContaining(["LS_A", "LS_TH"]) }),
    );
    expect((await request.get("/assessments/vocab/assessment.json")).status()).toBe(404);
  });

  test("the students tab lists the classroom's students", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await openClassroom(page, KINDERGARTEN);
    await page.getByRole("link", { name: "Students", exact: true }).click();
    await expect(page).toHaveURL(/tab=students/);
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Name", "Participant Code", "Date of Birth", "Teacher"]);
    await expect(table.locator("tbody tr")).toHaveCount(21);
    await expect(table.locator("tbody tr").first()).toContainText("Tess Morgan");
    await expect(page.getByRole("link", { name: "Create Student" })).toHaveAttribute(
      "href",
      /tab=students&dialog=create-student&classroomId=/,
    );
    await expectNoAxeViolations(page);
  });
});

test.describe("letter score entry", () => {
  test("a letter dialog whose student is not in the grid says the data could not be loaded", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    // Not openClassroom: once scripts run, the modal dialog hides the rest of the page (the h1
    // too) from assistive technology, so the page is known by its dialog until that closes.
    await page.goto(
      `/classroom/${ids.classrooms[KINDERGARTEN]}?dialog=letters&student=00000000-0000-4000-8000-000000000000&test=letter-names`,
    );
    const dialog = page.getByRole("dialog", { name: "Letter Sound/Name Scores" });
    await expect(dialog.getByRole("alert")).toHaveText("Unable to load data. Please refresh to try again.");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(KINDERGARTEN);
    await expect(grid(page)).toBeVisible();
  });

  test("a teacher enters letter scores with the keyboard alone and sees them saved", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    // A classroom of its own: another spec saving the same empty cell at once would race this save.
    const room = await classroomWithStudents(page, ids, 2);
    await openClassroomById(page, room.classroomId, room.name, "?score=raw");
    const letterNames = await columnIndex(page, "Letter Names");
    const target = cellsOf(page, letterNames).filter({ hasText: "Not started" }).first();
    const student = (await target.locator("xpath=ancestor::tr/th/a").innerText()).trim();

    // Tab through the page until the first empty Letter Names cell has focus.
    const href = await target.locator("a").getAttribute("href");
    let found = false;
    for (let i = 0; i < 600 && !found; i++) {
      await page.keyboard.press("Tab");
      found = await page.evaluate((h) => document.activeElement?.getAttribute("href") === h, href);
    }
    expect(found).toBe(true);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: /Edit Mode: Letter Sound\/Name Scores \| EOY/ });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await expect(dialog.getByRole("checkbox", { name: "A", exact: true })).toBeFocused();
    await page.keyboard.press("1"); // A correct, on to B
    await page.keyboard.press("1"); // B correct, on to C
    await page.keyboard.press("0"); // C incorrect, on to D
    await page.keyboard.press("Space"); // D correct
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter"); // E correct
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter"); // E back to incorrect
    await page.keyboard.press("Enter"); // E correct again
    await expect(dialog.getByRole("status")).toHaveText("Correct: 4/26");
    await expect(dialog.getByRole("checkbox", { name: "C", exact: true })).not.toBeChecked();

    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Submit Scores" })).toBeFocused();
    await page.keyboard.press("Enter");

    // Opened in edit mode: after the create it closes, and the grid shows the new score.
    await expect(dialog).toBeHidden();
    const saved = grid(page).locator("tbody tr").filter({ hasText: student }).locator(`> :nth-child(${letterNames})`);
    await expect(saved).toHaveText(/^4\/26/);
    // Keyboard focus is back on the cell that opened the dialog.
    await expect(saved.locator("a")).toBeFocused();
    await page.reload();
    await expect(saved).toHaveText(/^4\/26/);
    // It now opens read-only, with the letters as entered.
    await saved.locator("a").click();
    const view = page.getByRole("dialog", { name: /Letter Sound\/Name Scores \| EOY/ });
    const letterNameCells = view.getByRole("row", { name: /Letter Name/ }).locator("td");
    await expect(letterNameCells.nth(0)).toHaveText(/Correct/);
    await expect(letterNameCells.nth(2)).toHaveText(/Incorrect/);
    await expect(view).toContainText("4/26 correct");
    await expectNoAxeViolations(page);
  });

  test("the same save works with JavaScript disabled", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO.teacher);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const room = await classroomWithStudents(page, ids, 1);
    await openClassroomById(page, room.classroomId, room.name, "?score=raw");
    const letterSounds = await columnIndex(page, "Letter Sounds");
    const target = cellsOf(page, letterSounds).filter({ hasText: "Not started" }).first();
    const student = (await target.locator("xpath=ancestor::tr/th/a").innerText()).trim();
    await target.locator("a").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Edit Mode: Letter Sound/Name Scores | EOY");
    for (const letter of ["A", "M", "S", "TH"]) await dialog.getByRole("checkbox", { name: letter, exact: true }).check();
    await dialog.getByRole("button", { name: "Submit Scores" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const saved = grid(page).locator("tbody tr").filter({ hasText: student }).locator(`> :nth-child(${letterSounds})`);
    await expect(saved).toHaveText(/^4\/29/);
    await context.close();
  });

  test("an update returns to read-only; cancel from read-only returns there", async ({ page }) => {
    await signIn(page, DEMO.teacher);
    await openClassroom(page, "First Grade Room 7", "?score=raw");
    const letterNames = await columnIndex(page, "Letter Names");
    const target = cellsOf(page, letterNames)
      .filter({ has: page.locator("a[href*='mode=view']") })
      .first();
    await target.locator("a").click();
    const view = page.getByRole("dialog");
    await expect(view).toContainText("Submitted");
    await view.getByRole("link", { name: "Edit Letter Names" }).click();
    await expect(page.getByRole("dialog", { name: /Edit Mode/ })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog", { name: /^Letter Sound\/Name Scores/ })).toBeVisible();
    await page.getByRole("link", { name: "Edit Letter Names" }).click();
    const edit = page.getByRole("dialog", { name: /Edit Mode/ });
    const a = edit.getByRole("checkbox", { name: "A", exact: true });
    const wasChecked = await a.isChecked();
    await a.setChecked(!wasChecked);
    await edit.getByRole("button", { name: "Submit Scores" }).click();
    const back = page.getByRole("dialog", { name: /^Letter Sound\/Name Scores/ });
    await expect(back).toBeVisible();
    await expect(
      back
        .getByRole("row", { name: /Letter Name/ })
        .locator("td")
        .first(),
    ).toHaveText(wasChecked ? /Incorrect/ : /Correct/);
  });
});
