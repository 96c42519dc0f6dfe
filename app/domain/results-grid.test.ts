import { describe, expect, it, vi } from "vitest";
import { first, itemAt } from "./presence";
import type { TestCode } from "./assessments";
import {
  bannerApplies,
  buildGrid,
  csvCellText,
  cutoffGapOf,
  gradeMissingMessage,
  gradeTestLists,
  gridCell,
  gridColumnGroups,
  gridToCsvRows,
  letterAction,
  logCutoffGaps,
  manualEntryInstant,
  missingGrades,
  parseTestCodes,
  periodAt,
  periodBounds,
  pickTest,
  profileApplies,
  profileCell,
  shownGrid,
  type GridTest,
} from "./results-grid";
import { effectiveStandards, NO_CUTOFF_TEXT, NO_NORMS_TEXT } from "./screening-standards";

const noLog = () => {};
const opts = { mode: "percentile" as const, rerKindergarten: false, gr3InternalTestingDisplayRules: false };

function test(overrides: Partial<GridTest> & { testCode: TestCode }): GridTest {
  return {
    participantTestId: "t1",
    startDtTm: "2026-01-10T10:00:00.000Z",
    endDtTm: "2026-01-10T10:05:00.000Z",
    updatedAt: "2026-01-10T10:05:00.000Z",
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

describe("parseTestCodes / gradeTestLists", () => {
  it("splits, trims and drops unknown codes", () => {
    expect(parseTestCodes(" letter-names, vocab ,spelling,,")).toEqual(["letter-names", "vocab"]);
    expect(parseTestCodes(null)).toEqual([]);
  });
  it("keys the lists by screened grade only", () => {
    expect(
      gradeTestLists([
        { grade: "K", testCodes: "vocab" },
        { grade: "MULTI", testCodes: "vocab" },
      ]),
    ).toEqual({ K: ["vocab"] });
  });
});

describe("pickTest", () => {
  it.each([
    ["none", [], null],
    [
      "the latest completed over a later unfinished one",
      [
        test({ testCode: "vocab", participantTestId: "a", startDtTm: "2026-01-01T00:00:00Z" }),
        test({ testCode: "vocab", participantTestId: "b", completedFlag: false, startDtTm: "2026-01-05T00:00:00Z" }),
      ],
      "a",
    ],
    [
      "the latest of two completed",
      [
        test({ testCode: "vocab", participantTestId: "a", startDtTm: "2026-01-01T00:00:00Z" }),
        test({ testCode: "vocab", participantTestId: "b", startDtTm: "2026-01-05T00:00:00Z" }),
      ],
      "b",
    ],
    [
      "the latest of two unfinished",
      [
        test({ testCode: "vocab", participantTestId: "a", completedFlag: false, startDtTm: "2026-01-07T00:00:00Z" }),
        test({ testCode: "vocab", participantTestId: "b", completedFlag: false, startDtTm: "2026-01-05T00:00:00Z" }),
      ],
      "a",
    ],
  ])("%s", (_n, tests, id) => {
    expect(pickTest(tests)?.participantTestId ?? null).toBe(id);
  });
});

describe("gridColumnGroups", () => {
  const lists = { K: ["letter-names", "vocab", "blending"], "1": ["letter-ran", "letter-names"] } as const;
  it("takes the union of the students' grades, grouped in display order", () => {
    const groups = gridColumnGroups(["K", "1", "K"], { K: [...lists.K], "1": [...lists["1"]] });
    expect(groups.map((g) => [g.title, g.columns.map((c) => c.testCode)])).toEqual([
      ["Phonemic Awareness", ["blending"]],
      ["Phonics", ["letter-names"]],
      ["Fluency", ["letter-ran"]],
      ["Vocabulary", ["vocab"]],
    ]);
  });
  it("has no columns for grades without a list", () => {
    expect(gridColumnGroups(["MULTI", "3"], { K: ["vocab"] })).toEqual([]);
  });
});

describe("profile columns", () => {
  it.each([
    ["dyslexia", "K", "EOY", true],
    ["dyslexia", "PK", "BOY", false],
    ["pwr", "K", "EOY", false],
    ["pwr", "3", "EOY", false],
    ["pwr", "3", "MOY", true],
    ["kready", "PK", "EOY", true],
    ["kready", "PK", "MOY", false],
    ["kready", "K", "EOY", false],
    ["pkRisk", "PK", "BOY", true],
    ["pkRisk", "K", "BOY", false],
    ["dyslexia", "MULTI", "BOY", false],
  ] as const)("%s applies to %s at %s: %s", (kind, grade, period, expected) => {
    expect(profileApplies(kind, grade, period)).toBe(expected);
  });

  it.each([
    ["dyslexia above the cutoff", "dyslexia", "1", "BOY", { dyslexia: 0.172 }, "17%", "At risk", "risk"],
    ["dyslexia at the cutoff", "dyslexia", "1", "BOY", { dyslexia: 0.171 }, "17%", "Not at risk", "ok"],
    ["PWR in the legend's High band", "pwr", "1", "BOY", { pwr: 0.2 }, "20%", "High risk", "risk"],
    ["PWR on the Moderate edge", "pwr", "1", "BOY", { pwr: 0.34 }, "34%", "Moderate risk", "moderate"],
    ["PWR low risk", "pwr", "1", "BOY", { pwr: 0.9 }, "90%", "Low risk", "ok"],
    ["PWR in K (no legend) below cutoff", "pwr", "K", "BOY", { pwr: 0.5 }, "50%", "At risk", "risk"],
    ["readiness below cutoff", "kready", "PK", "EOY", { kready: 0.5 }, "50%", "Emerging", "risk"],
    ["readiness at cutoff", "kready", "PK", "EOY", { kready: 0.565 }, "57%", "Ready", "ok"],
    // Issue 34 item 4: no prekindergarten risk cutoff is configured (the spec gives none): the score, neutral, never at risk.
    ["PK risk, clamped to 1%", "pkRisk", "PK", "MOY", { pkRisk: 0 }, "1%", NO_CUTOFF_TEXT, "none"],
    ["PK risk without a cutoff is not at risk however high", "pkRisk", "PK", "MOY", { pkRisk: 0.97 }, "97%", NO_CUTOFF_TEXT, "none"],
  ] as const)("%s", (_n, kind, grade, period, scores, text, qualifier, tone) => {
    const full = { pwr: null, dyslexia: null, kready: null, pkRisk: null, ...scores };
    expect(profileCell(kind, grade, period, full, noLog)).toMatchObject({ state: "complete", text, qualifier, tone });
  });

  it.each<[number, string, string]>([
    [0.41, "At risk", "risk"],
    [0.4, "Not at risk", "ok"],
    [0.1, "Not at risk", "ok"],
  ])("PK risk %s against a configured cutoff of 0.4 → %s", (pkRisk, qualifier, tone) => {
    const standards = effectiveStandards({ pkRiskCutoff: { source: "District PK study, 2026", cutoffs: { MOY: 0.4 } } }, null);
    const scores = { pwr: null, dyslexia: null, kready: null, pkRisk };
    expect(profileCell("pkRisk", "PK", "MOY", scores, noLog, standards)).toMatchObject({ qualifier, tone });
    // Another period has no cutoff configured: no verdict there.
    expect(profileCell("pkRisk", "PK", "BOY", scores, noLog, standards)).toMatchObject({ qualifier: NO_CUTOFF_TEXT, tone: "none" });
  });

  it("says 'No score' without a score and is not applicable outside its grades", () => {
    expect(profileCell("dyslexia", "K", "BOY", null, noLog)).toMatchObject({ state: "empty", text: "No score" });
    expect(profileCell("kready", "1", "EOY", { pwr: 1, dyslexia: 0, kready: 0.2, pkRisk: null }, noLog)).toMatchObject({
      state: "not-applicable",
    });
  });
});

describe("gridCell", () => {
  it.each([
    ["not applicable", false, null, "percentile", "not-applicable", "—", null],
    ["empty", true, null, "percentile", "empty", "Not started", "edit"],
    [
      "in progress",
      true,
      test({ testCode: "letter-names", completedFlag: false, abilityPercentile: null }),
      "percentile",
      "incomplete",
      "In progress",
      "edit",
    ],
    ["invalid", true, test({ testCode: "letter-names", invalid: true }), "score", "invalid", "N/A", "view"],
    ["complete, percentile", true, test({ testCode: "letter-names", abilityPercentile: 20.4 }), "percentile", "complete", "20th", null],
    ["complete, score", true, test({ testCode: "letter-names", correctItems: 12, totalItems: 26 }), "score", "complete", "12/26", "view"],
    [
      "hand-entered, no percentile",
      true,
      test({ testCode: "letter-names", invalid: false, abilityPercentile: null, correctItems: 12, totalItems: 26 }),
      "percentile",
      "complete",
      "No %ile",
      "view",
    ],
  ] as const)("%s", (_n, applicable, t, mode, state, text, action) => {
    const cell = gridCell("letter-names", "K", "MOY", applicable, t, { ...opts, mode });
    expect(cell).toMatchObject({ state, text, letterAction: action });
  });

  it("a hand-scored letter test shows its count in percentile mode too, and opens read-only (issue 12)", () => {
    const t = test({ testCode: "letter-names", invalid: false, abilityPercentile: null, correctItems: 12, totalItems: 26 });
    for (const mode of ["percentile", "score"] as const) {
      const cell = gridCell("letter-names", "K", "MOY", true, t, { ...opts, mode });
      expect(cell.letterAction, mode).toBe("view");
      expect(mode === "score" ? cell.text : cell.handScore, mode).toBe("12/26");
    }
  });

  it("colours percentiles by band and words them", () => {
    expect(gridCell("vocab", "K", "MOY", true, test({ testCode: "vocab", abilityPercentile: 40 }), opts)).toMatchObject({
      band: "below",
      label: "40th, Below Benchmark",
    });
    expect(gridCell("vocab", "K", "MOY", true, test({ testCode: "vocab", abilityPercentile: 41 }), opts)).toMatchObject({
      band: "at-or-above",
    });
    expect(gridCell("vocab", "K", "MOY", true, test({ testCode: "vocab", abilityPercentile: 0.2 }), opts)).toMatchObject({
      text: "1st",
      band: "well-below",
    });
  });

  it("a scored RAN without norms shows its seconds and errors and 'No norms configured': no percentile, colour or band (issue 34 item 4)", () => {
    const scored = test({ testCode: "letter-ran", abilityPercentile: null, invalid: false, scoredSecs: 41, scoredErrors: 2 });
    for (const [code, grade] of [
      ["letter-ran", "1"],
      ["object-ran", "PK"],
      ["rer-letter-ran", "2"],
    ] as const) {
      const cell = gridCell(code, grade, "MOY", true, { ...scored, testCode: code }, opts);
      expect(cell).toMatchObject({
        state: "complete",
        text: "41 s, 2 errors",
        note: NO_NORMS_TEXT,
        band: null,
        label: "41 s, 2 errors, No norms configured",
      });
      expect(cell.sources).toBeUndefined();
      expect(csvCellText(cell)).toBe("41 s, 2 errors (No norms configured)");
    }
  });

  it("a scored RAN with norms shows its percentile and carries the norms' source", () => {
    const scored = test({
      testCode: "letter-ran",
      abilityPercentile: 36,
      invalid: false,
      scoredSecs: 52,
      scoredErrors: 1,
      normsSource: "Riverside USD norms study, 2025",
    });
    expect(gridCell("letter-ran", "1", "MOY", true, scored, opts)).toMatchObject({
      text: "36th",
      band: "below",
      sources: [{ kind: "ranNorms", source: "Riverside USD norms study, 2025" }],
    });
  });

  it("a proficiency cell without a configured theta cutoff says 'No cutoff configured' (the page logs the gap, cutoffGapOf)", () => {
    const rerK = { ...opts, rerKindergarten: true };
    const cell = gridCell("rer-blending", "K", "MOY", true, test({ testCode: "rer-blending", finalTheta: 0.3 }), rerK);
    expect(cell).toMatchObject({ state: "complete", text: NO_CUTOFF_TEXT, band: null });
    expect(cutoffGapOf(cell, "K", "MOY")).toEqual({ testCode: "rer-blending", grade: "K", period: "MOY" });
    const standards = effectiveStandards(
      { abilityCutoffs: { source: "State", cutoffs: [{ grade: "K", testCode: "rer-blending", period: "MOY", theta: 0.5 }] } },
      null,
    );
    expect(
      gridCell("rer-blending", "K", "MOY", true, test({ testCode: "rer-blending", finalTheta: 0.3 }), { ...rerK, standards }),
    ).toMatchObject({
      text: "Needs Support",
      sources: [{ kind: "abilityCutoffs", source: "State" }],
    });
  });

  it("needs scoring for a finished RAN without percentile; no letter action for other tests", () => {
    expect(gridCell("object-ran", "K", "MOY", true, test({ testCode: "object-ran", abilityPercentile: null }), opts)).toMatchObject({
      state: "needs-scoring",
      text: "Needs scoring",
      letterAction: null,
    });
  });

  it("shows a greyed-out rule as not reported", () => {
    expect(gridCell("rer-blending", "1", "MOY", true, test({ testCode: "rer-blending" }), opts)).toMatchObject({
      grayedOut: true,
      text: "—",
    });
  });

  // Issue 34 item 13: finished tests turned '— Not reported for this grade' while unfinished ones
  // of the same test still said 'Not started' / 'In progress'.
  const states = [
    ["not started", null],
    ["unfinished", { completedFlag: false, abilityPercentile: null }],
    ["invalid", { invalid: true }],
    ["finished", {}],
  ] as const;
  it.each(states)("a test the grade's rules grey out is greyed out when %s, and opens nothing", (_name, overrides) => {
    for (const code of ["vocab", "letter-names"] as const) {
      const t = overrides === null ? null : test({ testCode: code, ...overrides });
      const cell = gridCell(code, "2", "MOY", true, t, { ...opts, mode: "score" });
      expect(cell).toMatchObject({ grayedOut: true, text: "—", label: "Not reported for this grade", letterAction: null, band: null });
      // One reading in the CSV too, whatever the state.
      expect(csvCellText(cell)).toBe("");
    }
  });

  it.each(states)("with rer-kindergarten, a classic test a district lists for K is reported when %s", (_name, overrides) => {
    const rerK = { ...opts, rerKindergarten: true };
    const t = overrides === null ? null : test({ testCode: "vocab", ...overrides });
    const cell = gridCell("vocab", "K", "MOY", true, t, rerK);
    expect(cell.grayedOut).toBe(false);
    expect(cell.text).toBe(({ "not started": "Not started", unfinished: "In progress", invalid: "N/A", finished: "50th" } as const)[_name]);
  });
});

describe("grade missing from the period's lists (spec 001 §5, issue 34 item 11)", () => {
  it.each<[string[], Record<string, TestCode[]>, string[]]>([
    [["K", "K"], { K: ["vocab"] }, []],
    [["2", "K", "2"], { K: ["vocab"] }, ["2"]],
    // A listed grade with an empty list is in the config: its students just take nothing.
    [["1"], { "1": [] }, []],
    [["MULTI", "3", "PK"], { K: ["vocab"] }, ["PK", "3", "MULTI"]],
    [[], {}, []],
  ])("students of grades %j, lists %j → %j", (grades, lists, missing) => {
    expect(missingGrades(grades, lists)).toEqual(missing);
  });

  it("the grid says it in the student page's words, once per grade", () => {
    const students = ["2", "2", "K"].map((grade, i) => ({ participantId: String(i), firstName: "A", lastName: `B${i}`, grade, tests: [] }));
    const grid = buildGrid({ period: "MOY", lists: { K: ["vocab"] }, students, profiles: {}, options: opts, log: noLog });
    expect(grid.gradeMissing).toEqual(["Grade 2 is missing from the district's assessment list for Middle of Year (MOY)."]);
    expect(grid.gradeMissing).toEqual([gradeMissingMessage("2", "MOY")]);
  });
});

describe("letterAction", () => {
  it.each([
    ["not-applicable", "score", null],
    ["empty", "percentile", "edit"],
    ["incomplete", "score", "edit"],
    ["complete", "percentile", null],
    ["complete", "score", "view"],
    ["needs-scoring", "score", "view"],
  ] as const)("%s in %s mode → %s", (state, mode, action) => {
    expect(letterAction(state, mode)).toBe(action);
  });
});

describe("buildGrid", () => {
  const students = [
    { participantId: "2", firstName: "Zoe", lastName: "adams", grade: "K", tests: [] },
    {
      participantId: "1",
      firstName: "Ava",
      lastName: "Adams",
      grade: "1",
      tests: [test({ testCode: "letter-names", correctItems: 20, totalItems: 26 })],
    },
  ];
  const lists = {
    K: ["letter-names", "vocab"],
    "1": [
      "letter-names",
      "letter-ran",
      "word-reading",
      "nonword-reading",
      "deletion",
      "blending",
      "vocab",
      "oral-sentence",
      "nonword-repetition",
      "letter-sounds",
    ],
  } as Record<string, TestCode[]>;

  it("sorts by name, fills every column, narrows at 10 assessment columns", () => {
    const grid = buildGrid({ period: "MOY", lists, students, profiles: {}, options: opts, log: noLog });
    expect(grid.rows.map((r) => r.name)).toEqual(["Adams, Ava", "adams, Zoe"]);
    expect(grid.columnCount).toBe(10);
    expect(grid.narrow).toBe(true);
    expect(grid.rows[1]?.cells.find((c) => c.testCode === "letter-ran")?.state).toBe("not-applicable");
    expect(grid.profileColumns).toEqual(["dyslexia", "pwr", "riskCategory"]);
    expect(grid.scoreToggleEnabled).toBe(true);
  });

  it("keeps percentiles when no letter test is finished, whatever the URL asks", () => {
    const grid = buildGrid({
      period: "MOY",
      lists,
      students: [itemAt(students, 0)],
      profiles: {},
      options: { ...opts, mode: "score" },
      log: noLog,
    });
    expect(grid.scoreToggleEnabled).toBe(false);
    expect(grid.mode).toBe("percentile");
    expect(grid.narrow).toBe(false);
  });

  it("exports the grid as shown, in words", () => {
    const grid = buildGrid({
      period: "MOY",
      lists: { K: ["letter-names", "vocab"] },
      students: [{ ...itemAt(students, 1), grade: "K" }, itemAt(students, 0)],
      profiles: { "1": { pwr: 0.7, dyslexia: 0.1, kready: null, pkRisk: null } },
      options: { ...opts, mode: "score" },
      log: noLog,
    });
    expect(gridToCsvRows(grid)).toEqual([
      [
        "Name",
        "Grade",
        "Risk Flag",
        "Potential For Word Reading",
        "Risk Category",
        "Phonics: Letter Names",
        "Vocabulary: Vocabulary",
        "Norms and Cutoffs Source",
      ],
      ["Adams, Ava", "K", "10% Not at risk", "70% Not at risk", "High performance", "20/26", "Not started", ""],
      ["adams, Zoe", "K", "No score", "No score", "No score", "Not started", "Not started", ""],
    ]);
  });

  it("names the source of every configured figure: per row in the CSV, once for the grid (issue 34 item 4)", () => {
    const standards = effectiveStandards({ pkRiskCutoff: { source: "District PK study, 2026", cutoffs: { MOY: 0.4 } } }, null);
    const ran = (id: string, extra: Partial<GridTest>) => test({ testCode: "object-ran", participantTestId: id, invalid: false, ...extra });
    const grid = buildGrid({
      period: "MOY",
      lists: { PK: ["object-ran"] },
      students: [
        {
          participantId: "a",
          firstName: "Ana",
          lastName: "Ames",
          grade: "PK",
          tests: [ran("t1", { abilityPercentile: null, scoredSecs: 70, scoredErrors: 3 })],
        },
        {
          participantId: "b",
          firstName: "Ben",
          lastName: "Bell",
          grade: "PK",
          tests: [ran("t2", { abilityPercentile: 64, scoredSecs: 55, scoredErrors: 0, normsSource: "Riverside USD norms study, 2025" })],
        },
      ],
      profiles: {
        a: { pwr: null, dyslexia: null, kready: null, pkRisk: 0.6 },
        b: { pwr: null, dyslexia: null, kready: null, pkRisk: null },
      },
      options: { ...opts, standards },
      log: noLog,
    });
    expect(grid.sources).toEqual([
      { kind: "ranNorms", source: "Riverside USD norms study, 2025" },
      { kind: "pkRiskCutoff", source: "District PK study, 2026" },
    ]);
    const rows = gridToCsvRows(shownGrid(grid));
    expect(rows[0]?.at(-1)).toBe("Norms and Cutoffs Source");
    expect(rows[1]).toEqual([
      "Ames, Ana",
      "PK",
      "60% At risk",
      "70 s, 3 errors (No norms configured)",
      "Prekindergarten risk cutoff: District PK study, 2026",
    ]);
    expect(rows[2]).toEqual(["Bell, Ben", "PK", "No score", "64th", "RAN norms: Riverside USD norms study, 2025"]);
    // The page's cells carry no sources of their own; the rows and the grid do.
    expect(first(itemAt(shownGrid(grid).rows, 1).cells)).not.toHaveProperty("sources");
  });
});

describe("configuration gaps are logged once per page, not once per cell", () => {
  const rerK = { ...opts, rerKindergarten: true };
  const codes: TestCode[] = ["rer-blending", "rer-deletion"];
  const students = ["a", "b", "c"].map((id) => ({
    participantId: id,
    firstName: id,
    lastName: id,
    grade: "K",
    tests: codes.map((testCode) => test({ testCode, finalTheta: 0.3 })),
  }));

  it("a grid with proficiency cells and no theta cutoffs: one line naming each test, grade and period", () => {
    const log = vi.fn();
    const grid = buildGrid({ period: "MOY", lists: { K: codes }, students, profiles: {}, options: rerK, log });
    expect(grid.rows.flatMap((r) => r.cells.map((c) => c.text))).toEqual(Array(6).fill(NO_CUTOFF_TEXT));
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(
      "No theta cutoff configured for rer-blending (grade K, MOY), rer-deletion (grade K, MOY): 6 cells say 'No cutoff configured'",
    );
  });

  it("with the cutoffs configured, or with no proficiency cell, nothing is logged", () => {
    const standards = effectiveStandards(
      {
        abilityCutoffs: {
          source: "State",
          cutoffs: codes.map((testCode) => ({ grade: "K" as const, testCode, period: "MOY" as const, theta: 0 })),
        },
      },
      null,
    );
    const log = vi.fn();
    buildGrid({ period: "MOY", lists: { K: codes }, students, profiles: {}, options: { ...rerK, standards }, log });
    buildGrid({ period: "MOY", lists: { K: codes }, students, profiles: {}, options: opts, log });
    expect(log).not.toHaveBeenCalled();
  });

  it.each<[string, Parameters<typeof logCutoffGaps>[0], string | null]>([
    ["none", [null, null], null],
    [
      "one",
      [{ testCode: "rer-blending", grade: "3", period: "BOY" }],
      "No theta cutoff configured for rer-blending (grade 3, BOY): 1 cell says 'No cutoff configured'",
    ],
    [
      "the same gap twice is named once",
      [{ testCode: "rer-blending", grade: "3", period: "BOY" }, null, { testCode: "rer-blending", grade: "3", period: "BOY" }],
      "No theta cutoff configured for rer-blending (grade 3, BOY): 2 cells say 'No cutoff configured'",
    ],
  ])("logCutoffGaps: %s", (_name, gaps, line) => {
    const log = vi.fn();
    logCutoffGaps(gaps, log);
    if (line === null) expect(log).not.toHaveBeenCalled();
    else expect(log.mock.calls).toEqual([[line]]);
  });
});

describe("periods as time", () => {
  const moy = { startDate: "2025-12-01", endDate: "2026-02-28" };
  it("bounds run from the start date to the end of the end date (UTC)", () => {
    expect(periodBounds(moy)).toEqual({ from: "2025-12-01T00:00:00.000Z", to: "2026-03-01T00:00:00.000Z" });
  });
  it.each([
    ["2025-11-30T23:59:59Z", null],
    ["2025-12-01T00:00:00Z", "2025-12-01"],
    ["2026-02-28T23:59:59Z", "2025-12-01"],
    ["2026-03-01T00:00:00Z", null],
  ])("periodAt(%s)", (instant, start) => {
    expect(periodAt([moy], new Date(instant))?.startDate ?? null).toBe(start);
  });
  it("dates a manual entry now, at the period's end, or refuses a future period", () => {
    const now = new Date("2026-01-15T12:00:00Z");
    expect(manualEntryInstant(moy, now)).toEqual(now);
    expect(manualEntryInstant({ startDate: "2025-08-01", endDate: "2025-11-30" }, now)?.toISOString()).toBe("2025-11-30T23:59:59.000Z");
    expect(manualEntryInstant({ startDate: "2026-03-01", endDate: "2026-06-15" }, now)).toBeNull();
  });
});

describe("bannerApplies", () => {
  it.each([
    [["K"], ["K", "1"], true],
    [["2", "3"], ["K", "1"], false],
    [[], ["K"], false],
    [["K"], [], false],
  ])("%j over %j → %s", (banner, students, expected) => {
    expect(bannerApplies(banner, students)).toBe(expected);
  });
});
