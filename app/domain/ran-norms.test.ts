import { describe, expect, it } from "vitest";
import { normalCdf, RAN_NORMS, ranResult } from "./ran-norms";

describe("normalCdf", () => {
  it.each([
    [0, 0.5],
    [1, 0.8413],
    [-1, 0.1587],
    [1.96, 0.975],
    [-2.326, 0.01],
    [Infinity, 1],
    [-Infinity, 0],
  ])("Φ(%s) ≈ %s", (z, p) => {
    expect(normalCdf(z)).toBeCloseTo(p, 3);
  });
});

describe("ranResult", () => {
  it.each([
    // grade, period, seconds → percentile, theta
    ["1", "BOY", 48, 50, 0],
    ["1", "BOY", 35, 84, 1],
    ["1", "BOY", 61, 16, -1],
    ["K", "MOY", 63, 50, 0],
    ["2", "EOY", 16, 98, 2],
    ["3", "BOY", 0, 99, 4.125],
    ["PK", "BOY", 300, 1, -11.25],
  ] as const)("grade %s %s, %s s → %s th percentile, theta %s", (grade, period, secs, percentile, theta) => {
    expect(ranResult(grade, period, secs)).toEqual({ abilityPercentile: percentile, finalTheta: theta });
  });

  it("is faster-is-better: a shorter time never scores lower", () => {
    for (const grade of Object.keys(RAN_NORMS) as (keyof typeof RAN_NORMS)[]) {
      let last = 100;
      for (let secs = 0; secs <= 200; secs += 1) {
        const { abilityPercentile } = ranResult(grade, "MOY", secs);
        expect(abilityPercentile).toBeLessThanOrEqual(last);
        last = abilityPercentile;
      }
    }
  });

  it.each([-1, Number.NaN, Infinity])("refuses %s seconds", (secs) => {
    expect(() => ranResult("1", "BOY", secs)).toThrow();
  });
});
