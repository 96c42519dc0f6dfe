import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { gradeLabel } from "#app/domain/grades";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { loader as resultsCsvLoader } from "#app/routes/classroom.$classroomId_.results[.]csv";
import { insertResult, makePeriods, makeStudent } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";
import { itemAt } from "#app/domain/presence";

// Issue 34 item 16: the school CSV's '… Percentile' columns held words ('Needs scoring') and its
// Grade column said '1' and 'PK' where the grid says '1st'. Each test now has the classroom CSV's
// column ('Phonics: Letter Names', the grid's words) and a '… Percentile' column of numbers only,
// and the grade reads as on the grid. The classroom CSV (the page's export) is read beside it.

const dataDir = useTempDataDir();

const test = (
  participantId: string,
  grade: string,
  testCode: string,
  options: { complete?: boolean; percentile?: number | null; invalid?: boolean | null } = {},
) => insertResult(handle.db, participantId, testCode, { grade, start: "2025-09-10T15:00:00Z", end: "2025-09-10T15:20:00Z", ...options });

process.env.SESSION_SECRET ??= "school-csv-secret";
const { handle, t, w } = await apiWorld();
t.clock.now = new Date("2026-01-15T15:00:00Z");
setApiAppForTests(t.api, t.deps);
await makePeriods(handle.db, w.district.organization_id, {
  BOY: { start: "2025-08-15", end: "2025-11-30" },
  MOY: { start: "2025-12-01", end: "2026-02-28" },
  EOY: { start: "2026-03-01", end: "2026-06-15" },
});
const room = [w.classA.participant_group_id];
const kinder: Awaited<ReturnType<typeof makeStudent>> = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
  grade: "K",
  classroomIds: room,
  lastName: "Kay",
});
const first: Awaited<ReturnType<typeof makeStudent>> = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
  grade: "1",
  classroomIds: room,
  lastName: "First",
});
const preK: Awaited<ReturnType<typeof makeStudent>> = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
  grade: "PK",
  classroomIds: room,
  lastName: "Prek",
});
await test(kinder.participant_id, "K", "letter-names", { percentile: 55.4 });
await test(kinder.participant_id, "K", "vocab", { percentile: 0.2 });
await test(kinder.participant_id, "K", "blending", { complete: false });
// A finished RAN nobody has scored yet: the grid says 'Needs scoring'.
await test(kinder.participant_id, "K", "object-ran", { percentile: null, invalid: null });
await test(first.participant_id, "1", "word-reading", { percentile: 99.7 });
await test(first.participant_id, "1", "nonword-reading", { percentile: 40, invalid: true });
await test(preK.participant_id, "PK", "rhyming", { percentile: 38 });
const da: string = await t.login(w.districtAdmin.email);
const session = await getSession(new Request("http://localhost/"));
session.set("token", da);
const cookie: string = (await commitSession(session)).split(";")[0]!;
afterAll(async () => {
  dataDir.cleanup();
});

type Csv = { header: string[]; records: Record<string, string>[] };

function read(text: string): Csv {
  const rows = parse(text, { bom: true }) as string[][];
  const header = itemAt(rows, 0, "a header");
  // A cell the row does not reach reads as empty.
  return { header, records: rows.slice(1).map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ""]))) };
}

async function schoolCsv(query: string): Promise<Csv & { filename: string | null }> {
  const res = await t.call("GET", `/report/organizationUnit/${w.schoolA.organization_unit_id}?${query}`, { token: da });
  expect(res.status).toBe(200);
  return { ...read(await res.text()), filename: res.headers.get("Filename") };
}

/** The classroom page's Export CSV (percentile mode), through its route as the browser gets it. */
async function classroomCsv(period: string): Promise<Csv> {
  const id = w.classA.participant_group_id;
  const res = (await resultsCsvLoader({
    request: new Request(`http://localhost/classroom/${id}/results.csv?period=${period}&score=percentile`, { headers: { cookie } }),
    params: { classroomId: id },
    context: {},
  })) as Response;
  expect(res.status).toBe(200);
  return read(await res.text());
}

const rowOf = (csv: Csv, lastName: string) => csv.records.find((r) => r["Last Name"] === lastName)!;

describe(`school CSV columns (${process.env.TEST_DB_ENGINE})`, () => {
  it("gives each test the grid's words and, beside them, a '… Percentile' column of numbers only", async () => {
    const { header, records, filename } = await schoolCsv(`period=BOY&participantGroupId=${w.classA.participant_group_id}`);
    expect(filename).toMatch(/_student_details_BOY\.csv$/);
    const percentiles = header.flatMap((h, i) => (h.endsWith(" Percentile") ? [{ column: h, before: header[i - 1] }] : []));
    expect(percentiles.length).toBeGreaterThan(5);
    for (const { column, before } of percentiles) {
      // Each '… Percentile' column follows the test's own column, whose name it repeats.
      expect(column).toBe(`${before} Percentile`);
      for (const r of records) expect(r[column], `${r["Last Name"]}: ${column}`).toMatch(/^([1-9]|[1-9][0-9])?$/);
    }
    expect(rowOf({ header, records }, "Kay")).toMatchObject({
      "Phonics: Letter Names": "55th",
      "Phonics: Letter Names Percentile": "55",
      "Vocabulary: Vocabulary": "1st",
      "Vocabulary: Vocabulary Percentile": "1",
      "Phonemic Awareness: Blending": "In progress",
      "Phonemic Awareness: Blending Percentile": "",
      "Fluency: Object RAN": "Needs scoring",
      "Fluency: Object RAN Percentile": "",
    });
    expect(rowOf({ header, records }, "First")).toMatchObject({
      "Phonics: Word Reading": "99th",
      "Phonics: Word Reading Percentile": "99",
      "Phonics: Nonword Reading": "Invalid (N/A)",
      "Phonics: Nonword Reading Percentile": "",
    });
  });

  it("says the grade as the grid does ('1st', 'K', 'PK')", async () => {
    const { records } = await schoolCsv("period=BOY");
    const grades = new Map(records.map((r) => [r["Last Name"], r.Grade]));
    expect([grades.get("Kay"), grades.get("First"), grades.get("Prek")]).toEqual(["K", "1st", "PK"]);
    for (const r of records) expect(["PK", "K", "1st", "2nd", "3rd"]).toContain(r.Grade);
    expect(gradeLabel("1")).toBe("1st");
  });

  it("agrees with the classroom page's Export CSV: same column names, same words, same grade", async () => {
    const school = await schoolCsv(`period=BOY&participantGroupId=${w.classA.participant_group_id}`);
    const room = await classroomCsv("BOY");
    // The classroom export's test columns ('Group: Test'); its Name, Grade and profile columns aside.
    const tests = room.header.filter((h) => h.includes(": "));
    expect(tests.length).toBeGreaterThan(5);
    for (const title of tests) expect(school.header, title).toContain(title);
    for (const student of [kinder, first, preK]) {
      const mine = rowOf(school, student.last_name);
      const theirs = room.records.find((r) => r.Name === `${student.last_name}, ${student.first_name}`)!;
      expect(theirs, student.last_name).toBeDefined();
      expect(mine.Grade).toBe(theirs.Grade);
      for (const title of tests) expect(mine[title], `${student.last_name}: ${title}`).toBe(theirs[title]);
    }
  });
});
