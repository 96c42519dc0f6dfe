import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "#app/db/connect.server";
import { insertResult, makePeriods, makeStudent, makeUser, makeWorld, MID_YEAR, newTeacherBody, setWindowDates } from "./support/fixtures";
import { statementLog } from "./support/statement-log";
import { createTestApi, type TestApi } from "./support/test-api";
import { createTestDb, databaseUrlOf } from "./support/test-db";

// Issue 36 §4: what a server process keeps in memory (app/api/kept.ts) goes by versions the
// database raises, so an edit made through one server, or by SQL typed by hand, is on every other
// server's very next answer. Two servers here: two APIs, each over its own database handle, so
// each keeps its own copies (on PostgreSQL two connection pools to one database, as on two
// machines; on PGlite two handles over the one embedded database). No message passes between them.

const postgres = process.env.TEST_DB_ENGINE === "postgres";
const statements = statementLog();

let handle: DbHandle;
let other: { db: DbHandle["db"]; close: () => Promise<void> };
/** The server the edits go through, and the one that reads them. */
let a: TestApi;
let b: TestApi;
let w: Awaited<ReturnType<typeof makeWorld>>;
let su: string;
let da: string;
let teacher: string;

async function json<T>(t: TestApi, path: string, token: string, expected = 200): Promise<T> {
  const res = await t.call("GET", path, { token });
  expect(res.status, path).toBe(expected);
  return (await res.json()) as T;
}

const usersTotal = async (t: TestApi) =>
  (await json<{ total: number }>(t, `/user/organization/${w.district.organization_id}/page?limit=1`, da)).total;
const studentsTotal = async (t: TestApi) =>
  (await json<{ total: number }>(t, `/participants/organizationUnit/${w.schoolA.organization_unit_id}/page?limit=1`, da)).total;

type Counts = { total: number; started: number; finished: number };
const schoolACounts = async (t: TestApi): Promise<Counts> => {
  const s = await json<{ schools: { items: (Counts & { organizationUnitId: string })[] } }>(
    t,
    `/report/completion/${w.district.organization_id}?timePeriod=MOY`,
    su,
  );
  const { total, started, finished } = s.schools.items.find((i) => i.organizationUnitId === w.schoolA.organization_unit_id)!;
  return { total, started, finished };
};

type Grid = { rows: { participantId: string; cells: { testCode: string; state: string; text: string }[] }[] };
const grid = async (t: TestApi) =>
  (await json<{ grid: Grid }>(t, `/participantGroups/${w.classA.participant_group_id}/results`, teacher)).grid;
const blendingOf = (g: Grid, participantId: string) =>
  g.rows.find((r) => r.participantId === participantId)?.cells.find((c) => c.testCode === "blending");

type Config = { periods: { periodName: string; startDate: string }[]; standards: unknown };
const config = (t: TestApi) => json<Config>(t, `/assessmentConfig/currentAcademicYear/${w.district.organization_id}`, da);

/** A completed blending test of the student in MOY, written by SQL as a script would. */
const insertTest = (participantId: string) =>
  insertResult(handle.db, participantId, "blending", { end: "2026-01-14T09:07:00Z", percentile: 37 });

beforeAll(async () => {
  handle = await createTestDb({ log: statements.log });
  other = postgres
    ? await openDatabase({ url: await databaseUrlOf(handle), log: statements.log })
    : // One embedded database belongs to one process: a second Kysely over it is a second set of kept copies.
      { db: handle.db.withoutPlugins(), close: async () => {} };
  a = createTestApi(handle.db);
  b = createTestApi(other.db);
  a.clock.now = b.clock.now = MID_YEAR.now;
  w = await makeWorld(handle.db);
  await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
  // Sessions are the database's: a token from one server is good on the other.
  [su, da, teacher] = [await a.login(w.superAdmin.email), await a.login(w.districtAdmin.email), await a.login(w.teacher.email)];
});
afterAll(async () => {
  await other.close();
  await handle.close();
});

