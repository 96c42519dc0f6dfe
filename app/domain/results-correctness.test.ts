import { describe, expect, it, vi } from "vitest";
import { itemAt } from "./presence";
import { TEST_CODES, type TestCode } from "./assessments";
import { isPwrRisk, PWR_CUTOFFS_GRADE_1_PRIMARY, PWR_CUTOFFS_GRADE_1_SECONDARY } from "./cutoffs";
import { GRADES, gradeInText } from "./grades";
import { PERIODS } from "./periods";
import { probabilityPercent } from "./probability";
import {
  classroomRoster,
  schoolCsvFileName,
  schoolCsvRows,
  reportPeriods,
  rosterOf,
  type RosterStudentRow,
  type SchoolTestRow,
} from "./report-rows";
import {
  buildGrid,
  gridCell,
  gridColumnGroups,
  gridToCsvRows,
  profileApplies,
  profileCell,
  submittedOn,
  type GridStudentInput,
  type GridTest,
  type ProfileScores,
} from "./results-grid";
import { pwrRiskLevel } from "./risk-category";
import { effectiveStandards, NO_CUTOFF_TEXT } from "./screening-standards";

// Issue 12, items 3–8: the grid's cell and column rules, one table per item.

const noLog = () => {};
const opts = { mode: "percentile" as const, rerKindergarten: false, gr3InternalTestingDisplayRules: false };
const scores = (s: Partial<ProfileScores>): ProfileScores => ({ pwr: null, dyslexia: null, kready: null, pkRisk: null, ...s });

function test(overrides: Partial<GridTest> & { testCode: TestCode }): GridTest {
  return {
    participantTestId: "t1",
    startDtTm: "2026-01-10T10:00:00.000Z",
    endDtTm: "2026-01-10T10:05:00.000Z",
    updatedAt: "2026-01-12T08:00:00.000Z",
    completedFlag: true,
    invalid: null,
    abilityPercentile: 50,
    finalTheta: null,
    correctItems: null,
    totalItems: null,
    correctByCode: null,
    ...overrides,
  };
}

describe("item 3: PWR words follow the cutoff, the band only describes", () => {
  it.each([
    // grade 1, the primary table (0.652 / 0.626 / 0.621) in force: both sides of each edge
    ["1", "EOY", 0.6205, "62%", "Moderate risk", "moderate"],
    ["1", "EOY", 0.615, "62%", "Moderate risk", "moderate"],
    ["1", "EOY", 0.62, "62%", "Moderate risk", "moderate"],
    ["1", "EOY", 0.6209, "62%", "Moderate risk", "moderate"],
    ["1", "EOY", 0.621, "62%", "Low risk", "ok"],
    ["1", "EOY", 0.199, "20%", "High risk", "risk"],
    ["1", "BOY", 0.6519, "65%", "Moderate risk", "moderate"],
    ["1", "BOY", 0.652, "65%", "Low risk", "ok"],
    ["1", "MOY", 0.6259, "63%", "Moderate risk", "moderate"],
    ["1", "MOY", 0.626, "63%", "Low risk", "ok"],
    // the secondary table's edges (0.643 / 0.643 / 0.513) read by the primary table
    ["1", "BOY", 0.643, "64%", "Moderate risk", "moderate"],
    ["1", "MOY", 0.643, "64%", "Low risk", "ok"],
    ["1", "EOY", 0.513, "51%", "Moderate risk", "moderate"],
    ["1", "EOY", 0.5129, "51%", "Moderate risk", "moderate"],
    // grade 3 MOY: cutoff 0.445 inside the 44–46 Moderate band
    ["3", "MOY", 0.452, "45%", "Low risk", "ok"],
    ["3", "MOY", 0.445, "45%", "Low risk", "ok"],
    ["3", "MOY", 0.444, "44%", "Moderate risk", "moderate"],
    ["3", "MOY", 0.43, "43%", "High risk", "risk"],
    ["2", "BOY", 0.605, "61%", "Moderate risk", "moderate"],
    ["2", "BOY", 0.606, "61%", "Low risk", "ok"],
  ] as const)("grade %s %s %s → %s %s", (grade, period, pwr, text, qualifier, tone) => {
    expect(profileCell("pwr", grade, period, scores({ pwr }), noLog)).toMatchObject({ state: "complete", text, qualifier, tone });
  });

  it("never contradicts the cutoff, for any grade, period and score (0 to 1 by 0.0005)", () => {
    for (const grade of GRADES) {
      for (const period of PERIODS) {
        if (!profileApplies("pwr", grade, period)) continue;
        for (let i = 0; i <= 2000; i++) {
          const score = i / 2000;
          const risk = isPwrRisk(grade, period, score, noLog);
          const cell = profileCell("pwr", grade, period, scores({ pwr: score }), noLog);
          const level = pwrRiskLevel(grade, period, score, noLog);
          expect(level.risk).toBe(risk);
          expect(cell.tone === "ok").toBe(!risk);
          expect(/^(Low risk|Not at risk)$/.test(cell.qualifier)).toBe(!risk);
          expect(cell.text).toBe(`${probabilityPercent(score)}%`);
        }
      }
    }
  });

  it("keeps both grade 1 tables, the primary one in force", () => {
    expect(PWR_CUTOFFS_GRADE_1_PRIMARY).toEqual({ BOY: 0.652, MOY: 0.626, EOY: 0.621 });
    expect(PWR_CUTOFFS_GRADE_1_SECONDARY).toEqual({ BOY: 0.643, MOY: 0.643, EOY: 0.513 });
  });
});

