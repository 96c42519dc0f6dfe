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

/** The district of a live student, or undefined for none (the access log names the district of each read). */
export async function liveStudentDistrict(db: Db, participantId: string): Promise<string | undefined> {
  const student = await db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select("ou.organization_id")
    .where("p.participant_id", "=", participantId)
    .where("p.deleted_at", "is", null)
    .executeTakeFirst();
  return student?.organization_id;
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
