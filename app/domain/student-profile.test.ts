import { describe, expect, it } from "vitest";
import { first, itemAt } from "./presence";
import { defaultGradeAssessments, type TestCode } from "./assessments";
import type { Grade } from "./grades";
import { MET_EXPECTATIONS_TEXT, NONE_COMPLETE_TEXT } from "./next-steps";
import { PERIODS, type Period } from "./periods";
import { buildGrid, gradeTestLists, gridColumnGroups, type GridTest, type ProfileScores } from "./results-grid";
import { flagMark } from "./results-labels";
import { effectiveStandards, NO_CUTOFF_TEXT, NO_NORMS_TEXT } from "./screening-standards";
import {
  buildStudentResults,
  gradeMissingMessage,
  NO_SUBTESTS_TEXT,
  sliderFor,
  studentCard,
  subtestsOfGrade,
  UNABLE_TO_LOAD_STUDENT,
  UNABLE_TO_LOAD_STUDENT_RESULTS,
  type ProfilePeriodInput,
  type StudentResultsInput,
} from "./student-profile";
import { gridTest } from "./test-support/grid-test";

const quiet = () => {};
// A result with a mid-range percentile unless a case says otherwise.
const test = (testCode: TestCode, overrides: Partial<GridTest> = {}) => gridTest(testCode, { abilityPercentile: 50, ...overrides });

const lists = (period: Period, grades: Grade[] = ["PK", "K", "1", "2", "3"]) =>
  grades.map((grade) => ({ grade, testCodes: defaultGradeAssessments(grade, period, { rerKindergarten: false }).join(",") }));

function input(
  grade: string,
  tests: Partial<Record<Period, GridTest[]>>,
  overrides: Partial<StudentResultsInput> = {},
): StudentResultsInput {
  const periods: ProfilePeriodInput[] = PERIODS.map((p) => ({ periodName: p, GradeAssessmentLists: lists(p), tests: tests[p] ?? [] }));
  return {
    grade,
    periods,
    scores: {},
    selected: "MOY",
    mode: "percentile",
    flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
    view: { superAdmin: false, adminView: false },
    log: quiet,
    ...overrides,
  };
}

describe("texts", () => {
  it("are the spec's", () => {
    expect(NO_SUBTESTS_TEXT).toBe("No subtests assigned to student grade.");
    expect(UNABLE_TO_LOAD_STUDENT).toBe("Unable to load student data.");
    expect(UNABLE_TO_LOAD_STUDENT_RESULTS).toBe("Unable to load student results.");
  });
});

describe("studentCard", () => {
  it("names the student, the teachers once each, the grade, dates, tag labels and ids", () => {
    const card = studentCard({
      firstName: "Ava",
      middleName: "Mia",
      lastName: "Nguyen",
      grade: "1",
      dateOfBirth: "05/17/2019",
      tags: "ELL,familyhistory,unknown",
      externalId: "123456",
      participantCode: "ABCD2345",
      lastTestDate: "2026-01-05T15:05:00.000Z",
      ParticipantGroup: [
        { User: [{ userId: "t1", firstName: "Tess", lastName: "Morgan" }] },
        {
          User: [
            { userId: "t1", firstName: "Tess", lastName: "Morgan" },
            { userId: "t2", firstName: "Sam", lastName: "Lee" },
          ],
        },
      ],
    });
    expect(card).toEqual({
      name: "Ava Mia Nguyen",
      teachers: ["Tess Morgan", "Sam Lee"],
      grade: "1st",
      birthday: "05/17/2019",
      lastTestDate: "01/05/2026",
      tags: ["ELL", "Family History"],
      studentId: "123456",
      participantCode: "ABCD2345",
    });
  });

  it("leaves the last test date empty when the student never tested", () => {
    const card = studentCard({
      firstName: "Leo",
      middleName: null,
      lastName: "Kim",
      grade: "K",
      dateOfBirth: "01/02/2020",
      tags: "",
      externalId: null,
      participantCode: "ZZZZ2222",
      lastTestDate: null,
      ParticipantGroup: [],
    });
    expect(card).toMatchObject({ name: "Leo Kim", teachers: [], grade: "K", lastTestDate: null, tags: [], studentId: null });
  });
});

