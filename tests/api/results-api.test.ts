import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RAN_UPLOAD_RESULT_REFUSED } from "#app/api/results-ingest";
import { letterItems } from "#app/domain/assessments";
import { makePeriods, makeStudent, MID_YEAR } from "./support/fixtures";
import { apiWorld, staffTokens } from "./support/world";

// Today is in MOY; BOY is over and EOY has not begun.
const { now: NOW, ranges: RANGES } = MID_YEAR;

const allLetters = (code: "letter-names" | "letter-sounds", correct: (item: string) => boolean) =>
  letterItems(code).map((questionCode) => ({ questionCode, score: correct(questionCode) ? 1 : 0 }));

const { handle, t, w } = await apiWorld();
t.clock.now = NOW;
await makePeriods(handle.db, w.district.organization_id, RANGES);
const grade2: Awaited<ReturnType<typeof makeStudent>> = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
  grade: "2",
  classroomIds: [w.classA.participant_group_id],
  lastName: "Zimmer",
});
const tokens = await staffTokens(t, w);
const ALL_NAMES_RIGHT = allLetters("letter-names", () => true);
/** A kindergarten test as the screener app uploads it, started on 2026-01-10 at 10:00 UTC unless `result` says otherwise. */
const uploadResult = (token: string, result: Record<string, unknown>) =>
  t.call("POST", "/participantTest/results", {
    token,
    body: { clientTestId: `upload-${randomUUID()}`, grade: "K", startDtTm: "2026-01-10T10:00:00Z", ...result },
  });
type Responses = ReturnType<typeof allLetters>;
/** Letter scores entered by hand (the Enter Letter Scores dialog): Letter Names of a kindergartner unless `test` says otherwise. */
const enterLetters = (token: string, participantId: string, responses: Responses, test: { testCode?: string; periodName?: string } = {}) =>
  t.call("POST", "/participantTest/manual", { token, body: { testCode: "letter-names", participantId, grade: "K", ...test, responses } });
/** A change of a test's letter scores by hand. */
const changeLetters = (token: string, participantTestId: string, participantId: string, responses: Responses) =>
  t.call("PUT", "/participantTest/manual", { token, body: { participantTestId, participantId, responses } });

