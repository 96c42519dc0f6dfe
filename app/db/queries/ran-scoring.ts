import { sql, type Selectable } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Db } from "../connect.server";
import type { QuestionResponseTable, RanScoringEventTable } from "../schema";
import { testWithResponsesRows, type ParticipantTestRow } from "./results";

// The reads and writes of RAN scoring (issue 11): one test with its responses and every
// scoring event, the student's placement for the breadcrumb, the save itself, and (issue 34
// item 7) a classroom's finished RAN tests of a period for the blind scoring page.

export type RanEventRow = Selectable<RanScoringEventTable> & { scorer_first_name: string | null; scorer_last_name: string | null };

export async function ranTestRows(
  db: Db,
  participantTestId: string,
): Promise<{ test: ParticipantTestRow | undefined; responses: Selectable<QuestionResponseTable>[]; events: RanEventRow[] }> {
  const [{ test, responses }, events] = await Promise.all([
    // The screener's order: the practice comes before the test (one upload stores both at once).
    testWithResponsesRows(db, participantTestId, "screener"),
    db
      .selectFrom("ran_scoring_event as e")
      .leftJoin("app_user as u", "u.user_id", "e.scorer_user_id")
      .selectAll("e")
      .select(["u.first_name as scorer_first_name", "u.last_name as scorer_last_name"])
      .where("e.participant_test_id", "=", participantTestId)
      .orderBy("e.seq")
      .execute(),
  ]);
  return { test, responses, events };
}