describe("item 4: Pre-K results by their display rule, with the Score toggle", () => {
  it.each([
    ["vocab", {}, "percentile", "50th", "at-or-above"],
    ["rhyming", { abilityPercentile: 18 }, "percentile", "18th", "well-below"],
    ["object-ran", { abilityPercentile: 33 }, "percentile", "33rd", "below"],
    ["letter-names", { abilityPercentile: 45, correctItems: 18, totalItems: 26 }, "percentile", "45th", "at-or-above"],
    ["letter-names", { abilityPercentile: 45, correctItems: 18, totalItems: 26 }, "score", "18/26", null],
    ["letter-sounds", { abilityPercentile: null, invalid: false, correctItems: 12, totalItems: 29 }, "score", "12/29", null],
    ["letter-sounds", { abilityPercentile: null, invalid: false, correctItems: 12, totalItems: 29 }, "percentile", "No %ile", null],
  ] as const)("PK %s %j in %s mode → %s", (code, over, mode, text, band) => {
    const cell = gridCell(code, "PK", "MOY", true, test({ testCode: code, ...over }), { ...opts, mode });
    expect(cell).toMatchObject({ state: "complete", text, band });
    expect(cell.text).not.toBe("N/A");
  });

  it("a PK classroom's toggle switches its letter cells", () => {
    const student: GridStudentInput = {
      participantId: "p1",
      firstName: "Ava",
      lastName: "Adams",
      grade: "PK",
      tests: [test({ testCode: "letter-names", abilityPercentile: 45, correctItems: 18, totalItems: 26 }), test({ testCode: "vocab" })],
    };
    const input = {
      period: "MOY" as const,
      lists: { PK: ["letter-names", "vocab"] as TestCode[] },
      students: [student],
      profiles: {},
      log: noLog,
    };
    const percent = buildGrid({ ...input, options: opts });
    const score = buildGrid({ ...input, options: { ...opts, mode: "score" } });
    expect(score.scoreToggleEnabled).toBe(true);
    expect(percent.rows[0]?.cells.map((c) => c.text)).toEqual(["45th", "50th"]);
    expect(score.rows[0]?.cells.map((c) => c.text)).toEqual(["18/26", "50th"]);
  });
});

