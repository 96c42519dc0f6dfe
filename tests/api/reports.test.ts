import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { fileSlug } from "#app/domain/csv";
import { gradeLabel } from "#app/domain/grades";
import { insertResult, makeStudent } from "./support/fixtures";
import { apiWorld } from "./support/world";

// Completion report (spec 000 §3) and CSV downloads, parsed back with csv-parse and compared
// with the database.

const PERIODS = [
  {
    period_name: "BOY" as const,
    start_date: "2026-08-15",
    end_date: "2026-11-30",
    lists: { K: "letter-names,letter-sounds", "1": "word-reading" },
  },
  { period_name: "MOY" as const, start_date: "2026-12-01", end_date: "2027-02-28", lists: { K: "letter-names", "1": "word-reading" } },
  {
    period_name: "EOY" as const,
    start_date: "2027-03-01",
    end_date: "2027-06-15",
    lists: { K: "letter-names", "1": "word-reading,nonword-reading" },
  },
];

const test = (
  participantId: string,
  testCode: string,
  start: string,
  options: { complete?: boolean; percentile?: number | null; deleted?: boolean; invalid?: boolean } = {},
) => insertResult(handle.db, participantId, testCode, { start, ...options });

const { handle, t, w } = await apiWorld();
t.clock.now = new Date("2026-10-01T15:00:00Z");
const su: string = await t.login(w.superAdmin.email);
const da: string = await t.login(w.districtAdmin.email);
for (const p of PERIODS) {
  const row = await handle.db
    .insertInto("assessment_period")
    .values({
      organization_id: w.district.organization_id,
      academic_year: "2026-2027",
      period_name: p.period_name,
      start_date: p.start_date,
      end_date: p.end_date,
    })
    .returning("assessment_period_id")
    .executeTakeFirstOrThrow();
  await handle.db
    .insertInto("grade_assessment_list")
    .values(Object.entries(p.lists).map(([grade, test_codes]) => ({ assessment_period_id: row.assessment_period_id, grade, test_codes })))
    .execute();
}
const A = w.schoolA.organization_unit_id;
const B = w.schoolB.organization_unit_id;
const s1: Awaited<ReturnType<typeof makeStudent>> = await makeStudent(handle.db, A, {
  grade: "K",
  firstName: "=cmd",
  lastName: 'O\'Brien, "Jr"',
  classroomIds: [w.classA.participant_group_id],
});
const s2: Awaited<ReturnType<typeof makeStudent>> = await makeStudent(handle.db, A, {
  grade: "1",
  firstName: "Zoë",
  lastName: "Åberg",
  classroomIds: [w.classA.participant_group_id, w.classA2.participant_group_id],
});
const g1: Awaited<ReturnType<typeof makeStudent>> = await makeStudent(handle.db, B, {
  grade: "1",
  classroomIds: [w.classB.participant_group_id],
});
const gone = await makeStudent(handle.db, A, { grade: "K", classroomIds: [w.classA.participant_group_id] });
await handle.db.updateTable("participant").set({ deleted_at: new Date() }).where("participant_id", "=", gone.participant_id).execute();

// s1: BOY finished (both K tests), MOY finished; studentA: BOY started (one of two).
await test(s1.participant_id, "letter-names", "2026-09-10T15:00:00Z", { percentile: 55.4 });
await test(s1.participant_id, "letter-sounds", "2026-11-30T23:30:00Z"); // last day of BOY, end inclusive
await test(s1.participant_id, "letter-names", "2026-12-05T15:00:00Z", { percentile: 12 });
await test(w.studentA.participant_id, "letter-names", "2026-09-11T15:00:00Z", { percentile: 0.2 });
// s2 (grade 1): BOY finished.
await test(s2.participant_id, "word-reading", "2026-09-12T15:00:00Z", { percentile: 99.7 });
// studentB (K): BOY finished; a deleted test and one before BOY do not count.
await test(w.studentB.participant_id, "letter-names", "2026-09-12T15:00:00Z");
await test(w.studentB.participant_id, "letter-sounds", "2026-09-12T16:00:00Z", { invalid: true });
await test(w.studentB.participant_id, "letter-names", "2026-12-10T15:00:00Z", { deleted: true });
await test(w.studentB.participant_id, "letter-names", "2026-07-01T15:00:00Z");
// g1 (grade 1): BOY started but incomplete; MOY complete.
await test(g1.participant_id, "word-reading", "2026-09-13T15:00:00Z", { complete: false });
await test(g1.participant_id, "word-reading", "2026-12-13T15:00:00Z");

