import { describe, expect, it } from "vitest";
import { LETTER_SCORES_CHANGED, LETTER_SCORES_EXIST } from "#app/api/resources/results";
import { letterItems } from "#app/domain/assessments";
import { makePeriods, makeStudent, MID_YEAR, uploadedResult } from "./support/fixtures";
import { apiWorld, staffTokens } from "./support/world";

// Issue 40 item 1: a score the browser kept while the network was down is sent again when it
// returns, perhaps twice (the first answer lost on the way). With its Idempotency-Key a repeat
// answers the first result and writes nothing more; with the version it was edited from, a save
// over a change made meanwhile is refused (409) with what is stored now, never written over.

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
const tokens = await staffTokens(t, w);

let n = 0;
const newStudent = () =>
  makeStudent(handle.db, w.schoolA.organization_unit_id, {
    grade: "K",
    classroomIds: [w.classA.participant_group_id],
    lastName: `Offline${++n}`,
  });
const letters = (correct: (item: string) => boolean) =>
  letterItems("letter-names").map((questionCode) => ({ questionCode, score: correct(questionCode) ? 1 : 0 }));
const key = () => crypto.randomUUID();
const create = (
  participantId: string,
  responses: ReturnType<typeof letters>,
  headers: Record<string, string> = {},
  token = tokens.teacher,
) =>
  t.call("POST", "/participantTest/manual", { token, headers, body: { testCode: "letter-names", participantId, grade: "K", responses } });
const update = (body: Record<string, unknown>, headers: Record<string, string> = {}, token = tokens.teacher) =>
  t.call("PUT", "/participantTest/manual", { token, headers, body });
const testsOf = (participantId: string) =>
  handle.db
    .selectFrom("participant_test")
    .select(["participant_test_id", "correct_items", "updated_at"])
    .where("participant_id", "=", participantId)
    .where("test_code", "=", "letter-names")
    .execute();
const responseCount = (participantTestId: string) =>
  handle.db
    .selectFrom("participant_test_question_response")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("participant_test_id", "=", participantTestId)
    .executeTakeFirstOrThrow();

describe(`letter scores saved again (${process.env.TEST_DB_ENGINE})`, () => {
  it("a create sent twice with one key answers the first result again and makes one test", async () => {
    const student = await newStudent();
    const headers = { "idempotency-key": key() };
    const first = await create(
      student.participant_id,
      letters((i) => i < "LN_F"),
      headers,
    );
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await create(
      student.participant_id,
      letters((i) => i < "LN_F"),
      headers,
    );
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    const stored = await testsOf(student.participant_id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.correct_items).toBe(5);
    expect(Number((await responseCount(stored[0]!.participant_test_id)).n)).toBe(26);
  });

  it("a create without a key over a test made meanwhile answers 409 with the stored scores and version", async () => {
    const student = await newStudent();
    expect(
      (
        await create(
          student.participant_id,
          letters(() => true),
          {},
          tokens.schoolAdmin,
        )
      ).status,
    ).toBe(201);
    const late = await create(
      student.participant_id,
      letters(() => false),
    );
    expect(late.status).toBe(409);
    const body = await late.json();
    const [stored] = await testsOf(student.participant_id);
    expect(body).toEqual({
      message: LETTER_SCORES_EXIST,
      current: {
        participantTestId: stored!.participant_test_id,
        correctByCode: expect.objectContaining({ LN_A: 1, LN_Z: 1 }),
        version: new Date(stored!.updated_at).toISOString(),
      },
    });
  });

  it("an update sent twice with one key saves once and does not meet itself as a conflict", async () => {
    const student = await newStudent();
    const created = (
      await (
        await create(
          student.participant_id,
          letters(() => false),
        )
      ).json()
    ).participantTest;
    const body = {
      participantTestId: created.participantTestId,
      participantId: student.participant_id,
      responses: letters((i) => i === "LN_A"),
      version: created.updatedAt,
    };
    const headers = { "idempotency-key": key() };
    const first = await update(body, headers);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    expect(firstBody.participantTest.updatedAt).not.toBe(created.updatedAt);
    // The clock has not moved: the version still changed, so a later stale save is caught.
    const again = await update(body, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstBody);
    const [stored] = await testsOf(student.participant_id);
    expect(new Date(stored!.updated_at).toISOString()).toBe(firstBody.participantTest.updatedAt);
    expect(stored!.correct_items).toBe(1);
  });

  it("an update from a stale version answers 409 with what is saved now and writes nothing", async () => {
    const student = await newStudent();
    const created = (
      await (
        await create(
          student.participant_id,
          letters(() => false),
        )
      ).json()
    ).participantTest;
    const meanwhile = await update(
      {
        participantTestId: created.participantTestId,
        participantId: student.participant_id,
        responses: letters((i) => i < "LN_C"),
        version: created.updatedAt,
      },
      {},
      tokens.schoolAdmin,
    );
    expect(meanwhile.status).toBe(200);
    const savedNow = (await meanwhile.json()).participantTest;
    const stale = await update(
      {
        participantTestId: created.participantTestId,
        participantId: student.participant_id,
        responses: letters(() => true),
        version: created.updatedAt,
      },
      { "idempotency-key": key() },
    );
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      message: LETTER_SCORES_CHANGED,
      current: { participantTestId: created.participantTestId, correctByCode: savedNow.correctByCode, version: savedNow.updatedAt },
    });
    const [stored] = await testsOf(student.participant_id);
    expect(stored!.correct_items).toBe(2);
    // Saved deliberately from the version it was shown, hers goes in.
    const kept = await update({
      participantTestId: created.participantTestId,
      participantId: student.participant_id,
      responses: letters(() => true),
      version: savedNow.updatedAt,
    });
    expect(kept.status).toBe(200);
    expect((await testsOf(student.participant_id))[0]!.correct_items).toBe(26);
  });

  it("refuses a version that is not a timestamp (400) and writes nothing", async () => {
    const student = await newStudent();
    const created = (
      await (
        await create(
          student.participant_id,
          letters(() => false),
        )
      ).json()
    ).participantTest;
    const res = await update({
      participantTestId: created.participantTestId,
      participantId: student.participant_id,
      responses: letters(() => true),
      version: "yesterday",
    });
    expect(res.status).toBe(400);
    expect((await testsOf(student.participant_id))[0]!.correct_items).toBe(0);
  });
});