describe("item 5: grade 3 shows scores; its RER letter RAN stays in the student view", () => {
  const grade3: TestCode[] = [
    "rer-word-reading",
    "rer-nonword-reading",
    "rer-nonword-repetition",
    "rer-expressive-vocabulary",
    "rer-nonword-spelling",
    "rer-letter-ran",
    "rer-blending",
    "rer-deletion",
  ];
  it("has no RER Letter RAN column for grade 3 (grade 2 keeps it)", () => {
    const codes = (grades: string[]) =>
      gridColumnGroups(grades, { "2": grade3, "3": grade3 }).flatMap((g) => g.columns.map((c) => c.testCode));
    expect(codes(["3"])).not.toContain("rer-letter-ran");
    expect(codes(["2"])).toContain("rer-letter-ran");
    expect(codes(["2", "3"])).toContain("rer-letter-ran");
  });

  it.each([
    // A percentile, in the percentile's unit (issue 34 item 6: was '45%', '12%').
    ["rer-word-reading", { abilityPercentile: 45 }, false, "45th"],
    ["rer-deletion", { abilityPercentile: 12 }, false, "12th"],
    // Issue 34 item 4: judged against a theta cutoff only where one is configured (the spec gives none for grade 3).
    ["rer-word-reading", { abilityPercentile: 45, finalTheta: 1.2 }, true, "On Track"],
    ["rer-word-reading", { abilityPercentile: 45, finalTheta: 0.2 }, true, "Needs Support"],
  ] as const)("grade 3 %s %j (flag %s) → %s", (code, over, flag, text) => {
    const standards = effectiveStandards(
      {
        abilityCutoffs: {
          source: "State theta table, 2026",
          cutoffs: [{ grade: "3", testCode: "rer-word-reading", period: "MOY", theta: 1 }],
        },
      },
      null,
    );
    const cell = gridCell(code, "3", "MOY", true, test({ testCode: code, ...over }), {
      ...opts,
      gr3InternalTestingDisplayRules: flag,
      standards,
    });
    expect(cell.text).toBe(text);
    const unconfigured = gridCell(code, "3", "MOY", true, test({ testCode: code, ...over }), {
      ...opts,
      gr3InternalTestingDisplayRules: flag,
    });
    expect(unconfigured.text).toBe(flag ? NO_CUTOFF_TEXT : text);
  });

  it("a grade 3 grid without the flag has no TBD cell and no RER Letter RAN column", () => {
    const grid = buildGrid({
      period: "MOY",
      lists: { "3": grade3 },
      students: [{ participantId: "p", firstName: "A", lastName: "B", grade: "3", tests: grade3.map((code) => test({ testCode: code })) }],
      profiles: {},
      options: opts,
      log: noLog,
    });
    expect(grid.groups.flatMap((g) => g.columns.map((c) => c.testCode))).not.toContain("rer-letter-ran");
    expect(grid.rows[0]?.cells.every((c) => c.text === "50th")).toBe(true);
  });
});

describe("item 6: Risk Category column", () => {
  it.each([
    ["1", "BOY", { pwr: 0.5, dyslexia: 0.2 }, "Low performance", "risk"],
    ["1", "BOY", { pwr: 0.9, dyslexia: 0.2 }, "Moderate performance", "moderate"],
    ["1", "BOY", { pwr: 0.5, dyslexia: 0.1 }, "Moderate performance", "moderate"],
    ["1", "BOY", { pwr: 0.9, dyslexia: 0.1 }, "High performance", "ok"],
    ["K", "MOY", { pwr: 0.5, dyslexia: 0.2 }, "Low performance", "risk"],
    ["3", "MOY", { pwr: 0.452, dyslexia: 0.1 }, "High performance", "ok"],
  ] as const)("grade %s %s %j → %s", (grade, period, s, text, tone) => {
    const log = vi.fn();
    expect(profileCell("riskCategory", grade, period, scores(s), log)).toMatchObject({ state: "complete", text, tone });
    expect(log).not.toHaveBeenCalled();
  });

  it("falls back to Moderate and reports an invalid combination", () => {
    const log = vi.fn();
    expect(profileCell("riskCategory", "1", "BOY", scores({ pwr: null, dyslexia: 0.1 }), log)).toMatchObject({
      state: "complete",
      text: "Moderate performance",
      tone: "moderate",
    });
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/Invalid risk combination/));
  });

  it("says 'No score' without either score, and applies where PWR and dyslexia both do", () => {
    expect(profileCell("riskCategory", "1", "BOY", null, noLog)).toMatchObject({ state: "empty", text: "No score" });
    expect(profileApplies("riskCategory", "1", "EOY")).toBe(true);
    expect(profileApplies("riskCategory", "K", "EOY")).toBe(false);
    expect(profileApplies("riskCategory", "3", "EOY")).toBe(false);
    expect(profileApplies("riskCategory", "PK", "EOY")).toBe(false);
  });

  it("is a column of the grid and of its CSV", () => {
    const grid = buildGrid({
      period: "BOY",
      lists: { "1": ["vocab"] },
      students: [{ participantId: "p", firstName: "A", lastName: "B", grade: "1", tests: [] }],
      profiles: { p: scores({ pwr: 0.5, dyslexia: 0.2 }) },
      options: opts,
      log: noLog,
    });
    expect(grid.profileColumns).toEqual(["dyslexia", "pwr", "riskCategory"]);
    expect(gridToCsvRows(grid)[0]).toContain("Risk Category");
    expect(gridToCsvRows(grid)[1]).toContain("Low performance");
  });
});

