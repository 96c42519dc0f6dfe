import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiToken } from "./support/api-world";
import { DEMO, signIn } from "./support/auth";
import { expectNoAxeViolations } from "./support/axe";
import { readDemoDb } from "./support/demo-db";

// Issue 34 items 7 and 8: opened from the grid or the student page, where the figures are shown
// anyway, the dialog shows the official score and offers no blind score (that has its own page,
// ran-blind.spec.ts); only the first scorer and admins change the official score; a save over a
// newer one shows that newer score, so a deliberate retry saves.

type RanTest = { testId: string; studentId: string; classroomId: string };
/** An unscored, finished RAN test per classroom: the demo teacher's first grade, a Cedar Pre-K, a Lakeview kindergarten. */
const ROOMS = ["First Grade Room 7", "Pre-K Sunflowers", "Kindergarten Blue"] as const;
let unscored: Record<(typeof ROOMS)[number], RanTest>;

// Read from a copy of the template the server started from; ran-scoring.spec.ts scores Kindergarten
// Room 4's, so these come from other classrooms.
test.beforeAll(async () => {
  await readDemoDb(async (db) => {
    const rows = await db.query<{ room: string; test_id: string; student_id: string; classroom_id: string }>(
      `select distinct on (g.name) g.name as room, t.participant_test_id as test_id, t.participant_id as student_id,
              g.participant_group_id as classroom_id
       from participant_test t
       join participant_group_member m on m.participant_id = t.participant_id
       join participant_group g on g.participant_group_id = m.participant_group_id
       join assessment_period p on p.period_name = 'EOY' and t.start_dt_tm >= p.start_date and t.start_dt_tm < p.end_date + 1
       where t.test_code like '%ran' and t.completed_flag and t.ability_percentile is null and t.invalid is null
         and g.name = any($1)
       order by g.name, t.participant_test_id`,
      [ROOMS],
    );
    unscored = Object.fromEntries(
      rows.rows.map((r) => [r.room, { testId: r.test_id, studentId: r.student_id, classroomId: r.classroom_id }]),
    ) as typeof unscored;
  });
  for (const room of ROOMS) expect(unscored[room], `an unscored RAN test in ${room}`).toBeDefined();
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

test.describe("the second scorer (issue 34 item 7)", () => {
  test("from the grid, a teacher who did not score the response sees the official score, no blind offer and no Edit", async ({ page }) => {
    const t = unscored["First Grade Room 7"];
    await officialScore(page.request, DEMO.schoolAdmin, t.testId, 47, 4);
    await signIn(page, DEMO.teacher, { to: `/classroom/${t.classroomId}?dialog=ran&ranTest=${t.testId}` });
    // The grid beside it shows the figures, so the dialog does too: blind scoring has its own page.
    await expect(dialog(page).getByText("Scored Response Time: 47 secs")).toBeVisible();
    await expect(dialog(page).getByText("Num. of Errors: 4")).toBeVisible();
    await expect(dialog(page).getByText("This response already has an official score.")).toHaveCount(0);
    await expect(dialog(page).getByRole("link", { name: "Score blind as second scorer" })).toHaveCount(0);
    await expect(dialog(page).getByRole("link", { name: "See the official score" })).toHaveCount(0);
    // Not the first scorer, not an admin: no Edit, and the panel says who may change it.
    await expect(dialog(page).getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(
      dialog(page).getByText("Only the first scorer of this response or a school, district or super admin can change its official score."),
    ).toBeVisible();
    // A blind form asked for by URL is not given here either.
    await page.goto(`/classroom/${t.classroomId}?dialog=ran&ranTest=${t.testId}&blind=1`);
    await expect(dialog(page).getByText("Scored Response Time: 47 secs")).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: "Save Second Score" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The way to score blind is the classroom's own page.
    await dialog(page).getByRole("link", { name: "Close" }).last().click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Score RAN blind" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a school admin who did not score it sees the official score on the student page, then changes it", async ({ page }) => {
      const t = unscored["Pre-K Sunflowers"];
      await officialScore(page.request, DEMO.districtAdmin, t.testId, 50, 1);
      await signIn(page, DEMO.schoolAdmin, { to: `/student/${t.studentId}?dialog=ran&test=${t.testId}` });
      await expect(dialog(page).getByText("Scored Response Time: 50 secs")).toBeVisible();
      await expect(dialog(page).getByText("Num. of Errors: 1")).toBeVisible();
      await expect(dialog(page).getByText("This response already has an official score.")).toHaveCount(0);
      await expect(dialog(page).getByRole("link", { name: "Score blind as second scorer" })).toHaveCount(0);
      await dialog(page).getByRole("link", { name: "Edit" }).click();
      await expect(dialog(page).getByLabel("Response Time (secs)")).toHaveValue("50");
      await dialog(page).getByLabel("Response Time (secs)").fill("49");
      await dialog(page).getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Scores saved!").first()).toBeVisible();
      await expect(dialog(page).getByText("Scored Response Time: 49 secs")).toBeVisible();
      await expect(dialog(page).getByRole("link", { name: "Edit" })).toBeVisible();
    });
  });
});

test.describe("a save over a newer one (issue 34 item 8)", () => {
  test("shows the newer score in the form, and a deliberate retry saves", async ({ page }) => {
    const t = unscored["Kindergarten Blue"];
    await signIn(page, DEMO.superAdmin, { to: `/student/${t.studentId}?dialog=ran&test=${t.testId}` });
    const time = dialog(page).getByLabel("Response Time (secs)");
    const errors = dialog(page).getByLabel("Num. of Errors");
    await time.fill("50");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(dialog(page).getByText("Scored Response Time: 50 secs")).toBeVisible();
    await dialog(page).getByRole("link", { name: "Edit" }).click();
    await expect(time).toHaveValue("50");
    // Someone else changes it while the form is open.
    await officialScore(page.request, DEMO.multiSchoolAdmin, t.testId, 47, 1);
    await time.fill("60");
    await errors.fill("0");
    await dialog(page).getByRole("button", { name: "Save" }).click();

    const alert = dialog(page).getByRole("alert");
    await expect(alert).toContainText("Unable to save RAN scores");
    await expect(alert).toContainText("Someone else saved a score for this response after you opened it. Their score is shown now.");
    await expect(time).toHaveValue("47");
    await expect(errors).toHaveValue("1");
    await expectNoAxeViolations(page);

    await time.fill("60");
    await errors.fill("0");
    await dialog(page).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Scores saved!").first()).toBeVisible();
    await expect(dialog(page).getByText("Scored Response Time: 60 secs")).toBeVisible();
    await expect(dialog(page).getByText("Num. of Errors: 0")).toBeVisible();
  });
});
