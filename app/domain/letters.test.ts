import { describe, expect, it } from "vitest";
import { letterItems } from "./assessments";
import { PRODUCT_LETTER_ORDER, countCorrect, initialLetterScores, sortLetters, toggleLetterScore } from "./letters";

describe("sortLetters", () => {
  it.each<[string[], string[]]>([
    [
      ["TH", "B", "CH", "A", "SH", "Z"],
      ["A", "B", "Z", "CH", "SH", "TH"],
    ],
    [
      ["sh", "th", "ch", "c"],
      ["c", "ch", "sh", "th"],
    ],
    [
      ["LS_TH", "LS_A", "LS_CH", "LS_Z", "LS_SH"],
      ["LS_A", "LS_Z", "LS_CH", "LS_SH", "LS_TH"],
    ],
    [
      ["LN_C", "LN_A", "LN_B"],
      ["LN_A", "LN_B", "LN_C"],
    ],
    [[], []],
  ])("alphabetical %j → %j", (input, expected) => {
    expect(sortLetters(input)).toEqual(expected);
  });

  it("sorts a whole shuffled letter-sounds list back to A–Z then digraphs", () => {
    const items = letterItems("letter-sounds");
    const shuffled = [...items].reverse();
    expect(sortLetters(shuffled)).toEqual(items);
  });

  it("product order follows PRODUCT_LETTER_ORDER, digraphs still last", () => {
    const items = letterItems("letter-sounds");
    const sorted = sortLetters(items, "product");
    expect(sorted.slice(0, 6)).toEqual(["LS_S", "LS_A", "LS_T", "LS_P", "LS_I", "LS_N"]);
    expect(sorted.slice(-3)).toEqual(["LS_CH", "LS_SH", "LS_TH"]);
    expect(sorted.slice(0, 26).map((i) => i.slice(3))).toEqual(PRODUCT_LETTER_ORDER);
  });

  it("product order differs from alphabetical (the toggle does something)", () => {
    const items = letterItems("letter-names");
    expect(sortLetters(items, "product")).not.toEqual(sortLetters(items, "alphabetical"));
  });

  it("PRODUCT_LETTER_ORDER is a permutation of A–Z", () => {
    expect([...PRODUCT_LETTER_ORDER].sort()).toEqual(letterItems("letter-names").map((i) => i.slice(3)));
  });

  it("puts unknown entries last instead of dropping them", () => {
    expect(sortLetters(["ZZZ", "B", "TH", "A"])).toEqual(["A", "B", "TH", "ZZZ"]);
    expect(sortLetters(["ZZZ", "B", "TH", "S"], "product")).toEqual(["S", "B", "TH", "ZZZ"]);
  });

  it("does not mutate its input", () => {
    const input = ["B", "A"];
    sortLetters(input);
    expect(input).toEqual(["B", "A"]);
  });
});

describe("letter scores", () => {
  const items = ["LN_A", "LN_B", "LN_C"];

  it("start at 0 for a new test", () => {
    expect(initialLetterScores(items)).toEqual({ LN_A: 0, LN_B: 0, LN_C: 0 });
    expect(initialLetterScores(items, null)).toEqual({ LN_A: 0, LN_B: 0, LN_C: 0 });
  });

  it("start from saved results, anything but 1 counting as 0", () => {
    expect(initialLetterScores(items, { LN_A: 1, LN_B: 0, LN_Z: 1 })).toEqual({ LN_A: 1, LN_B: 0, LN_C: 0 });
  });

  it("toggle between 1 and 0 without mutating", () => {
    const start = initialLetterScores(items);
    const once = toggleLetterScore(start, "LN_B");
    expect(once).toEqual({ LN_A: 0, LN_B: 1, LN_C: 0 });
    expect(toggleLetterScore(once, "LN_B")).toEqual(start);
    expect(start.LN_B).toBe(0);
  });

  it.each<[Record<string, number>, number]>([
    [{}, 0],
    [{ LN_A: 1 }, 1],
    [{ LN_A: 1, LN_B: 1, LN_C: 1 }, 3],
    [{ LN_A: 1, LN_B: 0, LN_Z: 1 }, 1], // items outside the list do not count
  ])("countCorrect %j → %i of 3", (scores, correct) => {
    expect(countCorrect(items, scores)).toEqual({ correct, total: 3 });
  });

  it("counts against the full list length", () => {
    expect(countCorrect(letterItems("letter-sounds"), {}).total).toBe(29);
    expect(countCorrect(letterItems("letter-names"), {}).total).toBe(26);
  });
});
