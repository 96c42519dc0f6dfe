import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { RanScoring } from "#app/api/resources/ran-scoring";
import { ERROR_COUNT_MESSAGE, RESPONSE_TIME_MESSAGE } from "#app/domain/ran";
import { ranPercentile } from "#app/domain/screening-standards";
import { RAN_OVERWRITE_REFUSED } from "#app/domain/ran-scoring";
import { makePeriods, makeTeacher, uploadedResult } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

// RAN scoring through the API (issue 11; spec 001 §3, §5, §7): save then read back, a scoring
// event per save, the test's result following the scored time, blind second scores, and scope.

const data = useTempDataDir();

const NOW = new Date("2026-03-02T10:00:00Z");
const PERIODS = {
  BOY: { start: "2025-08-01", end: "2025-11-30" },
  MOY: { start: "2025-12-01", end: "2026-02-28" },
  EOY: { start: "2026-03-01", end: "2026-06-30" },
};

async function ranTest(participantId: string, over: { completed?: boolean; codes?: string[]; testCode?: "object-ran" | "vocab" } = {}) {
  const codes = over.codes ?? ["object-ran_prac_1", "object-ran_1"];
  const { participantTestId } = await uploadedResult(handle.db, {
    participantId,
    testCode: over.testCode ?? "object-ran",
    ...(over.completed === false ? { endDtTm: null, completedFlag: false } : {}),
    responses: codes.map((questionCode, i) => ({ questionCode, score: 1, responseTimeInSecs: 10 + i * 40 })),
  });
  return participantTestId;
}

