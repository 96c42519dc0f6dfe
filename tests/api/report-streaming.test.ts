import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { fileSlug } from "#app/domain/csv";
import { insertResult, makeClassroom, makeSchool, makeStudent } from "./support/fixtures";
import { apiWorld } from "./support/world";
import { first, itemAt } from "#app/domain/presence";

// Issue 15: the completion summary counted by the database (GET /report/completion/{id}), its
// detail as a streamed CSV, and the district CSVs streamed. The summary is checked against a
// row-by-row count of the students we made and of the CSV's rows; the streams against the
// database, including a row written after the first bytes left and a failure half-way.

/** Every live student of the district with the status we gave them for BOY. */
const made: { id: string; code: string; school: string; classroom: string; grade: "K" | "1"; started: boolean; finished: boolean }[] = [];

const LISTS = { BOY: { K: ["letter-names", "letter-sounds"], "1": ["word-reading"] }, MOY: { K: ["letter-names"], "1": ["word-reading"] } };
const BOY_DAY = "2026-09-10T15:00:00Z";

const addTest = (participantId: string, testCode: string, start: string, complete: boolean) =>
  insertResult(handle.db, participantId, testCode, { start, complete });

const { handle, t, w } = await apiWorld();
t.clock.now = new Date("2026-10-01T15:00:00Z");
const su: string = await t.login(w.superAdmin.email);
for (const [period, start, end] of [
  ["BOY", "2026-08-15", "2026-11-30"],
  ["MOY", "2026-12-01", "2027-02-28"],
  ["EOY", "2027-03-01", "2027-06-15"],
] as const) {
  const p = await handle.db
    .insertInto("assessment_period")
    .values({
      organization_id: w.district.organization_id,
      academic_year: "2026-2027",
      period_name: period,
      start_date: start,
      end_date: end,
    })
    .returning("assessment_period_id")
    .executeTakeFirstOrThrow();
  const lists = period === "EOY" ? LISTS.MOY : LISTS[period];
  await handle.db
    .insertInto("grade_assessment_list")
    .values(
      Object.entries(lists).map(([grade, codes]) => ({
        assessment_period_id: p.assessment_period_id,
        grade,
        test_codes: codes.join(","),
      })),
    )
    .execute();
}
// A third school whose name sorts last, so its students are the stream's last rows.
const schoolZ: Awaited<ReturnType<typeof makeSchool>> = await makeSchool(handle.db, w.district.organization_id, `Zz School ${Date.now()}`);
const classZ = await makeClassroom(handle.db, schoolZ.organization_unit_id);
const places = [
  { school: w.schoolA.organization_unit_id, classroom: w.classA.participant_group_id },
  { school: w.schoolA.organization_unit_id, classroom: w.classA2.participant_group_id },
  { school: w.schoolB.organization_unit_id, classroom: w.classB.participant_group_id },
  { school: schoolZ.organization_unit_id, classroom: classZ.participant_group_id },
];
// The world's own three students have no tests: not started.
for (const [s, place] of [
  [w.studentA, itemAt(places, 0)],
  [w.studentA2, itemAt(places, 1)],
  [w.studentB, itemAt(places, 2)],
] as const)
  made.push({ id: s.participant_id, code: s.participant_code, ...place, grade: "K", started: false, finished: false });
// 32 more: every pattern in every classroom: none, one test, all complete, all but one complete.
for (let i = 0; i < 32; i++) {
  const place = itemAt(places, i % 4);
  const grade = i % 8 < 4 ? "K" : "1";
  const st = await makeStudent(handle.db, place.school, {
    grade,
    classroomIds: [place.classroom],
    lastName: `Row${String(i).padStart(2, "0")}`,
  });
  const list = LISTS.BOY[grade];
  const pattern = Math.floor(i / 4) % 4;
  if (pattern === 1) await addTest(st.participant_id, first(list, "a test of the grade"), BOY_DAY, false);
  if (pattern === 2) for (const code of list) await addTest(st.participant_id, code, BOY_DAY, true);
  if (pattern === 3)
    for (const [k, code] of list.entries()) await addTest(st.participant_id, code, BOY_DAY, k > 0 || list.length === 1 ? false : true);
  made.push({ id: st.participant_id, code: st.participant_code, ...place, grade, started: pattern > 0, finished: pattern === 2 });
}

type Summary = {
  countedAt: string;
  schools: {
    page: number;
    pageCount: number;
    total: number;
    items: { organizationUnitId: string; name: string; total: number; started: number; finished: number }[];
  };
  grades: { grade: string; total: number; started: number; finished: number }[];
  school: null | {
    organizationUnitId: string;
    total: number;
    classrooms: { participantGroupId: string; total: number; started: number; finished: number }[];
    grades: { grade: string; total: number }[];
  };
};