describe("rows: one per subtest the grade takes, in the six groups of spec 001 §2, as on the grid", () => {
  it.each<[Grade, TestCode[]]>([
    ["PK", ["letter-names", "letter-sounds", "vocab", "object-ran", "rhyming", "first-sounds", "follow-directions"]],
    [
      "2",
      [
        "rer-word-reading",
        "rer-nonword-reading",
        "rer-nonword-repetition",
        "rer-expressive-vocabulary",
        "rer-nonword-spelling",
        "rer-letter-ran",
        "rer-blending",
        "rer-deletion",
      ],
    ],
  ])("grade %s", (grade, codes) => {
    expect(subtestsOfGrade(grade, [{ [grade]: codes }])).toEqual(codes);
    const result = buildStudentResults(input(grade, {}));
    expect(result.groups.map((g) => g.title)).toEqual([
      "Phonemic Awareness",
      "Phonics",
      "Fluency",
      "Vocabulary",
      "Comprehension",
      "Processing",
    ]);
    expect(
      result.groups
        .flatMap((g) => g.rows.map((r) => r.testCode))
        .sort()
        .join(),
    ).toBe([...codes].sort().join());
  });

  // Issue 34 item 10: the profile's Fluency read 'No subtests assigned to student grade.' for
  // every grade while the grid and its CSV said 'Fluency: Letter RAN'.
  it.each<[Grade, string]>([
    ["PK", "Fluency: Object RAN"],
    ["K", "Fluency: Object RAN"],
    ["1", "Fluency: Letter RAN"],
    ["2", "Fluency: RER Letter RAN"],
  ])("grade %s: the profile groups each subtest as the grid's CSV header does ('%s')", (grade, header) => {
    // The grid's column groups, which both CSVs' headers are made of ('Fluency: Letter RAN').
    const moy = itemAt(input(grade, {}).periods, 1, "MOY");
    const csvHeaders = gridColumnGroups([grade], gradeTestLists(moy.GradeAssessmentLists)).flatMap((g) =>
      g.columns.map((c) => `${g.title}: ${c.title}`),
    );
    expect(csvHeaders).toContain(header);
    const profileHeaders = buildStudentResults(input(grade, {})).groups.flatMap((g) => g.rows.map((r) => `${g.title}: ${r.title}`));
    expect(profileHeaders).toEqual(csvHeaders);
  });

  it("marks a row with its group's token", () => {
    const fluency = buildStudentResults(input("1", {})).groups.find((g) => g.group === "fluency")!;
    expect(fluency.rows.map((r) => [r.title, r.token])).toEqual([["Letter RAN", "Fl"]]);
    expect(fluency.emptyText).toBeNull();
  });

  it("says 'No subtests assigned to student grade.' for a group the grade takes nothing of", () => {
    // The RER set of grade 2 has no comprehension test.
    const result = buildStudentResults(input("2", {}));
    const byGroup = Object.fromEntries(result.groups.map((g) => [g.group, g.emptyText]));
    expect(byGroup).toEqual({
      "phonemic-awareness": null,
      phonics: null,
      fluency: null,
      vocabulary: null,
      comprehension: NO_SUBTESTS_TEXT,
      processing: null,
    });
  });

  it("unions the periods' lists: a test of one period only gets a row, 'N/A' in the others", () => {
    const base = input("K", {});
    const periods = base.periods.map((p) =>
      p.periodName === "EOY" ? { ...p, GradeAssessmentLists: [{ grade: "K", testCodes: "vocab,word-reading" }] } : p,
    );
    const result = buildStudentResults({ ...base, periods });
    const row = result.groups.flatMap((g) => g.rows).find((r) => r.testCode === "word-reading")!;
    expect(row.cells.map((c) => [c.period, c.state, c.text, c.label])).toEqual([
      ["BOY", "not-applicable", "N/A", "Not applicable"],
      ["MOY", "not-applicable", "N/A", "Not applicable"],
      ["EOY", "empty", "Not started", "Not started"],
    ]);
  });
});

