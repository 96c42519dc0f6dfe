import { describe, expect, it, vi } from "vitest";
import {
  DYSLEXIA_CUTOFFS,
  DYSLEXIA_CUTOFFS_K_BY_PERIOD,
  DYSLEXIA_CUTOFFS_K_FLAT,
  DYSLEXIA_K_TABLE_IN_FORCE,
  PWR_CUTOFFS,
  PWR_CUTOFFS_GRADE_1_PRIMARY,
  PWR_CUTOFFS_GRADE_1_SECONDARY,
  PWR_GRADE_1_TABLE_IN_FORCE,
  READINESS_CUTOFFS,
  cutoffFor,
  isDyslexiaRisk,
  isPwrCalculated,
  isPwrRisk,
  isReadinessEmerging,
  readinessStatus,
} from "./cutoffs";
import type { Grade } from "./grades";
import type { Period } from "./periods";

const EPS = 1e-9;

describe("PWR cutoffs (below = risk)", () => {
  const rows: [Grade, Period, number][] = [
    ["K", "BOY", 0.617],
    ["K", "MOY", 0.608],
    ["1", "BOY", 0.652],
    ["1", "MOY", 0.626],
    ["1", "EOY", 0.621],
    ["2", "BOY", 0.606],
    ["2", "MOY", 0.561],
    ["2", "EOY", 0.528],
    ["3", "BOY", 0.43],
    ["3", "MOY", 0.445],
  ];

  it.each(rows)("grade %s %s: cutoff %s", (grade, period, cutoff) => {
    const log = vi.fn();
    expect(cutoffFor("pwr", grade, period)).toBe(cutoff);
    expect(isPwrRisk(grade, period, cutoff - EPS, log)).toBe(true);
    expect(isPwrRisk(grade, period, cutoff, log)).toBe(false);
    expect(isPwrRisk(grade, period, cutoff + EPS, log)).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it("keeps the spec's K and grade 3 EOY values, but PWR is not calculated then", () => {
    expect(PWR_CUTOFFS.K?.EOY).toBe(0.618);
    expect(PWR_CUTOFFS["3"]?.EOY).toBe(0.604);
    const log = vi.fn();
    expect(isPwrRisk("K", "EOY", 0, log)).toBe(false);
    expect(isPwrRisk("3", "EOY", 0, log)).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it.each<[Grade, Period, boolean]>([
    ["K", "BOY", true],
    ["K", "MOY", true],
    ["K", "EOY", false],
    ["1", "EOY", true],
    ["2", "EOY", true],
    ["3", "MOY", true],
    ["3", "EOY", false],
  ])("isPwrCalculated(%s, %s) = %s", (grade, period, expected) => {
    expect(isPwrCalculated(grade, period)).toBe(expected);
  });

  it("keeps both grade 1 tables and uses the primary one", () => {
    expect(PWR_CUTOFFS_GRADE_1_PRIMARY).toEqual({ BOY: 0.652, MOY: 0.626, EOY: 0.621 });
    expect(PWR_CUTOFFS_GRADE_1_SECONDARY).toEqual({ BOY: 0.643, MOY: 0.643, EOY: 0.513 });
    expect(PWR_GRADE_1_TABLE_IN_FORCE).toBe("primary");
    expect(PWR_CUTOFFS["1"]).toBe(PWR_CUTOFFS_GRADE_1_PRIMARY);
    // 0.645 separates the two readings at BOY: risk under the primary, not under the secondary.
    expect(isPwrRisk("1", "BOY", 0.645, vi.fn())).toBe(true);
  });

  it("logs a missing cutoff and treats it as no risk", () => {
    const log = vi.fn();
    expect(isPwrRisk("PK", "BOY", 0, log)).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/No pwr cutoff for grade PK, period BOY/));
  });

  it("logs through console.warn by default", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(isPwrRisk("PK", "MOY", 0)).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe("dyslexia cutoffs (above = at risk)", () => {
  const rows: [Grade, Period, number][] = [
    ["K", "BOY", 0.161],
    ["K", "MOY", 0.168],
    ["K", "EOY", 0.152],
    ["1", "BOY", 0.171],
    ["1", "MOY", 0.123],
    ["1", "EOY", 0.127],
    ["2", "BOY", 0.144],
    ["2", "MOY", 0.134],
    ["2", "EOY", 0.166],
    ["3", "BOY", 0.144],
    ["3", "MOY", 0.177],
    ["3", "EOY", 0.328],
  ];

  it.each(rows)("grade %s %s: cutoff %s", (grade, period, cutoff) => {
    const log = vi.fn();
    expect(cutoffFor("dyslexia", grade, period)).toBe(cutoff);
    expect(isDyslexiaRisk(grade, period, cutoff + EPS, log)).toBe(true);
    expect(isDyslexiaRisk(grade, period, cutoff, log)).toBe(false);
    expect(isDyslexiaRisk(grade, period, cutoff - EPS, log)).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it("keeps both kindergarten readings and uses the per-period one", () => {
    expect(DYSLEXIA_CUTOFFS_K_FLAT).toEqual({ BOY: 0.222, MOY: 0.222, EOY: 0.222 });
    expect(DYSLEXIA_K_TABLE_IN_FORCE).toBe("by-period");
    expect(DYSLEXIA_CUTOFFS.K).toBe(DYSLEXIA_CUTOFFS_K_BY_PERIOD);
    // 0.2 separates the readings: at risk under the per-period table, not under the flat 0.222.
    expect(isDyslexiaRisk("K", "BOY", 0.2, vi.fn())).toBe(true);
  });

  it.each<Period>(["BOY", "MOY", "EOY"])("PK %s has no cutoff: logged, no risk", (period) => {
    const log = vi.fn();
    expect(isDyslexiaRisk("PK", period, 1, log)).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/No dyslexia cutoff for grade PK/));
  });
});

describe("reading readiness (below = Emerging)", () => {
  it("has a PK EOY cutoff of 0.565 only", () => {
    expect(READINESS_CUTOFFS).toEqual({ PK: { EOY: 0.565 } });
  });

  it.each<[number, "Emerging" | "Ready"]>([
    [0, "Emerging"],
    [0.565 - EPS, "Emerging"],
    [0.565, "Ready"],
    [0.9, "Ready"],
  ])("PK EOY %s → %s", (score, expected) => {
    const log = vi.fn();
    expect(readinessStatus("PK", "EOY", score, log)).toBe(expected);
    expect(isReadinessEmerging("PK", "EOY", score, log)).toBe(expected === "Emerging");
    expect(log).not.toHaveBeenCalled();
  });

  it.each<[Grade, Period]>([
    ["PK", "BOY"],
    ["PK", "MOY"],
    ["K", "EOY"],
  ])("%s %s has no cutoff: logged, not Emerging", (grade, period) => {
    const log = vi.fn();
    expect(readinessStatus(grade, period, 0, log)).toBeNull();
    expect(isReadinessEmerging(grade, period, 0, log)).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });
});
