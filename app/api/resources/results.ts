import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  classroomRiskRows,
  classroomRows,
  letterTestRow,
  storedFileIds,
  testInPeriod,
  testOwner,
  testWithResponsesRows,
} from "#app/db/queries/results";
import { assessmentConfigOf } from "#app/domain/assessment-config";
import { fileSlug, toCsv, UTF8_BOM } from "#app/domain/csv";
import { districtConfigRows } from "../district-config";
import { isLetterTest, type LetterTestCode } from "#app/domain/assessments";
import { localIsoDate } from "#app/domain/calendar-date";
import { GRADES } from "#app/domain/grades";
import { LETTER_SCORES_CHANGED, LetterScoreFields } from "#app/domain/letter-score-form";
import { letterItemsFor, letterTestRefusal } from "#app/domain/letter-scores";
import { currentPeriod, PERIOD_LABELS, PERIODS, type Period } from "#app/domain/periods";
import { calendarDate, text, TEXT_MAX } from "#app/domain/text";
import { gridToCsvRows, manualEntryInstant, periodAt, periodBounds } from "#app/domain/results-grid";
import { errorResponses, jsonBody, jsonResponse, type ApiEnv, type Router } from "../env";
import type { Context } from "hono";
import { idParam } from "../params";
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
  ParticipantTestWithResponses,
  RiskScore,
  toClassroomStudents,
  toParticipantTest,
  toQuestionResponse,
  toRiskScore,
  type PeriodConfig,
} from "../results-mappers";
import { recordAccess } from "../record-access";
import { assertClassroom, assertReadableOrganization, assertParticipant, requireActor } from "../scope";
import { buildClassroomResults, classroomHeadingOf, ClassroomResults, resultsVariant, type ResultsView } from "../classroom-results";
import { keptClassroomResults } from "../kept";

// Classroom results (issue 5): district period config, classroom students with their tests,
// risk scores, one test with its responses, hand-entered letter scores and the screener's
// ingestion. The reads and writes are in app/db/queries (one query per concern for the whole
// classroom), the rules in app/domain; a route here parses, checks the caller and answers.

const IsoDate = calendarDate();

const NO_PERIODS = "The district has no assessment periods for this school year.";

const responses422 = {
  409: jsonResponse(z.object({ message: z.string() }), "Conflicts with a stored test"),
  422: jsonResponse(z.object({ message: z.string() }), "Not allowed for this grade or period"),
};

// ── District period config ──────────────────────────────────────────────────────────────────

/**
 * The periods of the district's current academic year (the year holding today); when that year
 * has no periods yet, the latest year that has, so a district between years still sees results.
 * `knownVersion`: the district's config_version as the caller read it (its organization row); a
 * current in-process copy then answers without a query (app/api/district-config.ts).
 */
export async function loadAssessmentConfig(db: Db, organizationId: string, now: Date, knownVersion?: number): Promise<AssessmentConfig> {
  const { rows, standards } = await districtConfigRows(db, organizationId, knownVersion);
  return { ...assessmentConfigOf(rows, organizationId, localIsoDate(now)), standards };
}

const getConfig = createRoute({
  method: "get",
  path: "/assessmentConfig/currentAcademicYear/{id}",
  tags: ["Results"],
  summary: "The district's periods of the current academic year with the tests of each grade",
  description:
    "Each period has its dates (inclusive) and, per grade, the comma-separated test codes that apply; standards: the norms and cutoffs in force, with their source. Any signed-in user of the district.",
  request: { params: idParam({ description: "organizationId (district)" }) },
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
    params: idParam({ description: "participantGroupId (classroom)" }),
    query: z.object({
      v: text(TEXT_MAX.code).optional().openapi({ example: "1" }),
      startDate: IsoDate.optional(),
      endDate: IsoDate.optional(),
      participantId: z.string().uuid().optional().openapi({ description: "only this student of the classroom (none when not in it)" }),
      purpose: z.enum(["family-reports"]).optional().openapi({
        description:
          "family-reports: the students are read to print their family reports; the access log records it (one student's report with participantId, else the classroom's, with the number of students).",
      }),
    }),
  },
  responses: { 200: jsonResponse(z.array(ClassroomStudent), "Students"), ...errorResponses },
});