describe("cells: the grid's own cells, per period", () => {
  it("match buildGrid cell for cell in every period and both score modes", () => {
    const tests: Partial<Record<Period, GridTest[]>> = {
      BOY: [
        test("vocab", { abilityPercentile: 12 }),
        test("letter-names", { abilityPercentile: null, correctItems: 20, totalItems: 26 }),
        test("object-ran", { abilityPercentile: null }),
      ],
      MOY: [
        test("vocab", { abilityPercentile: 35 }),
        test("blending", { completedFlag: false, endDtTm: null }),
        test("rhyming", { invalid: true }),
      ],
      EOY: [test("vocab", { abilityPercentile: 88 }), test("letter-sounds", { abilityPercentile: 30, correctItems: 12, totalItems: 29 })],
    };
    for (const mode of ["percentile", "score"] as const) {
      const result = buildStudentResults(input("K", tests, { mode }));
      for (const period of PERIODS) {
        const grid = buildGrid({
          period,
          lists: Object.fromEntries(lists(period).map((l) => [l.grade, l.testCodes.split(",")])),
          students: [{ participantId: "s", firstName: "A", lastName: "B", grade: "K", tests: tests[period] ?? [] }],
          profiles: {},
          options: { mode, rerKindergarten: false, gr3InternalTestingDisplayRules: false },
          log: quiet,
        });
        for (const gridCellShown of first(grid.rows).cells) {
          const row = result.groups.flatMap((g) => g.rows).find((r) => r.testCode === gridCellShown.testCode)!;
          const mine = row.cells.find((c) => c.period === period)!;
          expect([mine.state, mine.text, mine.band], `${mode} ${period} ${gridCellShown.testCode}`).toEqual([
            gridCellShown.state,
            gridCellShown.state === "not-applicable" ? "N/A" : gridCellShown.text,
            gridCellShown.band,
          ]);
        }
      }
    }
  });

  it("shows every state in words", () => {
    const result = buildStudentResults(
      input("K", {
        MOY: [
          test("vocab", { abilityPercentile: 15 }),
          test("blending", { completedFlag: false, endDtTm: null }),
          test("rhyming", { invalid: true }),
          test("object-ran", { abilityPercentile: null }),
        ],
      }),
    );
    const moy = (code: TestCode) =>
      result.groups
        .flatMap((g) => g.rows)
        .find((r) => r.testCode === code)!
        .cells.find((c) => c.period === "MOY")!;
    expect([moy("vocab").state, moy("vocab").text, moy("vocab").band]).toEqual(["complete", "15th", "well-below"]);
    expect([moy("blending").state, moy("blending").text]).toEqual(["incomplete", "In progress"]);
    expect([moy("rhyming").state, moy("rhyming").text]).toEqual(["invalid", "N/A"]);
    expect([moy("object-ran").state, moy("object-ran").text]).toEqual(["needs-scoring", "Needs scoring"]);
    expect([moy("word-matching").state, moy("word-matching").text]).toEqual(["empty", "Not started"]);
  });
});

describe("slider (spec 001 §4)", () => {
  it.each<[string, Partial<GridTest> | null, number | null]>([
    ["complete with a percentile", { abilityPercentile: 44.6 }, 45],
    ["clamped like the cell", { abilityPercentile: 0.2 }, 1],
    ["no percentile", { abilityPercentile: null }, null],
    ["not complete", { completedFlag: false, endDtTm: null }, null],
    ["invalid", { invalid: true }, null],
    ["no test", null, null],
  ])("%s → %s", (_name, overrides, shown) => {
    const tests = overrides ? { MOY: [test("vocab", overrides)] } : {};
    const row = buildStudentResults(input("K", tests))
      .groups.flatMap((g) => g.rows)
      .find((r) => r.testCode === "vocab")!;
    expect(row.slider?.percentile ?? null).toBe(shown);
  });

  it("follows the selected period", () => {
    const tests = { BOY: [test("vocab", { abilityPercentile: 10 })], EOY: [test("vocab", { abilityPercentile: 90 })] };
    const row = (selected: Period) =>
      buildStudentResults(input("K", tests, { selected }))
        .groups.flatMap((g) => g.rows)
        .find((r) => r.testCode === "vocab")!;
    expect(row("BOY").slider).toEqual({ percentile: 10, text: "10th", band: "well-below" });
    expect(row("MOY").slider).toBeNull();
    expect(row("EOY").slider).toEqual({ percentile: 90, text: "90th", band: "at-or-above" });
  });

  it("is hidden where the cell is greyed out by the display rules", () => {
    expect(sliderFor({ state: "complete", grayedOut: true }, test("rer-blending", { abilityPercentile: 50 }))).toBeNull();
  });
});

