import { createRoute, z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { Db } from "#app/db/connect.server";
import {
  classroomRanResponseRows,
  insertScoringEvent,
  latestRanTest,
  lockResponse,
  ranTestHeader,
  ranTestRows,
  responseOwner,
  responseScorers,
  saveRanTestResult,
  saveResponseScore,
  studentPlacementRows,
  type RanEventRow,
} from "#app/db/queries/ran-scoring";
import type { QuestionResponseTable } from "#app/db/schema";
import { ASSESSMENTS, TEST_CODES, type TestCode } from "#app/domain/assessments";
import { localIsoDate } from "#app/domain/calendar-date";
import { currentPeriod, PERIODS } from "#app/domain/periods";
import { may } from "#app/domain/permissions";
import { first } from "#app/domain/presence";
import { isPracticeResponse, validateRanScore } from "#app/domain/ran";
import { RanScoreFields } from "#app/domain/ran-score-form";
import {
  RAN_OVERWRITE_REFUSED,
  ranBlindEntry,
  ranScorerStanding,
  savedScore,
  type RanBlindEntry,
  type RanScorerStanding,
} from "#app/domain/ran-scoring";
import { periodAt, periodBounds } from "#app/domain/results-grid";
import { ranResultUnder } from "#app/domain/screening-standards";
import { errorResponses, jsonBody, jsonResponse, type Actor, type Router } from "../env";
import { ApiError, notFound } from "../errors";
import { ParticipantTest, QuestionResponse, toParticipantTest, toQuestionResponse } from "../results-mappers";
import { idParam } from "../params";
import { assertClassroom, assertParticipant, requireActor, requireCapability } from "../scope";
import { ClassroomHeading, classroomHeadingOf } from "../classroom-results";
import { loadAssessmentConfig } from "./results";

// RAN scoring (spec 001 §2 'RAN scoring dialog' and '/test-details/{testId}', §3 RAN scoring
// payload and student RAN score, §5 RAN rules, §7 'save RAN scores by question response id',
// 'most recent RAN score by student'). Beyond the spec (issue 11): every save is kept as a
// scoring event, and a second scorer can score blind beside the official score. Issue 34 item 7:
// the official score is changed only by its first scorer and admins of the school and above, and
// blind second scoring has its own path: a classroom's list of the caller's tests to score blind
// (no figures in it), and the test asked with official=withhold, which keeps the official score
// back until the caller saved their blind one.

const RAN_CODES: readonly TestCode[] = TEST_CODES.filter((code) => ASSESSMENTS[code].manual === "ran");

const RanResponse = QuestionResponse.extend({
  updatedAt: z.string().openapi({ description: "The version to send back with a save (a stale one answers 409)" }),
  officialWithheld: z.boolean().openapi({
    description:
      "Asked with official=withhold (the blind scoring page): the response has an official score the caller could still score blind, so its figures " +
      "(evalResponseTime, numOfErrors, invalid, score) are null here, its events are left out, and so is the test's result when this is the test response",
  }),
  mayOverwrite: z.boolean().openapi({
    description: "The caller may save the official score: none yet, they gave the first one, or a school, district or super admin",
  }),
  mayScoreBlind: z
    .boolean()
    .openapi({ description: "The caller may add a blind second score: it has an official score and none of it is theirs" }),
}).openapi("RanQuestionResponse");

const ScoreValues = z.object({
  evalResponseTime: z.number().nullable(),
  numOfErrors: z.number().nullable(),
  invalid: z.boolean().nullable(),
});

const RanScoringEvent = z
  .object({
    eventId: z.string(),
    participantTestQuestionResponseId: z.string(),
    kind: z
      .enum(["score", "blind"])
      .openapi({ description: "score: the official score changed; blind: a second scorer's independent score" }),
    scorer: z.object({ userId: z.string().nullable(), name: z.string() }),
    createdAt: z.string(),
    old: ScoreValues,
    new: z.object({ evalResponseTime: z.number(), numOfErrors: z.number().nullable(), invalid: z.boolean() }),
  })
  .openapi("RanScoringEvent");

const RanScoring = z
  .object({
    participantTest: ParticipantTest,
    responses: z.array(RanResponse).openapi({ description: "in the order the screener recorded them" }),
    events: z.array(RanScoringEvent).openapi({ description: "every save, oldest first" }),
    participant: z.object({
      participantId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      grade: z.string(),
      OrganizationUnit: z.object({ organizationUnitId: z.string(), name: z.string() }),
      Organization: z.object({ organizationId: z.string(), name: z.string() }),
      ParticipantGroup: z.array(z.object({ participantGroupId: z.string(), name: z.string() })),
    }),
    canScore: z.boolean(),
  })
  .openapi("RanScoring");
export type RanScoring = z.infer<typeof RanScoring>;

const RanScoreInput = z
  .object({
    score: z.literal(1).openapi({ description: "always 1 (spec 001 §7)" }),
    // Range and wholeness are checked by the domain rule, which answers with the spec's texts.
    evalResponseTime: z.number().max(36_000).openapi({ description: "whole seconds, 0 or more; 0 when invalid" }),
    numOfErrors: z.number().max(10_000).nullable().openapi({ description: "whole number, 0 or more, or null" }),
    invalid: z.boolean(),
    blind: z
      .boolean()
      .optional()
      .openapi({ description: "A second scorer's blind score: kept as an event, the official score is unchanged" }),
    version: RanScoreFields.shape.version.openapi({ description: "updatedAt of the response as read; a newer save answers 409" }),
  })
  .openapi("RanScoreInput");

const RanTestQuery = z.object({
  official: z
    .enum(["show", "withhold"])
    .optional()
    .openapi({
      param: { name: "official", in: "query" },
      description:
        "withhold: keep back the official score of a response the caller could still score blind and has not (the blind " +
        "scoring page asks this); show (the default): send it (the grid, the student page and /test-details show the figures anyway)",
    }),
});

const getRanTest = createRoute({
  method: "get",
  path: "/participantTest/RAN/{id}",
  tags: ["RAN scoring"],
  summary: "A RAN test to score: the test, its responses, every scoring event and the student's placement",
  description: "Anyone who may see the student. 422 for a test that is not a RAN test.",
  request: { params: idParam({ description: "participantTestId" }), query: RanTestQuery },
  responses: {
    200: jsonResponse(RanScoring, "The test"),
    ...errorResponses,
    422: jsonResponse(z.object({ message: z.string() }), "Not a RAN test"),
  },
});

const addScore = createRoute({
  method: "put",
  path: "/participantTest/addScoreToQuestionResponse/{id}",
  tags: ["RAN scoring"],
  summary: "Save a RAN score on a question response",
  description:
    "Response time a whole number of 0 or more; errors blank or a whole number of 0 or more; invalid saves time 0 and no errors (spec 001 §5). " +
    "Scoring the test response (not the practice) sets the test's result: invalid, or its scored time and errors, with a percentile and theta only from the RAN norms configured for the district (their source kept in normsSource; docs/decisions/0010-ran-scoring.md). " +
    "Every save is kept as a scoring event. With blind, a second scorer's score is kept beside the official one (409 for someone who gave an official score, or before an official score exists). " +
    "Once a response has an official score, only its first scorer and school, district and super admins may change it (403); others add a blind second score. " +
    "409 when version is older than the stored response, with the stored score and its version in current.",
  request: { params: idParam({ description: "participantTestQuestionResponseId" }), body: jsonBody(RanScoreInput) },
  responses: {
    200: jsonResponse(RanScoring, "Saved; the test as it now stands"),
    ...errorResponses,
    409: jsonResponse(
      z.object({
        message: z.string(),
        current: z
          .object({
            evalResponseTime: z.number().nullable(),
            numOfErrors: z.number().nullable(),
            invalid: z.boolean().nullable(),
            version: z.string(),
          })
          .optional()
          .openapi({ description: "On a stale version: the score saved meanwhile and its version, for a deliberate retry" }),
      }),
      "Stale version, or a blind score that cannot be taken",
    ),
    422: jsonResponse(z.object({ message: z.string(), errors: z.array(z.string()).optional() }), "Invalid score or not scorable"),
  },
});

const StudentRanScore = z
  .object({
    testCode: z.string(),
    abilityPercentile: z.number().nullable(),
    completedFlag: z.boolean(),
    invalid: z.boolean().nullable(),
    startDtTm: z.string(),
  })
  .openapi("StudentRanScore");

const getStudentRan = createRoute({
  method: "get",
  path: "/participantTest/RAN/participant/{id}",
  tags: ["RAN scoring"],
  summary: "The student's most recent RAN test (spec 001 §3 'Student RAN score'), or null when none",
  request: { params: idParam({ description: "participantId (student)" }) },
  responses: { 200: jsonResponse(StudentRanScore.nullable(), "The latest RAN test"), ...errorResponses },
});

// ── The blind scoring page (issue 34 item 7) ──────────────────────────────────────────────

const BlindRanTest = z
  .object({
    participantTestId: z.string(),
    testCode: z.string(),
    startDtTm: z.string(),
    blindScore: z
      .enum(["to-score", "saved"])
      .openapi({ description: "to-score: the caller has saved no blind score of it yet; saved: they have" }),
    agree: z
      .boolean()
      .nullable()
      .openapi({
        description:
          "saved only: whether the caller's latest blind score agrees with the latest official one (docs/decisions/0010-ran-scoring.md); " +
          "null while to score, or when the official score came with the upload (nothing to compare with)",
      }),
  })
  .openapi("BlindRanTest");

const BlindRanScoring = z
  .object({
    classroom: ClassroomHeading,
    periods: z.array(z.enum(PERIODS)).openapi({ description: "the periods of the academic year, in order" }),
    period: z.enum(PERIODS).nullable().openapi({ description: "the period listed; null when the year has none" }),
    students: z
      .array(
        z.object({
          participantId: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          tests: z.array(BlindRanTest).openapi({ description: "by start" }),
        }),
      )
      .openapi({ description: "by name; only students with a test listed" }),
  })
  .openapi("BlindRanScoring");
export type BlindRanScoring = z.infer<typeof BlindRanScoring>;

const getBlindRanScoring = createRoute({
  method: "get",
  path: "/participantGroups/{id}/blindRanScoring",
  tags: ["RAN scoring"],
  summary: "The caller's blind second scoring of a classroom: its RAN tests of a period that someone else scored",
  description:
    "The period asked for, or the one holding today. The finished RAN tests of the classroom's students whose test response (not the practice) " +
    "has an official score the caller gave none of (someone else's, or one that came with the upload): to score blind, or saved with whether the " +
    "two scorers agree. No time, error count, percentile or risk in the answer. Anyone who may see the classroom (teachers: their classrooms).",
  request: {
    params: idParam({ description: "participantGroupId (classroom)" }),
    query: z.object({ period: z.enum(PERIODS).optional() }),
  },
  responses: { 200: jsonResponse(BlindRanScoring, "The tests to score blind"), ...errorResponses },
});

const iso = (d: Date | string) => new Date(d).toISOString();

const isScored = (r: Selectable<QuestionResponseTable>) =>
  savedScore({ evalResponseTime: r.eval_response_time, numOfErrors: r.num_of_errors, invalid: r.invalid }) !== null;

/** A test's fields that follow from the official score of its test response: nulled while that score is withheld. */
const RESULT_FIELDS = ["invalid", "abilityPercentile", "finalTheta", "scoredSecs", "scoredErrors", "normsSource"] as const;

function withoutResult<T extends object>(test: T): T {
  const copy = { ...test } as Record<string, unknown>;
  for (const key of RESULT_FIELDS) if (key in copy) copy[key] = null;
  return copy as T;
}

function toRanResponse(r: Selectable<QuestionResponseTable>, standing: RanScorerStanding, withheld: boolean) {
  const base = { ...toQuestionResponse(r), updatedAt: iso(r.updated_at) };
  return {
    ...(withheld ? { ...base, score: null, evalResponseTime: null, numOfErrors: null, invalid: null } : base),
    officialWithheld: withheld,
    mayOverwrite: standing.mayOverwrite,
    mayScoreBlind: standing.mayScoreBlind,
  };
}

function toEvent(e: RanEventRow): z.infer<typeof RanScoringEvent> {
  const name = [e.scorer_first_name, e.scorer_last_name].filter(Boolean).join(" ");
  return {
    eventId: e.ran_scoring_event_id,
    participantTestQuestionResponseId: e.participant_test_question_response_id,
    kind: e.kind,
    scorer: { userId: e.scorer_user_id, name: name || "A removed user" },
    createdAt: iso(e.created_at),
    old: { evalResponseTime: e.old_eval_response_time, numOfErrors: e.old_num_of_errors, invalid: e.old_invalid },
    new: { evalResponseTime: e.eval_response_time, numOfErrors: e.num_of_errors, invalid: e.invalid },
  };
}

const isRanCode = (code: string) => (RAN_CODES as readonly string[]).includes(code);

/**
 * The RAN test with everything the scoring pages show; 404 unknown, 403 out of scope, 422 not RAN.
 * With `withhold`, a response the caller could still score blind comes without its official
 * figures or events, and the test without its result if that response is the test's.
 */
async function loadRanScoring(db: Db, actor: Actor, participantTestId: string, withhold = false): Promise<RanScoring> {
  const { test, responses, events } = await ranTestRows(db, participantTestId);
  if (!test) throw notFound("Test");
  await assertParticipant(db, actor, test.participant_id);
  if (!isRanCode(test.test_code)) throw new ApiError(422, "Only RAN tests are scored here.");
  const { student, classrooms } = await studentPlacementRows(db, test.participant_id);
  const hidden = new Set<string>();
  const shown = responses.map((r) => {
    const id = r.participant_test_question_response_id;
    const standing = ranScorerStanding({
      scored: isScored(r),
      events: events
        .filter((e) => e.participant_test_question_response_id === id)
        .map((e) => ({ kind: e.kind, scorerId: e.scorer_user_id })),
      userId: actor.userId,
      role: actor.role,
    });
    const withheld = withhold && standing.blindFirst;
    if (withheld) hidden.add(id);
    return toRanResponse(r, standing, withheld);
  });
  const participantTest = toParticipantTest(test);
  const resultHidden = responses.some((r) => hidden.has(r.participant_test_question_response_id) && !isPracticeResponse(r.question_code));
  return {
    participantTest: resultHidden ? withoutResult(participantTest) : participantTest,
    responses: shown,
    events: events.filter((e) => !hidden.has(e.participant_test_question_response_id)).map(toEvent),
    participant: {
      participantId: student.participant_id,
      firstName: student.first_name,
      lastName: student.last_name,
      grade: student.grade,
      OrganizationUnit: { organizationUnitId: student.organization_unit_id, name: student.school_name },
      Organization: { organizationId: student.organization_id, name: student.district_name },
      ParticipantGroup: classrooms.map((g) => ({ participantGroupId: g.participant_group_id, name: g.name })),
    },
    canScore: may(actor.role, "scoreRan"),
  };
}

export function registerRanScoring(app: Router) {
  app.openapi(getRanTest, async (c) => {
    const actor = requireActor(c.var.actor);
    const withhold = c.req.valid("query").official === "withhold";
    return c.json(await loadRanScoring(c.var.deps.db, actor, c.req.valid("param").id, withhold), 200);
  });

  app.openapi(addScore, async (c) => {
    const actor = requireCapability(c.var.actor, "scoreRan");
    const { db, now } = c.var.deps;
    const responseId = c.req.valid("param").id;
    const body = c.req.valid("json");
    const checked = validateRanScore({ responseTime: body.evalResponseTime, errorCount: body.numOfErrors, invalid: body.invalid });
    if (!checked.ok) {
      const errors = [checked.errors.responseTime, checked.errors.errorCount].filter((m): m is string => Boolean(m));
      throw new ApiError(422, first(errors, "a reason the score is refused"), errors);
    }
    const score = checked.payload;

    const owner = await responseOwner(db, responseId);
    if (!owner) throw notFound("Question response");
    const student = await assertParticipant(db, actor, owner.participant_id);

    const at = now();
    const config = await loadAssessmentConfig(db, student.organization_id, at);
    const conflict = await db.transaction().execute(async (tx) => {
      const response = await lockResponse(tx, responseId);
      const test = await ranTestHeader(tx, owner.participant_test_id);
      if (!response) throw notFound("Question response");
      if (!isRanCode(test.test_code)) throw new ApiError(422, "Only RAN tests are scored here.");
      if (!test.completed_flag) throw new ApiError(422, "This RAN test is not finished yet, so it cannot be scored.");
      if (body.version !== undefined && body.version !== iso(response.updated_at)) {
        return {
          message: "Someone else saved a score for this response after you opened it. Their score is shown now.",
          current: {
            evalResponseTime: response.eval_response_time,
            numOfErrors: response.num_of_errors,
            invalid: response.invalid,
            version: iso(response.updated_at),
          },
        };
      }
      const old = { evalResponseTime: response.eval_response_time, numOfErrors: response.num_of_errors, invalid: response.invalid };
      const event = { responseId, participantTestId: test.participant_test_id, scorerId: actor.userId, old, new: score, now: at };
      const scored = isScored(response);
      const scorers = (await responseScorers(tx, responseId)).map((e) => ({ kind: e.kind, scorerId: e.scorer_user_id }));
      const standing = ranScorerStanding({ scored, events: scorers, userId: actor.userId, role: actor.role });

      if (body.blind) {
        if (!scored) throw new ApiError(409, "Score the response first: a blind second score is compared with the official one.");
        if (!standing.mayScoreBlind) {
          throw new ApiError(409, "You gave the official score, so a blind second score has to come from someone else.");
        }
        await insertScoringEvent(tx, { ...event, kind: "blind" });
        return null;
      }
      if (!standing.mayOverwrite) throw new ApiError(403, RAN_OVERWRITE_REFUSED);

      await saveResponseScore(tx, responseId, score, actor.userId, at);
      if (!isPracticeResponse(response.question_code)) {
        if (score.invalid) {
          await saveRanTestResult(tx, test.participant_test_id, { invalid: true }, at);
        } else {
          // The raw figures always; a percentile only from the norms configured for the test's
          // grade and period, with their source (issue 34 item 4): without them the result is
          // complete and says 'No norms configured'.
          const period = periodAt(config.periods, new Date(test.start_dt_tm));
          const result = period
            ? ranResultUnder(config.standards, test.test_code, test.grade, period.periodName, score.evalResponseTime)
            : null;
          const raw = { scoredSecs: score.evalResponseTime, scoredErrors: score.numOfErrors };
          await saveRanTestResult(tx, test.participant_test_id, { invalid: false, ...raw, result }, at);
        }
      }
      await insertScoringEvent(tx, { ...event, kind: "score" });
      return null;
    });
    if (conflict) return c.json(conflict, 409);
    return c.json(await loadRanScoring(db, actor, owner.participant_test_id), 200);
  });

  app.openapi(getBlindRanScoring, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    const asked = c.req.valid("query").period;
    const config = await loadAssessmentConfig(db, group.organization_id, now(), group.config_version);
    const selected = (asked && config.periods.find((p) => p.periodName === asked)) || currentPeriod(config.periods, localIsoDate(now()));
    const answer: BlindRanScoring = {
      classroom: classroomHeadingOf(group),
      periods: config.periods.map((p) => p.periodName),
      period: selected?.periodName ?? null,
      students: [],
    };
    if (!selected || !may(actor.role, "scoreRan")) return c.json(answer, 200);
    const rows = await classroomRanResponseRows(db, group.participant_group_id, RAN_CODES, periodBounds(selected));
    // The test response of each test (the first one that is not the practice), weighed for this caller.
    const weighed = new Set<string>();
    for (const r of rows) {
      if (isPracticeResponse(r.question_code) || weighed.has(r.participant_test_id)) continue;
      weighed.add(r.participant_test_id);
      const entry: RanBlindEntry | null = ranBlindEntry({
        scored: savedScore({ evalResponseTime: r.eval_response_time, numOfErrors: r.num_of_errors, invalid: r.invalid }) !== null,
        events: r.events.map((e) => ({
          kind: e.kind,
          scorerId: e.scorer_user_id,
          new: { evalResponseTime: e.eval_response_time, numOfErrors: e.num_of_errors, invalid: e.invalid },
        })),
        userId: actor.userId,
        role: actor.role,
      });
      if (!entry) continue;
      let student = answer.students.at(-1);
      if (student?.participantId !== r.participant_id) {
        student = { participantId: r.participant_id, firstName: r.first_name, lastName: r.last_name, tests: [] };
        answer.students.push(student);
      }
      student.tests.push({
        participantTestId: r.participant_test_id,
        testCode: r.test_code,
        startDtTm: iso(r.start_dt_tm),
        blindScore: entry.state,
        agree: entry.state === "saved" ? entry.agree : null,
      });
    }
    return c.json(answer, 200);
  });

  app.openapi(getStudentRan, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const row = await latestRanTest(db, student.participant_id, RAN_CODES);
    return c.json(
      row
        ? {
            testCode: row.test_code,
            abilityPercentile: row.ability_percentile,
            completedFlag: row.completed_flag,
            invalid: row.invalid,
            startDtTm: iso(row.start_dt_tm),
          }
        : null,
      200,
    );
  });
}
