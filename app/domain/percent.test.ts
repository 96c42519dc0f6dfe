import { describe, expect, it } from "vitest";
import { percentage } from "./percent";

describe("percentage", () => {
  it.each([
    [0, 0, 0],
    [0, 10, 0],
    [5, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13], // 12.5 rounds half up
    [10, 10, 100],
    [3, 2, 150],
  ])("%i of %i → %i", (part, total, expected) => {
    expect(percentage(part, total)).toBe(expected);
  });
});
