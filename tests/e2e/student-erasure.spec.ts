import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { encodeWav } from "#app/domain/audio-wav";
import { audioStorageKey, parseAudioFileName, ranAudioFileName } from "#app/domain/ran-audio-name";
import { signInAdmin, useApiWorld } from "./support/api-world";
import { expectNoAxeViolations, expectNoAxeViolationsWithoutScripts } from "./support/axe";

// Issue 41 item 3, seen in a browser: a district admin goes from the student page to the
// student's records, exports everything (a zip arrives) and deletes the student for good after a
// confirmation that states the counts, then reads the receipt and goes back to the classroom.
// With the keyboard alone, and without JavaScript. The district is the spec's own.

const world = useApiWorld(
  {
    label: "Erase",
    admin: { firstName: "Edna", lastName: "Eraser", password: "Erasing#2026!" },
    students: [
      { firstName: "Wren", lastName: "Keyboard", grade: "K" },
      { firstName: "Nell", lastName: "Noscript", grade: "K" },
    ],
  },
  async (built, request) => {
    // Each student: one RAN result with two item scores and one recording in the file store.
    for (const participantId of built.studentIds) {
      const res = await request.post("/api/participantTest/results", {
        headers: { authorization: `Bearer ${built.token}` },
        data: {
          clientTestId: `erase-${participantId}`,
          participantId,
          testCode: "object-ran",
          grade: "K",
          startDtTm: "2026-03-02T09:00:00Z",
          endDtTm: "2026-03-02T09:05:00Z",
          completedFlag: true,
          responses: [
            { questionCode: "object-ran_prac_1", score: 1, responseTimeInSecs: 7 },
            { questionCode: "object-ran_1", score: 1, responseTimeInSecs: 30 },
          ],
        },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
      const { participantTestId } = (await res.json()) as { participantTestId: string };
      const key = audioStorageKey(parseAudioFileName(ranAudioFileName(participantId, participantTestId, "object-ran_1")!)!);
      const file = path.join(process.cwd(), `.tmp/e2e-data-${process.env.E2E_PORT ?? 3210}`, "files", ...key.split("/"));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, encodeWav([new Float32Array(8000)], 8000, 8));
    }
    return {};
  },
);

const COUNTS = "This removes 1 result, 2 scores and 1 recording";

async function openRecords(page: Page, studentId: string) {
  await signInAdmin(page, world, `/student/${studentId}`);
  await page.getByRole("link", { name: "Export or delete this student's records" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Student records: / })).toBeVisible();
}

test("a district admin exports a student's records and deletes the student for good, by keyboard", async ({ page }) => {
  const [studentId] = world.studentIds;
  await openRecords(page, studentId!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Student records: Wren Keyboard");
  await expect(page.getByText("1 result", { exact: true })).toBeVisible();
  await expect(page.getByText("2 scores", { exact: true })).toBeVisible();
  await expect(page.getByText("1 recording", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const waiting = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export everything (zip)" }).click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(/^student-records-[A-Z0-9]+\.zip$/);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
  expect(bytes.includes(Buffer.from("README.txt"))).toBe(true);

  // Keyboard only: the link opens the confirmation, whose focus stays inside until it is answered.
  await page.getByRole("link", { name: "Delete this student for good" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete Wren Keyboard for good" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Delete Wren Keyboard for good? ${COUNTS}`);
  await expectNoAxeViolations(page);
  const button = dialog.getByRole("button", { name: "Delete for good" });
  for (let i = 0; i < 5 && !(await button.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { level: 1, name: "Student deleted for good" })).toBeVisible();
  const receipt = page.getByRole("heading", { level: 2, name: "Deletion receipt" }).locator("..");
  await expect(receipt).toContainText("Wren Keyboard was deleted for good.");
  await expect(receipt).toContainText(studentId!);
  await expect(receipt.getByRole("row", { name: "participant_test 1" })).toBeVisible();
  await expect(receipt.getByRole("row", { name: "participant_test_question_response 2" })).toBeVisible();
  await expect(receipt.getByRole("button", { name: "Print receipt" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Back to Erase Room" }).click();
  await expect(page).toHaveURL(new RegExp(`/classroom/${world.classroomId}`));
  // The classroom's students: the other one, and not the deleted one.
  await page.getByRole("link", { name: "Students" }).click();
  await expect(page.getByText(/Noscript/).first()).toBeVisible();
  await expect(page.getByText(/Keyboard/)).toHaveCount(0);

  // The student is gone: their records page says so.
  await page.goto(`/student/${studentId}/records`);
  await expect(page.getByText(/^Student not found\. A student deleted for good/)).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the confirmation is a page of its own and the receipt follows", async ({ page }) => {
    const [, studentId] = world.studentIds;
    await openRecords(page, studentId!);
    await page.getByRole("link", { name: "Delete this student for good" }).click();
    await expect(page).toHaveURL(/dialog=erase-student/);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Delete Nell Noscript for good? ${COUNTS}`);
    await expectNoAxeViolationsWithoutScripts(page);
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Student deleted for good" })).toBeVisible();
    await expect(page.getByText("Use your browser's Print command to print this receipt.")).toBeVisible();
    await expect(page.getByRole("row", { name: "participant 1" })).toBeVisible();
    await expectNoAxeViolationsWithoutScripts(page);
  });
});