/** The school, district and live classrooms of a student: what the breadcrumb names. */
export async function studentPlacementRows(db: Db, participantId: string) {
  const [student, classrooms] = await Promise.all([
    db
      .selectFrom("participant as p")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .innerJoin("organization as o", "o.organization_id", "ou.organization_id")
      .select([
        "p.participant_id",
        "p.first_name",
        "p.last_name",
        "p.grade",
        "ou.organization_unit_id",
        "ou.name as school_name",
        "o.organization_id",
        "o.name as district_name",
      ])
      .where("p.participant_id", "=", participantId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
      .select(["g.participant_group_id", "g.name"])
      .where("m.participant_id", "=", participantId)
      .where("g.deleted_at", "is", null)
      .orderBy(sql`lower(g.name)`)
      .execute(),
  ]);
  return { student, classrooms };
}

/** The response row, locked until the transaction ends, so two saves of one response queue up. */
export function lockResponse(tx: Db, responseId: string) {
  return tx
    .selectFrom("participant_test_question_response")
    .selectAll()
    .where("participant_test_question_response_id", "=", responseId)
    .forUpdate()
    .executeTakeFirst();
}

/** Every save of a response, oldest first: whether it was official or blind, and by whom. */
export function responseScorers(tx: Db, responseId: string): Promise<{ kind: "score" | "blind"; scorer_user_id: string | null }[]> {
  return tx
    .selectFrom("ran_scoring_event")
    .select(["kind", "scorer_user_id"])
    .where("participant_test_question_response_id", "=", responseId)
    .orderBy("seq")
    .execute();
}

export type RanScoreWrite = { evalResponseTime: number; numOfErrors: number | null; invalid: boolean };

export async function saveResponseScore(tx: Db, responseId: string, score: RanScoreWrite, scorerId: string, now: Date): Promise<void> {
  await tx
    .updateTable("participant_test_question_response")
    .set({
      score: 1,
      eval_response_time: score.evalResponseTime,
      num_of_errors: score.numOfErrors,
      invalid: score.invalid,
      scored_by: scorerId,
      updated_at: now,
    })
    .where("participant_test_question_response_id", "=", responseId)
    .execute();
}

/**
 * The test's result after its test response was scored: invalid, or its scored time and errors
 * with the percentile and theta the configured norms give (and their source), or none.
 */
export async function saveRanTestResult(
  tx: Db,
  participantTestId: string,
  result:
    | { invalid: true }
    | {
        invalid: false;
        scoredSecs: number;
        scoredErrors: number | null;
        result: { abilityPercentile: number; finalTheta: number; normsSource: string } | null;
      },
  now: Date,
): Promise<void> {
  const none = { ability_percentile: null, final_theta: null, norms_source: null };
  await tx
    .updateTable("participant_test")
    .set(
      result.invalid
        ? { invalid: true, ...none, scored_secs: null, scored_errors: null, updated_at: now }
        : {
            invalid: false,
            ...(result.result
              ? {
                  ability_percentile: result.result.abilityPercentile,
                  final_theta: result.result.finalTheta,
                  norms_source: result.result.normsSource,
                }
              : none),
            scored_secs: result.scoredSecs,
            scored_errors: result.scoredErrors,
            updated_at: now,
          },
    )
    .where("participant_test_id", "=", participantTestId)
    .execute();
}

export async function insertScoringEvent(
  tx: Db,
  e: {
    responseId: string;
    participantTestId: string;
    scorerId: string;
    kind: "score" | "blind";
    old: { evalResponseTime: number | null; numOfErrors: number | null; invalid: boolean | null };
    new: RanScoreWrite;
    now: Date;
  },
): Promise<void> {
  await tx
    .insertInto("ran_scoring_event")
    .values({
      participant_test_question_response_id: e.responseId,
      participant_test_id: e.participantTestId,
      scorer_user_id: e.scorerId,
      kind: e.kind,
      old_eval_response_time: e.old.evalResponseTime,
      old_num_of_errors: e.old.numOfErrors,
      old_invalid: e.old.invalid,
      eval_response_time: e.new.evalResponseTime,
      num_of_errors: e.new.numOfErrors,
      invalid: e.new.invalid,
      created_at: e.now,
    })
    .execute();
}

/** The student's most recent RAN test (spec 001 §7 'most recent RAN score by student'). */
export function latestRanTest(db: Db, participantId: string, ranCodes: readonly string[]) {
  return db
    .selectFrom("participant_test")
    .select(["test_code", "ability_percentile", "completed_flag", "invalid", "start_dt_tm"])
    .where("participant_id", "=", participantId)
    .where("deleted_at", "is", null)
    .where("test_code", "in", [...ranCodes])
    .orderBy("start_dt_tm", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The live test a question response belongs to, with its student. */
export function responseOwner(db: Db, responseId: string) {
  return db
    .selectFrom("participant_test_question_response as r")
    .innerJoin("participant_test as t", "t.participant_test_id", "r.participant_test_id")
    .select(["t.participant_id", "t.participant_test_id"])
    .where("r.participant_test_question_response_id", "=", responseId)
    .where("t.deleted_at", "is", null)
    .executeTakeFirst();
}

/** What a save checks about the test: its code, grade, whether it is finished and when it was taken. */
export function ranTestHeader(tx: Db, participantTestId: string) {
  return tx
    .selectFrom("participant_test")
    .select(["participant_test_id", "test_code", "grade", "completed_flag", "start_dt_tm"])
    .where("participant_test_id", "=", participantTestId)
    .executeTakeFirstOrThrow();
}

/** A response of a finished RAN test of a classroom's student, with the test, the student and every save of the response. */
export type ClassroomRanResponseRow = {
  participant_test_id: string;
  participant_id: string;
  first_name: string;
  last_name: string;
  test_code: string;
  start_dt_tm: Date;
  participant_test_question_response_id: string;
  question_code: string;
  eval_response_time: number | null;
  num_of_errors: number | null;
  invalid: boolean | null;
  /** Oldest first. */
  events: {
    kind: "score" | "blind";
    scorer_user_id: string | null;
    eval_response_time: number;
    num_of_errors: number | null;
    invalid: boolean;
  }[];
};

/**
 * The responses of the live, finished tests of `testCodes` that a classroom's live students
 * started within a period's bounds, each with its scoring events, in one statement: students by
 * name, then their tests by start. What the blind scoring page weighs (issue 34 item 7).
 */
export function classroomRanResponseRows(
  db: Db,
  classroomId: string,
  testCodes: readonly string[],
  bounds: { from: string; to: string },
): Promise<ClassroomRanResponseRow[]> {
  return db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant as p", "p.participant_id", "m.participant_id")
    .innerJoin("participant_test as t", "t.participant_id", "p.participant_id")
    .innerJoin("participant_test_question_response as r", "r.participant_test_id", "t.participant_test_id")
    .select((eb) => [
      "t.participant_test_id",
      "p.participant_id",
      "p.first_name",
      "p.last_name",
      "t.test_code",
      "t.start_dt_tm",
      "r.participant_test_question_response_id",
      "r.question_code",
      "r.eval_response_time",
      "r.num_of_errors",
      "r.invalid",
      jsonArrayFrom(
        eb
          .selectFrom("ran_scoring_event as e")
          .select(["e.kind", "e.scorer_user_id", "e.eval_response_time", "e.num_of_errors", "e.invalid"])
          .whereRef("e.participant_test_question_response_id", "=", "r.participant_test_question_response_id")
          .orderBy("e.seq"),
      ).as("events"),
    ])
    .where("m.participant_group_id", "=", classroomId)
    .where("p.deleted_at", "is", null)
    .where("t.deleted_at", "is", null)
    .where("t.completed_flag", "=", true)
    .where("t.test_code", "in", [...testCodes])
    .where("t.start_dt_tm", ">=", new Date(bounds.from))
    .where("t.start_dt_tm", "<", new Date(bounds.to))
    .orderBy(sql`lower(p.last_name)`)
    .orderBy(sql`lower(p.first_name)`)
    .orderBy("p.participant_id")
    .orderBy("t.start_dt_tm")
    .orderBy("t.participant_test_id")
    .orderBy("r.question_code")
    .execute();
}
