import { afterAll, describe, expect, it } from "vitest";
import type { BlindRanScoring, RanScoring } from "#app/api/resources/ran-scoring";
import { makeClassroom, makePeriods, makeStudent, makeTeacher, uploadedResult } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// GET /participantGroups/{id}/blindRanScoring (issue 34 item 7): the caller's blind second scoring
// of a classroom. Listed: the finished RAN tests of the period whose test response has an official
// score the caller gave none of; to score until they saved a blind score, then saved with whether
// the two scorers agree. No figure in the answer; the classroom's scope as everywhere.

const data = useTempDataDir();
afterAll(() => data.cleanup());

const NOW = new Date("2026-03-02T10:00:00Z");
const PERIODS = {
  BOY: { start: "2025-08-01", end: "2025-11-30" },
  MOY: { start: "2025-12-01", end: "2026-02-28" },
  EOY: { start: "2026-03-01", end: "2026-06-30" },
};

const { handle, t, w } = await apiWorld();
t.clock.now = NOW;
await makePeriods(handle.db, w.district.organization_id, PERIODS);
/** A second teacher of classroom A: the second scorer. */
const teacher2 = await makeTeacher(handle.db, w.schoolA);
await handle.db
  .insertInto("participant_group_teacher")
  .values({ participant_group_id: w.classA.participant_group_id, user_id: teacher2.user_id })
  .execute();
/** A teacher of school B: may not see classroom A. */
const teacherB = await makeTeacher(handle.db, w.schoolB);
/** A teacher of school A who does not teach classroom A. */
const teacherA2 = await makeTeacher(handle.db, w.schoolA);
await makeClassroom(handle.db, w.schoolA.organization_unit_id, [teacherA2.user_id]);

const tokens = {
  teacher: await t.login(w.teacher.email),
  teacher2: await t.login(teacher2.email),
  teacherB: await t.login(teacherB.email),
  teacherA2: await t.login(teacherA2.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  districtAdmin: await t.login(w.districtAdmin.email),
};

// Two students of classroom A, so the list's order by name shows.
const zed = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
  classroomIds: [w.classA.participant_group_id],
  firstName: "Zoe",
  lastName: "Zed",
});
const abe = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
  classroomIds: [w.classA.participant_group_id],
  firstName: "Amy",
  lastName: "Abe",
});

/** A RAN test (practice and test response); `scored` comes with the upload, as the screener may send it. */
async function ranTest(participantId: string, over: { start?: string; completed?: boolean; scored?: number } = {}) {
  const start = over.start ?? "2026-03-02T09:00:00Z";
  const { participantTestId } = await uploadedResult(handle.db, {
    participantId,
    testCode: "object-ran",
    startDtTm: start,
    endDtTm: over.completed === false ? null : start,
    completedFlag: over.completed !== false,
    responses: [
      { questionCode: "object-ran_prac_1", score: 1, responseTimeInSecs: 10 },
      {
        questionCode: "object-ran_1",
        score: 1,
        responseTimeInSecs: 50,
        ...(over.scored ? { evalResponseTime: over.scored, numOfErrors: 5 } : {}),
      },
    ],
  });
  return participantTestId;
}

async function testResponse(testId: string): Promise<string> {
  const res = await t.call("GET", `/participantTest/RAN/${testId}`, { token: tokens.schoolAdmin });
  expect(res.status).toBe(200);
  return ((await res.json()) as RanScoring).responses.find((r) => !r.questionCode.includes("prac"))!.participantTestQuestionResponseId;
}

