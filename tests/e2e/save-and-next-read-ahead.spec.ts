import { expect, test, type Page } from "@playwright/test";
import { apiToken } from "./support/api-world";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { cellsOf, classroomWithStudents, columnIndex, openClassroomById, useDemoClassrooms } from "./support/classroom";

// Issue 40 item 4: while a teacher scores one student, the next student's Letter Names dialog is
// read ahead, so 'Save and next student' opens it with no call to the server at all: the save is
// kept on the device and sent in the background. What the save comes to still reaches her: the
// grid shows the score once saved, and a change someone else made meanwhile waits in the header's
// list to be settled, not written over.

const { ids } = useDemoClassrooms();
const dialogOf = (page: Page) => page.getByRole("dialog", { name: /Edit Mode/ });
const queueStatus = (page: Page) => page.locator("header.app-header .save-queue[role=status]");

/** Every page request the browser makes from now on (fetches and documents), by path and method. */
function recordRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() !== "fetch" && r.resourceType() !== "document") return;
    const url = new URL(r.url());
    if (url.pathname === "/__manifest") return;
    seen.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

async function studentsLetterNames(page: Page, participantId: string) {
  const token = await apiToken(page.request, DEMO.teacher);
  const res = await page.request.get(`/api/participants/profile/${participantId}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { periods: { ParticipantTests: { testCode: string; correctItems: number | null }[] }[] };
  return body.periods.flatMap((p) => p.ParticipantTests.filter((t) => t.testCode === "letter-names")).map((t) => t.correctItems);
}

/** Opens row `row`'s Letter Names dialog and waits until the next student's dialog has been read ahead. */
async function openAndReadAhead(page: Page, row: number) {
  const index = await columnIndex(page, "Letter Names");
  const links = cellsOf(page, index).locator("a");
  const participantOf = async (r: number) => new URL((await links.nth(r).getAttribute("href"))!, "http://x").searchParams.get("student")!;
  const [current, next] = [await participantOf(row), await participantOf(row + 1)];
  const readAhead = page.waitForResponse((r) => r.url().includes("/letters.data") && r.url().includes(`student=${next}`));
  await links.nth(row).click();
  await expect(dialogOf(page).getByRole("checkbox", { name: "A", exact: true })).toBeFocused();
  expect((await readAhead).status()).toBe(200);
  return { current, next, index };
}

test("Save and next student opens the next dialog with no call but the save, and the grid shows the score", async ({ page }) => {
  await signIn(page, DEMO.teacher);
  const room = await classroomWithStudents(page, ids, 3);
  await openClassroomById(page, room.classroomId, room.name);
  const { current, index } = await openAndReadAhead(page, 0);
  for (const key of ["1", "1", "1", "0", "1"]) await page.keyboard.press(key);
  await page.keyboard.press("End");
  await page.keyboard.press("1");
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("button", { name: "Save and next student" })).toBeFocused();
  const requests = recordRequests(page);
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/saves");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("checkbox", { name: "A", exact: true })).toBeFocused();
  await expect(dialog).toContainText("Keys01");
  // The next dialog opened from what was read ahead: no .data request for it, only the save.
  expect((await saved).status()).toBe(200);
  expect(requests.filter((r) => r.includes("/letters.data") && !r.includes(`student=${current}`) && r.includes("student="))).toEqual([
    // the read-ahead of the student after the next one, and nothing for the dialog just opened
    expect.stringContaining("/letters.data"),
  ]);
  expect(requests.filter((r) => r.startsWith("POST /saves"))).toHaveLength(1);
  // Saved in the background: the grid shows it, the header has nothing waiting.
  await expect(cellsOf(page, index).first()).toContainText("5/26");
  await expect(queueStatus(page)).not.toContainText("Waiting to save");
  expect(await studentsLetterNames(page, current)).toEqual([5]);
});

test("a change made meanwhile to the student just left waits in the header, not written over", async ({ page }) => {
  await signIn(page, DEMO.teacher);
  const room = await classroomWithStudents(page, ids, 3);
  await openClassroomById(page, room.classroomId, room.name);
  const { current } = await openAndReadAhead(page, 0);
  for (const key of ["1", "1"]) await page.keyboard.press(key);
  // Meanwhile a school admin enters this student's Letter Names (all correct).
  const admin = await apiToken(page.request, DEMO.schoolAdmin);
  const responses = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("").map((l) => ({ questionCode: `LN_${l}`, score: 1 }));
  const other = await page.request.post("/api/participantTest/manual", {
    headers: { authorization: `Bearer ${admin}` },
    data: { testCode: "letter-names", participantId: current, grade: "K", responses },
  });
  expect(other.status(), await other.text()).toBe(201);
  const dialog = dialogOf(page);
  await dialog.getByRole("button", { name: "Save and next student" }).click();
  // She is on the next student at once; the save meets the change and waits for her in the header.
  await expect(dialog.getByRole("checkbox", { name: "A", exact: true })).toBeFocused();
  const status = queueStatus(page);
  await expect(status).toContainText("Waiting to save (1)");
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await status.getByText("Waiting to save (1)").click();
  await expect(status).toContainText("Someone else saved letter scores");
  await expect(status).toContainText("2/26 correct");
  await expect(status).toContainText("26/26 correct");
  expect(await studentsLetterNames(page, current)).toEqual([26]);
  await expectNoAxeViolations(page);
});