describe("phonics display-rule switch", () => {
  it.each<[string, GridTest[], "percentile" | "score", boolean, string]>([
    ["disabled with no letter test", [test("vocab")], "score", false, "percentile"],
    [
      "disabled while the letter test is unfinished",
      [test("letter-names", { completedFlag: false, endDtTm: null })],
      "score",
      false,
      "percentile",
    ],
    ["enabled by a complete letter name test", [test("letter-names", { correctItems: 20, totalItems: 26 })], "score", true, "score"],
    [
      "enabled by a complete letter sound test",
      [test("letter-sounds", { correctItems: 9, totalItems: 29 })],
      "percentile",
      true,
      "percentile",
    ],
  ])("%s", (_name, tests, asked, enabled, mode) => {
    const result = buildStudentResults(input("K", { BOY: tests }, { mode: asked }));
    expect(result.phonics).toEqual({ enabled, mode });
  });

  it("switches letter cells to the raw score", () => {
    const tests = { MOY: [test("letter-names", { abilityPercentile: 30, correctItems: 20, totalItems: 26 })] };
    const cell = (mode: "percentile" | "score") =>
      buildStudentResults(input("K", tests, { mode }))
        .groups.flatMap((g) => g.rows)
        .find((r) => r.testCode === "letter-names")!
        .cells.find((c) => c.period === "MOY")!.text;
    expect(cell("percentile")).toBe("30th");
    expect(cell("score")).toBe("20/26");
  });
});

describe("grade missing from the period list (spec 001 §5)", () => {
  it("reports the selected period whose list lacks the grade, and shows 'N/A' there", () => {
    const base = input("3", { MOY: [test("rer-word-reading", { finalTheta: 1 })] });
    const periods = base.periods.map((p) => (p.periodName === "MOY" ? { ...p, GradeAssessmentLists: lists("MOY", ["K", "1"]) } : p));
    const result = buildStudentResults({ ...base, periods });
    expect(result.gradeMissing).toBe("Grade 3 is missing from the district's assessment list for Middle of Year (MOY).");
    expect(gradeMissingMessage("K", "BOY")).toBe("Grade K is missing from the district's assessment list for Beginning of Year (BOY).");
    const cells = result.groups.flatMap((g) => g.rows).flatMap((r) => r.cells.filter((c) => c.period === "MOY"));
    expect(new Set(cells.map((c) => c.text))).toEqual(new Set(["N/A"]));
    expect(buildStudentResults({ ...base, periods, selected: "BOY" }).gradeMissing).toBeNull();
  });

  it("lists no subtests at all when no period lists the grade", () => {
    const base = input("2", {});
    const periods = base.periods.map((p) => ({ ...p, GradeAssessmentLists: lists(p.periodName, ["K"]) }));
    const result = buildStudentResults({ ...base, periods });
    expect(result.groups.every((g) => g.emptyText === NO_SUBTESTS_TEXT)).toBe(true);
    expect(result.gradeMissing).toMatch(/^Grade 2 is missing/);
  });

  it("treats a roster grade outside PK–3 as missing", () => {
    const result = buildStudentResults(input("MULTI", {}));
    expect(result.gradeMissing).toBe("Grade MULTI is missing from the district's assessment list for Middle of Year (MOY).");
    expect(result.risk).toEqual([]);
    expect(result.nextSteps).toEqual({ recommended: [], message: NONE_COMPLETE_TEXT });
  });
});