const report = async (timePeriod?: string) => {
  const res = await t.call("POST", "/report/students-complete", {
    token: su,
    body: { orgId: w.district.organization_id, ...(timePeriod ? { timePeriod } : {}) },
  });
  expect(res.status).toBe(200);
  return res.json();
};

describe(`completion report (${process.env.TEST_DB_ENGINE})`, () => {
  it("counts started and finished by school, classroom and grade for BOY (the default)", async () => {
    const r = await report();
    expect(r.timePeriod).toBe("BOY");
    expect(r.periods).toEqual(["BOY"]);
    const A = w.schoolA.organization_unit_id;
    const B = w.schoolB.organization_unit_id;
    expect(r.finishedByOrgUnit).toEqual({
      [A]: {
        total: 4,
        started: 3,
        finished: 2,
        participantGroups: {
          [w.classA.participant_group_id]: { total: 3, started: 3, finished: 2 },
          [w.classA2.participant_group_id]: { total: 2, started: 1, finished: 1 },
        },
      },
      [B]: {
        total: 2,
        started: 2,
        finished: 1,
        participantGroups: { [w.classB.participant_group_id]: { total: 2, started: 2, finished: 1 } },
      },
    });
    expect(r.finishedByGrade).toEqual({ K: { total: 4, started: 3, finished: 2 }, "1": { total: 2, started: 2, finished: 1 } });
    expect(r.key).toEqual({
      orgUnits: { [A]: w.schoolA.name, [B]: w.schoolB.name },
      participantGroups: {
        [w.classA.participant_group_id]: w.classA.name,
        [w.classA2.participant_group_id]: w.classA2.name,
        [w.classB.participant_group_id]: w.classB.name,
      },
    });
  });

  it("MOY includes BOY: finished needs every test of both periods", async () => {
    const r = await report("MOY");
    expect(r.periods).toEqual(["MOY", "BOY"]);
    expect(r.finishedByGrade).toEqual({ K: { total: 4, started: 3, finished: 1 }, "1": { total: 2, started: 2, finished: 0 } });
  });

  it("EOY includes all three periods", async () => {
    const r = await report("EOY");
    expect(r.periods).toEqual(["EOY", "MOY", "BOY"]);
    expect(r.finishedByGrade.K).toEqual({ total: 4, started: 3, finished: 0 });
  });

  it("refuses an unknown period", async () => {
    const res = await t.call("POST", "/report/students-complete", {
      token: su,
      body: { orgId: w.district.organization_id, timePeriod: "SUMMER" },
    });
    expect(res.status).toBe(400);
  });
});