describe("item 13: the Prekindergarten Risk cell has a word and a colour, from a configured cutoff only (issue 34 item 4)", () => {
  const standards = effectiveStandards({ pkRiskCutoff: { source: "District PK study, 2026", cutoffs: { MOY: 0.5 } } }, null);
  it.each([
    [0.7, "70%", "At risk", "risk"],
    [0.5, "50%", "Not at risk", "ok"],
    [0, "1%", "Not at risk", "ok"],
  ] as const)("%s → %s %s", (pkRisk, text, qualifier, tone) => {
    expect(profileCell("pkRisk", "PK", "MOY", scores({ pkRisk }), noLog, standards)).toMatchObject({
      state: "complete",
      text,
      qualifier,
      tone,
    });
    expect(profileCell("pkRisk", "PK", "MOY", scores({ pkRisk }), noLog)).toMatchObject({ text, qualifier: NO_CUTOFF_TEXT, tone: "none" });
  });
});

describe("item 7: the submit date is shown only for a submitted test", () => {
  it.each([
    ["a submitted test: its end date", test({ testCode: "letter-names" }), "01/10/2026"],
    ["in progress: none, whatever updatedAt says", test({ testCode: "letter-names", completedFlag: false, endDtTm: null }), null],
    ["in progress with an end date: none", test({ testCode: "letter-names", completedFlag: false }), null],
    ["submitted without an end date: when it was last saved", test({ testCode: "letter-names", endDtTm: null }), "01/12/2026"],
    ["no test", null, null],
  ] as const)("%s", (_n, t, expected) => {
    expect(submittedOn(t)).toBe(expected);
  });
});

describe("item 8: the school CSV reads the grid's cells", () => {
  const student = (id: string, grade: string): RosterStudentRow => ({
    participant_id: id,
    participant_code: `code-${id}`,
    organization_unit_id: "s1",
    first_name: `First${id}`,
    middle_name: null,
    last_name: `Last${id}`,
    date_of_birth: "2020-05-17",
    grade,
    tags: [],
    external_id: null,
    school_name: "Cedar Elementary",
  });
  const lists = [
    { grade: "PK", testCodes: "letter-names,vocab,object-ran" },
    { grade: "1", testCodes: "letter-names,letter-ran,vocab" },
    { grade: "3", testCodes: "rer-word-reading,rer-letter-ran" },
  ];
  const config = [{ periodName: "BOY" as const, startDate: "2026-08-20", endDate: "2026-11-15", GradeAssessmentLists: lists }];
  const row = (participant_id: string, test_code: TestCode, over: Partial<SchoolTestRow> = {}): SchoolTestRow => ({
    participant_id,
    test_code,
    completed_flag: true,
    invalid: null,
    ability_percentile: 50,
    final_theta: null,
    correct_items: null,
    total_items: null,
    start_dt_tm: "2026-09-01T10:00:00.000Z",
    ...over,
  });
  const tests = [
    row("pk", "letter-names", { ability_percentile: null, invalid: false, correct_items: 18, total_items: 26 }),
    row("pk", "vocab", { ability_percentile: 45 }),
    row("pk", "object-ran", { ability_percentile: null }),
    row("g1", "letter-ran", { ability_percentile: null }),
    row("g1", "vocab", { completed_flag: false }),
    row("g1", "letter-names", { invalid: true }),
    row("g3", "rer-word-reading", { ability_percentile: 45 }),
  ];
  const roster = rosterOf({
    students: [student("pk", "PK"), student("g1", "1"), student("g3", "3")],
    classrooms: [],
    members: [],
    teachers: [],
  });
  const rows = schoolCsvRows({
    schoolName: "Cedar Elementary",
    periodName: "BOY",
    periods: reportPeriods(config, ["BOY"]),
    roster,
    progress: new Map(),
    tests,
    flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
  });
  const header = rows[0] as string[];
  // Each test has the grid's words under '{Group}: {Test}' and, beside it, '… Percentile' with the number only (issue 34 item 16).
  const wordsColumn = (title: string) => header.findIndex((h) => h.endsWith(`: ${title}`));
  const studentRow = (id: string) => rows.find((r) => r[5] === `code-${id}`)!;
  const at = (id: string, title: string) => studentRow(id)[wordsColumn(title)];
  const percentileAt = (id: string, title: string) => studentRow(id)[header.indexOf(`${header[wordsColumn(title)]} Percentile`)];

  it.each([
    ["pk", "Letter Names", "No %ile", null],
    ["pk", "Vocabulary", "45th", 45],
    ["pk", "Object RAN", "Needs scoring", null],
    ["g1", "Letter RAN", "Needs scoring", null],
    ["g1", "Vocabulary", "In progress", null],
    ["g1", "Letter Names", "Invalid (N/A)", null],
    // The number is a percentile; the grid said '45%' (issue 34 item 6).
    ["g3", "RER Word Reading", "45th", 45],
    ["pk", "RER Word Reading", "Not applicable", null],
  ])("%s %s → %s, percentile column %j", (id, title, words, percentile) => {
    expect(at(id, title)).toBe(words);
    expect(percentileAt(id, title)).toBe(percentile);
  });

  it("never prints 'Complete' in a percentile column, and has no grade 3 RER Letter RAN column", () => {
    expect(rows.flat()).not.toContain("Complete");
    expect(header).not.toContain("RER Letter RAN Percentile");
  });

  it("prints what the grid shows for the same tests", () => {
    const gridTests = (id: string): GridTest[] =>
      tests
        .filter((t) => t.participant_id === id)
        .map((t, i) => ({
          participantTestId: `${id}-${i}`,
          testCode: t.test_code as TestCode,
          startDtTm: String(t.start_dt_tm),
          endDtTm: null,
          updatedAt: String(t.start_dt_tm),
          completedFlag: t.completed_flag,
          invalid: t.invalid,
          abilityPercentile: t.ability_percentile,
          finalTheta: t.final_theta,
          correctItems: t.correct_items,
          totalItems: t.total_items,
          correctByCode: null,
        }));
    for (const [id, grade] of [
      ["pk", "PK"],
      ["g1", "1"],
      ["g3", "3"],
    ] as const) {
      const grid = buildGrid({
        period: "BOY",
        lists: Object.fromEntries(lists.map((l) => [l.grade, l.testCodes.split(",")])),
        students: [{ participantId: id, firstName: "F", lastName: "L", grade, tests: gridTests(id) }],
        profiles: {},
        options: opts,
        log: noLog,
      });
      const csv = gridToCsvRows(grid);
      const header = itemAt(csv, 0, "a header");
      const row = itemAt(csv, 1, "the student's row");
      for (const g of grid.groups)
        for (const c of g.columns) {
          const shown = row[header.indexOf(`${g.title}: ${c.title}`)];
          expect([id, c.testCode, at(id, c.title)]).toEqual([id, c.testCode, shown]);
        }
    }
    expect(TEST_CODES.length).toBeGreaterThan(0);
  });
});

