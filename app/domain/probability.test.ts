import { describe, expect, it } from "vitest";
import { formatProbability, probabilityPercent } from "./probability";

describe("probability display", () => {
  it.each([
    [0, 1, "1%"],
    [0.004, 1, "1%"],
    [0.01, 1, "1%"],
    [0.014, 1, "1%"],
    [0.015, 2, "2%"],
    [0.42, 42, "42%"],
    [0.565, 57, "57%"],
    // Rounded on the decimal as written: two steps of a double under 0.565 is under 56.5%.
    [0.5649999999999998, 56, "56%"],
    [0.005, 1, "1%"],
    [0.145, 15, "15%"],
    [0.99, 99, "99%"],
    [0.996, 99, "99%"],
    [1, 99, "99%"],
  ])("%s → %i / %s", (probability, percent, text) => {
    expect(probabilityPercent(probability)).toBe(percent);
    expect(formatProbability(probability)).toBe(text);
  });

  it.each([-0.0001, 1.0001, 42, -1, Number.NaN, Number.POSITIVE_INFINITY])("throws for %s", (value) => {
    expect(() => probabilityPercent(value)).toThrow(RangeError);
    expect(() => formatProbability(value)).toThrow(/between 0 and 1/);
  });
});