async function score(testId: string, token: string, evalResponseTime: number, numOfErrors: number, blind = false) {
  const res = await t.call("PUT", `/participantTest/addScoreToQuestionResponse/${await testResponse(testId)}`, {
    token,
    body: { score: 1, evalResponseTime, numOfErrors, invalid: false, ...(blind ? { blind: true } : {}) },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const list = async (token: string, classroomId = w.classA.participant_group_id, query = "") => {
  const res = await t.call("GET", `/participantGroups/${classroomId}/blindRanScoring${query}`, { token });
  return { status: res.status, body: (res.status === 200 ? await res.json() : null) as BlindRanScoring };
};

/** The list as [student, test, state, agree] rows. */
const rowsOf = (b: BlindRanScoring) =>
  b.students.flatMap((s) => s.tests.map((x) => [s.lastName, x.participantTestId, x.blindScore, x.agree] as const));

// EOY, unless said otherwise.
const scoredByTeacher = await ranTest(zed.participant_id);
await score(scoredByTeacher, tokens.teacher, 61, 4);
const unscored = await ranTest(zed.participant_id);
const uploadScored = await ranTest(abe.participant_id, { scored: 47 });
const unfinished = await ranTest(abe.participant_id, { completed: false });
const blindAgreed = await ranTest(w.studentA.participant_id);
await score(blindAgreed, tokens.teacher, 40, 2);
await score(blindAgreed, tokens.teacher2, 41, 2, true);
const moyScored = await ranTest(abe.participant_id, { start: "2026-01-15T09:00:00Z" });
await score(moyScored, tokens.teacher, 52, 1);
await uploadedResult(handle.db, { participantId: zed.participant_id, testCode: "vocab", responses: [{ questionCode: "v_1", score: 1 }] });

describe(`GET /participantGroups/{id}/blindRanScoring (${process.env.TEST_DB_ENGINE})`, () => {
  it("lists for a second scorer the tests someone else scored: to score, or saved with the verdict; by student name", async () => {
    const { status, body } = await list(tokens.teacher2);
    expect(status).toBe(200);
    expect(body.period).toBe("EOY");
    expect(body.periods).toEqual(["BOY", "MOY", "EOY"]);
    expect(body.classroom.participantGroupId).toBe(w.classA.participant_group_id);
    // Not the unscored, unfinished, other period's or non-RAN tests.
    const studentA = w.studentA.last_name;
    const expected = [
      ["Abe", uploadScored, "to-score", null],
      ["Zed", scoredByTeacher, "to-score", null],
      [studentA, blindAgreed, "saved", true],
    ].sort((a, b) => String(a[0]).toLowerCase().localeCompare(String(b[0]).toLowerCase()));
    expect(rowsOf(body)).toEqual(expected);
    expect(rowsOf(body).map((r) => r[1])).not.toContain(unscored);
    expect(rowsOf(body).map((r) => r[1])).not.toContain(unfinished);
  });

  it("sends no figure: no time, error count, percentile or risk", async () => {
    const { body } = await list(tokens.teacher2);
    for (const s of body.students) {
      expect(Object.keys(s).sort()).toEqual(["firstName", "lastName", "participantId", "tests"]);
      for (const x of s.tests) expect(Object.keys(x).sort()).toEqual(["agree", "blindScore", "participantTestId", "startDtTm", "testCode"]);
    }
    // No number anywhere in the answer (the official 61, 47 and 40 secs, their errors, the blind 41).
    expect(JSON.stringify(body)).not.toMatch(/":\s*-?\d/);
    expect(JSON.stringify(body)).not.toMatch(/percentile|secs|errors|invalid|risk|theta/i);
  });

  it("leaves out what the caller scored officially; a score that came with the upload is someone else's", async () => {
    const { body } = await list(tokens.teacher);
    expect(rowsOf(body)).toEqual([["Abe", uploadScored, "to-score", null]]);
  });

  it("an admin who did not score lists them too", async () => {
    const { body } = await list(tokens.schoolAdmin);
    expect(rowsOf(body).map((r) => [r[1], r[2]])).toEqual(
      expect.arrayContaining([
        [uploadScored, "to-score"],
        [scoredByTeacher, "to-score"],
        [blindAgreed, "to-score"],
      ]),
    );
    expect(rowsOf(body)).toHaveLength(3);
  });

  it("a saved blind score turns the row to saved, with the verdict of the two scorers", async () => {
    const testId = await ranTest(zed.participant_id);
    await score(testId, tokens.schoolAdmin, 61, 4);
    const row = async () => rowsOf((await list(tokens.districtAdmin)).body).find((r) => r[1] === testId);
    expect(await row()).toEqual(["Zed", testId, "to-score", null]);
    await score(testId, tokens.districtAdmin, 58, 4, true);
    // 3 secs apart: they disagree.
    expect(await row()).toEqual(["Zed", testId, "saved", false]);
  });

  it("lists the period asked for", async () => {
    const { body } = await list(tokens.teacher2, w.classA.participant_group_id, "?period=MOY");
    expect(body.period).toBe("MOY");
    expect(rowsOf(body)).toEqual([["Abe", moyScored, "to-score", null]]);
    expect(rowsOf((await list(tokens.teacher2, w.classA.participant_group_id, "?period=BOY")).body)).toEqual([]);
  });

  it("answers 403 to a teacher of another school or another classroom, 404 for an unknown classroom, 401 without a session", async () => {
    expect((await list(tokens.teacherB)).status).toBe(403);
    expect((await list(tokens.teacherA2)).status).toBe(403);
    expect((await list(tokens.schoolAdmin, "00000000-0000-4000-8000-000000000001")).status).toBe(404);
    const res = await t.call("GET", `/participantGroups/${w.classA.participant_group_id}/blindRanScoring`, {});
    expect(res.status).toBe(401);
  });
});
