import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ASSESSMENTS, type TestCode } from "#app/domain/assessments";
import { apiToken } from "./support/api-world";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { readDemoDb } from "./support/demo-db";

// Issue 34 item 7: blind second scoring has its own path. From the classroom, 'Score RAN blind'
// lists the RAN tests someone else scored, with no figure; 'Score blind' opens the RAN dialog on
// the blind form; the official time and errors show only once the blind score is saved, beside it.

const ROOM = "First Grade Room 7";
/** The official score the school admin gives: a time the screener's own (30–70 secs) never is. */
const OFFICIAL = { secs: 97, errors: 5 };

type RanTest = { testId: string; classroomId: string; testTitle: string; student: string };
let target: RanTest;

// An unscored, finished RAN test of the demo teacher's first grade in the current period (EOY),
// read from a copy of the template the server started from. ran-second-scorer.spec.ts scores the
// first of them by id, so this takes the last.
test.beforeAll(async () => {
  await readDemoDb(async (db) => {
    const { rows } = await db.query<{ test_id: string; classroom_id: string; test_code: string; first: string; last: string }>(
      `select t.participant_test_id as test_id, g.participant_group_id as classroom_id, t.test_code,
              p.first_name as first, p.last_name as last
       from participant_test t
       join participant p on p.participant_id = t.participant_id
       join participant_group_member m on m.participant_id = t.participant_id
       join participant_group g on g.participant_group_id = m.participant_group_id
       join assessment_period ap on ap.period_name = 'EOY' and t.start_dt_tm >= ap.start_date and t.start_dt_tm < ap.end_date + 1
       where t.test_code like '%ran' and t.completed_flag and t.ability_percentile is null and t.invalid is null
         and g.name = $1
       order by t.participant_test_id desc
       limit 1`,
      [ROOM],
    );
    const row = rows[0];
    expect(row, `an unscored RAN test in ${ROOM}`).toBeDefined();
    target = {
      testId: row!.test_id,
      classroomId: row!.classroom_id,
      testTitle: ASSESSMENTS[row!.test_code as TestCode].title,
      student: `${row!.last}, ${row!.first}`,
    };
  });
});

const dialog = (page: Page) => page.getByRole("dialog", { name: "Test Details: RAN Scoring" });

