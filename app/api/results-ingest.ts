import { z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  holdStudent,
  insertLetterTest,
  updateLetterTest,
  upsertProfile,
  upsertProfiles,
  upsertResponses,
  upsertTest,
  upsertTests,
  writeLetterResponses,
  type ProfileValues,
  type ResponseValues,
  type TestValues,
} from "#app/db/queries/test-results";
import { lockLetterTest } from "#app/db/queries/results";
import { isLetterTest, letterItems, TEST_CODES } from "#app/domain/assessments";
import { dateOutOfRangeMessage, isInstantInRange } from "#app/domain/calendar-date";
import { GRADES } from "#app/domain/grades";
import { letterScoresChanged, scoreLetters, type ScoredLetters } from "#app/domain/letter-scores";
import { PERIODS } from "#app/domain/periods";
import { isRanTestCode } from "#app/domain/screening-standards";
import { text, TEXT_MAX } from "#app/domain/text";
import { ApiError, notFound } from "./errors";

// The screener's way in (issue: result ingestion). The demo seed and the benchmark
// generator record results through these same functions, so what they show is what
// real uploads produce. Here: the request schemas, their mapping to rows, and which writes
// share a transaction; the writes are in app/db/queries/test-results.ts.

const Score01 = z.number().min(0).max(1);

export const RAN_UPLOAD_RESULT_REFUSED =
  "A RAN test's percentile and theta come from the district's RAN norms once its recording is scored: send the test without abilityPercentile and finalTheta.";

/** An ISO date-time with an offset that the database can store and that names a real year (issue 33: year 0000 answered 500). */
const Instant = (label: string) => z.iso.datetime({ offset: true }).refine(isInstantInRange, dateOutOfRangeMessage(label));

/** More than spaces (issue 33: an all-spaces clientTestId was stored, an id no one can read back or tell apart). */
const notBlank = (value: string) => value.trim() !== "";

export const QuestionResponseInput = z.object({
  questionCode: text(TEXT_MAX.code, { label: "questionCode" }).min(1).refine(notBlank, "questionCode must not be blank."),
  score: z.number().nullable().optional(),
  providerResponse: text(100_000, { label: "providerResponse" }).nullable().optional(),
  responseTimeInSecs: z.number().min(0).nullable().optional(),
  evalResponseTime: z.number().min(0).nullable().optional(),
  numOfErrors: z.number().int().min(0).nullable().optional(),
  invalid: z.boolean().nullable().optional(),
  audioFileId: z.string().uuid().nullable().optional().openapi({ description: "A recording uploaded beforehand (stored file id)" }),
});