/** A classroom's students by name with their teachers and, given a range, their tests started in it. */
export async function loadClassroomStudents(db: Db, classroomId: string, range: { startDate: string; endDate: string } | null) {
  return toClassroomStudents(await classroomRows(db, classroomId, range ? periodBounds(range) : null));
}

// ── The grid as shown ───────────────────────────────────────────────────────────────────────

const getClassroomResults = createRoute({
  method: "get",
  path: "/participantGroups/{id}/results",
  tags: ["Results"],
  summary: "A classroom's results grid as the dashboard shows it: one cell per student and test of the period",
  description:
    "The period asked for, or the one holding today; each cell's text and words as the display rules give them (score: raw scores where a test has them). Answered from the server's copy while the classroom's students, tests and risk scores and the district's calendar are unchanged.",
  request: {
    params: idParam({ description: "participantGroupId (classroom)" }),
    query: z.object({
      period: z.enum(PERIODS).optional(),
      score: z.enum(["percentile", "raw"]).optional().openapi({ description: "percentile (the default) or raw" }),
    }),
  },
  responses: { 200: jsonResponse(ClassroomResults, "The grid"), ...errorResponses },
});

const getClassroomResultsCsv = createRoute({
  method: "get",
  path: "/participantGroups/{id}/results/csv",
  tags: ["Results"],
  summary: "A classroom's results grid as CSV, as the dashboard shows it (the classroom page's Export CSV)",
  description:
    "The grid of GET /participantGroups/{id}/results, one row per student: RFC 4180, UTF-8 with a byte order mark. File name {classroom}_results_{period}_{percentile|score}.csv in the Filename header. Recorded in the access log as a classroom CSV with its number of students. 422 when the district has no periods this school year.",
  request: {
    params: idParam({ description: "participantGroupId (classroom)" }),
    query: z.object({
      period: z.enum(PERIODS).optional(),
      score: z.enum(["percentile", "raw"]).optional().openapi({ description: "percentile (the default) or raw" }),
    }),
  },
  responses: {
    200: {
      content: { "text/csv": { schema: z.string().openapi({ description: "RFC 4180 CSV with a UTF-8 byte order mark" }) } },
      description: "The file; its name is in the Filename header (and Content-Disposition)",
      headers: z.object({ Filename: z.string() }),
    },
    422: jsonResponse(z.object({ message: z.string() }), "The district has no periods this school year"),
    ...errorResponses,
  },
});

/** The grid of a classroom the caller may see, from this process's copy while nothing behind it changed. */
async function classroomResultsOf(
  c: Context<ApiEnv>,
  group: Awaited<ReturnType<typeof assertClassroom>>,
  query: { period?: Period; score?: "percentile" | "raw" },
) {
  const { db, now } = c.var.deps;
  const view: ResultsView = { period: query.period, mode: query.score === "raw" ? "score" : "percentile" };
  const today = localIsoDate(now());
  const flags = c.var.flags;
  return keptClassroomResults(
    db,
    group.participant_group_id,
    `${group.results_version}:${group.config_version}`,
    resultsVariant(view, flags, today),
    async () => {
      const config = await loadAssessmentConfig(db, group.organization_id, now(), group.config_version);
      return buildClassroomResults({ db, classroomId: group.participant_group_id, config, view, flags, today });
    },
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
    params: idParam({ description: "participantGroupId (classroom)" }),
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
  request: { params: idParam({ description: "participantTestId" }) },
  responses: { 200: jsonResponse(ParticipantTestWithResponses, "The test"), ...errorResponses },
});

// ── Hand-entered letter scores ──────────────────────────────────────────────────────────────

