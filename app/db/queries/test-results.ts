import { sql, type Insertable } from "kysely";
import { first } from "#app/domain/presence";
import type { Db } from "../connect.server";
import type { ParticipantTestTable, PredictiveProfileTable, QuestionResponseTable } from "../schema";

// The writes of result ingestion and hand-entered letter scores. A caller that needs several of
// them at once passes a transaction (app/api/results-ingest.ts decides where those begin and what
// a conflict answers).

export type TestValues = Insertable<ParticipantTestTable> & { client_test_id: string; entered_by: string | null };
export type ResponseValues = Insertable<QuestionResponseTable>;
export type ProfileValues = Insertable<PredictiveProfileTable>;

/**
 * Holds the student's row until the transaction ends; undefined when the student is gone (deleted
 * for good since the caller's scope check read them). FOR KEY SHARE is the lock the foreign key's
 * own check takes when the test is written, taken first: uploads do not wait for one another,
 * a deletion for good (FOR UPDATE) waits for the upload and then counts its result, and an upload
 * that waited for a deletion finds no row instead of breaking the foreign key (issue 41).
 */
export function holdStudent(tx: Db, participantId: string): Promise<{ participant_id: string } | undefined> {
  return tx.selectFrom("participant").select("participant_id").where("participant_id", "=", participantId).forKeyShare().executeTakeFirst();
}

/**
 * Inserts a test, or updates the one with its client id when that test belongs to the same
 * student. Undefined when the client id belongs to another student's test (nothing is written).
 */
export function upsertTest(tx: Db, values: TestValues): Promise<{ participant_test_id: string; inserted: boolean } | undefined> {
  return tx
    .insertInto("participant_test")
    .values(values)
    .onConflict((oc) =>
      oc
        .column("client_test_id")
        .doUpdateSet({ ...values, updated_at: sql`now()` })
        .where("participant_test.participant_id", "=", values.participant_id),
    )
    .returning(["participant_test_id", sql<boolean>`(xmax = 0)`.as("inserted")])
    .executeTakeFirst();
}

/**
 * The batch form of upsertTest: one statement for all rows (distinct client ids, all with the same
 * columns). Rows whose client id belongs to another student are left out of the answer.
 */
export function upsertTests(
  tx: Db,
  rows: readonly TestValues[],
): Promise<{ participant_test_id: string; client_test_id: string | null }[]> {
  return tx
    .insertInto("participant_test")
    .values([...rows])
    .onConflict((oc) =>
      oc
        .column("client_test_id")
        .doUpdateSet((eb) => ({
          ...Object.fromEntries(Object.keys(first(rows, "a test")).map((k) => [k, eb.ref(`excluded.${k}` as never)])),
          updated_at: sql`now()`,
        }))
        .whereRef("participant_test.participant_id", "=", "excluded.participant_id"),
    )
    .returning(["participant_test_id", "client_test_id"])
    .execute();
}

/** Inserts or updates question responses; staff scoring (RAN) and a stored recording survive a re-upload. */
export async function upsertResponses(tx: Db, rows: readonly ResponseValues[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insertInto("participant_test_question_response")
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(["participant_test_id", "question_code"]).doUpdateSet((eb) => ({
        score: eb.ref("excluded.score"),
        audio_file_id: sql`coalesce(excluded.audio_file_id, participant_test_question_response.audio_file_id)`,
        provider_response: eb.ref("excluded.provider_response"),
        response_time_in_secs: eb.ref("excluded.response_time_in_secs"),
        eval_response_time: sql`coalesce(excluded.eval_response_time, participant_test_question_response.eval_response_time)`,
        num_of_errors: sql`coalesce(excluded.num_of_errors, participant_test_question_response.num_of_errors)`,
        invalid: sql`coalesce(excluded.invalid, participant_test_question_response.invalid)`,
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

/** Inserts or replaces the scores of one student, year and period. */
export async function upsertProfile(db: Db, values: ProfileValues): Promise<void> {
  await db
    .insertInto("predictive_profile")
    .values(values)
    .onConflict((oc) => oc.columns(["participant_id", "academic_year", "period_name"]).doUpdateSet(values))
    .execute();
}

/** The batch form of upsertProfile: one statement for all rows (all with the same columns). */
export async function upsertProfiles(db: Db, rows: readonly ProfileValues[]): Promise<void> {
  await db
    .insertInto("predictive_profile")
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(["participant_id", "academic_year", "period_name"]).doUpdateSet((eb) => ({
        ...Object.fromEntries(Object.keys(first(rows, "a profile")).map((k) => [k, eb.ref(`excluded.${k}` as never)])),
      })),
    )
    .execute();
}

/** A new hand-entered letter test; undefined when a test with its client id exists already. */
export async function insertLetterTest(tx: Db, values: TestValues): Promise<string | undefined> {
  const row = await tx
    .insertInto("participant_test")
    .values(values)
    .onConflict((oc) => oc.column("client_test_id").doNothing())
    .returning("participant_test_id")
    .executeTakeFirst();
  return row?.participant_test_id;
}

/**
 * New scores for a letter test: complete, scored by a person, dated at its first completion; the
 * screener's percentile and theta cleared when `clearScreenerScores`.
 */
export async function updateLetterTest(
  tx: Db,
  input: {
    participantTestId: string;
    now: Date;
    enteredBy: string;
    correctByCode: Record<string, number>;
    correctItems: number;
    totalItems: number;
    clearScreenerScores: boolean;
  },
): Promise<void> {
  await tx
    .updateTable("participant_test")
    .set({
      completed_flag: true,
      end_dt_tm: sql`coalesce(end_dt_tm, ${input.now})`,
      invalid: false,
      correct_items: input.correctItems,
      total_items: input.totalItems,
      correct_by_code: JSON.stringify(input.correctByCode),
      entered_by: input.enteredBy,
      updated_at: input.now,
      ...(input.clearScreenerScores ? { ability_percentile: null, final_theta: null } : {}),
    })
    .where("participant_test_id", "=", input.participantTestId)
    .execute();
}

/** One response per letter item with its score and who scored it. */
export async function writeLetterResponses(
  tx: Db,
  participantTestId: string,
  correctByCode: Record<string, number>,
  enteredBy: string,
): Promise<void> {
  await tx
    .insertInto("participant_test_question_response")
    .values(
      Object.entries(correctByCode).map(([code, score]) => ({
        participant_test_id: participantTestId,
        question_code: code,
        score,
        scored_by: enteredBy,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["participant_test_id", "question_code"]).doUpdateSet((eb) => ({
        score: eb.ref("excluded.score"),
        scored_by: eb.ref("excluded.scored_by"),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}
