import { randomUUID } from "node:crypto";
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
} from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db/connect.server";
import type { Database } from "#app/db/schema";
import { recordPredictiveProfile, recordTestResult } from "#app/api/results-ingest";
import type { Period } from "#app/domain/periods";
import { makeClassroom, makePeriods, makeStudent, makeTeacher } from "./support/fixtures";
import { createTestApi } from "./support/test-api";
import { apiWorld, staffTokens } from "./support/world";

// Today is in MOY of 2025-2026; a test of the year before must not show.
const NOW = new Date("2026-01-15T15:00:00Z");
const RANGES: Record<Period, { start: string; end: string }> = {
  BOY: { start: "2025-08-15", end: "2025-11-30" },
  MOY: { start: "2025-12-01", end: "2026-02-28" },
  EOY: { start: "2026-03-01", end: "2026-06-15" },
};

let serial = 0;
async function addTest(db: Db, participantId: string, testCode: "vocab" | "blending" | "rhyming", startDtTm: string, percentile = 50) {
  const end = new Date(Date.parse(startDtTm) + 5 * 60_000).toISOString();
  const { participantTestId } = await recordTestResult(db, {
    clientTestId: `sp-${++serial}`,
    participantId,
    testCode,
    grade: "K",
    startDtTm,
    endDtTm: end,
    completedFlag: true,
    abilityPercentile: percentile,
    responses: [{ questionCode: `${testCode}_1`, score: 1, providerResponse: JSON.stringify({ answer: "cat" }) }],
  });
  return participantTestId;
}

/**
 * A second Kysely over the same database whose `log` hook counts every query: the API under
 * test runs on it, so each SQL statement a request makes is counted, on either engine.
 */