const ManualCreateInput = LetterScoreFields.pick({ testCode: true, participantId: true })
  .extend({
    grade: z.enum(GRADES),
    periodName: z.enum(PERIODS).optional().openapi({
      description: "The period the scores belong to; the current period when left out. A past period's entry is dated at its end.",
    }),
    responses: z.array(LetterResponseInput).max(100),
  })
  .openapi("ManualLetterScoresCreate");

const ManualUpdateInput = LetterScoreFields.pick({ participantTestId: true, participantId: true })
  .extend({
    responses: z.array(LetterResponseInput).max(100),
    version: z.string().datetime().optional().openapi({
      description:
        "updatedAt of the test as the scores were read; when the test changed since, nothing is saved (409 with the stored scores)",
    }),
  })
  .openapi("ManualLetterScoresUpdate");

const ManualResult = z.object({ participantTest: ParticipantTestWithResponses }).openapi("ManualLetterScoresResult");

/** Letter scores saved by someone else since the caller read them (issue 40 item 1). */
export { LETTER_SCORES_CHANGED };
export const LETTER_SCORES_EXIST = "Letter scores already exist for this student in this period; update them instead";

const LetterConflict = z
  .object({
    message: z.string(),
    current: z
      .object({
        participantTestId: z.string(),
        correctByCode: z.record(z.string(), z.number()).nullable(),
        version: z.string(),
      })
      .optional()
      .openapi({ description: "The test as it is stored now, and its version for a deliberate second save" }),
  })
  .openapi("LetterScoresConflict");

const createManual = createRoute({
  method: "post",
  path: "/participantTest/manual",
  tags: ["Results"],
  summary: "Hand-entered letter name or letter sound scores: create the test",
  description:
    "Allowed only when the test is in the district's list for the student's grade and the period. Every item of the list is scored once (1 correct, 0 incorrect); the server counts correctItems against the list length. 409 when the period already has this test (use PUT), with that test in current. Honours an Idempotency-Key header: a repeat answers the first result and saves nothing more.",
  request: { body: jsonBody(ManualCreateInput) },
  responses: {
    201: jsonResponse(ManualResult, "Created"),
    ...errorResponses,
    ...responses422,
    409: jsonResponse(LetterConflict, "The period already has this test"),
  },
});