describe("predictive profile rows", () => {
  const scores = (s: Partial<ProfileScores>): ProfileScores => ({ pwr: null, dyslexia: null, kready: null, pkRisk: null, ...s });

  it("lists the rows that apply in some period, with a cell per period and why-flagged on risk", () => {
    const result = buildStudentResults(
      input("K", {}, { scores: { BOY: scores({ dyslexia: 0.3, pwr: 0.7 }), MOY: scores({ dyslexia: 0.05, pwr: 0.5 }) } }),
    );
    expect(result.risk.map((r) => r.title)).toEqual(["Risk Flag", "Potential For Word Reading"]);
    const [dyslexia, pwr] = result.risk;
    expect(dyslexia?.cells.map((c) => [c.period, c.text, c.qualifier, c.why?.band ?? null])).toEqual([
      ["BOY", "30%", "At risk", "At risk"],
      ["MOY", "5%", "Not at risk", null],
      ["EOY", "No score", "", null],
    ]);
    // PWR is not calculated at kindergarten EOY: the spec's 'N/A'.
    expect(pwr?.cells.map((c) => [c.period, c.state, c.text, c.why?.band ?? null])).toEqual([
      ["BOY", "complete", "70%", null],
      ["MOY", "complete", "50%", "At risk"],
      ["EOY", "not-applicable", "N/A", null],
    ]);
  });

  it("shows reading readiness and the prekindergarten risk for PK: no flag without a configured cutoff (issue 34 item 4)", () => {
    const result = buildStudentResults(input("PK", {}, { scores: { EOY: scores({ kready: 0.4, pkRisk: 0.7 }) } }));
    expect(result.risk.map((r) => r.kind)).toEqual(["kready", "pkRisk"]);
    const [kready, pkRisk] = result.risk;
    expect(kready?.cells.map((c) => c.text)).toEqual(["N/A", "N/A", "40%"]);
    expect(kready?.cells[2]?.why?.band).toBe("Emerging");
    expect(pkRisk?.cells[2]).toMatchObject({ text: "70%", qualifier: NO_CUTOFF_TEXT, tone: "none", why: null });
    expect(result.sources).toEqual([]);
  });

  it("flags the prekindergarten risk against a configured cutoff, naming its source", () => {
    const standards = effectiveStandards({ pkRiskCutoff: { source: "District PK study, 2026", cutoffs: { EOY: 0.5 } } }, null);
    const result = buildStudentResults(
      input(
        "PK",
        {},
        { scores: { EOY: scores({ pkRisk: 0.7 }) }, flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false, standards } },
      ),
    );
    const cell = result.risk.find((r) => r.kind === "pkRisk")!.cells[2];
    expect(cell).toMatchObject({ text: "70%", qualifier: "At risk", tone: "risk" });
    expect(cell?.why?.text).toContain("prekindergarten risk cutoff from District PK study, 2026");
    expect(result.sources).toEqual([{ kind: "pkRiskCutoff", source: "District PK study, 2026" }]);
  });

  it("a scored RAN without norms shows its seconds and errors: no slider, colour or 'Why flagged', and Next Steps does not vouch for it", () => {
    const ran = test("letter-ran", { abilityPercentile: null, invalid: false, scoredSecs: 75, scoredErrors: 4 });
    const result = buildStudentResults(input("1", { MOY: [ran] }));
    const row = result.groups.flatMap((g) => g.rows).find((r) => r.testCode === "letter-ran")!;
    expect(row.cells[1]).toMatchObject({ text: "75 s, 4 errors", note: NO_NORMS_TEXT, band: null, why: null });
    expect(row.slider).toBeNull();
    expect(result.nextSteps.recommended).toEqual([]);
    expect(result.nextSteps.message).not.toBe(MET_EXPECTATIONS_TEXT);
  });

  it("a scored RAN's 'Why flagged' names its norms' source, never 'students across the country'", () => {
    const ran = test("letter-ran", {
      abilityPercentile: 12,
      invalid: false,
      scoredSecs: 75,
      scoredErrors: 4,
      normsSource: "Riverside USD norms study, 2025",
    });
    const result = buildStudentResults(input("1", { MOY: [ran] }));
    const why = result.groups.flatMap((g) => g.rows).find((r) => r.testCode === "letter-ran")!.cells[1]?.why;
    expect(why?.text).toContain("RAN norms from Riverside USD norms study, 2025");
    expect(why?.text).not.toContain("across the country");
    expect(result.sources).toEqual([{ kind: "ranNorms", source: "Riverside USD norms study, 2025" }]);
  });
});