function countingDb(db: Db, onQuery: (sql: string) => void): Db {
  const connection: DatabaseConnection = {
    executeQuery: (compiled) => db.getExecutor().provideConnection((c) => c.executeQuery(compiled)),
    streamQuery: () => {
      throw new Error("streaming is not used by the API");
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {
      throw new Error("the counted requests are reads; a transaction here would need one real connection");
    },
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
  return new Kysely<Database>({
    dialect,
    log: (event) => {
      if (event.level === "query") onQuery(event.query.sql);
    },
  });
}

const { handle, t, w } = await apiWorld();
t.clock.now = NOW;
await makePeriods(handle.db, w.district.organization_id, RANGES);
await makePeriods(handle.db, w.otherDistrict.organization_id, RANGES);
const tokens = await staffTokens(t, w);

describe(`GET /participants/profile/{id} (${process.env.TEST_DB_ENGINE})`, () => {
  it("returns the card, classrooms with teachers, school and district", async () => {
    const res = await t.call("GET", `/participants/profile/${w.studentA.participant_id}`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Participant).toMatchObject({
      participantId: w.studentA.participant_id,
      participantCode: w.studentA.participant_code,
      firstName: "Stu",
      lastName: w.studentA.last_name,
      dateOfBirth: "05/17/2020",
      grade: "K",
      participantGroupIds: [w.classA.participant_group_id],
      OrganizationUnit: {
        organizationUnitId: w.schoolA.organization_unit_id,
        name: w.schoolA.name,
        Organization: { organizationId: w.district.organization_id, name: w.district.name },
      },
    });
    expect(body.Participant.ParticipantGroup).toEqual([
      {
        participantGroupId: w.classA.participant_group_id,
        name: w.classA.name,
        enabledInEBPlatform: true,
        User: [{ userId: w.teacher.user_id, firstName: "Test", lastName: w.teacher.last_name }],
      },
    ]);
    expect(body.academicYear).toBe("2025-2026");
    expect(body.periods.map((p: { periodName: string }) => p.periodName)).toEqual(["BOY", "MOY", "EOY"]);
    expect(body.periods[0].GradeAssessmentLists.map((l: { grade: string }) => l.grade)).toEqual(["PK", "K", "1", "2", "3"]);
  });

  it("returns every period's tests and the predictive profile in one request", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const id = student.participant_id;
    const boy = await addTest(handle.db, id, "vocab", "2025-09-02T15:00:00.000Z", 15);
    const moy = await addTest(handle.db, id, "vocab", "2025-12-10T15:00:00.000Z", 35);
    const moy2 = await addTest(handle.db, id, "blending", "2026-01-05T15:00:00.000Z", 60);
    // The last day of a period counts (dates inclusive): 30 Nov at 23:30 UTC is still BOY.
    const lastDayOfBoy = await addTest(handle.db, id, "rhyming", "2025-11-30T23:30:00.000Z", 70);
    // Last school year: not in any period of this one.
    await addTest(handle.db, id, "vocab", "2025-03-10T15:00:00.000Z", 90);
    await recordPredictiveProfile(handle.db, { participantId: id, academicYear: "2025-2026", periodName: "MOY", pwr: 0.4, dyslexia: 0.3 });
    await recordPredictiveProfile(handle.db, { participantId: id, academicYear: "2025-2026", periodName: "BOY", pwr: 0.7, dyslexia: 0.1 });
    await recordPredictiveProfile(handle.db, { participantId: id, academicYear: "2024-2025", periodName: "EOY", pwr: 0.9, dyslexia: 0.05 });

    const res = await t.call("GET", `/participants/profile/${id}`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const body = await res.json();
    const ids = (p: { ParticipantTests: { participantTestId: string }[] }) => p.ParticipantTests.map((x) => x.participantTestId);
    expect(ids(body.periods[0])).toEqual([boy, lastDayOfBoy]);
    expect(ids(body.periods[1])).toEqual([moy, moy2]);
    expect(ids(body.periods[2])).toEqual([]);
    expect(body.periods[1].ParticipantTests[0]).toMatchObject({ testCode: "vocab", abilityPercentile: 35, completedFlag: true });
    expect(body.periods[1]).toMatchObject({ startDate: "2025-12-01", endDate: "2026-02-28" });
    expect(body.riskScores).toEqual([
      {
        participantId: id,
        academicYear: "2025-2026",
        periodName: "BOY",
        predictiveProfile: { pwr: 0.7, dyslexia: 0.1, kready: null, pkRisk: null },
      },
      {
        participantId: id,
        academicYear: "2025-2026",
        periodName: "MOY",
        predictiveProfile: { pwr: 0.4, dyslexia: 0.3, kready: null, pkRisk: null },
      },
    ]);
    // Last test date: the latest test of any year, by its end.
    expect(body.Participant.lastTestDate).toBe("2026-01-05T15:05:00.000Z");
  });

  it("answers a student without tests, periods or classrooms", async () => {
    const loner = await makeStudent(handle.db, w.otherSchool.organization_unit_id, { grade: "2" });
    const res = await t.call("GET", `/participants/profile/${loner.participant_id}`, { token: tokens.superAdmin });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.Participant.ParticipantGroup).toEqual([]);
    expect(body.Participant.lastTestDate).toBeNull();
    expect(body.periods.every((p: { ParticipantTests: unknown[] }) => p.ParticipantTests.length === 0)).toBe(true);
    expect(body.riskScores).toEqual([]);
  });

  it.each([
    ["teacher", "studentA", 200],
    ["teacher", "studentA2", 403], // same school, another teacher's classroom
    ["teacher", "studentB", 403], // another school
    ["teacher", "otherStudent", 403], // another district
    ["schoolAdmin", "studentA2", 200],
    ["schoolAdmin", "studentB", 403],
    ["districtAdmin", "studentB", 200],
    ["districtAdmin", "otherStudent", 403],
    ["superAdmin", "otherStudent", 200],
  ] as const)("%s asking for %s → %i", async (who, student, status) => {
    const res = await t.call("GET", `/participants/profile/${w[student].participant_id}`, { token: tokens[who] });
    const body = (await res.json()) as { message?: string };
    expect({ status: res.status, refusal: body.message }).toEqual(
      status === 403 ? { status, refusal: "Forbidden" } : { status, refusal: undefined },
    );
  });

  it("answers 404 for an unknown or deleted student, 401 without a session, 400 for a malformed id", async () => {
    expect((await t.call("GET", `/participants/profile/${randomUUID()}`, { token: tokens.superAdmin })).status).toBe(404);
    const gone = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    await handle.db.updateTable("participant").set({ deleted_at: NOW }).where("participant_id", "=", gone.participant_id).execute();
    expect((await t.call("GET", `/participants/profile/${gone.participant_id}`, { token: tokens.teacher })).status).toBe(404);
    expect((await t.call("GET", `/participants/profile/${w.studentA.participant_id}`)).status).toBe(401);
    expect((await t.call("GET", `/participants/profile/not-a-uuid`, { token: tokens.superAdmin })).status).toBe(400);
  });

  it("lists every live classroom with its teachers, leaving out deleted classrooms and teachers", async () => {
    const second = await makeTeacher(handle.db, w.schoolA);
    const gone = await makeTeacher(handle.db, w.schoolA);
    await handle.db.updateTable("app_user").set({ deleted_at: NOW }).where("user_id", "=", gone.user_id).execute();
    const art = await makeClassroom(handle.db, w.schoolA.organization_unit_id, [second.user_id, gone.user_id], "Art Room");
    const closed = await makeClassroom(handle.db, w.schoolA.organization_unit_id, [second.user_id], "Closed Room");
    await handle.db
      .updateTable("participant_group")
      .set({ deleted_at: NOW })
      .where("participant_group_id", "=", closed.participant_group_id)
      .execute();
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      classroomIds: [w.classA.participant_group_id, art.participant_group_id, closed.participant_group_id],
    });
    const res = await t.call("GET", `/participants/profile/${student.participant_id}`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const groups = (await res.json()).Participant.ParticipantGroup as { name: string; User: { userId: string }[] }[];
    expect(groups.map((g) => g.name)).toEqual(["Art Room", w.classA.name].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(groups.find((g) => g.name === "Art Room")!.User.map((u) => u.userId)).toEqual([second.user_id]);
  });

  it("makes the same, small number of queries whatever the number of tests, periods and classrooms", async () => {
    const few = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    await addTest(handle.db, few.participant_id, "vocab", "2025-09-02T15:00:00.000Z");
    const many = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      classroomIds: [w.classA.participant_group_id, w.classA2.participant_group_id],
    });
    for (const [period, day] of [
      ["BOY", "2025-09"],
      ["MOY", "2025-12"],
      ["EOY", "2026-03"],
    ] as const) {
      for (let i = 0; i < 10; i++) {
        await addTest(handle.db, many.participant_id, i % 2 ? "vocab" : "blending", `${day}-${String(i + 10)}T15:00:00.000Z`);
      }
      await recordPredictiveProfile(handle.db, {
        participantId: many.participant_id,
        academicYear: "2025-2026",
        periodName: period,
        pwr: 0.5,
      });
    }
    const queries: string[] = [];
    const counted = createTestApi(
      countingDb(handle.db, (q) => queries.push(q)),
      {},
    );
    counted.clock.now = NOW;
    const countFor = async (id: string) => {
      queries.length = 0;
      const res = await counted.call("GET", `/participants/profile/${id}`, { token: tokens.teacher });
      expect(res.status).toBe(200);
      const body = await res.json();
      return { n: queries.length, tests: body.periods.flatMap((p: { ParticipantTests: unknown[] }) => p.ParticipantTests).length };
    };
    const a = await countFor(few.participant_id);
    const b = await countFor(many.participant_id);
    expect(a.tests).toBe(1);
    expect(b.tests).toBe(30);
    expect(b.n).toBe(a.n);
    // Session (3: user, roles, schools) + scope (2 for a teacher) + the profile's 6: school and
    // district, classrooms with teachers, period config, last test date; then tests and scores.
    expect(a.n).toBeLessThanOrEqual(11);
  });
});