describe(`GET /assessmentConfig/currentAcademicYear/{id} (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers the periods of the current year with the grade lists", async () => {
    const res = await t.call("GET", `/assessmentConfig/currentAcademicYear/${w.district.organization_id}`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.academicYear).toBe("2025-2026");
    expect(body.periods.map((p: { periodName: string }) => p.periodName)).toEqual(["BOY", "MOY", "EOY"]);
    expect(body.periods[1]).toMatchObject({ startDate: "2025-12-01", endDate: "2026-02-28" });
    expect(body.periods[1].GradeAssessmentLists.map((l: { grade: string }) => l.grade)).toEqual(["PK", "K", "1", "2", "3"]);
    expect(body.periods[1].GradeAssessmentLists[1].testCodes.split(",")).toContain("letter-names");
  });

  it("refuses another district (403) and an unknown one (404)", async () => {
    expect(
      (await t.call("GET", `/assessmentConfig/currentAcademicYear/${w.otherDistrict.organization_id}`, { token: tokens.teacher })).status,
    ).toBe(403);
    expect((await t.call("GET", `/assessmentConfig/currentAcademicYear/${randomUUID()}`, { token: tokens.superAdmin })).status).toBe(404);
    expect((await t.call("GET", `/assessmentConfig/currentAcademicYear/${w.district.organization_id}`)).status).toBe(401);
  });
});

describe("hand-entered letter scores", () => {
  let created: { participantTestId: string };

  it("creates a test in the current period, counting correct items against the list", async () => {
    const res = await enterLetters(
      tokens.teacher,
      w.studentA.participant_id,
      allLetters("letter-names", (i) => i < "LN_K"),
    );
    expect(res.status).toBe(201);
    const { participantTest } = await res.json();
    expect(participantTest).toMatchObject({
      testCode: "letter-names",
      completedFlag: true,
      invalid: false,
      correctItems: 10,
      totalItems: 26,
    });
    expect(participantTest.correctByCode).toMatchObject({ LN_A: 1, LN_J: 1, LN_K: 0, LN_Z: 0 });
    expect(participantTest.ParticipantTestQuestionResponses).toHaveLength(26);
    expect(participantTest.startDtTm).toBe(NOW.toISOString());
    created = participantTest;
  });

  it("refuses a second create in the same period (409)", async () => {
    const res = await enterLetters(tokens.teacher, w.studentA.participant_id, ALL_NAMES_RIGHT);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/update them instead/);
  });

  it("updates the items and shows them in the classroom's results", async () => {
    const res = await changeLetters(tokens.teacher, created.participantTestId, w.studentA.participant_id, ALL_NAMES_RIGHT);
    expect(res.status).toBe(200);
    expect((await res.json()).participantTest).toMatchObject({ correctItems: 26, totalItems: 26 });

    const list = await t.call(
      "GET",
      `/participants/participantGroup/${w.classA.participant_group_id}?v=1&startDate=2025-12-01&endDate=2026-02-28`,
      { token: tokens.teacher },
    );
    const students = await list.json();
    const a = students.find((s: { participantId: string }) => s.participantId === w.studentA.participant_id);
    expect(a.ParticipantTests).toEqual([expect.objectContaining({ participantTestId: created.participantTestId, correctItems: 26 })]);

    const one = await t.call("GET", `/participantTest/testResults/${created.participantTestId}`, { token: tokens.teacher });
    expect(one.status).toBe(200);
    expect((await one.json()).ParticipantTestQuestionResponses.every((r: { score: number }) => r.score === 1)).toBe(true);
  });

  it("dates a past period's entry at the end of that period", async () => {
    const res = await enterLetters(
      tokens.schoolAdmin,
      w.studentA.participant_id,
      allLetters("letter-sounds", () => false),
      {
        testCode: "letter-sounds",
        periodName: "BOY",
      },
    );
    expect(res.status).toBe(201);
    const { participantTest } = await res.json();
    expect(participantTest.startDtTm.slice(0, 10)).toBe("2025-11-30");
    expect(participantTest).toMatchObject({ correctItems: 0, totalItems: 29 });
  });

  it.each([
    [
      "a test that does not apply to the grade",
      () => ({
        testCode: "letter-names",
        participantId: grade2.participant_id,
        grade: "2",
        responses: ALL_NAMES_RIGHT,
      }),
      422,
      "Letter Names does not apply to grade 2 in Middle of Year (MOY).", // issue 12 item 13: not "grade 2nd"
    ],
    [
      "a period that has not started",
      () => ({
        testCode: "letter-names",
        participantId: w.studentA.participant_id,
        grade: "K",
        periodName: "EOY",
        responses: ALL_NAMES_RIGHT,
      }),
      422,
      "End of Year (EOY) has not started yet.",
    ],
    [
      "a grade that is not the student's",
      () => ({
        testCode: "letter-sounds",
        participantId: w.studentA.participant_id,
        grade: "1",
        responses: allLetters("letter-sounds", () => true),
      }),
      400,
      "grade 1 does not match the student's grade K",
    ],
    [
      "a missing letter",
      () => ({
        testCode: "letter-sounds",
        participantId: w.studentA.participant_id,
        grade: "K",
        responses: allLetters("letter-sounds", () => true).slice(1),
      }),
      400,
      "Every letter must be scored once with 1 or 0",
    ],
    [
      "an unknown item",
      () => ({
        testCode: "letter-names",
        participantId: w.studentA.participant_id,
        grade: "K",
        responses: [...ALL_NAMES_RIGHT, { questionCode: "LN_1", score: 1 }],
      }),
      400,
      "Every letter must be scored once with 1 or 0",
    ],
    [
      "a score other than 0 or 1",
      () => ({
        testCode: "letter-sounds",
        participantId: w.studentA.participant_id,
        grade: "K",
        responses: [{ questionCode: "LS_A", score: 2 }],
      }),
      400,
      expect.any(String),
    ],
    [
      "a test that is not a letter test",
      () => ({ testCode: "vocab", participantId: w.studentA.participant_id, grade: "K", responses: [] }),
      400,
      expect.any(String),
    ],
  ])("refuses %s", async (_name, body, status, message) => {
    const res = await t.call("POST", "/participantTest/manual", { token: tokens.teacher, body: body() });
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(json.message).toEqual(message);
  });

  it("keeps a teacher to the students of their classrooms", async () => {
    const res = await enterLetters(tokens.teacher, w.studentA2.participant_id, ALL_NAMES_RIGHT);
    expect(res.status).toBe(403);
    const put = await changeLetters(tokens.teacher, created.participantTestId, w.studentA2.participant_id, ALL_NAMES_RIGHT);
    expect(put.status).toBe(404);
  });

  it("refuses a hand update of a screener test that is not a letter test", async () => {
    const ingest = await uploadResult(tokens.teacher, {
      participantId: w.studentA.participant_id,
      testCode: "vocab",
      endDtTm: "2026-01-10T10:05:00Z",
      completedFlag: true,
      abilityPercentile: 40,
    });
    const { participantTestId } = await ingest.json();
    const res = await changeLetters(tokens.teacher, participantTestId, w.studentA.participant_id, []);
    expect(res.status).toBe(422);
  });

  it("clears the screener's percentile when a person changes an item, keeps it otherwise", async () => {
    const clientTestId = `ls-${randomUUID()}`;
    const correctByCode = Object.fromEntries(letterItems("letter-sounds").map((i) => [i, 1]));
    const ingest = await uploadResult(tokens.teacher, {
      clientTestId,
      participantId: grade2.participant_id,
      testCode: "letter-sounds",
      startDtTm: "2026-01-12T10:00:00Z",
      endDtTm: "2026-01-12T10:05:00Z",
      completedFlag: true,
      abilityPercentile: 63,
      correctItems: 29,
      totalItems: 29,
      correctByCode,
    });
    expect(ingest.status).toBe(201);
    // The student is in grade 2 now and the test was taken in K: the test's grade decides.
    const { participantTestId } = await ingest.json();
    const same = await changeLetters(
      tokens.teacher,
      participantTestId,
      grade2.participant_id,
      allLetters("letter-sounds", () => true),
    );
    expect((await same.json()).participantTest.abilityPercentile).toBe(63);
    const changed = await changeLetters(
      tokens.teacher,
      participantTestId,
      grade2.participant_id,
      allLetters("letter-sounds", (i) => i !== "LS_A"),
    );
    expect((await changed.json()).participantTest).toMatchObject({ abilityPercentile: null, correctItems: 28 });
  });
});

describe("classroom reads", () => {
  it("lists students by name with their teachers; tests only with both dates", async () => {
    const res = await t.call("GET", `/participants/participantGroup/${w.classA.participant_group_id}?v=1`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const students = await res.json();
    expect(students.map((s: { lastName: string }) => s.lastName)).toEqual([w.studentA.last_name, "Zimmer"]);
    expect(students[0]).not.toHaveProperty("ParticipantTests");
    expect(students[0].User).toEqual([{ userId: w.teacher.user_id, firstName: "Test", lastName: w.teacher.last_name }]);
    expect(students[0].dateOfBirth).toBe("05/17/2020");
  });

  it("keeps each period's tests to its dates", async () => {
    const boy = await (
      await t.call("GET", `/participants/participantGroup/${w.classA.participant_group_id}?v=1&startDate=2025-08-15&endDate=2025-11-30`, {
        token: tokens.teacher,
      })
    ).json();
    const codes = boy
      .find((s: { participantId: string }) => s.participantId === w.studentA.participant_id)
      .ParticipantTests.map((x: { testCode: string }) => x.testCode);
    expect(codes).toEqual(["letter-sounds"]);
  });

  it("refuses half a range and a reversed one", async () => {
    expect(
      (
        await t.call("GET", `/participants/participantGroup/${w.classA.participant_group_id}?startDate=2025-08-15`, {
          token: tokens.teacher,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call("GET", `/participants/participantGroup/${w.classA.participant_group_id}?startDate=2025-08-15&endDate=2025-08-01`, {
          token: tokens.teacher,
        })
      ).status,
    ).toBe(400);
  });

  it.each([
    ["0000-01-01", "0000-01-02"],
    ["2026-01-01", "9999-12-31"], // the day after the end was year 10000: 500 on PGlite
    ["1899-12-01", "2026-01-01"],
  ])("refuses a range %s to %s outside the years the API takes (400, not 500)", async (startDate, endDate) => {
    for (const path of [`/participants/participantGroup/${w.classA.participant_group_id}`, `/participants/${w.studentA.participant_id}`]) {
      const res = await t.call("GET", `${path}?startDate=${startDate}&endDate=${endDate}`, { token: tokens.teacher });
      expect(res.status, path).toBe(400);
      expect((await res.json()).message, path).toMatch(
        /^(The date must be between 1900-01-01 and 2199-12-31\.|Not a calendar date: use YYYY-MM-DD\.)$/,
      );
    }
  });

  it.each([
    ["teacher, a classroom of their school they do not teach", "teacher", () => w.classA2.participant_group_id, 403],
    ["school admin, another school", "schoolAdmin", () => w.classB.participant_group_id, 403],
    ["school admin, a classroom of their school", "schoolAdmin", () => w.classA2.participant_group_id, 200],
    ["district admin, any classroom of the district", "districtAdmin", () => w.classB.participant_group_id, 200],
    ["anyone, an unknown classroom", "superAdmin", () => randomUUID(), 404],
  ] as const)("scope: %s → %i", async (_name, who, id, status) => {
    expect((await t.call("GET", `/participants/participantGroup/${id()}`, { token: tokens[who] })).status).toBe(status);
    expect((await t.call("GET", `/participants/participantGroup/riskScores/${id()}`, { token: tokens[who] })).status).toBe(status);
  });

  it("answers the risk scores of the current year per student and period", async () => {
    const post = (body: object) => t.call("POST", "/participantTest/predictiveProfile", { token: tokens.teacher, body });
    expect(
      (
        await post({
          participantId: w.studentA.participant_id,
          academicYear: "2025-2026",
          periodName: "BOY",
          pwr: 0.5,
          dyslexia: 0.2,
          kready: 0.7,
        })
      ).status,
    ).toBe(200);
    expect(
      (await post({ participantId: w.studentA.participant_id, academicYear: "2025-2026", periodName: "BOY", pwr: 0.55, dyslexia: 0.1 }))
        .status,
    ).toBe(200);
    expect((await post({ participantId: w.studentA.participant_id, academicYear: "2024-2025", periodName: "EOY", pwr: 0.9 })).status).toBe(
      200,
    );
    expect((await post({ participantId: w.studentA.participant_id, academicYear: "2025-2026", periodName: "MOY", pwr: 1.2 })).status).toBe(
      400,
    );
    expect((await post({ participantId: w.studentA2.participant_id, academicYear: "2025-2026", periodName: "MOY", pwr: 0.2 })).status).toBe(
      403,
    );
    const res = await t.call("GET", `/participants/participantGroup/riskScores/${w.classA.participant_group_id}`, {
      token: tokens.teacher,
    });
    expect(await res.json()).toEqual([
      {
        participantId: w.studentA.participant_id,
        academicYear: "2025-2026",
        periodName: "BOY",
        predictiveProfile: { pwr: 0.55, dyslexia: 0.1, kready: null, pkRisk: null },
      },
    ]);
  });

  it("keeps a test's responses to those who may see the student", async () => {
    const ingest = await uploadResult(tokens.schoolAdmin, {
      participantId: w.studentA2.participant_id,
      testCode: "rhyming",
      completedFlag: false,
    });
    const { participantTestId } = await ingest.json();
    expect((await t.call("GET", `/participantTest/testResults/${participantTestId}`, { token: tokens.teacher })).status).toBe(403);
    expect((await t.call("GET", `/participantTest/testResults/${participantTestId}`, { token: tokens.schoolAdmin })).status).toBe(200);
    expect((await t.call("GET", `/participantTest/testResults/${randomUUID()}`, { token: tokens.schoolAdmin })).status).toBe(404);
  });
});

describe("POST /participantTest/results (ingestion)", () => {
  const base = () => ({
    clientTestId: `screener-${randomUUID()}`,
    participantId: w.studentA.participant_id,
    testCode: "blending",
    grade: "K",
    startDtTm: "2026-01-14T09:00:00Z",
    completedFlag: false,
    responses: [{ questionCode: "blending_1", score: 1, providerResponse: '{"answer":"cat"}', responseTimeInSecs: 2.5 }],
  });

  it("is idempotent on the client's test id: a partial upload, then the finished one, make one test", async () => {
    const partial = base();
    const first = await t.call("POST", "/participantTest/results", { token: tokens.teacher, body: partial });
    expect(first.status).toBe(201);
    const { participantTestId } = await first.json();
    const again = await t.call("POST", "/participantTest/results", { token: tokens.teacher, body: partial });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ participantTestId, created: false });
    const done = await t.call("POST", "/participantTest/results", {
      token: tokens.teacher,
      body: {
        ...partial,
        completedFlag: true,
        endDtTm: "2026-01-14T09:07:00Z",
        abilityPercentile: 37,
        finalTheta: -0.2,
        responses: [...partial.responses, { questionCode: "blending_2", score: 0 }],
      },
    });
    expect(done.status).toBe(200);
    const stored = await (await t.call("GET", `/participantTest/testResults/${participantTestId}`, { token: tokens.teacher })).json();
    expect(stored).toMatchObject({ completedFlag: true, abilityPercentile: 37 });
    expect(stored.ParticipantTestQuestionResponses.map((r: { questionCode: string }) => r.questionCode)).toEqual([
      "blending_1",
      "blending_2",
    ]);
    const count = await handle.db
      .selectFrom("participant_test")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("client_test_id", "=", partial.clientTestId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it.each([
    ["a completed test without endDtTm", (b: ReturnType<typeof base>) => ({ ...b, completedFlag: true }), "A completed test needs endDtTm"],
    ["an unknown test code", (b: ReturnType<typeof base>) => ({ ...b, testCode: "spelling" }), expect.any(String)],
    ["a malformed date", (b: ReturnType<typeof base>) => ({ ...b, startDtTm: "yesterday" }), expect.any(String)],
    [
      "an end before the start",
      (b: ReturnType<typeof base>) => ({ ...b, endDtTm: "2026-01-13T09:00:00Z" }),
      "endDtTm cannot be before startDtTm",
    ],
    ["a percentile over 100", (b: ReturnType<typeof base>) => ({ ...b, abilityPercentile: 140 }), expect.any(String)],
    [
      "a repeated question code",
      (b: ReturnType<typeof base>) => ({ ...b, responses: [b.responses[0], b.responses[0]] }),
      "Each questionCode may appear only once",
    ],
    [
      "an item that is not a letter",
      (b: ReturnType<typeof base>) => ({ ...b, testCode: "letter-names", responses: [{ questionCode: "LN_TH", score: 1 }] }),
      "Unknown item codes for letter-names: LN_TH",
    ],
    [
      "an unknown audio file",
      (b: ReturnType<typeof base>) => ({ ...b, responses: [{ ...b.responses[0], audioFileId: randomUUID() }] }),
      "Unknown audio file",
    ],
    [
      "correctItems above totalItems",
      (b: ReturnType<typeof base>) => ({ ...b, correctItems: 5, totalItems: 3 }),
      "correctItems cannot exceed totalItems",
    ],
    // Issue 33: PostgreSQL has no year 0, so this one answered 500; the others were stored.
    [
      "a test dated in year 0000",
      (b: ReturnType<typeof base>) => ({ ...b, startDtTm: "0000-01-01T00:00:00Z" }),
      "startDtTm must be between 1900-01-01 and 2199-12-31.",
    ],
    [
      "a test dated before 1900",
      (b: ReturnType<typeof base>) => ({ ...b, startDtTm: "1899-12-31T23:59:59Z" }),
      "startDtTm must be between 1900-01-01 and 2199-12-31.",
    ],
    [
      "a test ending in year 9999",
      (b: ReturnType<typeof base>) => ({ ...b, endDtTm: "9999-12-31T23:59:59Z" }),
      "endDtTm must be between 1900-01-01 and 2199-12-31.",
    ],
    // Issue 34 item 4: shown as '15th ▼▼' with no norms behind it.
    [
      "a RAN test with a percentile",
      (b: ReturnType<typeof base>) => ({ ...b, testCode: "letter-ran", grade: "1", responses: [], abilityPercentile: 15 }),
      RAN_UPLOAD_RESULT_REFUSED,
    ],
    [
      "a RAN test with a theta",
      (b: ReturnType<typeof base>) => ({ ...b, testCode: "object-ran", responses: [], finalTheta: -1.2 }),
      RAN_UPLOAD_RESULT_REFUSED,
    ],
    ["an all-spaces clientTestId", (b: ReturnType<typeof base>) => ({ ...b, clientTestId: "   " }), "clientTestId must not be blank."],
    [
      "an all-spaces questionCode",
      (b: ReturnType<typeof base>) => ({ ...b, responses: [{ questionCode: " ", score: 1 }] }),
      "questionCode must not be blank.",
    ],
  ])("refuses %s with 400 and a message, and stores nothing", async (_name, change, message) => {
    const body = change(base());
    const res = await t.call("POST", "/participantTest/results", { token: tokens.teacher, body });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.message).toEqual(message);
    // And the field at fault, as "field: what is wrong".
    expect(answer.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^[\w.]+: \S/)]));
    const stored = await handle.db
      .selectFrom("participant_test")
      .select("participant_test_id")
      .where("client_test_id", "=", body.clientTestId)
      .execute();
    expect(stored).toEqual([]);
  });

  it("refuses a client test id that belongs to another student (409), a student out of scope (403), no session (401)", async () => {
    const b = base();
    expect((await t.call("POST", "/participantTest/results", { token: tokens.teacher, body: b })).status).toBe(201);
    const other = await t.call("POST", "/participantTest/results", {
      token: tokens.teacher,
      body: { ...b, participantId: grade2.participant_id },
    });
    expect(other.status).toBe(409);
    expect(
      (
        await t.call("POST", "/participantTest/results", {
          token: tokens.teacher,
          body: { ...base(), participantId: w.studentB.participant_id },
        })
      ).status,
    ).toBe(403);
    expect((await t.call("POST", "/participantTest/results", { body: base() })).status).toBe(401);
  });

  it("is documented in the OpenAPI", async () => {
    const doc = await (await t.call("GET", "/openapi.json")).json();
    for (const path of [
      "/api/participantTest/results",
      "/api/participantTest/predictiveProfile",
      "/api/participantTest/manual",
      "/api/participantTest/testResults/{id}",
      "/api/participants/participantGroup/{id}",
      "/api/participants/participantGroup/riskScores/{id}",
      "/api/assessmentConfig/currentAcademicYear/{id}",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths["/api/participantTest/results"].post.requestBody.content["application/json"].schema).toBeTruthy();
  });
});