export const TestResultInput = z
  .object({
    clientTestId: text(200, { label: "clientTestId" })
      .min(1)
      .refine(notBlank, "clientTestId must not be blank.")
      .openapi({ description: "The screener's own id; a retry with the same id updates the test" }),
    participantId: z.string().uuid(),
    testCode: z.enum(TEST_CODES),
    grade: z.enum(GRADES),
    startDtTm: Instant("startDtTm"),
    endDtTm: Instant("endDtTm").nullable().optional(),
    completedFlag: z.boolean(),
    invalid: z.boolean().nullable().optional(),
    finalTheta: z
      .number()
      .min(-10)
      .max(10)
      .nullable()
      .optional()
      .openapi({ description: "Not for RAN tests (400): their theta comes from the district's RAN norms" }),
    abilityPercentile: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .optional()
      .openapi({ description: "Not for RAN tests (400): their percentile comes from the district's RAN norms, with its source" }),
    correctItems: z.number().int().min(0).nullable().optional(),
    totalItems: z.number().int().min(0).nullable().optional(),
    correctByCode: z
      .record(text(TEXT_MAX.code, { label: "correctByCode" }), z.union([z.literal(0), z.literal(1)]))
      .nullable()
      .optional(),
    responses: z.array(QuestionResponseInput).max(500).default([]),
  })
  .refine((t) => t.correctItems == null || t.totalItems == null || t.correctItems <= t.totalItems, {
    message: "correctItems cannot exceed totalItems",
    path: ["correctItems"],
  })
  .refine((t) => !t.completedFlag || t.endDtTm, { message: "A completed test needs endDtTm", path: ["endDtTm"] })
  .refine((t) => !t.endDtTm || Date.parse(t.endDtTm) >= Date.parse(t.startDtTm), {
    message: "endDtTm cannot be before startDtTm",
    path: ["endDtTm"],
  })
  .refine((t) => new Set(t.responses.map((r) => r.questionCode)).size === t.responses.length, {
    message: "Each questionCode may appear only once",
    path: ["responses"],
  })
  // A RAN percentile or theta comes only from the district's RAN norms, with their source, when its
  // recording is scored (docs/decisions/0010-ran-scoring.md); one sent with an upload was shown as
  // '15th ▼▼' with nothing behind it (issue 34 item 4).
  .refine((t) => !isRanTestCode(t.testCode) || (t.abilityPercentile == null && t.finalTheta == null), {
    message: RAN_UPLOAD_RESULT_REFUSED,
    path: ["abilityPercentile"],
  })
  .superRefine((t, ctx) => {
    // Letter tests have a fixed item list; an unknown item code would never show in the dialogs.
    if (!isLetterTest(t.testCode)) return;
    const items = new Set(letterItems(t.testCode));
    const unknown = [...Object.keys(t.correctByCode ?? {}), ...t.responses.map((r) => r.questionCode)].filter((c) => !items.has(c));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `Unknown item codes for ${t.testCode}: ${[...new Set(unknown)].join(", ")}`,
        path: ["responses"],
      });
    }
  })
  .openapi("TestResultInput");
export type TestResultInput = z.input<typeof TestResultInput>;

export const PredictiveProfileInput = z
  .object({
    participantId: z.string().uuid(),
    academicYear: z.string().regex(/^\d{4}-\d{4}$/),
    periodName: z.enum(PERIODS),
    pwr: Score01.nullable().optional(),
    dyslexia: Score01.nullable().optional(),
    kready: Score01.nullable().optional(),
    pkRisk: Score01.nullable().optional(),
    computedAt: z.string().datetime({ offset: true }).optional().openapi({
      description:
        "When the screener computed these scores (ISO 8601), for an upload made later (a tablet that was offline). A follow-up's deadline runs from it (docs/features/follow-up.md). Left out, or after the upload: the upload's time.",
      example: "2026-09-15T14:05:00Z",
    }),
  })
  .openapi("PredictiveProfileInput");
export type PredictiveProfileInput = z.input<typeof PredictiveProfileInput>;

type ParsedTest = z.output<typeof TestResultInput>;
type ParsedResponse = ParsedTest["responses"][number];

/** One test input as its participant_test row (shared by the single and the batch form). */
function testRow(t: ParsedTest, enteredBy: string | null): TestValues {
  return {
    client_test_id: t.clientTestId,
    participant_id: t.participantId,
    test_code: t.testCode,
    grade: t.grade,
    start_dt_tm: t.startDtTm,
    end_dt_tm: t.endDtTm ?? null,
    completed_flag: t.completedFlag,
    invalid: t.invalid ?? null,
    final_theta: t.finalTheta ?? null,
    ability_percentile: t.abilityPercentile ?? null,
    correct_items: t.correctItems ?? null,
    total_items: t.totalItems ?? null,
    correct_by_code: t.correctByCode ? JSON.stringify(t.correctByCode) : null,
    entered_by: enteredBy,
  };
}

function responseRow(participantTestId: string, r: ParsedResponse): ResponseValues {
  return {
    participant_test_id: participantTestId,
    question_code: r.questionCode,
    score: r.score ?? null,
    provider_response: r.providerResponse ?? null,
    response_time_in_secs: r.responseTimeInSecs ?? null,
    eval_response_time: r.evalResponseTime ?? null,
    num_of_errors: r.numOfErrors ?? null,
    invalid: r.invalid ?? null,
    audio_file_id: r.audioFileId ?? null,
  };
}

