import { describe, expect, it } from "vitest";
import { PERCENTILE_BAND_LABELS, clampPercentile, formatPercentile, percentileBand, type PercentileBand } from "./percentile";

describe("percentile display and band", () => {
  it.each<[number | null | undefined, number | null, string | null, PercentileBand | null]>([
    [0, 1, "1st", "well-below"],
    [-5, 1, "1st", "well-below"],
    [1, 1, "1st", "well-below"],
    [2, 2, "2nd", "well-below"],
    [3, 3, "3rd", "well-below"],
    [11, 11, "11th", "well-below"],
    [20, 20, "20th", "well-below"],
    [20.4, 20, "20th", "well-below"],
    [20.5, 21, "21st", "below"],
    [20.6, 21, "21st", "below"],
    [22, 22, "22nd", "below"],
    [40, 40, "40th", "below"],
    [40.4, 40, "40th", "below"],
    [40.6, 41, "41st", "at-or-above"],
    [41, 41, "41st", "at-or-above"],
    [50, 50, "50th", "at-or-above"],
    [99, 99, "99th", "at-or-above"],
    [99.6, 99, "99th", "at-or-above"],
    [100, 99, "99th", "at-or-above"],
    [Number.NaN, null, null, null],
    [Number.POSITIVE_INFINITY, null, null, null],
    [null, null, null, null],
    [undefined, null, null, null],
  ])("%s → %s / %s / %s", (value, clamped, text, band) => {
    expect(clampPercentile(value)).toBe(clamped);
    expect(formatPercentile(value)).toBe(text);
    expect(percentileBand(value)).toBe(band);
  });

  it("labels the bands", () => {
    expect(PERCENTILE_BAND_LABELS).toEqual({
      "well-below": "Well Below Benchmark",
      below: "Below Benchmark",
      "at-or-above": "At or Above Benchmark",
    });
  });
});