describe("item 8: the school CSV's file name and classroom rows (spec 001 §9)", () => {
  it.each([
    ["Room 4 Otters", "EOY", "room_4_otters_student_details_EOY.csv"],
    ["Pre-K Sunflowers", "BOY", "pre_k_sunflowers_student_details_BOY.csv"],
    ["Mrs. O'Neil's K", "MOY", "mrs_o_neil_s_k_student_details_MOY.csv"],
  ] as const)("%s %s → %s", (name, period, expected) => {
    expect(schoolCsvFileName(name, period)).toBe(expected);
  });

  it("keeps only the classroom's members", () => {
    const s = (id: string) => ({ ...studentRow(id) });
    const roster = rosterOf({
      students: [s("a"), s("b"), s("c")],
      classrooms: [
        { participant_group_id: "g1", name: "Otters", organization_unit_id: "s1" },
        { participant_group_id: "g2", name: "Bears", organization_unit_id: "s1" },
      ],
      members: [
        { participant_id: "a", participant_group_id: "g1" },
        { participant_id: "b", participant_group_id: "g2" },
        { participant_id: "c", participant_group_id: "g1" },
        { participant_id: "c", participant_group_id: "g2" },
      ],
      teachers: [],
    });
    expect(classroomRoster(roster, "g1").students.map((x) => x.participant_id)).toEqual(["a", "c"]);
    expect(classroomRoster(roster, "nope").students).toEqual([]);
  });
});

function studentRow(id: string): RosterStudentRow {
  return {
    participant_id: id,
    participant_code: `code-${id}`,
    organization_unit_id: "s1",
    first_name: "F",
    middle_name: null,
    last_name: "L",
    date_of_birth: "2020-01-01",
    grade: "K",
    tags: [],
    external_id: null,
    school_name: "Cedar",
  };
}

describe("item 13: a grade in a sentence reads 'grade 2', not 'grade 2nd'", () => {
  it.each([
    ["2", "grade 2"],
    ["1", "grade 1"],
    ["K", "grade K"],
    ["PK", "grade PK"],
  ])("%s → %s", (grade, expected) => {
    expect(gradeInText(grade)).toBe(expected);
  });
});