async function scoring(testId: string, token = tokens.teacher, official?: "show" | "withhold"): Promise<RanScoring> {
  const res = await t.call("GET", `/participantTest/RAN/${testId}${official ? `?official=${official}` : ""}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as RanScoring;
}

const responseOf = (s: RanScoring, practice: boolean) => s.responses.find((r) => r.questionCode.includes("prac") === practice)!;

const save = (responseId: string, body: Record<string, unknown>, token = tokens.teacher) =>
  t.call("PUT", `/participantTest/addScoreToQuestionResponse/${responseId}`, { token, body: { score: 1, ...body } });

/** The kindergarten EOY object RAN norm these tests configure, and what a time is worth under it. */
const NORMS_SOURCE = "Test district RAN norms, 2026";
const K_EOY_NORM = { meanSecs: 59, sdSecs: 16 };
const ranResult = (_grade: "K", _period: "EOY", secs: number) => ranPercentile(K_EOY_NORM, secs);

const { handle, t, w } = await apiWorld();
t.clock.now = NOW;
await makePeriods(handle.db, w.district.organization_id, PERIODS);
/** A second teacher of the student's classroom: may score, is neither first scorer nor admin. */
const teacher2 = await makeTeacher(handle.db, w.schoolA);
await handle.db
  .insertInto("participant_group_teacher")
  .values({ participant_group_id: w.classA.participant_group_id, user_id: teacher2.user_id })
  .execute();
const tokens: Record<"teacher" | "teacher2" | "schoolAdmin" | "districtAdmin" | "superAdmin", string> = {
  teacher: await t.login(w.teacher.email),
  teacher2: await t.login(teacher2.email),
  districtAdmin: await t.login(w.districtAdmin.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  superAdmin: await t.login(w.superAdmin.email),
};
// Issue 34 item 4: a scored RAN gets a percentile only from norms configured for the district, with their source.
const norms = await t.call("PUT", `/organization/${w.district.organization_id}/screening-standards`, {
  token: tokens.superAdmin,
  body: { ranNorms: { source: NORMS_SOURCE, norms: [{ testCode: "object-ran", grade: "K", period: "EOY", ...K_EOY_NORM }] } },
});
expect(norms.status).toBe(200);

afterAll(() => data.cleanup());

describe(`RAN scoring API (${process.env.TEST_DB_ENGINE})`, () => {
  it("loads a RAN test with its responses in recorded order, no events yet, and the student's placement", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const s = await scoring(id);
    expect(s.responses.map((r) => r.questionCode)).toEqual(["object-ran_prac_1", "object-ran_1"]);
    expect(s.events).toEqual([]);
    expect(s.canScore).toBe(true);
    expect(s.participant.OrganizationUnit.organizationUnitId).toBe(w.schoolA.organization_unit_id);
    expect(s.participant.Organization.organizationId).toBe(w.district.organization_id);
    expect(s.participant.ParticipantGroup.map((g) => g.participantGroupId)).toEqual([w.classA.participant_group_id]);
  });

  it("saves a score, reads it back, sets the test's percentile from the norms and keeps an event", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const test = responseOf(await scoring(id), false);
    const res = await save(test.participantTestQuestionResponseId, { evalResponseTime: 59, numOfErrors: 3, invalid: false });
    expect(res.status).toBe(200);
    const s = (await res.json()) as RanScoring;
    const saved = responseOf(s, false);
    expect([saved.evalResponseTime, saved.numOfErrors, saved.invalid, saved.score]).toEqual([59, 3, false, 1]);
    const expected = ranResult("K", "EOY", 59);
    expect(expected.abilityPercentile).toBe(50);
    expect(s.participantTest.abilityPercentile).toBe(expected.abilityPercentile);
    expect(s.participantTest.finalTheta).toBe(expected.finalTheta);
    expect([s.participantTest.scoredSecs, s.participantTest.scoredErrors, s.participantTest.normsSource]).toEqual([59, 3, NORMS_SOURCE]);
    expect(s.participantTest.invalid).toBe(false);
    expect(s.events).toHaveLength(1);
    expect(s.events[0]).toMatchObject({
      kind: "score",
      participantTestQuestionResponseId: test.participantTestQuestionResponseId,
      scorer: { userId: w.teacher.user_id },
      old: { evalResponseTime: null, numOfErrors: null, invalid: null },
      new: { evalResponseTime: 59, numOfErrors: 3, invalid: false },
    });
    // A later read (another page, another user) sees the same.
    expect(responseOf(await scoring(id, tokens.superAdmin), false).evalResponseTime).toBe(59);

    // The score reaches the classroom grid's data at once.
    const grid = await t.call(
      "GET",
      `/participants/participantGroup/${w.classA.participant_group_id}?startDate=2026-03-01&endDate=2026-06-30`,
      { token: tokens.teacher },
    );
    const rows = (await grid.json()) as {
      participantId: string;
      ParticipantTests: { participantTestId: string; abilityPercentile: number | null }[];
    }[];
    const inGrid = rows
      .find((r) => r.participantId === w.studentA.participant_id)!
      .ParticipantTests.find((x) => x.participantTestId === id);
    expect(inGrid?.abilityPercentile).toBe(50);
  });

  it("keeps one event per save with the values before and after", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), false).participantTestQuestionResponseId;
    expect((await save(rid, { evalResponseTime: 40, numOfErrors: null, invalid: false })).status).toBe(200);
    expect((await save(rid, { evalResponseTime: 0, numOfErrors: null, invalid: true }, tokens.schoolAdmin)).status).toBe(200);
    const s = await scoring(id);
    expect(s.events.map((e) => [e.kind, e.scorer.userId, e.old, e.new])).toEqual([
      [
        "score",
        w.teacher.user_id,
        { evalResponseTime: null, numOfErrors: null, invalid: null },
        { evalResponseTime: 40, numOfErrors: null, invalid: false },
      ],
      [
        "score",
        w.schoolAdmin.user_id,
        { evalResponseTime: 40, numOfErrors: null, invalid: false },
        { evalResponseTime: 0, numOfErrors: null, invalid: true },
      ],
    ]);
    // Invalid: the test reads N/A (invalid), its percentile is gone.
    expect(s.participantTest.invalid).toBe(true);
    expect(s.participantTest.abilityPercentile).toBeNull();
  });

  it("saves Invalid as time 0 and no errors, whatever else was sent", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), false).participantTestQuestionResponseId;
    const s = (await (await save(rid, { evalResponseTime: 55, numOfErrors: 4, invalid: true })).json()) as RanScoring;
    const r = responseOf(s, false);
    expect([r.evalResponseTime, r.numOfErrors, r.invalid]).toEqual([0, null, true]);
  });

  it.each([
    [{ evalResponseTime: 12.5, numOfErrors: null }, [RESPONSE_TIME_MESSAGE]],
    [{ evalResponseTime: -1, numOfErrors: null }, [RESPONSE_TIME_MESSAGE]],
    [{ evalResponseTime: 30, numOfErrors: -2 }, [ERROR_COUNT_MESSAGE]],
    [{ evalResponseTime: 30, numOfErrors: 1.5 }, [ERROR_COUNT_MESSAGE]],
    [{ evalResponseTime: -3, numOfErrors: 0.5 }, [RESPONSE_TIME_MESSAGE, ERROR_COUNT_MESSAGE]],
  ])("refuses %o with the spec's texts and changes nothing", async (values, errors) => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), false).participantTestQuestionResponseId;
    await save(rid, { evalResponseTime: 44, numOfErrors: 1, invalid: false });
    const res = await save(rid, { ...values, invalid: false });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: errors[0], errors });
    const s = await scoring(id);
    expect(responseOf(s, false).evalResponseTime).toBe(44);
    expect(s.events).toHaveLength(1);
  });

  it("refuses a time sent as text (400) without saving", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), false).participantTestQuestionResponseId;
    expect((await save(rid, { evalResponseTime: "abc", numOfErrors: null, invalid: false })).status).toBe(400);
    expect((await scoring(id)).events).toHaveLength(0);
  });

  it("scoring the practice leaves the test's result alone", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), true).participantTestQuestionResponseId;
    const s = (await (await save(rid, { evalResponseTime: 9, numOfErrors: 0, invalid: false })).json()) as RanScoring;
    expect(responseOf(s, true).evalResponseTime).toBe(9);
    expect(s.participantTest.abilityPercentile).toBeNull();
    expect(s.participantTest.invalid).toBeNull();
  });

  it("answers 409 for a stale version and keeps the newer score", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const read = responseOf(await scoring(id), false);
    expect(
      (
        await save(read.participantTestQuestionResponseId, {
          evalResponseTime: 50,
          numOfErrors: 0,
          invalid: false,
          version: read.updatedAt,
        })
      ).status,
    ).toBe(200);
    const stale = await save(
      read.participantTestQuestionResponseId,
      { evalResponseTime: 70, numOfErrors: 0, invalid: false, version: read.updatedAt },
      tokens.schoolAdmin,
    );
    expect(stale.status).toBe(409);
    expect(responseOf(await scoring(id), false).evalResponseTime).toBe(50);
  });

  it("takes a blind second score beside the official one, from someone else only", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), false).participantTestQuestionResponseId;
    const before = await save(rid, { evalResponseTime: 48, numOfErrors: 2, invalid: false, blind: true }, tokens.schoolAdmin);
    expect(before.status).toBe(409);
    await save(rid, { evalResponseTime: 50, numOfErrors: 2, invalid: false });
    const self = await save(rid, { evalResponseTime: 48, numOfErrors: 2, invalid: false, blind: true });
    expect(self.status).toBe(409);
    const blind = await save(rid, { evalResponseTime: 44, numOfErrors: 5, invalid: false, blind: true }, tokens.schoolAdmin);
    expect(blind.status).toBe(200);
    const s = await scoring(id);
    // The official score and the test's result stay the first scorer's.
    expect(responseOf(s, false).evalResponseTime).toBe(50);
    expect(s.participantTest.abilityPercentile).toBe(ranResult("K", "EOY", 50).abilityPercentile);
    expect(s.events.map((e) => e.kind)).toEqual(["score", "blind"]);
    expect(s.events[1]?.new).toEqual({ evalResponseTime: 44, numOfErrors: 5, invalid: false });
  });

  // Issue 34 item 7: the official score belongs to its first scorer and to admins of the school and above.
  it("lets only the first scorer and school, district and super admins change the official score; another teacher gets 403", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), false).participantTestQuestionResponseId;
    // Nobody has scored it: any teacher of the student gives the first score.
    expect((await save(rid, { evalResponseTime: 50, numOfErrors: 2, invalid: false })).status).toBe(200);
    expect(responseOf(await scoring(id, tokens.teacher2), false)).toMatchObject({ mayOverwrite: false, mayScoreBlind: true });
    expect(responseOf(await scoring(id, tokens.teacher), false)).toMatchObject({ mayOverwrite: true, mayScoreBlind: false });

    const refused = await save(rid, { evalResponseTime: 30, numOfErrors: 0, invalid: false }, tokens.teacher2);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: RAN_OVERWRITE_REFUSED });
    const invalid = await save(rid, { evalResponseTime: 0, numOfErrors: null, invalid: true }, tokens.teacher2);
    expect(invalid.status).toBe(403);
    let s = await scoring(id);
    expect(responseOf(s, false).evalResponseTime).toBe(50);
    expect(s.events).toHaveLength(1);

    // The first scorer changes it, and so do the admins, one after the other.
    expect((await save(rid, { evalResponseTime: 52, numOfErrors: 2, invalid: false })).status).toBe(200);
    for (const [token, secs] of [
      [tokens.schoolAdmin, 53],
      [tokens.districtAdmin, 54],
      [tokens.superAdmin, 55],
      [tokens.teacher, 56],
    ] as const) {
      expect((await save(rid, { evalResponseTime: secs, numOfErrors: 2, invalid: false }, token)).status).toBe(200);
    }
    s = await scoring(id);
    expect(s.events.map((e) => e.new.evalResponseTime)).toEqual([50, 52, 53, 54, 55, 56]);
    // The second teacher still may only add a blind score, which leaves the official one alone.
    expect((await save(rid, { evalResponseTime: 30, numOfErrors: 0, invalid: false }, tokens.teacher2)).status).toBe(403);
    expect((await save(rid, { evalResponseTime: 30, numOfErrors: 0, invalid: false, blind: true }, tokens.teacher2)).status).toBe(200);
    expect(responseOf(await scoring(id), false).evalResponseTime).toBe(56);
  });

  it("a score that came with the upload (no scorer) is changed by admins only", async () => {
    const { participantTestId } = await uploadedResult(handle.db, {
      participantId: w.studentA.participant_id,
      testCode: "object-ran",
      responses: [{ questionCode: "object-ran_1", score: 1, responseTimeInSecs: 50, evalResponseTime: 47 }],
    });
    const rid = first((await scoring(participantTestId)).responses, "a response").participantTestQuestionResponseId;
    expect((await save(rid, { evalResponseTime: 40, numOfErrors: 0, invalid: false })).status).toBe(403);
    expect((await save(rid, { evalResponseTime: 40, numOfErrors: 0, invalid: false }, tokens.schoolAdmin)).status).toBe(200);
  });

  it("withholds the official score from a caller who could still score blind, until they save it (official=withhold)", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const rid = responseOf(await scoring(id), false).participantTestQuestionResponseId;
    await save(rid, { evalResponseTime: 61, numOfErrors: 4, invalid: false });
    const official = (await scoring(id)).participantTest;

    for (const token of [tokens.teacher2, tokens.schoolAdmin]) {
      const hidden = await scoring(id, token, "withhold");
      expect(responseOf(hidden, false)).toMatchObject({
        score: null,
        evalResponseTime: null,
        numOfErrors: null,
        invalid: null,
        officialWithheld: true,
        mayScoreBlind: true,
      });
      expect(hidden.events).toEqual([]);
      // The test's result (invalid, percentile and whatever else follows from the score) is held back too.
      expect(official.invalid).toBe(false);
      expect([hidden.participantTest.abilityPercentile, hidden.participantTest.finalTheta, hidden.participantTest.invalid]).toEqual([
        null,
        null,
        null,
      ]);
      // Neither figure anywhere in the answer (the screener's own times are 10 and 50 secs).
      expect(JSON.stringify(hidden)).not.toMatch(/:(61|4)[,}]/);
    }
    // The practice, which nobody scored, is not held back; the scorer sees their own score.
    expect(responseOf(await scoring(id, tokens.teacher2, "withhold"), true).officialWithheld).toBe(false);
    expect(responseOf(await scoring(id, tokens.teacher, "withhold"), false)).toMatchObject({
      evalResponseTime: 61,
      officialWithheld: false,
    });
    // Chosen to see it (the default): shown.
    expect(responseOf(await scoring(id, tokens.teacher2, "show"), false)).toMatchObject({ evalResponseTime: 61, officialWithheld: false });
    expect(responseOf(await scoring(id, tokens.teacher2), false).evalResponseTime).toBe(61);

    // Once the blind score is saved, the official one shows beside it.
    expect((await save(rid, { evalResponseTime: 58, numOfErrors: 4, invalid: false, blind: true }, tokens.teacher2)).status).toBe(200);
    const after = await scoring(id, tokens.teacher2, "withhold");
    expect(responseOf(after, false)).toMatchObject({ evalResponseTime: 61, numOfErrors: 4, officialWithheld: false });
    expect(after.events.map((e) => [e.kind, e.new.evalResponseTime])).toEqual([
      ["score", 61],
      ["blind", 58],
    ]);
    expect(after.participantTest).toEqual(official);
  });

  it("a stale save answers 409 with the newer score and its version; a retry with that version saves", async () => {
    const id = await ranTest(w.studentA.participant_id);
    const read = responseOf(await scoring(id, tokens.schoolAdmin), false);
    const rid = read.participantTestQuestionResponseId;
    expect((await save(rid, { evalResponseTime: 47, numOfErrors: 1, invalid: false, version: read.updatedAt })).status).toBe(200);
    const stale = await save(rid, { evalResponseTime: 70, numOfErrors: 0, invalid: false, version: read.updatedAt }, tokens.schoolAdmin);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { message: string; current: { version: string } };
    const now = responseOf(await scoring(id, tokens.schoolAdmin), false);
    expect(body).toEqual({
      message: "Someone else saved a score for this response after you opened it. Their score is shown now.",
      current: { evalResponseTime: 47, numOfErrors: 1, invalid: false, version: now.updatedAt },
    });
    const retry = await save(
      rid,
      { evalResponseTime: 70, numOfErrors: 0, invalid: false, version: body.current.version },
      tokens.schoolAdmin,
    );
    expect(retry.status).toBe(200);
    expect(responseOf(await scoring(id), false).evalResponseTime).toBe(70);
  });

  it("refuses to score an unfinished test or a test that is not RAN", async () => {
    const unfinished = await ranTest(w.studentA.participant_id, { completed: false });
    const rid = responseOf(await scoring(unfinished), false).participantTestQuestionResponseId;
    expect((await save(rid, { evalResponseTime: 50, numOfErrors: 0, invalid: false })).status).toBe(422);
    const vocab = await ranTest(w.studentA.participant_id, { testCode: "vocab", codes: ["vocab_1"] });
    expect((await t.call("GET", `/participantTest/RAN/${vocab}`, { token: tokens.teacher })).status).toBe(422);
  });

  it("keeps other schools' students out (403), answers 404 for unknown ids and 401 without a session", async () => {
    const id = await ranTest(w.studentB.participant_id);
    expect((await t.call("GET", `/participantTest/RAN/${id}`, { token: tokens.teacher })).status).toBe(403);
    const rid = responseOf(await scoring(id, tokens.superAdmin), false).participantTestQuestionResponseId;
    expect((await save(rid, { evalResponseTime: 50, numOfErrors: 0, invalid: false })).status).toBe(403);
    expect((await save(rid, { evalResponseTime: 50, numOfErrors: 0, invalid: false }, tokens.schoolAdmin)).status).toBe(403);
    expect((await scoring(id, tokens.superAdmin)).events).toHaveLength(0);
    expect((await t.call("GET", `/participantTest/RAN/${randomUUID()}`, { token: tokens.teacher })).status).toBe(404);
    expect((await save(randomUUID(), { evalResponseTime: 50, numOfErrors: 0, invalid: false })).status).toBe(404);
    expect((await t.call("GET", `/participantTest/RAN/${id}`, { token: null })).status).toBe(401);
  });

  it("GET /participantTest/RAN/participant/{id} gives the student's most recent RAN test, or null", async () => {
    const res = await t.call("GET", `/participantTest/RAN/participant/${w.studentA2.participant_id}`, { token: tokens.schoolAdmin });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    const id = await ranTest(w.studentA2.participant_id);
    const rid = responseOf(await scoring(id, tokens.schoolAdmin), false).participantTestQuestionResponseId;
    await save(rid, { evalResponseTime: 75, numOfErrors: 0, invalid: false }, tokens.schoolAdmin);
    const latest = await (
      await t.call("GET", `/participantTest/RAN/participant/${w.studentA2.participant_id}`, { token: tokens.schoolAdmin })
    ).json();
    expect(latest).toEqual({
      testCode: "object-ran",
      abilityPercentile: ranResult("K", "EOY", 75).abilityPercentile,
      completedFlag: true,
      invalid: false,
      startDtTm: "2026-03-02T09:00:00.000Z",
    });
    expect((await t.call("GET", `/participantTest/RAN/participant/${w.studentA2.participant_id}`, { token: tokens.teacher })).status).toBe(
      403,
    );
  });
});
