import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { Db } from "#app/db/connect.server";
import { assessmentDefinition, definitionItems } from "#app/domain/assessment-definitions";
import { ASSESSMENTS, isLetterTest, type LetterTestCode } from "#app/domain/assessments";
import { localIsoDate } from "#app/domain/calendar-date";
import { GRADES, gradeLabel, isGrade } from "#app/domain/grades";
import { academicYearOf, currentPeriod, PERIOD_LABELS, PERIODS, type Period } from "#app/domain/periods";
import { gradeTestLists, manualEntryInstant, periodAt, periodBounds } from "#app/domain/results-grid";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, notFound } from "../errors";
import {
  createManualLetterTest,
  LetterResponseInput,
  PredictiveProfileInput,
  recordPredictiveProfile,
  recordTestResult,
  scoreLetterItems,
  TestResultInput,
  updateManualLetterTest,
} from "../results-ingest";
import {
  AssessmentConfig,
  ClassroomStudent,
  PARTICIPANT_TEST_COLUMNS,
  ParticipantTestWithResponses,
  RiskScore,
  toClassroomStudent,
  toParticipantTest,
  toQuestionResponse,
  toRiskScore,
  type ParticipantTest,
  type PeriodConfig,
} from "../results-mappers";
import { assertClassroom, assertOrganization, assertParticipant, requireActor } from "../scope";

// Classroom results (issue 5): district period config, classroom students with their tests,
// risk scores, one test with its responses, hand-entered letter scores and the screener's
// ingestion. Every read is one query per concern for the whole classroom.

const idParam = (description: string) =>
  z.object({
    id: z
      .string()
      .uuid()
      .openapi({ param: { name: "id", in: "path" }, description }),
  });

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use YYYY-MM-DD");

const responses422 = {
  409: jsonResponse(z.object({ message: z.string() }), "Conflicts with a stored test"),
  422: jsonResponse(z.object({ message: z.string() }), "Not allowed for this grade or period"),
};

// ── District period config ──────────────────────────────────────────────────────────────────

/**
 * The periods of the district's current academic year (the year holding today); when that year
 * has no periods yet, the latest year that has, so a district between years still sees results.
 */
export async function loadAssessmentConfig(db: Db, organizationId: string, now: Date): Promise<AssessmentConfig> {
  const rows = await db
    .selectFrom("assessment_period as p")
    .leftJoin("grade_assessment_list as l", "l.assessment_period_id", "p.assessment_period_id")
    .select(["p.academic_year", "p.period_name", "p.start_date", "p.end_date", "p.assessment_period_id", "l.grade", "l.test_codes"])
    .where("p.organization_id", "=", organizationId)
    .execute();
  const years = [...new Set(rows.map((r) => r.academic_year))].sort();
  const thisYear = academicYearOf(localIsoDate(now));
  const year = years.includes(thisYear) ? thisYear : (years.filter((y) => y <= thisYear).pop() ?? years[0] ?? null);
  const periods = new Map<string, PeriodConfig>();
  for (const r of rows.filter((row) => row.academic_year === year)) {
    let p = periods.get(r.assessment_period_id);
    if (!p) {
      p = { periodName: r.period_name, startDate: r.start_date, endDate: r.end_date, GradeAssessmentLists: [] };
      periods.set(r.assessment_period_id, p);
    }
    if (r.grade !== null && r.test_codes !== null) p.GradeAssessmentLists.push({ grade: r.grade, testCodes: r.test_codes });
  }
  const order = (g: string) => (GRADES as readonly string[]).indexOf(g);
  for (const p of periods.values()) p.GradeAssessmentLists.sort((a, b) => order(a.grade) - order(b.grade));
  return {
    organizationId,
    academicYear: year,
    periods: [...periods.values()].sort((a, b) => PERIODS.indexOf(a.periodName) - PERIODS.indexOf(b.periodName)),
  };
}

