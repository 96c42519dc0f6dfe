import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { insertResult, makeClassroom, makePeriods, makeStudent, MID_YEAR, periodIdOf } from "./support/fixtures";
import { statementLog } from "./support/statement-log";
import { apiWorld } from "./support/world";

// GET /participantGroups/{id}/results (issue 15): the classroom grid as shown, kept per process
// under the classroom's results version (migration 0009). A kept grid is never older than what
// the database holds: every write to a member, a student row, a test or a risk score, by the API
// or behind its back, is on the very next read.

const statements = statementLog();

const { now: NOW, ranges: RANGES } = MID_YEAR;

type Grid = {
  period: string;
  mode: string;
  gradeMissing: string[];
  profileColumns: string[];
  groups: { columns: { testCode: string }[] }[];
  rows: {
    participantId: string;
    name: string;
    profile: { kind: string; text: string }[];
    cells: { testCode: string; state: string; text: string }[];
  }[];
};
type Results = {
  academicYear: string | null;
  periods: string[];
  period: string | null;
  hasStudents: boolean;
  grid: Grid | null;
  classroom: { participantGroupId: string; name: string; OrganizationUnit: { name: string; Organization: { name: string } } };
};

/** The grid of `classroomId` and the statements the read cost. */
async function read(classroomId = w.classA.participant_group_id, query = "") {
  statements.reset();
  const res = await t.call("GET", `/participantGroups/${classroomId}/results${query}`, { token });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Results;
  return { body, grid: body.grid!, gridQueries: statements.count(/from "(participant_test|predictive_profile)"/) };
}

const rowOf = (grid: Grid, participantId: string) => grid.rows.find((r) => r.participantId === participantId);
const cellOf = (grid: Grid, participantId: string, testCode: string) =>
  rowOf(grid, participantId)?.cells.find((c) => c.testCode === testCode);

const versionOf = async (classroomId: string) =>
  Number(
    (
      await sql<{
        v: number;
      }>`select coalesce((select version from classroom_results_version where participant_group_id = ${classroomId}), 1) as v`.execute(
        handle.db,
      )
    ).rows[0]?.v,
  );

const { handle, t, w } = await apiWorld({ log: statements.log });
t.clock.now = NOW;
await makePeriods(handle.db, w.district.organization_id, RANGES);
const token: string = await t.login(w.teacher.email);

