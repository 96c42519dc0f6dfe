import { describe, expect, it } from "vitest";
import { first, itemAt } from "./presence";
import {
  COMPLETION_CSV_HEADER,
  completionCsvRows,
  cellPercentile,
  completionStatus,
  dataExportFileName,
  dataExportRows,
  districtCsvFileName,
  districtCsvRows,
  progressOf,
  reportPeriods,
  rosterOf,
  schoolCsvFileName,
  schoolCsvRows,
  statusText,
  type ExportTestRow,
  type ReportPeriod,
  type RosterStudentRow,
  type SchoolTestRow,
} from "./report-rows";

const student = (id: string, over: Partial<RosterStudentRow> = {}): RosterStudentRow => ({
  participant_id: id,
  participant_code: `code-${id}`,
  organization_unit_id: "s1",
  first_name: `First${id}`,
  middle_name: null,
  last_name: `Last${id}`,
  date_of_birth: "2020-05-17",
  grade: "K",
  tags: [],
  external_id: null,
  school_name: "Cedar Elementary",
  ...over,
});

const CONFIG = [
  {
    periodName: "BOY" as const,
    startDate: "2026-08-20",
    endDate: "2026-11-15",
    GradeAssessmentLists: [
      { grade: "K", testCodes: "letter-names,vocab,vocab" },
      { grade: "1", testCodes: "vocab" },
    ],
  },
  {
    periodName: "MOY" as const,
    startDate: "2026-11-16",
    endDate: "2027-02-28",
    GradeAssessmentLists: [{ grade: "K", testCodes: "letter-sounds" }],
  },
];
const BOY_AND_MOY = reportPeriods(CONFIG, ["BOY", "MOY"]);
const BOY = itemAt(BOY_AND_MOY, 0, "BOY");
const MOY = itemAt(BOY_AND_MOY, 1, "MOY");

describe("reportPeriods", () => {
  it("keeps the named periods in config order, with bounds and de-duplicated lists", () => {
    expect(reportPeriods(CONFIG, ["MOY"]).map((p) => p.period)).toEqual(["MOY"]);
    expect(BOY).toEqual({
      period: "BOY",
      from: "2026-08-20T00:00:00.000Z",
      to: "2026-11-16T00:00:00.000Z",
      required: new Map([
        ["K", ["letter-names", "vocab"]],
        ["1", ["vocab"]],
      ]),
      lists: { K: ["letter-names", "vocab", "vocab"], "1": ["vocab"] },
    });
    expect(reportPeriods(CONFIG, ["EOY"])).toEqual([]);
  });
});

describe("completionStatus", () => {
  // BOY lists 2 tests for K, MOY lists 1.
  it.each<[string, ReportPeriod[], [string, number][] | undefined, boolean, boolean, string]>([
    ["no test", [BOY], undefined, false, false, "Not Started"],
    ["a test, none complete", [BOY], [["BOY", 0]], true, false, "Started"],
    ["one of two complete", [BOY], [["BOY", 1]], true, false, "Started"],
    ["both complete", [BOY], [["BOY", 2]], true, true, "Finished"],
    ["BOY done, MOY not begun", [BOY, MOY], [["BOY", 2]], true, false, "Started"],
    [
      "BOY and MOY done",
      [BOY, MOY],
      [
        ["BOY", 2],
        ["MOY", 1],
      ],
      true,
      true,
      "Finished",
    ],
    ["a test only in a period not included", [MOY], [["BOY", 2]], false, false, "Not Started"],
  ])("%s", (_, periods, progress, started, finished, text) => {
    const s = completionStatus("K", periods, progress ? new Map(progress as [never, number][]) : undefined);
    expect(s).toEqual({ started, finished });
    expect(statusText(s)).toBe(text);
  });

  it("never finishes a grade the district lists no test for", () => {
    expect(completionStatus("PK", [BOY], new Map([["BOY", 0]]))).toEqual({ started: true, finished: false });
  });
});

describe("rosterOf", () => {
  const roster = rosterOf({
    students: [student("a")],
    classrooms: [
      { participant_group_id: "g2", name: "Room B", organization_unit_id: "s1" },
      { participant_group_id: "g1", name: "Room A", organization_unit_id: "s1" },
    ],
    members: [
      { participant_id: "a", participant_group_id: "g2" },
      { participant_id: "a", participant_group_id: "deleted" },
      { participant_id: "a", participant_group_id: "g1" },
    ],
    teachers: [
      { participant_group_id: "g1", first_name: "Ann", last_name: "Lee" },
      { participant_group_id: "g1", first_name: "Bo", last_name: "Ng" },
    ],
  });

  it("keeps live classrooms only, sorted by name, and teacher names per classroom", () => {
    expect(roster.groupsOf.get("a")).toEqual(["g1", "g2"]);
    expect(roster.teachersOf.get("g1")).toEqual(["Ann Lee", "Bo Ng"]);
    expect(roster.classroomName.get("g2")).toBe("Room B");
  });
});