const summary = async (query = "", token = su): Promise<Summary> => {
  const res = await t.call("GET", `/report/completion/${w.district.organization_id}${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Summary;
};

/** started/finished counted one student at a time. */
const countOf = (rows: readonly { started: boolean; finished: boolean }[]) => ({
  total: rows.length,
  started: rows.filter((r) => r.started).length,
  finished: rows.filter((r) => r.finished).length,
});

/** Reads a streamed body chunk by chunk. */
async function chunksOf(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  return {
    reader,
    next: async () => {
      const { done, value } = await reader.read();
      return done ? null : decoder.decode(value, { stream: true });
    },
  };
}

const records = (text: string) => parse(text, { bom: true, columns: true }) as Record<string, string>[];

describe(`completion summary (${process.env.TEST_DB_ENGINE})`, () => {
  it("every school's numbers equal a row-by-row count of its students", async () => {
    const s = await summary();
    expect(s.schools.total).toBe(3);
    for (const school of [w.schoolA, w.schoolB, schoolZ]) {
      const item = s.schools.items.find((i) => i.organizationUnitId === school.organization_unit_id);
      expect(item, school.name).toMatchObject(countOf(made.filter((m) => m.school === school.organization_unit_id)));
    }
    expect(s.grades).toEqual([
      { grade: "K", ...countOf(made.filter((m) => m.grade === "K")) },
      { grade: "1", ...countOf(made.filter((m) => m.grade === "1")) },
    ]);
    expect(s.school).toBeNull();
  });

  it("a school's drill-down: its classrooms and grades, counted one student at a time", async () => {
    const s = await summary(`?timePeriod=BOY&schoolId=${w.schoolA.organization_unit_id}`);
    const ofA = made.filter((m) => m.school === w.schoolA.organization_unit_id);
    expect(s.school).toMatchObject({ organizationUnitId: w.schoolA.organization_unit_id, ...countOf(ofA) });
    for (const classroom of [w.classA, w.classA2])
      expect(s.school!.classrooms.find((c) => c.participantGroupId === classroom.participant_group_id)).toMatchObject(
        countOf(ofA.filter((m) => m.classroom === classroom.participant_group_id)),
      );
    expect(s.school!.grades.map((g) => [g.grade, g.total])).toEqual([
      ["K", ofA.filter((m) => m.grade === "K").length],
      ["1", ofA.filter((m) => m.grade === "1").length],
    ]);
  });

  it("agrees with POST /report/students-complete", async () => {
    const res = await t.call("POST", "/report/students-complete", {
      token: su,
      body: { orgId: w.district.organization_id, timePeriod: "MOY" },
    });
    const old = await res.json();
    const s = await summary("?timePeriod=MOY");
    for (const item of s.schools.items)
      expect(old.finishedByOrgUnit[item.organizationUnitId]).toMatchObject({
        total: item.total,
        started: item.started,
        finished: item.finished,
      });
  });

  it("pages schools 50 at a time", async () => {
    const s = await summary("?page=7");
    expect([s.schools.page, s.schools.pageCount, s.schools.items.length]).toEqual([1, 1, 3]);
  });

  it("only a super admin; 404 for an unknown district or a school of another district", async () => {
    for (const user of [w.districtAdmin, w.schoolAdmin, w.teacher]) {
      const token = await t.login(user.email);
      expect((await t.call("GET", `/report/completion/${w.district.organization_id}`, { token })).status).toBe(403);
      expect((await t.call("GET", `/report/completion/${w.district.organization_id}/csv`, { token })).status).toBe(403);
    }
    expect((await t.call("GET", `/report/completion/${w.district.organization_id}`)).status).toBe(401);
    expect((await t.call("GET", "/report/completion/00000000-0000-0000-0000-000000000000", { token: su })).status).toBe(404);
    const other = await t.call("GET", `/report/completion/${w.district.organization_id}?schoolId=${w.otherSchool.organization_unit_id}`, {
      token: su,
    });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "Report not found" });
  });

  it("a change through the API, or past it, is counted at once", async () => {
    const before = await summary();
    const zTotal = async () => (await summary()).schools.items.find((i) => i.organizationUnitId === schoolZ.organization_unit_id)!.total;
    const zBefore = before.schools.items.find((i) => i.organizationUnitId === schoolZ.organization_unit_id)!;
    // Past the API (a script): the district's roster version (migration 0015) names the kept count.
    const ghost = await makeStudent(handle.db, schoolZ.organization_unit_id, { lastName: "Past The Api" });
    expect(await zTotal()).toBe(zBefore.total + 1);
    // Through the API: the next answer counts it.
    const res = await t.call("DELETE", `/participants/delete/${ghost.participant_id}`, { token: su });
    expect(res.status).toBeLessThan(300);
    expect(await zTotal()).toBe(zBefore.total);
  });
});

describe(`streamed CSVs (${process.env.TEST_DB_ENGINE})`, () => {
  it("the completion CSV: one row per live student, its status the summary's; headers before the rows", async () => {
    const res = await t.call("GET", `/report/completion/${w.district.organization_id}/csv?timePeriod=BOY`, { token: su });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const filename = res.headers.get("Filename");
    expect(filename).toBe(`${fileSlug(w.district.name)}_completion_report_BOY_2026-2027.csv`);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
    expect(res.headers.get("X-Total-Rows")).toBe(String(made.length));
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = records(new TextDecoder().decode(bytes));
    expect(rows.map((r) => r["Participant Code"]).sort()).toEqual(made.map((m) => m.code).sort());
    for (const m of made) {
      const r = rows.find((x) => x["Participant Code"] === m.code)!;
      expect(r.Status, m.code).toBe(m.finished ? "Finished" : m.started ? "Started" : "Not Started");
      expect(r["Report Period"]).toBe("BOY");
    }
    // Counting the file's rows per school gives the summary.
    const s = await summary("?timePeriod=BOY");
    for (const item of s.schools.items) {
      const own = rows.filter((r) => r.School === item.name);
      expect(countOf(own.map((r) => ({ started: r.Status !== "Not Started", finished: r.Status === "Finished" })))).toEqual({
        total: item.total,
        started: item.started,
        finished: item.finished,
      });
    }
    // Schools by name, students by last name within a school.
    const schoolOrder = rows.map((r) => r.School).filter((x, i, a) => a.indexOf(x) === i);
    expect(schoolOrder).toEqual([w.schoolA.name, w.schoolB.name, schoolZ.name]);
  });

  it("reads the last school's rows only after the first bytes were taken", async () => {
    const res = await t.call("GET", `/report/completion/${w.district.organization_id}/csv`, { token: su });
    const body = await chunksOf(res);
    const first = await body.next();
    expect(first).toMatch(/^\uFEFF?School,Classroom,Teacher/);
    // Written after the header left: a buffered answer could not hold it.
    const late = await makeStudent(handle.db, schoolZ.organization_unit_id, { lastName: "Zz Late Writer" });
    let rest = "";
    for (let c = await body.next(); c !== null; c = await body.next()) rest += c;
    expect(rest).toContain(late.participant_code);
    await handle.db.updateTable("participant").set({ deleted_at: new Date() }).where("participant_id", "=", late.participant_id).execute();
  });

  it("a failure half-way aborts the stream: the reader fails instead of seeing a whole file", async () => {
    const res = await t.call("GET", `/report/district-data-export/${w.district.organization_id}`, { token: su });
    expect(res.status).toBe(200);
    const body = await chunksOf(res);
    let received = (await body.next()) ?? "";
    received += (await body.next()) ?? ""; // the first school's rows
    await handle.db.schema.alterTable("participant_group_member").renameTo("pgm_away").execute();
    try {
      await expect(
        (async () => {
          for (let c = await body.next(); c !== null; c = await body.next()) received += c;
        })(),
      ).rejects.toThrow();
    } finally {
      await handle.db.schema.alterTable("pgm_away").renameTo("participant_group_member").execute();
    }
    expect(received).toContain(w.studentA.participant_code);
    expect(received).not.toContain(w.studentB.participant_code);
  });

  it("the district CSV and the data export stream every live student (X-Total-Rows where known)", async () => {
    const district = await t.call("GET", `/report/organization/${w.district.organization_id}`, { token: su });
    expect(district.headers.get("X-Total-Rows")).toBe(String(made.length));
    const dRows = records(await district.text());
    expect(dRows.map((r) => r["Participant Code"]).sort()).toEqual(made.map((m) => m.code).sort());
    const exp = await t.call("GET", `/report/district-data-export/${w.district.organization_id}`, { token: su });
    expect(exp.headers.get("X-Total-Rows")).toBeNull();
    const eRows = records(await exp.text());
    expect(new Set(eRows.map((r) => r["Participant Code"]))).toEqual(new Set(made.map((m) => m.code)));
    const tests = await handle.db
      .selectFrom("participant_test as t")
      .innerJoin("participant as p", "p.participant_id", "t.participant_id")
      .where("p.organization_unit_id", "in", [w.schoolA.organization_unit_id, w.schoolB.organization_unit_id, schoolZ.organization_unit_id])
      .where("p.deleted_at", "is", null)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(eRows.filter((r) => r["Test Code"] !== "")).toHaveLength(Number(tests.n));
  });
});
