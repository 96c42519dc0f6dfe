import type { Db } from "../connect.server";

// What the recordings' routes check and list (app/api/resources/audio.ts).

/** Whether the live test exists and belongs to this student. */
export async function isLiveTestOf(db: Db, participantTestId: string, participantId: string): Promise<boolean> {
  const test = await db
    .selectFrom("participant_test")
    .select("participant_test_id")
    .where("participant_test_id", "=", participantTestId)
    .where("participant_id", "=", participantId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Boolean(test);
}

export async function isLiveStudent(db: Db, participantId: string): Promise<boolean> {
  const student = await db
    .selectFrom("participant")
    .select("participant_id")
    .where("participant_id", "=", participantId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Boolean(student);
}

/** A test's question responses (id and question code), by question code. */
export function responseCodesOfTest(db: Db, participantTestId: string) {
  return db
    .selectFrom("participant_test_question_response")
    .select(["participant_test_question_response_id", "question_code"])
    .where("participant_test_id", "=", participantTestId)
    .orderBy("question_code")
    .execute();
}