describe("GET /participants/riskScores/{id}", () => {
  let id: string;
  beforeAll(async () => {
    const s = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    id = s.participant_id;
    await recordPredictiveProfile(handle.db, { participantId: id, academicYear: "2025-2026", periodName: "EOY", kready: 0.2 });
    await recordPredictiveProfile(handle.db, { participantId: id, academicYear: "2025-2026", periodName: "BOY", pwr: 0.61, dyslexia: 0.2 });
    await recordPredictiveProfile(handle.db, { participantId: id, academicYear: "2024-2025", periodName: "MOY", pwr: 0.5 });
  });

  it("answers the current year's scores, BOY first", async () => {
    const res = await t.call("GET", `/participants/riskScores/${id}`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.map((r: { periodName: string }) => r.periodName)).toEqual(["BOY", "EOY"]);
    expect(body[0].predictiveProfile).toEqual({ pwr: 0.61, dyslexia: 0.2, kready: null, pkRisk: null });
  });

  it("answers another year on request", async () => {
    const res = await t.call("GET", `/participants/riskScores/${id}?academicYear=2024-2025`, { token: tokens.teacher });
    expect((await res.json()).map((r: { periodName: string; academicYear: string }) => [r.academicYear, r.periodName])).toEqual([
      ["2024-2025", "MOY"],
    ]);
    expect((await t.call("GET", `/participants/riskScores/${id}?academicYear=2025`, { token: tokens.teacher })).status).toBe(400);
  });

  it("keeps the student's scope: 403 outside it, 404 unknown, 401 signed out", async () => {
    expect((await t.call("GET", `/participants/riskScores/${w.studentB.participant_id}`, { token: tokens.teacher })).status).toBe(403);
    expect((await t.call("GET", `/participants/riskScores/${randomUUID()}`, { token: tokens.teacher })).status).toBe(404);
    expect((await t.call("GET", `/participants/riskScores/${id}`)).status).toBe(401);
  });
});