/** Gives the test response of a RAN test its official score through the REST API, as `email`. */
async function officialScore(request: APIRequestContext, email: string, testId: string, evalResponseTime: number, numOfErrors: number) {
  const headers = { authorization: `Bearer ${await apiToken(request, email)}` };
  const test = await request.get(`/api/participantTest/RAN/${testId}`, { headers });
  expect(test.status()).toBe(200);
  const { responses } = (await test.json()) as { responses: { participantTestQuestionResponseId: string; questionCode: string }[] };
  const response = responses.find((r) => !r.questionCode.includes("prac"))!;
  const saved = await request.put(`/api/participantTest/addScoreToQuestionResponse/${response.participantTestQuestionResponseId}`, {
    headers,
    data: { score: 1, evalResponseTime, numOfErrors, invalid: false },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Moves focus forward with Tab until `target` has it, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 150) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the target");
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(text);
}

/** Nothing the page shows gives the official score away: not its time in any of the forms the pages write it, nor its errors. */
async function expectNoOfficialFigures(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(new RegExp(`\\b${OFFICIAL.secs}\\s*s(ecs)?\\b`));
  expect(text).not.toContain("Scored Response Time");
  expect(text).not.toContain(`Num. of Errors: ${OFFICIAL.errors}`);
  expect(text).not.toContain("Official score");
}

test("a second scorer scores blind from the classroom by keyboard alone; the official score shows only once saved", async ({ page }) => {
  // The school admin (Priya Shah) gives the official score; the demo teacher (Tess Morgan) is the second scorer.
  await officialScore(page.request, DEMO.schoolAdmin, target.testId, OFFICIAL.secs, OFFICIAL.errors);
  await signIn(page, DEMO.teacher, { to: `/classroom/${target.classroomId}?tab=students` });
  await expect(page.getByRole("heading", { level: 1, name: ROOM })).toBeVisible();
  await expectNoOfficialFigures(page);

  await tabTo(page, page.getByRole("link", { name: "Score RAN blind" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Score RAN blind" })).toBeVisible();
  const scoreBlind = page.getByRole("link", { name: `Score blind: ${target.testTitle}, ${target.student}` });
  await expect(scoreBlind).toBeVisible();
  await expectNoOfficialFigures(page);
  await expectNoAxeViolations(page);

  await tabTo(page, scoreBlind);
  await page.keyboard.press("Enter");
  await expect(dialog(page).getByText("Blind second score: the official score stays hidden until you save.")).toBeVisible();
  const time = dialog(page).getByLabel("Response Time (secs)");
  await expect(time).toHaveValue("");
  // No way to the figures from here: no link to /test-details, no Edit.
  await expect(dialog(page).getByRole("link", { name: "Open as a page" })).toHaveCount(0);
  await expect(dialog(page).getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expectNoOfficialFigures(page);
  await expectNoAxeViolations(page);

  await typeInto(page, time, String(OFFICIAL.secs - 3));
  await typeInto(page, dialog(page).getByLabel("Num. of Errors"), String(OFFICIAL.errors));
  await expectNoOfficialFigures(page);
  await page.keyboard.press("Enter");

  // Saved: the comparison, with the official score beside the blind one (3 secs apart: they disagree).
  await expect(page.getByText("Scores saved!").first()).toBeVisible();
  await expect(dialog(page).getByText("The two scorers disagree.")).toBeVisible();
  // The agreement rule is the product's, and the page says so (no standard gives one).
  await expect(
    dialog(page).getByText("response times within 2 secs: this product's rule for comparing two scorers, not a published standard."),
  ).toBeVisible();
  await expect(dialog(page).getByText(`Official score (Priya Shah): ${OFFICIAL.secs} secs, ${OFFICIAL.errors} errors`)).toBeVisible();
  await expect(
    dialog(page).getByText(`Blind second score (Tess Morgan): ${OFFICIAL.secs - 3} secs, ${OFFICIAL.errors} errors`),
  ).toBeVisible();
  await expect(dialog(page).getByRole("link", { name: "Edit" })).toHaveCount(0);

  // Closed, the list has the test as done, with the verdict and no figure.
  await tabTo(page, dialog(page).getByRole("link", { name: "Close" }).last());
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toHaveCount(0);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: `See the comparison: ${target.testTitle}, ${target.student}` }) });
  await expect(row).toContainText("Blind score saved");
  await expect(row).toContainText("The two scorers disagree.");
  await expect(scoreBlind).toHaveCount(0);
  await expectNoOfficialFigures(page);
  await expectNoAxeViolations(page);
});

test("a teacher of another school gets the access-denied screen on the blind scoring page", async ({ page }) => {
  // The demo teacher teaches at Cedar only; Kindergarten Blue is Lakeview's.
  const blue = await readDemoDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(
      "select participant_group_id as id from participant_group where name = 'Kindergarten Blue'",
    );
    return rows[0]?.id ?? "";
  });
  await signIn(page, DEMO.teacher);
  const res = await page.goto(`/classroom/${blue}/blind-ran`);
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a school admin scores blind a score that came with the upload; the official one shows once saved", async ({ page }) => {
    // Second Grade Room 9 (Cedar): its RAN tests scored by the seed count as someone else's for everyone.
    const room = await readDemoDb(async (db) => {
      const { rows } = await db.query<{ id: string }>(
        "select participant_group_id as id from participant_group where name = 'Second Grade Room 9'",
      );
      return rows[0]?.id ?? "";
    });
    await signIn(page, DEMO.schoolAdmin, { to: `/classroom/${room}/blind-ran` });
    await expect(page.getByRole("heading", { level: 1, name: "Score RAN blind" })).toBeVisible();
    const first = page.getByRole("link", { name: /^Score blind: / }).first();
    const name = (await first.getAttribute("aria-label"))!.replace(/^Score blind: /, "");
    await first.click();
    await expect(dialog(page).getByText("Blind second score: the official score stays hidden until you save.")).toBeVisible();
    await expect(dialog(page)).not.toContainText("Scored Response Time");
    await dialog(page).getByLabel("Response Time (secs)").fill("44");
    await dialog(page).getByRole("button", { name: "Save Second Score" }).click();
    await expect(page.getByText("Scores saved!").first()).toBeVisible();
    await expect(dialog(page).getByText(/^(Scored Response Time: \d+ secs|Response marked as Invalid\.)$/)).toBeVisible();
    await dialog(page).getByRole("link", { name: "Close" }).last().click();
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `See the comparison: ${name}` }) });
    await expect(row).toContainText("Blind score saved");
    // The seed's score has no scoring event to compare with: no verdict.
    await expect(row).not.toContainText("The two scorers");
  });
});