const getConfig = createRoute({
  method: "get",
  path: "/assessmentConfig/currentAcademicYear/{id}",
  tags: ["Results"],
  summary: "The district's periods of the current academic year with the tests of each grade",
  description:
    "Each period has its dates (inclusive) and, per grade, the comma-separated test codes that apply. Any signed-in user of the district.",
  request: { params: idParam("organizationId (district)") },
  responses: { 200: jsonResponse(AssessmentConfig, "Period config"), ...errorResponses },
});

// ── Classroom students with tests ───────────────────────────────────────────────────────────

const listClassroomStudents = createRoute({
  method: "get",
  path: "/participants/participantGroup/{id}",
  tags: ["Results"],
  summary: "Students of a classroom by name, with their tests started in a date range",
  description:
    "ParticipantTests is present only when both startDate and endDate are given (one period, dates inclusive, read in UTC). Teachers: their classrooms only.",
  request: {
    params: idParam("participantGroupId (classroom)"),
    query: z.object({
      v: z.string().optional().openapi({ example: "1" }),
      startDate: IsoDate.optional(),
      endDate: IsoDate.optional(),
    }),
  },
  responses: { 200: jsonResponse(z.array(ClassroomStudent), "Students"), ...errorResponses },
});

export async function loadClassroomStudents(db: Db, classroomId: string, range: { startDate: string; endDate: string } | null) {
  const members = (eb: Db) =>
    eb.selectFrom("participant_group_member").select("participant_id").where("participant_group_id", "=", classroomId);
  const [students, teachers, tests] = await Promise.all([
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant as p", "p.participant_id", "m.participant_id")
      .select([
        "p.participant_id",
        "p.participant_code",
        "p.organization_unit_id",
        "p.first_name",
        "p.middle_name",
        "p.last_name",
        "p.date_of_birth",
        "p.grade",
        "p.tags",
        "p.external_id",
      ])
      .where("m.participant_group_id", "=", classroomId)
      .where("p.deleted_at", "is", null)
      .orderBy(sql`lower(p.last_name)`)
      .orderBy(sql`lower(p.first_name)`)
      .orderBy("p.participant_id")
      .execute(),
    // Teachers of every live classroom each student belongs to (a student can be in several).
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
      .innerJoin("participant_group_teacher as t", "t.participant_group_id", "g.participant_group_id")
      .innerJoin("app_user as u", "u.user_id", "t.user_id")
      .select(["m.participant_id", "u.user_id", "u.first_name", "u.last_name"])
      .where("m.participant_id", "in", members(db))
      .where("g.deleted_at", "is", null)
      .where("u.deleted_at", "is", null)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .execute(),
    range
      ? db
          .selectFrom("participant_test")
          .select(PARTICIPANT_TEST_COLUMNS)
          .where("participant_id", "in", members(db))
          .where("deleted_at", "is", null)
          .where("start_dt_tm", ">=", new Date(periodBounds(range).from))
          .where("start_dt_tm", "<", new Date(periodBounds(range).to))
          .orderBy("start_dt_tm")
          .execute()
      : Promise.resolve(null),
  ]);
  const teachersOf = new Map<string, { userId: string; firstName: string; lastName: string }[]>();
  for (const t of teachers) {
    const list = teachersOf.get(t.participant_id) ?? [];
    if (!list.some((x) => x.userId === t.user_id)) list.push({ userId: t.user_id, firstName: t.first_name, lastName: t.last_name });
    teachersOf.set(t.participant_id, list);
  }
  const testsOf = new Map<string, ParticipantTest[]>();
  for (const t of tests ?? []) testsOf.set(t.participant_id, [...(testsOf.get(t.participant_id) ?? []), toParticipantTest(t)]);
  return students.map((s) =>
    toClassroomStudent(s, teachersOf.get(s.participant_id) ?? [], tests ? (testsOf.get(s.participant_id) ?? []) : undefined),
  );
}

// ── Risk scores ─────────────────────────────────────────────────────────────────────────────