const download = async (path: string, token = su) => {
  const res = await t.call("GET", path, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const filename = res.headers.get("Filename");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte order mark for Excel
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  expect(text).toMatch(/\r\n$/);
  const records = parse(text, { bom: true, columns: true, skip_empty_lines: false }) as Record<string, string>[];
  return { filename, records };
};

describe(`CSV downloads (${process.env.TEST_DB_ENGINE})`, () => {
  it("school CSV: one row per live student, matching the database; file name by the spec 001 §9 rule", async () => {
    const { filename, records } = await download(`/report/organizationUnit/${w.schoolA.organization_unit_id}?period=BOY`, da);
    expect(filename).toBe(`${fileSlug(w.schoolA.name)}_student_details_BOY.csv`);
    const db = await handle.db
      .selectFrom("participant")
      .selectAll()
      .where("organization_unit_id", "=", w.schoolA.organization_unit_id)
      .where("deleted_at", "is", null)
      .execute();
    expect(records.map((r) => r["Participant Code"]).sort()).toEqual(db.map((p) => p.participant_code).sort());
    for (const p of db) {
      const row = records.find((r) => r["Participant Code"] === p.participant_code)!;
      expect(row["Last Name"]).toBe(p.last_name);
      expect(row["Grade"]).toBe(gradeLabel(p.grade)); // as the grid says it (issue 34 item 16)
      expect(row["School"]).toBe(w.schoolA.name);
      const [y, m, d] = p.date_of_birth!.split("-");
      expect(row["Date of Birth"]).toBe(`${m}/${d}/${y}`);
    }
    const r1 = records.find((r) => r["Participant Code"] === s1.participant_code)!;
    expect(r1).toMatchObject({
      "First Name": "'=cmd", // a spreadsheet must not run it as a formula
      "Last Name": 'O\'Brien, "Jr"',
      Classroom: w.classA.name,
      Teacher: `Test ${w.teacher.last_name}`,
      "BOY Status": "Finished",
      // Issue 12 item 8: the grid's words: a hand-scored test without a percentile needs scoring;
      // issue 34 item 16: the words under the grid's column name, the number alone under '… Percentile'.
      "Phonics: Letter Names": "55th",
      "Phonics: Letter Names Percentile": "55",
      "Phonics: Letter Sounds": "Needs scoring",
      "Phonics: Letter Sounds Percentile": "",
    });
    const rA = records.find((r) => r["Participant Code"] === w.studentA.participant_code)!;
    expect(rA).toMatchObject({
      "BOY Status": "Started",
      "Phonics: Letter Names": "1st",
      "Phonics: Letter Names Percentile": "1",
      "Phonics: Letter Sounds": "Not started",
      "Phonics: Letter Sounds Percentile": "",
    });
    const r2 = records.find((r) => r["Participant Code"] === s2.participant_code)!;
    expect(r2).toMatchObject({
      "First Name": "Zoë",
      "Last Name": "Åberg",
      Classroom: [w.classA.name, w.classA2.name].sort().join("; "),
      "Phonics: Word Reading": "99th",
      "Phonics: Word Reading Percentile": "99",
      "Phonics: Letter Names": "Not applicable",
      "Phonics: Letter Names Percentile": "",
    });
    expect(records.find((r) => r["Participant Code"] === w.studentA2.participant_code)).toMatchObject({ "BOY Status": "Not Started" });
  });

  it("school CSV defaults to the district's current period", async () => {
    const { filename } = await download(`/report/organizationUnit/${w.schoolB.organization_unit_id}`);
    expect(filename).toMatch(/_student_details_BOY\.csv$/);
  });

  it("district CSV: every live student of the district with status per period", async () => {
    const { filename, records } = await download(`/report/organization/${w.district.organization_id}`, da);
    expect(filename).toBe(`${fileSlug(w.district.name)}_district_report_2026-2027.csv`);
    const db = await handle.db
      .selectFrom("participant as p")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .select(["p.participant_code", "ou.name as school", "p.grade"])
      .where("ou.organization_id", "=", w.district.organization_id)
      .where("p.deleted_at", "is", null)
      .execute();
    expect(records).toHaveLength(db.length);
    for (const p of db)
      expect(records.find((r) => r["Participant Code"] === p.participant_code)).toMatchObject({
        School: p.school,
        Grade: gradeLabel(p.grade),
        District: w.district.name,
      });
    expect(records.find((r) => r["Participant Code"] === g1.participant_code)).toMatchObject({
      "BOY Status": "Started",
      "MOY Status": "Finished",
      "EOY Status": "Not Started",
    });
    expect(records.find((r) => r["Participant Code"] === w.studentB.participant_code)).toMatchObject({
      "BOY Status": "Finished",
      "MOY Status": "Not Started",
    });
  });

  it("district data export: one row per live test of the year, and a row for a student without tests", async () => {
    const { filename, records } = await download(`/report/district-data-export/${w.district.organization_id}`);
    expect(filename).toBe(`${fileSlug(w.district.name)}_data_export_2026-2027.csv`);
    const tests = await handle.db
      .selectFrom("participant_test as t")
      .innerJoin("participant as p", "p.participant_id", "t.participant_id")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .select(["p.participant_code", "t.test_code", "t.ability_percentile", "t.completed_flag"])
      .where("ou.organization_id", "=", w.district.organization_id)
      .where("p.deleted_at", "is", null)
      .where("t.deleted_at", "is", null)
      .where("t.start_dt_tm", ">=", new Date("2026-08-15T00:00:00Z"))
      .execute();
    const withTests = records.filter((r) => r["Test Code"] !== "");
    expect(withTests).toHaveLength(tests.length);
    const s1Rows = withTests.filter((r) => r["Participant Code"] === s1.participant_code);
    expect(s1Rows.map((r) => [r.Period, r["Test Code"], r.Percentile, r.Completed])).toEqual([
      ["BOY", "letter-names", "55", "Yes"],
      ["BOY", "letter-sounds", "", "Yes"],
      ["MOY", "letter-names", "12", "Yes"],
    ]);
    expect(records.filter((r) => r["Participant Code"] === w.studentA2.participant_code)).toMatchObject([{ "Test Code": "", Period: "" }]);
    expect(
      withTests.find((r) => r["Participant Code"] === w.studentB.participant_code && r["Test Code"] === "letter-sounds"),
    ).toMatchObject({ Invalid: "Yes" });
  });

  it("answers 'Report not found' for an unknown id", async () => {
    const res = await t.call("GET", "/report/organization/00000000-0000-0000-0000-000000000000", { token: su });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Report not found" });
  });
});