describe("test details of a profile's test (GET /participantTest/testResults/{id})", () => {
  it("answers the test with its question responses inside the student's scope, 403 outside", async () => {
    const mine = await addTest(handle.db, w.studentA.participant_id, "vocab", "2025-12-03T15:00:00.000Z");
    const res = await t.call("GET", `/participantTest/testResults/${mine}`, { token: tokens.teacher });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ participantTestId: mine, participantId: w.studentA.participant_id, testCode: "vocab" });
    expect(body.ParticipantTestQuestionResponses).toEqual([
      expect.objectContaining({ questionCode: "vocab_1", score: 1, providerResponse: '{"answer":"cat"}' }),
    ]);
    const theirs = await addTest(handle.db, w.studentB.participant_id, "vocab", "2025-12-03T15:00:00.000Z");
    expect((await t.call("GET", `/participantTest/testResults/${theirs}`, { token: tokens.teacher })).status).toBe(403);
  });
});

describe("OpenAPI", () => {
  it("documents both calls with their response schemas", async () => {
    const doc = await (await t.call("GET", "/openapi.json")).json();
    const profile = doc.paths["/api/participants/profile/{id}"].get.responses["200"].content["application/json"].schema;
    expect(profile).toEqual({ $ref: "#/components/schemas/StudentProfile" });
    expect(Object.keys(doc.components.schemas.StudentProfile.properties)).toEqual([
      "Participant",
      "academicYear",
      "periods",
      "riskScores",
      // Issue 34 item 4: the norms and cutoffs in force, with their source.
      "standards",
    ]);
    const scores = doc.paths["/api/participants/riskScores/{id}"].get.responses["200"].content["application/json"].schema;
    expect(scores).toEqual({ type: "array", items: { $ref: "#/components/schemas/RiskScore" } });
  });
});