describe("why flagged on scores", () => {
  it("explains red and amber cells only", () => {
    const result = buildStudentResults(
      input("1", {
        MOY: [
          test("vocab", { abilityPercentile: 10 }),
          test("blending", { abilityPercentile: 30 }),
          test("deletion", { abilityPercentile: 70 }),
          test("word-reading", { abilityPercentile: 5, invalid: true }),
        ],
      }),
    );
    const why = (code: TestCode) =>
      result.groups
        .flatMap((g) => g.rows)
        .find((r) => r.testCode === code)!
        .cells.find((c) => c.period === "MOY")!.why;
    expect(why("vocab")).toMatchObject({ tone: "red", band: "Well Below Benchmark" });
    expect(why("vocab")?.text).toContain("For grade 1 at the Middle of Year (MOY)");
    expect(why("blending")).toMatchObject({ tone: "amber", band: "Below Benchmark" });
    expect(why("deletion")).toBeNull();
    expect(why("word-reading")).toBeNull();
  });
});

describe("a theta under its configured cutoff ('Needs Support') is flagged like a Below Benchmark percentile", () => {
  const SOURCE = "Consistency test values";
  const gr3 = { rerKindergarten: true, gr3InternalTestingDisplayRules: true };
  /** A cutoff of 0 for every ability test of every grade and period. */
  const standards = effectiveStandards(
    {
      abilityCutoffs: {
        source: SOURCE,
        cutoffs: (["PK", "K", "1", "2", "3"] as const).flatMap((grade) =>
          PERIODS.flatMap((period) =>
            defaultGradeAssessments(grade, period, { rerKindergarten: true }).map((testCode) => ({ grade, testCode, period, theta: 0 })),
          ),
        ),
      },
    },
    null,
  );

  it("the cell shows ▼, 'Why flagged' explains it with the theta, cutoff and source, and Next Steps recommends it", () => {
    const result = buildStudentResults(
      input(
        "3",
        { MOY: [test("rer-blending", { finalTheta: -0.0004 }), test("rer-deletion", { finalTheta: 0 })] },
        { flags: { ...gr3, standards } },
      ),
    );
    const cell = (code: TestCode) =>
      result.groups
        .flatMap((g) => g.rows)
        .find((r) => r.testCode === code)!
        .cells.find((c) => c.period === "MOY")!;
    expect(cell("rer-blending")).toMatchObject({ text: "Needs Support", band: null });
    expect(flagMark(cell("rer-blending"))).toBe("▼");
    expect(cell("rer-blending").why).toMatchObject({ tone: "amber", band: "Needs Support", measure: "RER Blending" });
    expect(cell("rer-blending").why?.text).toContain(
      "theta) is -0.0004. For grade 3 at the Middle of Year (MOY), a theta below 0 is Needs Support and 0 or above is On Track (theta cutoff from Consistency test values).",
    );
    expect(cell("rer-deletion")).toMatchObject({ text: "On Track", why: null });
    expect(flagMark(cell("rer-deletion"))).toBe("");
    expect(result.nextSteps.recommended.map((r) => r.testCode)).toEqual(["rer-blending"]);
    expect(result.sources).toEqual([{ kind: "abilityCutoffs", source: SOURCE }]);
  });

  it.each(["K", "3"] as const)("grade %s, every period and theta: ▼ ⇔ 'Why flagged' ⇔ recommended", (grade) => {
    const mismatches: string[] = [];
    for (const period of PERIODS)
      for (const finalTheta of [-1.5, -0.004, 0, 0.004, 2]) {
        const codes = defaultGradeAssessments(grade, period, { rerKindergarten: true });
        // The grade's rer-kindergarten list (K's RER tests), every test scored at `finalTheta` in `period`.
        const result = buildStudentResults(
          input(
            grade,
            {},
            {
              selected: period,
              periods: PERIODS.map((p) => ({
                periodName: p,
                GradeAssessmentLists: [{ grade, testCodes: codes.join(",") }],
                tests: p === period ? codes.map((code) => test(code, { finalTheta, abilityPercentile: 50 })) : [],
              })),
              flags: { ...gr3, standards },
            },
          ),
        );
        const recommended = new Set(result.nextSteps.recommended.map((r) => r.testCode));
        for (const row of result.groups.flatMap((g) => g.rows)) {
          const c = row.cells.find((x) => x.period === period)!;
          const flagged = flagMark(c) !== "";
          if (flagged !== Boolean(c.why) || flagged !== recommended.has(row.testCode))
            mismatches.push(
              `${period} ${row.testCode} θ ${finalTheta}: '${c.text}${flagMark(c)}' why ${Boolean(c.why)} recommended ${recommended.has(row.testCode)}`,
            );
        }
        if (finalTheta < 0 && grade === "3") expect(result.nextSteps.recommended.length, `${period} θ ${finalTheta}`).toBeGreaterThan(0);
      }
    expect(mismatches).toEqual([]);
  });
});