describe(`kept data on two servers (${process.env.TEST_DB_ENGINE})`, () => {
  it("list totals: a user added through one server, or by SQL, is in the other's next count", async () => {
    const before = await usersTotal(b);
    expect(await usersTotal(b)).toBe(before);
    const res = await a.call("POST", "/user", { token: da, body: newTeacherBody(w, "Two", "Servers", "two.servers@kept.example") });
    expect(res.status).toBe(201);
    expect(await usersTotal(b)).toBe(before + 1);
    await makeUser(handle.db, { role: "TEACHER", organizationId: w.district.organization_id, email: "by.hand@kept.example" });
    expect([await usersTotal(b), await usersTotal(a)]).toEqual([before + 2, before + 2]);

    const students = await studentsTotal(b);
    const added = await makeStudent(handle.db, w.schoolA.organization_unit_id);
    expect(await studentsTotal(b)).toBe(students + 1);
    expect((await a.call("DELETE", `/participants/delete/${added.participant_id}`, { token: su })).status).toBeLessThan(300);
    expect(await studentsTotal(b)).toBe(students);
  });

  it("completion counts: a student removed through one server, or a test saved by SQL, is in the other's next count", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const before = await schoolACounts(b);
    expect(await schoolACounts(b)).toEqual(before);
    await insertTest(student.participant_id);
    expect(await schoolACounts(b)).toEqual({ ...before, started: before.started + 1 });
    expect((await a.call("DELETE", `/participants/delete/${student.participant_id}`, { token: su })).status).toBeLessThan(300);
    expect(await schoolACounts(b)).toEqual({ ...before, total: before.total - 1 });
  });

  it("completion counts: a test saved in one school recounts that school alone, and the other school's figures stand", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const schoolCounts = async () => {
      const s = await json<{ schools: { items: (Counts & { organizationUnitId: string })[] } }>(
        b,
        `/report/completion/${w.district.organization_id}?timePeriod=MOY`,
        su,
      );
      return new Map(
        s.schools.items.map(({ organizationUnitId, total, started, finished }) => [organizationUnitId, { total, started, finished }]),
      );
    };
    const schoolCountsRead = async () => {
      statements.reset();
      const counts = await schoolCounts();
      return { counts, recounted: statements.count(/group by s\.organization_unit_id, s\.grade/) };
    };
    const before = await schoolCountsRead();
    expect(before.counts.size, "the district has two schools").toBe(2);
    expect((await schoolCountsRead()).recounted, "kept: nothing recounted").toBe(0);

    await insertTest(student.participant_id);
    const after = await schoolCountsRead();
    expect(after.recounted, "only school A counted again").toBe(1);
    const a0 = before.counts.get(w.schoolA.organization_unit_id)!;
    expect(after.counts.get(w.schoolA.organization_unit_id)).toEqual({ ...a0, started: a0.started + 1 });
    expect(after.counts.get(w.schoolB.organization_unit_id)).toEqual(before.counts.get(w.schoolB.organization_unit_id));
  });

  it("letters to work on: a probe saved through one server is in the other's next letters, and a kept read reads no entries", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      grade: "K",
      classroomIds: [w.classA.participant_group_id],
    });
    type Letters = { students: { participantId: string; tests: { testCode: string; source: string; missed: string[] }[] }[] };
    const letters = async () => {
      statements.reset();
      const body = await json<Letters>(b, `/participantGroups/${w.classA.participant_group_id}/lettersToWorkOn`, teacher);
      return { ours: body.students.find((s) => s.participantId === student.participant_id), read: statements.count(/progress_probe/) };
    };
    expect((await letters()).ours).toBeUndefined();
    expect((await letters()).read, "kept: no entries read").toBe(0);
    const saved = await a.call("POST", `/participant/${student.participant_id}/probes`, {
      token: teacher,
      body: { measure: "letter-names", date: "2026-01-12", correct: ["LN_A"] },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const after = await letters();
    expect(after.read, "the probe raised the classroom's version").toBeGreaterThan(0);
    expect(after.ours?.tests).toEqual([expect.objectContaining({ testCode: "letter-names", source: "probe" })]);
    expect(after.ours?.tests[0]?.missed).toHaveLength(25);
  });

  it("classroom grid: a test saved by SQL and a student removed through one server are on the other's next grid", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    expect(blendingOf(await grid(b), student.participant_id)).toMatchObject({ state: "empty" });
    await insertTest(student.participant_id);
    expect(blendingOf(await grid(b), student.participant_id)).toMatchObject({ state: "complete" });
    expect((await a.call("DELETE", `/participants/delete/${student.participant_id}`, { token: su })).status).toBeLessThan(300);
    expect((await grid(b)).rows.map((r) => r.participantId)).not.toContain(student.participant_id);
  });

  it("district config: norms saved through one server and a period moved by SQL are in the other's next answer", async () => {
    const before = await config(b);
    expect(JSON.stringify(before.standards)).not.toContain("Two servers' norms");
    const saved = await a.call("PUT", `/organization/${w.district.organization_id}/screening-standards`, {
      token: da,
      body: {
        ranNorms: {
          source: "Two servers' norms, 2026",
          norms: [{ testCode: "object-ran", grade: "K", period: "BOY", meanSecs: 60, sdSecs: 15 }],
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify((await config(b)).standards)).toContain("Two servers' norms");
    await setWindowDates(handle.db, w.district.organization_id, "BOY", { start_date: "2025-08-04" });
    expect((await config(b)).periods.find((p) => p.periodName === "BOY")?.startDate).toBe("2025-08-04");
  });
});

describe(`POST /kept-data/invalidate (${process.env.TEST_DB_ENGINE})`, () => {
  const gridQueries = async (t: TestApi) => {
    statements.reset();
    await grid(t);
    return statements.count(/from "participant_test"/);
  };
  const countQueries = async (t: TestApi) => {
    statements.reset();
    await usersTotal(t);
    return statements.count(/count\(\*\)/);
  };

  it("makes every server read its kept data again on its next use, and only a super admin may", async () => {
    await gridQueries(b);
    await countQueries(b);
    expect([await gridQueries(b), await countQueries(b)], "kept: no grid or count read").toEqual([0, 0]);
    for (const token of [da, teacher]) expect((await a.call("POST", "/kept-data/invalidate", { token, body: {} })).status).toBe(403);
    expect((await a.call("POST", "/kept-data/invalidate", { body: {} })).status).toBe(401);
    expect([await gridQueries(b), await countQueries(b)]).toEqual([0, 0]);

    const res = await a.call("POST", "/kept-data/invalidate", { token: su, body: {} });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { districts: number }).districts).toBeGreaterThanOrEqual(2);
    expect(await gridQueries(b)).toBeGreaterThan(0);
    expect(await countQueries(b)).toBeGreaterThan(0);
    expect([await gridQueries(b), await countQueries(b)], "kept again").toEqual([0, 0]);

    // One district: its kept data, not another's (what spans districts goes too).
    const one = await a.call("POST", "/kept-data/invalidate", { token: su, body: { organizationId: w.otherDistrict.organization_id } });
    expect(await one.json()).toEqual({ districts: 1 });
    expect([await gridQueries(b), await countQueries(b)]).toEqual([0, 0]);
    await a.call("POST", "/kept-data/invalidate", { token: su, body: { organizationId: w.district.organization_id } });
    expect(await gridQueries(b)).toBeGreaterThan(0);

    const unknown = await a.call("POST", "/kept-data/invalidate", {
      token: su,
      body: { organizationId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
    expect((await a.call("POST", "/kept-data/invalidate", { token: su, body: { organizationId: "not-an-id" } })).status).toBe(400);
  });
});
