import { describe, expect, it } from "vitest";
import { letterItemsFor, letterScoresChanged, letterTestRefusal, scoreLetters } from "./letter-scores";

const BOY = {
  periodName: "BOY" as const,
  GradeAssessmentLists: [
    { grade: "K", testCodes: "letter-names,vocab" },
    { grade: "1", testCodes: "vocab" },
  ],
};

describe("letterTestRefusal", () => {
  it.each([
    ["K", "letter-names", null],
    ["K", "letter-sounds", "Letter Sounds does not apply to grade K in Beginning of Year (BOY)."],
    ["PK", "letter-names", "Grade PK is missing from the district's assessment list for Beginning of Year (BOY)."],
    ["MULTI", "letter-names", "Grade MULTI is missing from the district's assessment list for Beginning of Year (BOY)."],
  ] as const)("grade %s, %s → %j", (grade, code, refusal) => expect(letterTestRefusal(BOY, grade, code)).toBe(refusal));
});

describe("letterItemsFor", () => {
  it("lists the items of a grade the definition covers", () => {
    const found = letterItemsFor("letter-names", "K", "MOY");
    expect("items" in found && found.items.length).toBeGreaterThan(20);
  });

  // The one item rule the API, the dialog and its action share: which items, in which order.
  const itemsOf = (found: ReturnType<typeof letterItemsFor>) => ("items" in found ? found.items : found.refusal);
  it.each([
    ["letter-names", "K", "BOY", "alphabetical", 26, ["LN_A", "LN_B", "LN_C"], ["LN_X", "LN_Y", "LN_Z"]],
    ["letter-sounds", "1", "MOY", "alphabetical", 29, ["LS_A", "LS_B", "LS_C"], ["LS_CH", "LS_SH", "LS_TH"]],
    ["letter-names", "PK", "EOY", "product", 26, ["LN_S", "LN_A", "LN_T"], ["LN_Y", "LN_Z", "LN_Q"]],
    ["letter-sounds", "3", "BOY", "product", 29, ["LS_S", "LS_A", "LS_T"], ["LS_CH", "LS_SH", "LS_TH"]],
  ] as const)("%s, grade %s, %s, %s order: %i items from %j to %j", (code, grade, period, order, count, first, last) => {
    const items = itemsOf(letterItemsFor(code, grade, period, order));
    expect(items).toHaveLength(count);
    expect(items.slice(0, 3)).toEqual(first);
    expect(items.slice(-3)).toEqual(last);
  });

  it("gives the same items in either order", () => {
    const alphabetical = itemsOf(letterItemsFor("letter-sounds", "2", "EOY"));
    const product = itemsOf(letterItemsFor("letter-sounds", "2", "EOY", "product"));
    expect([...product].sort()).toEqual([...alphabetical].sort());
  });

  it("refuses a grade the definition does not cover", () => {
    expect(letterItemsFor("letter-sounds", "MULTI", "EOY")).toEqual({
      refusal: "No Letter Sounds items are defined for grade MULTI in End of Year (EOY).",
    });
  });
});

describe("scoreLetters", () => {
  const items = ["LN_A", "LN_B", "LN_C"];
  const r = (questionCode: string, score: 0 | 1) => ({ questionCode, score });

  it("stores the scores in item order and counts correct against the list length", () => {
    expect(scoreLetters(items, [r("LN_C", 1), r("LN_A", 1), r("LN_B", 0)])).toEqual({
      scored: { correctByCode: { LN_A: 1, LN_B: 0, LN_C: 1 }, correctItems: 2, totalItems: 3 },
    });
  });

  it.each([
    ["an unknown item", [r("LN_A", 1), r("LN_B", 1), r("LN_C", 1), r("LN_Z", 1)], ["responses: unknown item LN_Z"]],
    ["an item twice", [r("LN_A", 1), r("LN_A", 0), r("LN_B", 1), r("LN_C", 1)], ["responses: LN_A appears twice"]],
    ["missing items", [r("LN_B", 1)], ["responses: missing LN_A, LN_C"]],
    ["several problems", [r("LN_Q", 1), r("LN_A", 1)], ["responses: unknown item LN_Q", "responses: missing LN_B, LN_C"]],
  ])("refuses %s", (_, responses, errors) => expect(scoreLetters(items, responses)).toEqual({ errors }));
});

describe("letterScoresChanged", () => {
  it.each([
    [null, { A: 1 }, true],
    [{ A: 1, B: 0 }, { A: 1, B: 0 }, false],
    [{ A: 1, B: 0 }, { A: 1, B: 1 }, true],
    [{ A: 1, B: 0, C: 1 }, { A: 1, B: 0 }, true],
    [{ A: 1 }, { A: 1, B: 0 }, true],
  ])("%j → %j: %s", (previous, next, changed) => expect(letterScoresChanged(previous, next)).toBe(changed));
});