/**
 * First in a transaction that writes rows of a student: the student's row is held until it ends,
 * and a student deleted for good since the caller's scope check answers 404 like an unknown one
 * (docs/features/student-records.md, "While a result is uploaded").
 */
async function assertStudentHeld(tx: Db, participantId: string) {
  if (!(await holdStudent(tx, participantId))) throw notFound("Student");
}

/** Inserts or updates one test and its responses; returns its id and whether it was new. */
export async function recordTestResult(db: Db, raw: TestResultInput, enteredBy: string | null = null) {
  const t = TestResultInput.parse(raw);
  return db.transaction().execute(async (tx) => {
    await assertStudentHeld(tx, t.participantId);
    const row = await upsertTest(tx, testRow(t, enteredBy));
    // A known clientTestId that belongs to another student is refused, never overwritten.
    if (!row) throw new ApiError(409, "clientTestId belongs to another student's test");
    await upsertResponses(
      tx,
      t.responses.map((r) => responseRow(row.participant_test_id, r)),
    );
    return { participantTestId: row.participant_test_id, created: row.inserted };
  });
}

/**
 * The batch form of recordTestResult (bulk loads such as the benchmark's generator): the same
 * validation and rows, in one transaction, a few statements per chunk instead of two per test.
 * Inputs must have distinct clientTestIds.
 */
export async function recordTestResults(db: Db, raws: readonly TestResultInput[], enteredBy: string | null = null) {
  const tests = raws.map((raw) => TestResultInput.parse(raw));
  if (new Set(tests.map((t) => t.clientTestId)).size !== tests.length)
    throw new ApiError(400, "Each clientTestId may appear only once in a batch");
  const CHUNK = 1000; // 14 parameters a row, well under PostgreSQL's 65,535 a statement
  return db.transaction().execute(async (tx) => {
    const ids = new Map<string, string>();
    for (let i = 0; i < tests.length; i += CHUNK) {
      const chunk = tests.slice(i, i + CHUNK);
      const rows = await upsertTests(
        tx,
        chunk.map((t) => testRow(t, enteredBy)),
      );
      if (rows.length !== chunk.length) throw new ApiError(409, "clientTestId belongs to another student's test");
      for (const r of rows) ids.set(r.client_test_id!, r.participant_test_id);
    }
    const responses = tests.flatMap((t) => t.responses.map((r) => responseRow(ids.get(t.clientTestId)!, r)));
    for (let i = 0; i < responses.length; i += CHUNK * 2) await upsertResponses(tx, responses.slice(i, i + CHUNK * 2));
    return tests.map((t) => ids.get(t.clientTestId)!);
  });
}

/** A profile's row; `computedAt` is the upload's time, and the latest the scores may be dated. */
function profileRow(p: z.output<typeof PredictiveProfileInput>, computedAt: Date): ProfileValues {
  return {
    participant_id: p.participantId,
    academic_year: p.academicYear,
    period_name: p.periodName,
    pwr: p.pwr ?? null,
    dyslexia: p.dyslexia ?? null,
    kready: p.kready ?? null,
    pk_risk: p.pkRisk ?? null,
    // Never after the upload: a flag cannot be dated in the future.
    computed_at: p.computedAt && new Date(p.computedAt) < computedAt ? new Date(p.computedAt) : computedAt,
  };
}

export async function recordPredictiveProfile(db: Db, raw: PredictiveProfileInput) {
  const row = profileRow(PredictiveProfileInput.parse(raw), new Date());
  await db.transaction().execute(async (tx) => {
    await assertStudentHeld(tx, row.participant_id);
    await upsertProfile(tx, row);
  });
}

/** The batch form of recordPredictiveProfile: same validation and rows, one statement per chunk. */
export async function recordPredictiveProfiles(db: Db, raws: readonly PredictiveProfileInput[]) {
  const now = new Date();
  const rows = raws.map((raw) => profileRow(PredictiveProfileInput.parse(raw), now));
  for (let i = 0; i < rows.length; i += 2000) await upsertProfiles(db, rows.slice(i, i + 2000));
}