describe("progressOf", () => {
  it("groups per student and period, as numbers", () => {
    const p = progressOf([
      { participant_id: "a", period_name: "BOY", done: 2 },
      { participant_id: "a", period_name: "MOY", done: "1" as unknown as number },
    ]);
    expect(p.get("a")).toEqual(
      new Map([
        ["BOY", 2],
        ["MOY", 1],
      ]),
    );
  });
});

describe("districtCsvRows", () => {
  const roster = rosterOf({
    students: [student("a", { middle_name: "M", tags: ["ELL", "IEP"], external_id: "X1" }), student("b")],
    classrooms: [
      { participant_group_id: "g1", name: "Room A", organization_unit_id: "s1" },
      { participant_group_id: "g2", name: "Room B", organization_unit_id: "s1" },
    ],
    members: [
      { participant_id: "a", participant_group_id: "g1" },
      { participant_id: "a", participant_group_id: "g2" },
    ],
    teachers: [
      { participant_group_id: "g1", first_name: "Ann", last_name: "Lee" },
      { participant_group_id: "g2", first_name: "Ann", last_name: "Lee" },
      { participant_group_id: "g2", first_name: "Bo", last_name: "Ng" },
    ],
  });
  const rows = districtCsvRows({
    districtName: "Maple",
    roster,
    periods: [BOY, MOY],
    progress: progressOf([{ participant_id: "a", period_name: "BOY", done: 2 }]),
  });

  it.each([
    [
      0,
      [
        "District",
        "School",
        "Classroom",
        "Teacher",
        "Last Name",
        "First Name",
        "Middle Name",
        "Participant Code",
        "Student ID",
        "Grade",
        "Date of Birth",
        "Tags",
        "BOY Status",
        "MOY Status",
      ],
    ],
    [
      1,
      [
        "Maple",
        "Cedar Elementary",
        "Room A; Room B",
        "Ann Lee; Bo Ng",
        "Lasta",
        "Firsta",
        "M",
        "code-a",
        "X1",
        "K",
        "05/17/2020",
        "ELL,IEP",
        "Finished",
        "Not Started",
      ],
    ],
    [
      2,
      ["Maple", "Cedar Elementary", "", "", "Lastb", "Firstb", null, "code-b", null, "K", "05/17/2020", "", "Not Started", "Not Started"],
    ],
  ])("row %i", (i, expected) => expect(rows[i]).toEqual(expected));
});

describe("grade labels in the district and completion CSVs", () => {
  // Issue 34 item 16: files for people read a grade as the grid does ('1st'), not as its code ('1').
  const roster = rosterOf({
    students: [student("p", { grade: "PK" }), student("k"), student("one", { grade: "1" }), student("three", { grade: "3" })],
    classrooms: [],
    members: [],
    teachers: [],
  });
  const expected = ["PK", "K", "1st", "3rd"];
  it("district CSV", () => {
    const rows = districtCsvRows({ districtName: "Maple", roster, periods: [BOY], progress: progressOf([]) });
    const column = first(rows, "a header").indexOf("Grade");
    expect(rows.slice(1).map((r) => r[column])).toEqual(expected);
  });
  it("completion CSV", () => {
    const rows = completionCsvRows({ roster, period: "BOY", status: new Map() });
    const column = COMPLETION_CSV_HEADER.indexOf("Grade");
    expect(rows.map((r) => r[column])).toEqual(expected);
  });
});