describe("titles (spec 001 §6) follow the selected period's test", () => {
  it("opens details of a completed spoken test, the RAN hook for RAN, nothing for others", () => {
    const nwr = test("nonword-repetition");
    const ran = test("object-ran", { abilityPercentile: 40 });
    const result = buildStudentResults(input("K", { MOY: [nwr, ran, test("vocab")] }));
    const row = (code: TestCode) => result.groups.flatMap((g) => g.rows).find((r) => r.testCode === code)!;
    expect([row("nonword-repetition").action, row("nonword-repetition").testId]).toEqual(["details", nwr.participantTestId]);
    expect([row("object-ran").action, row("object-ran").testId]).toEqual(["ran", ran.participantTestId]);
    expect(row("vocab").action).toBeNull();
    const admin = buildStudentResults(input("K", { MOY: [test("vocab")] }, { view: { superAdmin: true, adminView: true } }));
    expect(admin.groups.flatMap((g) => g.rows).find((r) => r.testCode === "vocab")!.action).toBe("details");
    const otherPeriod = buildStudentResults(input("K", { MOY: [nwr] }, { selected: "BOY" }));
    expect(otherPeriod.groups.flatMap((g) => g.rows).find((r) => r.testCode === "nonword-repetition")!.action).toBeNull();
  });
});

describe("next steps of the selected period", () => {
  it("recommends flagged subtests by title, in the order of the grade's list", () => {
    const result = buildStudentResults(
      input("K", {
        MOY: [
          test("vocab", { abilityPercentile: 30 }),
          test("letter-names", { abilityPercentile: 12, correctItems: 10, totalItems: 26 }),
          test("blending", { abilityPercentile: 80 }),
        ],
      }),
    );
    expect(result.nextSteps).toEqual({
      recommended: [
        { testCode: "letter-names", title: "Letter Names" },
        { testCode: "vocab", title: "Vocabulary" },
      ],
      message: null,
    });
  });

  it("says the student met expectations, or points to the resources when nothing is complete", () => {
    expect(buildStudentResults(input("K", { MOY: [test("vocab", { abilityPercentile: 80 })] })).nextSteps.message).toBe(
      MET_EXPECTATIONS_TEXT,
    );
    expect(buildStudentResults(input("K", { BOY: [test("vocab", { abilityPercentile: 10 })] })).nextSteps.message).toBe(NONE_COMPLETE_TEXT);
  });
});

it("refuses a period the district does not have", () => {
  const base = input("K", {});
  expect(() => buildStudentResults({ ...base, periods: base.periods.slice(0, 2), selected: "EOY" })).toThrow(RangeError);
});