// ── Hand-entered letter scores (spec 001 §4 'Letter score edit') ─────────────────────────────

export const LetterResponseInput = z.object({
  questionCode: text(20, { label: "questionCode" }).min(1).openapi({ example: "LN_A" }),
  score: z.union([z.literal(0), z.literal(1)]).openapi({ description: "1 correct, 0 incorrect" }),
});

export type LetterResponse = z.infer<typeof LetterResponseInput>;

/** The scores to store (app/domain/letter-scores.ts), or 400 with one error per problem. */
export function scoreLetterItems(items: readonly string[], responses: readonly LetterResponse[]): ScoredLetters {
  const result = scoreLetters(items, responses);
  if ("errors" in result) throw new ApiError(400, "Every letter must be scored once with 1 or 0", result.errors);
  return result.scored;
}

/**
 * A new hand-entered letter test. Its client id is derived from student, year, period and test,
 * so two submits racing each other cannot make two tests: the second one answers 409.
 */
export async function createManualLetterTest(
  db: Db,
  input: {
    participantId: string;
    testCode: string;
    grade: string;
    startDtTm: Date;
    now: Date;
    enteredBy: string;
    manualKey: string;
    scored: ScoredLetters;
  },
) {
  return db.transaction().execute(async (tx) => {
    await assertStudentHeld(tx, input.participantId);
    const participantTestId = await insertLetterTest(tx, {
      client_test_id: input.manualKey,
      participant_id: input.participantId,
      test_code: input.testCode,
      grade: input.grade,
      start_dt_tm: input.startDtTm,
      end_dt_tm: input.now,
      completed_flag: true,
      // Scored by a person: not 'needs scoring' (spec 001 §4 reads invalid null as unscored).
      invalid: false,
      correct_items: input.scored.correctItems,
      total_items: input.scored.totalItems,
      correct_by_code: JSON.stringify(input.scored.correctByCode),
      entered_by: input.enteredBy,
    });
    if (!participantTestId) throw new ApiError(409, "Letter scores already exist for this student in this period; update them instead");
    await writeLetterResponses(tx, participantTestId, input.scored.correctByCode, input.enteredBy);
    return participantTestId;
  });
}

/**
 * New item scores for an existing letter test. A percentile or theta the screener computed from
 * the old answers no longer describes the test once a person changes an item, so it is cleared
 * rather than shown next to scores it does not belong to.
 *
 * `version`: the test's updatedAt as the teacher's dialog read it (issue 40 item 1). When the test
 * changed since, nothing is written and the stored scores come back as the conflict, so a save
 * kept offline never overwrites a change made meanwhile unseen. Each save moves updated_at on by
 * at least a millisecond, so two saves within one tick still differ in version.
 */
export async function updateManualLetterTest(
  db: Db,
  input: {
    participantTestId: string;
    previous: Record<string, number> | null;
    now: Date;
    enteredBy: string;
    scored: ScoredLetters;
    version?: string;
  },
): Promise<{ changed: boolean; conflict?: undefined } | { conflict: { correctByCode: Record<string, number> | null; version: string } }> {
  return db.transaction().execute(async (tx) => {
    const row = await lockLetterTest(tx, input.participantTestId);
    if (!row) throw notFound("Test");
    const stored = new Date(row.updated_at);
    const previous = (typeof row.correct_by_code === "string" ? JSON.parse(row.correct_by_code) : row.correct_by_code) as Record<
      string,
      number
    > | null;
    if (input.version !== undefined && input.version !== stored.toISOString()) {
      return { conflict: { correctByCode: previous, version: stored.toISOString() } };
    }
    const changed = letterScoresChanged(previous ?? input.previous, input.scored.correctByCode);
    const at = new Date(Math.max(input.now.getTime(), stored.getTime() + 1));
    await updateLetterTest(tx, {
      participantTestId: input.participantTestId,
      now: at,
      enteredBy: input.enteredBy,
      ...input.scored,
      clearScreenerScores: changed,
    });
    await writeLetterResponses(tx, input.participantTestId, input.scored.correctByCode, input.enteredBy);
    return { changed };
  });
}