const listRiskScores = createRoute({
  method: "get",
  path: "/participants/participantGroup/riskScores/{id}",
  tags: ["Results"],
  summary: "Predictive-profile scores (pwr, dyslexia, kready, pkRisk) of a classroom's students, per period",
  description: "For the district's current academic year unless academicYear is given.",
  request: {
    params: idParam("participantGroupId (classroom)"),
    query: z.object({
      academicYear: z
        .string()
        .regex(/^\d{4}-\d{4}$/)
        .optional(),
    }),
  },
  responses: { 200: jsonResponse(z.array(RiskScore), "Scores"), ...errorResponses },
});

// ── One test ────────────────────────────────────────────────────────────────────────────────

const getTestResults = createRoute({
  method: "get",
  path: "/participantTest/testResults/{id}",
  tags: ["Results"],
  summary: "One test with its question responses",
  request: { params: idParam("participantTestId") },
  responses: { 200: jsonResponse(ParticipantTestWithResponses, "The test"), ...errorResponses },
});

// ── Hand-entered letter scores ──────────────────────────────────────────────────────────────

const ManualCreateInput = z
  .object({
    testCode: z.enum(["letter-names", "letter-sounds"]),
    participantId: z.string().uuid(),
    grade: z.enum(GRADES),
    periodName: z
      .enum(PERIODS)
      .optional()
      .openapi({
        description: "The period the scores belong to; the current period when left out. A past period's entry is dated at its end.",
      }),
    responses: z.array(LetterResponseInput).max(100),
  })
  .openapi("ManualLetterScoresCreate");

const ManualUpdateInput = z
  .object({
    participantTestId: z.string().uuid(),
    participantId: z.string().uuid(),
    responses: z.array(LetterResponseInput).max(100),
  })
  .openapi("ManualLetterScoresUpdate");

const ManualResult = z.object({ participantTest: ParticipantTestWithResponses }).openapi("ManualLetterScoresResult");

const createManual = createRoute({
  method: "post",
  path: "/participantTest/manual",
  tags: ["Results"],
  summary: "Hand-entered letter name or letter sound scores: create the test",
  description:
    "Allowed only when the test is in the district's list for the student's grade and the period. Every item of the list is scored once (1 correct, 0 incorrect); the server counts correctItems against the list length. 409 when the period already has this test (use PUT).",
  request: { body: jsonBody(ManualCreateInput) },
  responses: { 201: jsonResponse(ManualResult, "Created"), ...errorResponses, ...responses422 },
});

const updateManual = createRoute({
  method: "put",
  path: "/participantTest/manual",
  tags: ["Results"],
  summary: "Hand-entered letter name or letter sound scores: update an existing test",
  description: "Changing an item clears the screener's percentile and theta, which described the old answers.",
  request: { body: jsonBody(ManualUpdateInput) },
  responses: { 200: jsonResponse(ManualResult, "Updated"), ...errorResponses, ...responses422 },
});

// ── Ingestion ───────────────────────────────────────────────────────────────────────────────

const IngestResult = z.object({ participantTestId: z.string(), created: z.boolean() }).openapi("IngestResult");

const ingestResults = createRoute({
  method: "post",
  path: "/participantTest/results",
  tags: ["Ingestion"],
  summary: "The screener's upload of one completed or partial test with its question responses",
  description:
    "Idempotent on clientTestId: sending the same test again (for instance after a dropped connection, or once more when it is finished) updates it and its responses instead of adding a second one; 201 when new, 200 when updated. Staff scoring of RAN responses survives a re-upload. audioFileId refers to a recording stored beforehand. 409 when clientTestId belongs to another student's test.",
  request: { body: jsonBody(TestResultInput) },
  responses: {
    200: jsonResponse(IngestResult, "Updated"),
    201: jsonResponse(IngestResult, "Created"),
    ...errorResponses,
    409: responses422[409],
  },
});

