import { describe, expect, it } from "vitest";
import { first } from "./presence";
import { en } from "#app/i18n/family-report/en";
import { es } from "#app/i18n/family-report/es";
import type { TestCode } from "./assessments";
import {
  buildFamilyReport,
  explanationFor,
  SCREENER_MINUTES,
  summarize,
  type FamilyReportInput,
  type FamilyReportResult,
} from "./family-report";
import { gridCell, gridColumnGroups, type GradeTestLists, type GridTest } from "./results-grid";
import { effectiveStandards } from "./screening-standards";

/** Theta cutoffs a district configured (issue 34 item 4: the product ships none). */
const THETA = effectiveStandards(
  {
    abilityCutoffs: {
      source: "State theta table, 2026",
      cutoffs: [
        { grade: "3", testCode: "rer-word-reading", period: "MOY", theta: 1 },
        { grade: "K", testCode: "rer-blending", period: "MOY", theta: 0 },
      ],
    },
  },
  null,
);

const noLog = () => {};
const flagsOff = { rerKindergarten: false, gr3InternalTestingDisplayRules: false };

function test(overrides: Partial<GridTest> & { testCode: TestCode }): GridTest {
  return {
    participantTestId: `t-${overrides.testCode}`,
    startDtTm: "2027-01-10T10:00:00.000Z",
    endDtTm: "2027-01-10T10:05:00.000Z",
    updatedAt: "2027-01-10T10:05:00.000Z",
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

function report(grade: string, lists: GradeTestLists, tests: GridTest[] = [], overrides: Partial<FamilyReportInput> = {}) {
  return buildFamilyReport({
    student: {
      participantId: "p1",
      firstName: "Ana",
      lastName: "Ruiz",
      grade,
      dateOfBirth: "05/17/2021",
      schoolName: "Cedar Elementary",
      teacherNames: ["Pat Lee"],
    },
    period: "MOY",
    academicYear: "2026-2027",
    lists,
    tests,
    flags: flagsOff,
    today: "2027-01-20",
    log: noLog,
    ...overrides,
  });
}

const only = (model: ReturnType<typeof report>) => {
  expect(model.results).toHaveLength(1);
  return first(model.results, "a result");
};

describe("explanation and screener duration per grade", () => {
  it.each([
    ["PK", false, "PK", 20, "In Pre-K", "En prekínder"],
    [
      "K",
      false,
      "K",
      45,
      "In kindergarten, the screener checks the skills that build toward reading",
      "En kínder, la evaluación revisa las habilidades",
    ],
    ["K", true, "K-rer", 45, "reading simple words", "leer palabras sencillas"],
    ["1", false, "1", 30, "In 1st grade", "En 1.er grado"],
    ["1", true, "1", 30, "In 1st grade", "En 1.er grado"],
    ["2", false, "2", 20, "In 2nd grade", "En 2.º grado"],
    ["3", false, "3", 20, "In 3rd grade", "En 3.er grado"],
  ] as const)("grade %s, rer-kindergarten %s → %s text, about %i minutes", (grade, rer, key, minutes, enText, esText) => {
    const model = report(grade, {}, [], { flags: { ...flagsOff, rerKindergarten: rer } });
    expect(model.explanation).toBe(key);
    expect(model.screenerMinutes).toBe(minutes);
    expect(en.explanations[key].measures).toContain(enText);
    expect(es.explanations[key].measures).toContain(esText);
    expect(en.about.duration(minutes)).toBe(`The screener takes about ${minutes} minutes.`);
    expect(es.about.duration(minutes)).toBe(`La evaluación dura unos ${minutes} minutos.`);
  });

  it("the rer-kindergarten flag swaps the kindergarten text and nothing else", () => {
    expect(en.explanations["K-rer"].measures).not.toBe(en.explanations.K.measures);
    expect(es.explanations["K-rer"].measures).not.toBe(es.explanations.K.measures);
    for (const grade of ["PK", "1", "2", "3"] as const) {
      expect(explanationFor(grade, { rerKindergarten: true })).toBe(grade);
    }
  });

  it("durations are the spec's: about 45 min K; 20 min PK, 2, 3; 30 min grade 1", () => {
    expect(SCREENER_MINUTES).toEqual({ PK: 20, K: 45, "1": 30, "2": 20, "3": 20 });
  });

  it.each(["MULTI", "4", ""])("a roster grade the screener does not cover (%j) has no text, duration or results", (grade) => {
    const model = report(grade, { K: ["vocab"] }, [test({ testCode: "vocab" })]);
    expect(model.student.grade).toBeNull();
    expect(model.explanation).toBeNull();
    expect(model.screenerMinutes).toBeNull();
    expect(model.results).toEqual([]);
    expect(model.noSubtests).toBe(true);
  });
});

describe("results: one per subtest of the grade, through the grid's display rules, each with a band word", () => {
  it.each([
    ["K percentile 45", "K", "vocab", { abilityPercentile: 45 }, { kind: "percentile", value: 45 }, "at-or-above"],
    ["K percentile 41", "K", "vocab", { abilityPercentile: 41 }, { kind: "percentile", value: 41 }, "at-or-above"],
    ["K percentile 40", "K", "vocab", { abilityPercentile: 40 }, { kind: "percentile", value: 40 }, "below"],
    ["K percentile 21", "K", "blending", { abilityPercentile: 21 }, { kind: "percentile", value: 21 }, "below"],
    ["K percentile 20.4 shows as 20", "K", "rhyming", { abilityPercentile: 20.4 }, { kind: "percentile", value: 20 }, "well-below"],
    ["K percentile 0 clamps to 1", "K", "rhyming", { abilityPercentile: 0 }, { kind: "percentile", value: 1 }, "well-below"],
    ["K percentile 100 clamps to 99", "K", "rhyming", { abilityPercentile: 100 }, { kind: "percentile", value: 99 }, "at-or-above"],
    // The grid's unit for the same number (issue 34 item 6): a percentile, not a percent.
    ["grade 2 RER percentile", "2", "rer-word-reading", { abilityPercentile: 33 }, { kind: "percentile", value: 33 }, "below"],
    ["grade 2 RER letter RAN icon", "2", "rer-letter-ran", { abilityPercentile: 12, invalid: false }, { kind: "band" }, "well-below"],
    // Issue 12 items 4 and 5: PK reports percentiles as the grid now does; grade 3 follows grade 2's rules.
    [
      "PK hand-entered letter names",
      "PK",
      "letter-names",
      { finalTheta: -0.52, abilityPercentile: null, invalid: false, correctItems: 20, totalItems: 26 },
      { kind: "ratio", text: "20/26" },
      null,
    ],
    ["PK percentile", "PK", "vocab", { abilityPercentile: 12 }, { kind: "percentile", value: 12 }, "well-below"],
    [
      "grade 3 RER before the grade 3 rules",
      "3",
      "rer-word-reading",
      { abilityPercentile: 70 },
      { kind: "percentile", value: 70 },
      "at-or-above",
    ],
    [
      "K hand-entered letter sounds",
      "K",
      "letter-sounds",
      { abilityPercentile: null, invalid: false, correctItems: 12, totalItems: 29 },
      { kind: "ratio", text: "12/29" },
      null,
    ],
    [
      "K hand-entered letter names, no total",
      "K",
      "letter-names",
      { abilityPercentile: null, invalid: false, correctItems: 9 },
      { kind: "ratio", text: "9/26" },
      null,
    ],
    ["K finished without a percentile", "K", "vocab", { abilityPercentile: null }, { kind: "not-available" }, null],
  ] as const)("%s", (_name, grade, testCode, fields, score, band) => {
    const result = only(report(grade, { [grade]: [testCode] }, [test({ testCode, ...fields })]));
    expect(result).toMatchObject({ testCode, status: "complete", score, band });
  });

  it("grade 3 RER shows proficiency with gr-3-internal-testing-display-rules (grade 3's internal-testing rules)", () => {
    const result = only(
      report("3", { "3": ["rer-word-reading"] }, [test({ testCode: "rer-word-reading", abilityPercentile: 70, finalTheta: 1.5 })], {
        flags: { ...flagsOff, gr3InternalTestingDisplayRules: true },
        standards: THETA,
      }),
    );
    expect(result).toMatchObject({
      score: { kind: "proficiency" },
      band: "on-track",
      sources: [{ kind: "abilityCutoffs", source: "State theta table, 2026" }],
    });
  });

  it("without a configured theta cutoff, a proficiency result gives no verdict: never 'needs support' (issue 34 item 4)", () => {
    const result = only(
      report("3", { "3": ["rer-word-reading"] }, [test({ testCode: "rer-word-reading", abilityPercentile: 70, finalTheta: -2 })], {
        flags: { ...flagsOff, gr3InternalTestingDisplayRules: true },
      }),
    );
    expect(result).toMatchObject({ status: "complete", score: { kind: "no-cutoff" }, band: null });
  });

  it("a scored RAN without norms reports its seconds and errors, no percentile or band (issue 34 item 4)", () => {
    const model = report("1", { "1": ["letter-ran"] }, [
      test({ testCode: "letter-ran", abilityPercentile: null, invalid: false, scoredSecs: 41, scoredErrors: 2 }),
    ]);
    expect(model.results).toEqual([
      { testCode: "letter-ran", group: "fluency", status: "complete", score: { kind: "ran-time", seconds: 41, errors: 2 }, band: null },
    ]);
    expect(model.summary).toMatchObject({ finished: 1, onTrack: 0, support: 0, strongSupport: 0 });
    expect(model.sources).toEqual([]);
  });

  it("a scored RAN with norms reports its percentile and names the norms' source", () => {
    const model = report("1", { "1": ["letter-ran"] }, [
      test({
        testCode: "letter-ran",
        abilityPercentile: 30,
        invalid: false,
        scoredSecs: 52,
        scoredErrors: 1,
        normsSource: "Riverside USD norms study, 2025",
      }),
    ]);
    expect(model.results[0]).toMatchObject({ score: { kind: "percentile", value: 30 }, band: "below" });
    expect(model.sources).toEqual([{ kind: "ranNorms", source: "Riverside USD norms study, 2025" }]);
  });

  it.each([
    ["no test", [], "empty"],
    ["unfinished", [test({ testCode: "object-ran", completedFlag: false })], "incomplete"],
    ["invalid", [test({ testCode: "object-ran", invalid: true })], "invalid"],
    ["manual RAN waiting for a scorer", [test({ testCode: "object-ran", abilityPercentile: null, invalid: null })], "needs-scoring"],
  ] as const)("a subtest with %s has the grid's state and no band", (_name, tests, status) => {
    const result = only(report("K", { K: ["object-ran"] }, [...tests]));
    expect(result).toEqual({ testCode: "object-ran", group: "fluency", status, score: null, band: null });
  });

  it("takes the test the grid would show: the latest completed one", () => {
    const result = only(
      report("K", { K: ["vocab"] }, [
        test({ testCode: "vocab", abilityPercentile: 10, startDtTm: "2027-01-05T10:00:00.000Z" }),
        test({ testCode: "vocab", abilityPercentile: 60, startDtTm: "2027-01-12T10:00:00.000Z" }),
        test({ testCode: "vocab", completedFlag: false, startDtTm: "2027-01-15T10:00:00.000Z" }),
      ]),
    );
    expect(result.score).toEqual({ kind: "percentile", value: 60 });
  });

  it("says what the grid says: the English percentile text starts with the grid cell's text", () => {
    for (const p of [1, 2, 3, 11, 20, 22, 40, 41, 73, 99]) {
      const t = test({ testCode: "vocab", abilityPercentile: p });
      const cell = gridCell("vocab", "K", "MOY", true, t, { ...flagsOff, mode: "percentile" });
      const result = only(report("K", { K: ["vocab"] }, [t]));
      expect(result.band).toBe(cell.band);
      expect(result.score?.kind === "percentile" && en.score.percentile(result.score.value)).toBe(`${cell.text} percentile`);
    }
  });

  it("leaves out a subtest the grade's rules do not report (greyed out in the grid), whatever its state", () => {
    // Grade 2 reports the RER set: classic vocabulary and word reading are greyed out, finished or not.
    const model = report("2", { "2": ["vocab", "word-reading", "rer-blending"] }, [
      test({ testCode: "vocab" }),
      test({ testCode: "rer-blending", abilityPercentile: 60 }),
    ]);
    expect(model.results.map((r) => r.testCode)).toEqual(["rer-blending"]);
    expect(model.summary.assigned).toBe(1);
  });

  // Issue 34 item 13: the report dropped the finished classic tests and kept the unfinished ones.
  it("with rer-kindergarten, reports every classic test a district lists for K, finished or not", () => {
    const model = report(
      "K",
      { K: ["vocab", "rhyming", "rer-blending"] },
      [test({ testCode: "vocab", abilityPercentile: 30 }), test({ testCode: "rer-blending", finalTheta: 0 })],
      { flags: { ...flagsOff, rerKindergarten: true }, standards: THETA },
    );
    expect(model.results.map((r) => [r.testCode, r.status, r.score, r.band])).toEqual([
      ["rhyming", "empty", null, null],
      ["rer-blending", "complete", { kind: "proficiency" }, "on-track"],
      ["vocab", "complete", { kind: "percentile", value: 30 }, "below"],
    ]);
    expect(model.explanation).toBe("K-rer");
  });

  it("lists only the grade's subtests, grouped and ordered as the grid's columns", () => {
    const lists: GradeTestLists = { K: ["object-ran", "vocab", "rhyming", "letter-sounds", "letter-names", "blending"], "1": ["deletion"] };
    const model = report("K", lists);
    expect(model.results.map((r) => [r.group, r.testCode])).toEqual([
      ["phonemic-awareness", "blending"],
      ["phonemic-awareness", "rhyming"],
      ["phonics", "letter-names"],
      ["phonics", "letter-sounds"],
      ["fluency", "object-ran"],
      ["vocabulary", "vocab"],
    ]);
    // The same groups and order as the grid's column groups (and so both CSVs' headers).
    const grid = gridColumnGroups(["K"], lists);
    expect(model.results.map((r) => [r.group, r.testCode])).toEqual(grid.flatMap((g) => g.columns.map((c) => [g.group, c.testCode])));
    expect(model.noSubtests).toBe(false);
  });

  it("'No subtests assigned to student grade.' when the period lists nothing for the grade", () => {
    const model = report("2", { K: ["vocab"] });
    expect(model.noSubtests).toBe(true);
    expect(model.results).toEqual([]);
    expect(en.results.noSubtests).toBe("No subtests assigned to student grade.");
  });
});

describe("band words, black-and-white safe: every band has a word in every language", () => {
  it.each([
    ["at-or-above", "At or Above Benchmark", "En lo esperado o por encima"],
    ["below", "Below Benchmark", "Por debajo de lo esperado"],
    ["well-below", "Well Below Benchmark", "Muy por debajo de lo esperado"],
    ["on-track", "On Track", "Va por buen camino"],
    ["needs-support", "Needs Support", "Necesita apoyo"],
  ] as const)("%s → %j / %j", (band, enWord, esWord) => {
    expect(en.bands[band]).toBe(enWord);
    expect(es.bands[band]).toBe(esWord);
    expect(en.key.bands[band]).not.toBe("");
    expect(es.key.bands[band]).not.toBe("");
  });
});

describe("student summary", () => {
  it("counts finished subtests and bands", () => {
    const model = report("K", { K: ["vocab", "blending", "rhyming", "first-sounds", "object-ran", "letter-names"] }, [
      test({ testCode: "vocab", abilityPercentile: 80 }),
      test({ testCode: "blending", abilityPercentile: 35 }),
      test({ testCode: "rhyming", abilityPercentile: 5 }),
      test({ testCode: "first-sounds", invalid: true }),
      test({ testCode: "object-ran", completedFlag: false }),
    ]);
    expect(model.summary).toEqual({ assigned: 6, finished: 4, onTrack: 1, support: 1, strongSupport: 1 });
    expect(en.summary(model.summary, "Ana")).toBe(
      "Ana finished 4 of 6 activities. Of these: 1 at or above benchmark or on track, 1 below benchmark or needing support, 1 well below benchmark.",
    );
    expect(es.summary(model.summary, "Ana")).toBe(
      "Ana terminó 4 de 6 actividades. De ellas: 1 en lo esperado o por encima, 1 por debajo de lo esperado o con necesidad de apoyo, 1 muy por debajo de lo esperado.",
    );
  });

  it.each([
    [[], { assigned: 0, finished: 0, onTrack: 0, support: 0, strongSupport: 0 }, "Ana has not taken the screener yet in this period."],
    [
      [{ testCode: "vocab", group: "vocabulary", status: "complete", score: { kind: "proficiency" }, band: "needs-support" }],
      { assigned: 1, finished: 1, onTrack: 0, support: 1, strongSupport: 0 },
      "Ana finished 1 of 1 activity. Of these: 1 below benchmark or needing support.",
    ],
  ] as [FamilyReportResult[], ReturnType<typeof summarize>, string][])("summarize %#", (results, summary, text) => {
    expect(summarize(results)).toEqual(summary);
    expect(en.summary(summary, "Ana")).toBe(text);
  });

  it("carries the card's facts, the period and the print date", () => {
    const model = report("K", { K: ["vocab", "blending"] }, [
      test({ testCode: "vocab", endDtTm: "2027-01-11T15:00:00.000Z" }),
      test({ testCode: "blending", endDtTm: "2027-01-14T09:00:00.000Z" }),
      // A subtest outside the grade's list does not date the screening.
      test({ testCode: "deletion", endDtTm: "2027-01-19T09:00:00.000Z" }),
    ]);
    expect(model).toMatchObject({
      date: "2027-01-20",
      period: "MOY",
      academicYear: "2026-2027",
      screenedOn: "2027-01-14",
      student: {
        firstName: "Ana",
        lastName: "Ruiz",
        grade: "K",
        gradeLabel: "K",
        dateOfBirth: "2021-05-17",
        schoolName: "Cedar Elementary",
        teacherNames: ["Pat Lee"],
      },
    });
  });

  it.each([
    ["05/17/2021", "2021-05-17"],
    ["2021-05-17", "2021-05-17"],
    ["2021-02-30", null],
    ["", null],
    [null, null],
  ])("date of birth %j → %j", (given, iso) => {
    const model = report("K", {}, [], {
      student: { participantId: "p", firstName: "A", lastName: "B", grade: "K", dateOfBirth: given, schoolName: null, teacherNames: [] },
    });
    expect(model.student.dateOfBirth).toBe(iso);
  });

  it("refuses a malformed print date", () => {
    expect(() => report("K", {}, [], { today: "20/01/2027" })).toThrow(RangeError);
  });
});
