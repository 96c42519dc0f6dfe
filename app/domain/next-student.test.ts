import { describe, expect, it } from "vitest";
import { nextStudent, type NextStudentRow } from "./next-student";

const row = (participantId: string, ...states: string[]): NextStudentRow => ({ participantId, states });

describe("nextStudent", () => {
  const rows = [
    row("a", "empty", "complete"),
    row("b", "not-applicable", "empty"),
    row("c", "complete", "not-applicable"),
    row("d", "incomplete", "empty"),
  ];
  it.each([
    { from: "a", column: 0, next: "c", why: "passes over a student the test does not apply to" },
    { from: "c", column: 0, next: "d", why: "an unfinished test is next" },
    { from: "d", column: 0, next: null, why: "the last row has no next" },
    { from: "a", column: 1, next: "b", why: "the column is the test's" },
    { from: "b", column: 1, next: "d", why: "skips a not-applicable cell in that column" },
    { from: "x", column: 0, next: null, why: "a student not in the grid (filtered out) has no next" },
    { from: "a", column: -1, next: null, why: "a test the grid has no column for" },
    { from: "a", column: 5, next: null, why: "a column past the row's cells" },
  ])("$why", ({ from, column, next }) => {
    expect(nextStudent(rows, column, from)).toBe(next);
  });
});