const ingestProfile = createRoute({
  method: "post",
  path: "/participantTest/predictiveProfile",
  tags: ["Ingestion"],
  summary: "Predictive-profile scores of one student for one period (upsert)",
  description: "Scores are probabilities from 0 to 1; a field left out is stored as no score.",
  request: { body: jsonBody(PredictiveProfileInput) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), "Stored"), ...errorResponses },
});

async function loadTestWithResponses(db: Db, participantTestId: string) {
  const [test, responses] = await Promise.all([
    db
      .selectFrom("participant_test")
      .select(PARTICIPANT_TEST_COLUMNS)
      .where("participant_test_id", "=", participantTestId)
      .where("deleted_at", "is", null)
      .executeTakeFirst(),
    db
      .selectFrom("participant_test_question_response")
      .selectAll()
      .where("participant_test_id", "=", participantTestId)
      .orderBy("question_code")
      .execute(),
  ]);
  if (!test) return null;
  return { ...toParticipantTest(test), ParticipantTestQuestionResponses: responses.map(toQuestionResponse) };
}

/** The applicability rule of spec 001 §5, refused with words a teacher can act on. */
function assertLetterTestApplies(config: { periods: PeriodConfig[] }, period: PeriodConfig, grade: string, testCode: LetterTestCode) {
  const lists = gradeTestLists(period.GradeAssessmentLists);
  const label = PERIOD_LABELS[period.periodName];
  if (!isGrade(grade) || !lists[grade]) {
    throw new ApiError(422, `Grade ${gradeLabel(grade)} is missing from the district's assessment list for ${label}.`);
  }
  if (!lists[grade]!.includes(testCode)) {
    throw new ApiError(422, `${ASSESSMENTS[testCode].title} does not apply to grade ${gradeLabel(grade)} in ${label}.`);
  }
  void config;
}

function itemsFor(testCode: LetterTestCode, grade: string, period: Period) {
  const items = isGrade(grade) ? definitionItems(assessmentDefinition(testCode), grade, period) : null;
  if (!items)
    throw new ApiError(
      422,
      `No ${ASSESSMENTS[testCode].title} items are defined for grade ${gradeLabel(grade)} in ${PERIOD_LABELS[period]}.`,
    );
  return items;
}