describe(`GET /participantGroups/{id}/results (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers today's period, one row per student and one cell per test of the grade", async () => {
    const { body, grid } = await read();
    expect(body).toMatchObject({ academicYear: "2025-2026", periods: ["BOY", "MOY", "EOY"], period: "MOY", hasStudents: true });
    expect(grid.rows.map((r) => r.participantId)).toEqual([w.studentA.participant_id]);
    expect(grid.rows[0]?.cells).toHaveLength(grid.groups.flatMap((g) => g.columns).length);
    expect(cellOf(grid, w.studentA.participant_id, "blending")).toMatchObject({ state: "empty", text: "Not started" });
    expect((await read(undefined, "?period=BOY")).grid.period).toBe("BOY");
  });

  it("is refused without a session (401), outside the teacher's classrooms (403) and for an unknown classroom (404)", async () => {
    expect((await t.call("GET", `/participantGroups/${w.classA.participant_group_id}/results`)).status).toBe(401);
    expect((await t.call("GET", `/participantGroups/${w.classB.participant_group_id}/results`, { token })).status).toBe(403);
    expect((await t.call("GET", `/participantGroups/${randomUUID()}/results`, { token })).status).toBe(404);
    expect((await t.call("GET", `/participantGroups/${w.classA.participant_group_id}/results?period=Winter`, { token })).status).toBe(400);
  });

  it("names the classroom, its school and its district, and a rename shows at once while the grid is kept", async () => {
    const { body } = await read();
    expect(body.classroom).toEqual({
      participantGroupId: w.classA.participant_group_id,
      name: w.classA.name,
      OrganizationUnit: {
        organizationUnitId: w.schoolA.organization_unit_id,
        name: w.schoolA.name,
        Organization: { organizationId: w.district.organization_id, name: w.district.name },
      },
    });
    await read();
    const renamed = `${w.classA.name} (renamed)`;
    await handle.db
      .updateTable("participant_group")
      .set({ name: renamed })
      .where("participant_group_id", "=", w.classA.participant_group_id)
      .execute();
    try {
      const after = await read();
      expect(after.gridQueries, "the grid itself is still this process's copy").toBe(0);
      expect(after.body.classroom.name).toBe(renamed);
    } finally {
      await handle.db
        .updateTable("participant_group")
        .set({ name: w.classA.name })
        .where("participant_group_id", "=", w.classA.participant_group_id)
        .execute();
    }
  });

  it("answers a repeated read from this process's copy, without reading tests or risk scores", async () => {
    const first = await read();
    const again = await read();
    expect(again.gridQueries).toBe(0);
    expect(again.body).toEqual(first.body);
    // Another way to look at the same classroom is built once, then kept too.
    expect((await read(undefined, "?score=raw")).gridQueries).toBeGreaterThan(0);
    expect((await read(undefined, "?score=raw")).gridQueries).toBe(0);
  });

  it("shows a test written behind the API's back, then its new percentile, then its removal", async () => {
    await read();
    const { participant_test_id } = await insertResult(handle.db, w.studentA.participant_id, "blending", {
      end: "2026-01-14T09:07:00Z",
      percentile: 37,
    });
    const added = await read();
    expect(added.gridQueries).toBeGreaterThan(0);
    expect(cellOf(added.grid, w.studentA.participant_id, "blending")).toMatchObject({ state: "complete", text: "37th" });
    await handle.db
      .updateTable("participant_test")
      .set({ ability_percentile: 81 })
      .where("participant_test_id", "=", participant_test_id)
      .execute();
    expect(cellOf((await read()).grid, w.studentA.participant_id, "blending")?.text).toBe("81st");
    await handle.db.deleteFrom("participant_test").where("participant_test_id", "=", participant_test_id).execute();
    expect(cellOf((await read()).grid, w.studentA.participant_id, "blending")?.state).toBe("empty");
  });

  it("shows a test uploaded through the API", async () => {
    await read();
    const upload = await t.call("POST", "/participantTest/results", {
      token,
      body: {
        clientTestId: `screener-${randomUUID()}`,
        participantId: w.studentA.participant_id,
        testCode: "vocab",
        grade: "K",
        startDtTm: "2026-01-14T10:00:00Z",
        completedFlag: false,
        responses: [{ questionCode: "vocab_1", score: 1 }],
      },
    });
    expect(upload.status).toBe(201);
    expect(cellOf((await read()).grid, w.studentA.participant_id, "vocab")?.state).toBe("incomplete");
  });

  it("shows a risk score, a renamed student, a student added and one taken out", async () => {
    await read();
    await handle.db
      .insertInto("predictive_profile")
      .values({ participant_id: w.studentA.participant_id, academic_year: "2025-2026", period_name: "MOY", dyslexia: 0.05 })
      .execute();
    const scored = await read();
    expect(rowOf(scored.grid, w.studentA.participant_id)?.profile.find((p) => p.kind === "dyslexia")?.text).toBe("5%");

    await handle.db
      .updateTable("participant")
      .set({ last_name: "Aardvark" })
      .where("participant_id", "=", w.studentA.participant_id)
      .execute();
    expect(rowOf((await read()).grid, w.studentA.participant_id)?.name).toMatch(/^Aardvark, /);

    const newcomer = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    expect(rowOf((await read()).grid, newcomer.participant_id)).toBeDefined();
    await handle.db.deleteFrom("participant_group_member").where("participant_id", "=", newcomer.participant_id).execute();
    expect(rowOf((await read()).grid, newcomer.participant_id)).toBeUndefined();
  });

  it("follows the district's calendar: a test taken off the grade's list leaves the grid", async () => {
    expect(cellOf((await read()).grid, w.studentA.participant_id, "blending")).toBeDefined();
    const moy = await periodIdOf(handle.db, w.district.organization_id, "MOY");
    const list = await handle.db
      .selectFrom("grade_assessment_list")
      .select("test_codes")
      .where("assessment_period_id", "=", moy)
      .where("grade", "=", "K")
      .executeTakeFirstOrThrow();
    const without = list.test_codes
      .split(",")
      .filter((c) => c !== "blending")
      .join(",");
    const setCodes = (test_codes: string) =>
      handle.db
        .updateTable("grade_assessment_list")
        .set({ test_codes })
        .where("assessment_period_id", "=", moy)
        .where("grade", "=", "K")
        .execute();
    await setCodes(without);
    try {
      expect(cellOf((await read()).grid, w.studentA.participant_id, "blending")).toBeUndefined();
    } finally {
      await setCodes(list.test_codes);
    }
  });

  // Issue 34 item 11: a grade missing from the period's list showed names and no columns, and no word of why.
  it("says which students' grades the period's assessment lists leave out, in the student page's words", async () => {
    const room = await makeClassroom(handle.db, w.schoolA.organization_unit_id, [w.teacher.user_id]);
    const second = await makeStudent(handle.db, w.schoolA.organization_unit_id, { grade: "2", classroomIds: [room.participant_group_id] });
    const kinder = await makeStudent(handle.db, w.schoolA.organization_unit_id, { grade: "K", classroomIds: [room.participant_group_id] });
    expect((await read(room.participant_group_id)).grid.gradeMissing).toEqual([]);
    const moy = await periodIdOf(handle.db, w.district.organization_id, "MOY");
    const list = await handle.db
      .deleteFrom("grade_assessment_list")
      .where("assessment_period_id", "=", moy)
      .where("grade", "=", "2")
      .returningAll()
      .executeTakeFirstOrThrow();
    try {
      const { grid } = await read(room.participant_group_id);
      expect(grid.gradeMissing).toEqual(["Grade 2 is missing from the district's assessment list for Middle of Year (MOY)."]);
      expect(rowOf(grid, second.participant_id)?.cells.every((c) => c.state === "not-applicable")).toBe(true);
      expect(rowOf(grid, kinder.participant_id)?.cells.some((c) => c.state === "empty")).toBe(true);
      // Another period still lists grade 2.
      expect((await read(room.participant_group_id, "?period=BOY")).grid.gradeMissing).toEqual([]);
    } finally {
      await handle.db.insertInto("grade_assessment_list").values(list).execute();
    }
  });

  it("raises each classroom once per statement, however many rows it writes, and no other classroom", async () => {
    const other = await makeClassroom(handle.db, w.schoolA.organization_unit_id);
    const both = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      classroomIds: [w.classA.participant_group_id, other.participant_group_id],
    });
    const before = {
      a: await versionOf(w.classA.participant_group_id),
      other: await versionOf(other.participant_group_id),
      b: await versionOf(w.classB.participant_group_id),
    };
    await handle.db
      .insertInto("participant_test")
      .values(
        ["blending", "vocab", "letter-names"].map((test_code) => ({
          participant_id: both.participant_id,
          test_code,
          grade: "K",
          start_dt_tm: new Date("2026-01-14T09:00:00Z"),
          completed_flag: false,
        })),
      )
      .execute();
    expect(await versionOf(w.classA.participant_group_id)).toBe(before.a + 1);
    expect(await versionOf(other.participant_group_id)).toBe(before.other + 1);
    expect(await versionOf(w.classB.participant_group_id)).toBe(before.b);
  });
});