describe("dataExportRows", () => {
  const roster = rosterOf({ students: [student("a"), student("b")], classrooms: [], members: [], teachers: [] });
  const test = (over: Partial<ExportTestRow>): ExportTestRow => ({
    participant_id: "a",
    period_name: "BOY",
    test_code: "vocab",
    start_dt_tm: new Date("2026-09-01T10:00:00Z"),
    end_dt_tm: null,
    completed_flag: false,
    invalid: null,
    ability_percentile: null,
    final_theta: null,
    correct_items: null,
    total_items: null,
    scored_secs: null,
    scored_errors: null,
    norms_source: null,
    ...over,
  });
  const rows = dataExportRows({
    districtName: "Maple",
    academicYear: "2026-2027",
    roster,
    tests: [
      test({ period_name: "MOY", test_code: "letter-names", start_dt_tm: "2026-12-01T10:00:00.000Z" }),
      test({
        test_code: "vocab",
        completed_flag: true,
        invalid: false,
        ability_percentile: 99.7,
        end_dt_tm: new Date("2026-09-01T10:20:00Z"),
      }),
      test({ test_code: "letter-names", invalid: true, final_theta: 0.5, correct_items: 3, total_items: 26 }),
      test({ test_code: "made-up" }),
      // Issue 34 item 4: a hand-scored RAN's raw figures, and the source of the norms its percentile came from.
      test({ test_code: "letter-ran", completed_flag: true, invalid: false, scored_secs: 41, scored_errors: 2 }),
    ],
  });
  const base = ["Maple", "Cedar Elementary", "", "a", "code-a", null, "Lasta", "Firsta", "K", "", "2026-2027"];

  it("has the export header", () => {
    expect(rows[0]).toHaveLength(25);
    expect(rows[0]?.slice(-3)).toEqual(["RAN Seconds", "RAN Errors", "Norms Source"]);
  });

  const none = [null, null, null];
  it.each([
    [1, [...base, "BOY", "letter-names", "Letter Names", "2026-09-01T10:00:00.000Z", null, "No", "Yes", null, 0.5, 3, 26, ...none]],
    [
      2,
      [
        ...base,
        "BOY",
        "vocab",
        "Vocabulary",
        "2026-09-01T10:00:00.000Z",
        "2026-09-01T10:20:00.000Z",
        "Yes",
        "No",
        99,
        null,
        null,
        null,
        ...none,
      ],
    ],
    [3, [...base, "BOY", "letter-ran", "Letter RAN", "2026-09-01T10:00:00.000Z", null, "Yes", "No", null, null, null, null, 41, 2, null]],
    [4, [...base, "BOY", "made-up", "made-up", "2026-09-01T10:00:00.000Z", null, "No", null, null, null, null, null, ...none]],
    [5, [...base, "MOY", "letter-names", "Letter Names", "2026-12-01T10:00:00.000Z", null, "No", null, null, null, null, null, ...none]],
  ])("test row %i: by period, then test order, unknown codes last", (i, expected) => expect(rows[i]).toEqual(expected));

  it("gives a student without tests one row with empty test columns", () => {
    expect(rows[6]).toEqual([
      "Maple",
      "Cedar Elementary",
      "",
      "b",
      "code-b",
      null,
      "Lastb",
      "Firstb",
      "K",
      "",
      "2026-2027",
      ...Array(14).fill(null),
    ]);
    expect(rows).toHaveLength(7);
  });
});