export function registerResults(app: Router) {
  app.openapi(getConfig, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    return c.json(await loadAssessmentConfig(db, org.organization_id, now()), 200);
  });

  app.openapi(listClassroomStudents, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    const { startDate, endDate } = c.req.valid("query");
    if ((startDate === undefined) !== (endDate === undefined)) {
      throw new ApiError(400, "Give both startDate and endDate, or neither");
    }
    if (startDate && endDate && endDate < startDate) throw new ApiError(400, "endDate cannot be before startDate");
    const range = startDate && endDate ? { startDate, endDate } : null;
    return c.json(await loadClassroomStudents(db, group.participant_group_id, range), 200);
  });

  app.openapi(listRiskScores, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    const year = c.req.valid("query").academicYear ?? (await loadAssessmentConfig(db, group.organization_id, now())).academicYear;
    if (!year) return c.json([], 200);
    const rows = await db
      .selectFrom("predictive_profile")
      .selectAll()
      .where(
        "participant_id",
        "in",
        db.selectFrom("participant_group_member").select("participant_id").where("participant_group_id", "=", group.participant_group_id),
      )
      .where("academic_year", "=", year)
      .execute();
    return c.json(rows.map(toRiskScore), 200);
  });

  app.openapi(getTestResults, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const owner = await db
      .selectFrom("participant_test")
      .select("participant_id")
      .where("participant_test_id", "=", c.req.valid("param").id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!owner) throw notFound("Test");
    await assertParticipant(db, actor, owner.participant_id);
    return c.json((await loadTestWithResponses(db, c.req.valid("param").id))!, 200);
  });

  app.openapi(createManual, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const student = await assertParticipant(db, actor, body.participantId);
    if (body.grade !== student.grade) {
      throw new ApiError(400, `grade ${body.grade} does not match the student's grade ${student.grade}`);
    }
    const at = now();
    const config = await loadAssessmentConfig(db, student.organization_id, at);
    const period = body.periodName
      ? config.periods.find((p) => p.periodName === body.periodName)
      : currentPeriod(config.periods, localIsoDate(at));
    if (!period) throw new ApiError(422, "The district has no assessment period configured for this school year.");
    const startDtTm = manualEntryInstant(period, at);
    if (!startDtTm) throw new ApiError(422, `${PERIOD_LABELS[period.periodName]} has not started yet.`);
    assertLetterTestApplies(config, period, student.grade, body.testCode);
    const scored = scoreLetterItems(itemsFor(body.testCode, student.grade, period.periodName), body.responses);
    const bounds = periodBounds(period);
    const existing = await db
      .selectFrom("participant_test")
      .select("participant_test_id")
      .where("participant_id", "=", student.participant_id)
      .where("test_code", "=", body.testCode)
      .where("deleted_at", "is", null)
      .where("start_dt_tm", ">=", new Date(bounds.from))
      .where("start_dt_tm", "<", new Date(bounds.to))
      .executeTakeFirst();
    if (existing) {
      throw new ApiError(409, "Letter scores already exist for this student in this period; update them instead");
    }
    const participantTestId = await createManualLetterTest(db, {
      participantId: student.participant_id,
      testCode: body.testCode,
      grade: student.grade,
      startDtTm,
      now: at,
      enteredBy: actor.userId,
      manualKey: `manual:${student.participant_id}:${config.academicYear}:${period.periodName}:${body.testCode}`,
      scored,
    });
    return c.json({ participantTest: (await loadTestWithResponses(db, participantTestId))! }, 201);
  });

  app.openapi(updateManual, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const test = await db
      .selectFrom("participant_test")
      .select(["participant_test_id", "participant_id", "test_code", "grade", "start_dt_tm", "correct_by_code"])
      .where("participant_test_id", "=", body.participantTestId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!test || test.participant_id !== body.participantId) throw notFound("Test");
    const student = await assertParticipant(db, actor, test.participant_id);
    if (!isLetterTest(test.test_code as never)) {
      throw new ApiError(422, "Only letter name and letter sound tests take hand-entered scores.");
    }
    const testCode = test.test_code as LetterTestCode;
    const at = now();
    const config = await loadAssessmentConfig(db, student.organization_id, at);
    const period = periodAt(config.periods, new Date(test.start_dt_tm));
    if (!period) throw new ApiError(422, "This test lies outside the district's assessment periods for this school year.");
    assertLetterTestApplies(config, period, test.grade, testCode);
    const scored = scoreLetterItems(itemsFor(testCode, test.grade, period.periodName), body.responses);
    const previous = typeof test.correct_by_code === "string" ? JSON.parse(test.correct_by_code) : test.correct_by_code;
    await updateManualLetterTest(db, { participantTestId: test.participant_test_id, previous, now: at, enteredBy: actor.userId, scored });
    return c.json({ participantTest: (await loadTestWithResponses(db, test.participant_test_id))! }, 200);
  });

  app.openapi(ingestResults, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const body = c.req.valid("json");
    await assertParticipant(db, actor, body.participantId);
    const audioIds = [...new Set(body.responses.map((r) => r.audioFileId).filter((id): id is string => Boolean(id)))];
    if (audioIds.length > 0) {
      const found = await db.selectFrom("stored_file").select("file_id").where("file_id", "in", audioIds).execute();
      const missing = audioIds.filter((id) => !found.some((f) => f.file_id === id));
      if (missing.length > 0)
        throw new ApiError(
          400,
          "Unknown audio file",
          missing.map((id) => `responses: audioFileId ${id} not found`),
        );
    }
    const result = await recordTestResult(db, body, actor.userId);
    return c.json(result, result.created ? 201 : 200);
  });

  app.openapi(ingestProfile, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const body = c.req.valid("json");
    await assertParticipant(db, actor, body.participantId);
    await recordPredictiveProfile(db, body);
    return c.json({ ok: true as const }, 200);
  });
}