describe(`RAN scores saved again (${process.env.TEST_DB_ENGINE})`, () => {
  it("a RAN save sent twice with one key saves once (one scoring event) and answers the first result", async () => {
    t.clock.now = new Date("2026-01-10T12:00:00Z");
    const student = await newStudent();
    const { participantTestId } = await uploadedResult(handle.db, {
      participantId: student.participant_id,
      testCode: "object-ran",
      startDtTm: "2026-01-10T10:00:00Z",
      responses: [{ questionCode: "object-ran_1", score: 1, responseTimeInSecs: 40 }],
    });
    const read = await (await t.call("GET", `/participantTest/RAN/${participantTestId}`, { token: tokens.teacher })).json();
    const response = read.responses[0];
    const path = `/participantTest/addScoreToQuestionResponse/${response.participantTestQuestionResponseId}`;
    const body = { score: 1, evalResponseTime: 42, numOfErrors: 1, invalid: false, version: response.updatedAt };
    const headers = { "idempotency-key": key() };
    const first = await t.call("PUT", path, { token: tokens.teacher, headers, body });
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const again = await t.call("PUT", path, { token: tokens.teacher, headers, body });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstBody);
    expect(firstBody.events).toHaveLength(1);
    const events = await handle.db
      .selectFrom("ran_scoring_event")
      .select("kind")
      .where("participant_test_question_response_id", "=", response.participantTestQuestionResponseId)
      .execute();
    expect(events).toHaveLength(1);
    // Without the key the same body is a second save from a stale version: refused, not written.
    const stale = await t.call("PUT", path, { token: tokens.teacher, body });
    expect(stale.status).toBe(409);
    t.clock.now = MID_YEAR.now;
  });

  it("a key used for another save is refused (422)", async () => {
    const student = await newStudent();
    const created = (
      await (
        await create(
          student.participant_id,
          letters(() => false),
        )
      ).json()
    ).participantTest;
    const headers = { "idempotency-key": key() };
    const body = { participantTestId: created.participantTestId, participantId: student.participant_id, responses: letters(() => true) };
    expect((await update(body, headers)).status).toBe(200);
    expect((await update({ ...body, responses: letters(() => false) }, headers)).status).toBe(422);
    expect((await testsOf(student.participant_id))[0]!.correct_items).toBe(26);
  });
});