describe("schoolCsvRows", () => {
  const roster = rosterOf({
    students: [student("a"), student("b", { grade: "1" }), student("c")],
    classrooms: [],
    members: [],
    teachers: [],
  });
  const t = (over: Partial<SchoolTestRow>): SchoolTestRow => ({
    participant_id: "a",
    test_code: "vocab",
    completed_flag: true,
    invalid: false,
    ability_percentile: 50,
    final_theta: null,
    correct_items: null,
    total_items: null,
    start_dt_tm: new Date("2026-09-01T10:00:00Z"),
    ...over,
  });
  const rows = schoolCsvRows({
    schoolName: "Cedar",
    periodName: "BOY",
    periods: [BOY],
    roster,
    progress: progressOf([{ participant_id: "a", period_name: "BOY", done: 1 }]),
    tests: [
      t({ test_code: "letter-names", completed_flag: false }),
      // A retake: the later completed test is the one shown.
      t({ test_code: "vocab", ability_percentile: 0.2 }),
      t({ test_code: "vocab", ability_percentile: 61, start_dt_tm: new Date("2026-09-05T10:00:00Z") }),
      t({ participant_id: "b", test_code: "vocab", invalid: true }),
      t({ participant_id: "c", test_code: "vocab", ability_percentile: null }),
    ],
    flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
  });

  // The columns this file owns: the student's, the status, and two per test (issue 34 item 16);
  // columns added after them (e.g. where configured figures come from) are read elsewhere.
  const OWN = 15;
  it.each([
    [
      0,
      [
        "School",
        "Classroom",
        "Teacher",
        "Last Name",
        "First Name",
        "Participant Code",
        "Student ID",
        "Grade",
        "Date of Birth",
        "Tags",
        "BOY Status",
        // Named as in the classroom CSV, with the grid's words; the '… Percentile' beside it holds numbers only.
        "Phonics: Letter Names",
        "Phonics: Letter Names Percentile",
        "Vocabulary: Vocabulary",
        "Vocabulary: Vocabulary Percentile",
      ],
    ],
    // Issue 12 item 8: the grid's own words ('In progress', '61st', 'Invalid (N/A)', 'Not applicable'),
    // never 'Complete' where the grid shows a state or no score; the grade as the grid says it ('1st').
    [1, ["Cedar", "", "", "Lasta", "Firsta", "code-a", null, "K", "05/17/2020", "", "Started", "In progress", null, "61st", 61]],
    [
      2,
      [
        "Cedar",
        "",
        "",
        "Lastb",
        "Firstb",
        "code-b",
        null,
        "1st",
        "05/17/2020",
        "",
        "Not Started",
        "Not applicable",
        null,
        "Invalid (N/A)",
        null,
      ],
    ],
    [3, ["Cedar", "", "", "Lastc", "Firstc", "code-c", null, "K", "05/17/2020", "", "Not Started", "Not started", null, "N/A", null]],
  ])("row %i", (i, expected) => expect(rows[i]?.slice(0, OWN)).toEqual(expected));

  it("holds a whole number from 1 to 99 or nothing in every '… Percentile' column", () => {
    const percentileColumns = first(rows, "a header").flatMap((title, i) => (String(title).endsWith(" Percentile") ? [i] : []));
    expect(percentileColumns).toHaveLength(2);
    for (const row of rows.slice(1))
      for (const i of percentileColumns) {
        const value = row[i];
        if (value !== null) expect(Number.isInteger(value) && Number(value) >= 1 && Number(value) <= 99, String(value)).toBe(true);
      }
  });

  it("has only the status column when the district has no such period", () => {
    const none = schoolCsvRows({
      schoolName: "Cedar",
      periodName: "EOY",
      periods: [],
      roster,
      progress: new Map(),
      tests: [],
      flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
    });
    const [header, firstRow] = none;
    expect(header?.[10]).toBe("EOY Status");
    expect(header?.filter((title) => String(title).endsWith(" Percentile"))).toEqual([]);
    expect(firstRow?.[10]).toBe("Not Started");
  });
});

describe("cellPercentile: the number a '… Percentile' column holds", () => {
  const test = (abilityPercentile: number | null) => ({ abilityPercentile });
  it.each([
    ["a percentile shown in its band", { state: "complete", band: "below", grayedOut: false, test: test(34.6) }, 35],
    ["clamped to 1 to 99, as the grid shows it", { state: "complete", band: "well-below", grayedOut: false, test: test(0.2) }, 1],
    ["clamped at the top too", { state: "complete", band: "at-or-above", grayedOut: false, test: test(99.7) }, 99],
    ["a band shown as an icon still has its number", { state: "complete", band: "at-or-above", grayedOut: false, test: test(72) }, 72],
    [
      "no band: a hand-entered count, a proficiency, a RAN without norms",
      { state: "complete", band: null, grayedOut: false, test: test(50) },
      null,
    ],
    ["greyed out for the grade", { state: "complete", band: "below", grayedOut: true, test: test(30) }, null],
    ["needs scoring", { state: "needs-scoring", band: null, grayedOut: false, test: test(null) }, null],
    ["invalid", { state: "invalid", band: null, grayedOut: false, test: test(40) }, null],
    ["in progress", { state: "incomplete", band: null, grayedOut: false, test: test(null) }, null],
    ["not started", { state: "empty", band: null, grayedOut: false, test: null }, null],
    ["not applicable", { state: "not-applicable", band: null, grayedOut: false, test: null }, null],
  ] as const)("%s", (_what, cell, expected) => expect(cellPercentile(cell)).toBe(expected));
});

describe("file names", () => {
  it.each([
    [
      districtCsvFileName("Maple Valley School District", "2026-2027", "2026-10-01"),
      "maple_valley_school_district_district_report_2026-2027.csv",
    ],
    [districtCsvFileName("Maple", null, "2026-10-01"), "maple_district_report_2026.csv"],
    [dataExportFileName("Maple", "2026-2027", "2026-10-01"), "maple_data_export_2026-2027.csv"],
    [dataExportFileName("Maple", null, "2027-01-01"), "maple_data_export_2027.csv"],
    [schoolCsvFileName("Cedar Elementary", "MOY"), "cedar_elementary_student_details_MOY.csv"],
  ])("%s", (name, expected) => expect(name).toBe(expected));
});
