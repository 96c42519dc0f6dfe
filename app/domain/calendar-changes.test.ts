import { describe, expect, it } from "vitest";
import {
  CALENDAR_CHANGE_MESSAGES,
  movedResultCount,
  periodMoveText,
  riskScoreTexts,
  sortedMoves,
  type PeriodMove,
} from "./calendar-changes";

const move = (from: PeriodMove["from"], to: PeriodMove["to"], count: number, firstDate = "2027-03-01", lastDate = "2027-03-14") => ({
  from,
  to,
  count,
  firstDate,
  lastDate,
});

describe("what a change of dates does to the results, in words", () => {
  it.each([
    [move("MOY", "EOY", 12), "12 results taken between 2027-03-01 and 2027-03-14 move from MOY to EOY."],
    [move("MOY", "EOY", 1, "2027-03-02", "2027-03-02"), "1 result taken on 2027-03-02 moves from MOY to EOY."],
    [
      move("BOY", null, 2),
      "2 results taken between 2027-03-01 and 2027-03-14 move out of BOY: no window holds them any more, so no period shows them.",
    ],
    [
      move("BOY", null, 1, "2026-08-20", "2026-08-20"),
      "1 result taken on 2026-08-20 moves out of BOY: no window holds it any more, so no period shows it.",
    ],
    [move(null, "EOY", 3), "3 results taken between 2027-03-01 and 2027-03-14 outside every window until now move into EOY."],
  ])("%o", (m, text) => {
    expect(periodMoveText(m)).toBe(text);
  });

  it.each([
    [{ moved: 0, removed: 0 }, []],
    [{ moved: 1, removed: 0 }, ["1 student's risk score moves with its results."]],
    [{ moved: 4, removed: 0 }, ["4 students' risk scores move with their results."]],
    [
      { moved: 0, removed: 2 },
      [
        "2 risk scores are deleted: their results now share a period with later results of the same student, whose risk score is kept, or no window holds them any more.",
      ],
    ],
  ])("risk scores %o", (changes, lines) => {
    expect(riskScoreTexts(changes)).toEqual(lines);
  });

  it("orders the moves by the period they leave, then the one they reach, outside every window last", () => {
    const moves = [move(null, "BOY", 1), move("EOY", "MOY", 2), move("MOY", null, 3), move("MOY", "EOY", 4), move("BOY", "MOY", 5)];
    expect(sortedMoves(moves).map((m) => [m.from, m.to])).toEqual([
      ["BOY", "MOY"],
      ["MOY", "EOY"],
      ["MOY", null],
      ["EOY", "MOY"],
      [null, "BOY"],
    ]);
    expect(movedResultCount(moves)).toBe(15);
  });

  it.each([
    [1, 0, "The 2027-2028 calendar cannot be deleted: its periods hold 1 result. Change its dates instead."],
    [0, 3, "The 2027-2028 calendar cannot be deleted: its periods hold 3 risk scores. Change its dates instead."],
    [5, 1, "The 2027-2028 calendar cannot be deleted: its periods hold 5 results and 1 risk score. Change its dates instead."],
  ])("a year holding %i results and %i risk scores is not deleted", (results, scores, text) => {
    expect(CALENDAR_CHANGE_MESSAGES.holdsResults("2027-2028", results, scores)).toBe(text);
  });
});