const updateManual = createRoute({
  method: "put",
  path: "/participantTest/manual",
  tags: ["Results"],
  summary: "Hand-entered letter name or letter sound scores: update an existing test",
  description:
    "Changing an item clears the screener's percentile and theta, which described the old answers. With version, a test changed since answers 409 with the stored scores and their version in current, and nothing is saved. Honours an Idempotency-Key header: a repeat answers the first result and saves nothing more.",
  request: { body: jsonBody(ManualUpdateInput) },
  responses: {
    200: jsonResponse(ManualResult, "Updated"),
    ...errorResponses,
    ...responses422,
    409: jsonResponse(LetterConflict, "The test changed since version"),
  },
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
  const { test, responses } = await testWithResponsesRows(db, participantTestId);
  if (!test) return null;
  return { ...toParticipantTest(test), ParticipantTestQuestionResponses: responses.map(toQuestionResponse) };
}

/** The applicability rule of spec 001 §5, refused with words a teacher can act on. */
function assertLetterTestApplies(period: PeriodConfig, grade: string, testCode: LetterTestCode) {
  const refusal = letterTestRefusal(period, grade, testCode);
  if (refusal) throw new ApiError(422, refusal);
}

function parseCorrectByCode(value: unknown): Record<string, number> | null {
  return (typeof value === "string" ? JSON.parse(value) : value) as Record<string, number> | null;
}

function itemsFor(testCode: LetterTestCode, grade: string, period: Period) {
  const found = letterItemsFor(testCode, grade, period);
  if ("refusal" in found) throw new ApiError(422, found.refusal);
  return found.items;
}

export function registerResults(app: Router) {
  app.openapi(getConfig, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    return c.json(await loadAssessmentConfig(db, org.organization_id, now(), org.config_version), 200);
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
    const { participantId, purpose } = c.req.valid("query");
    const all = await loadClassroomStudents(db, group.participant_group_id, range);
    const students = participantId ? all.filter((s) => s.participantId === participantId) : all;
    if (purpose === "family-reports") {
      const organizationId = group.organization_id;
      // One student's report is that student's read; the classroom's, a read of its list.
      if (participantId) {
        if (students.length > 0) recordAccess(c, { what: "family-report", organizationId, participantId });
      } else {
        const scope = { kind: "classroom" as const, id: group.participant_group_id };
        recordAccess(c, { what: "classroom-family-reports", organizationId, scope, rows: students.length });
      }
    }
    return c.json(students, 200);
  });

  app.openapi(getClassroomResults, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    const results = await classroomResultsOf(c, group, c.req.valid("query"));
    const classroom = classroomHeadingOf(group);
    return c.json({ ...results, classroom }, 200);
  });

  app.openapi(getClassroomResultsCsv, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    const { grid } = await classroomResultsOf(c, group, c.req.valid("query"));
    if (!grid) throw new ApiError(422, NO_PERIODS);
    recordAccess(c, {
      what: "classroom-csv",
      organizationId: group.organization_id,
      scope: { kind: "classroom", id: group.participant_group_id },
      rows: grid.rows.length,
    });
    const fileName = `${fileSlug(group.name)}_results_${grid.period}_${grid.mode === "score" ? "score" : "percentile"}.csv`;
    return c.body(UTF8_BOM + toCsv(gridToCsvRows(grid)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      Filename: fileName,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Access-Control-Expose-Headers": "Filename, Content-Disposition",
      "Cache-Control": "no-store",
    });
  });

  app.openapi(listRiskScores, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    const year = c.req.valid("query").academicYear ?? (await loadAssessmentConfig(db, group.organization_id, now())).academicYear;
    if (!year) return c.json([], 200);
    const rows = await classroomRiskRows(db, group.participant_group_id, year);
    return c.json(rows.map(toRiskScore), 200);
  });

  app.openapi(getTestResults, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const owner = await testOwner(db, c.req.valid("param").id);
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
    assertLetterTestApplies(period, student.grade, body.testCode);
    const scored = scoreLetterItems(itemsFor(body.testCode, student.grade, period.periodName), body.responses);
    const existing = await testInPeriod(db, student.participant_id, body.testCode, periodBounds(period));
    if (existing) {
      // The stored test, so a save made offline can show what was saved meanwhile (issue 40 item 1).
      const row = await letterTestRow(db, existing.participant_test_id);
      const current = row && {
        participantTestId: row.participant_test_id,
        correctByCode: parseCorrectByCode(row.correct_by_code),
        version: new Date(row.updated_at).toISOString(),
      };
      return c.json({ message: LETTER_SCORES_EXIST, ...(current ? { current } : {}) }, 409);
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
    const test = await letterTestRow(db, body.participantTestId);
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
    assertLetterTestApplies(period, test.grade, testCode);
    const scored = scoreLetterItems(itemsFor(testCode, test.grade, period.periodName), body.responses);
    const previous = parseCorrectByCode(test.correct_by_code);
    const saved = await updateManualLetterTest(db, {
      participantTestId: test.participant_test_id,
      previous,
      now: at,
      enteredBy: actor.userId,
      scored,
      version: body.version,
    });
    if (saved.conflict) {
      return c.json({ message: LETTER_SCORES_CHANGED, current: { participantTestId: test.participant_test_id, ...saved.conflict } }, 409);
    }
    return c.json({ participantTest: (await loadTestWithResponses(db, test.participant_test_id))! }, 200);
  });

  app.openapi(ingestResults, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const body = c.req.valid("json");
    await assertParticipant(db, actor, body.participantId);
    const audioIds = [...new Set(body.responses.map((r) => r.audioFileId).filter((id): id is string => Boolean(id)))];
    if (audioIds.length > 0) {
      const found = await storedFileIds(db, audioIds);
      const missing = audioIds.filter((id) => !found.has(id));
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
