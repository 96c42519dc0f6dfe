import { describe, expect, it, vi } from "vitest";
import type { Grade } from "./grades";
import type { Period } from "./periods";
import { PWR_LEGEND, RISK_CATEGORY_LABELS, pwrBand, riskCategory, type RiskCategory, type RiskFlags } from "./risk-category";

describe("riskCategory", () => {
  it.each<[boolean, boolean, RiskCategory, string]>([
    [true, true, "high-risk", "Low performance"],
    [true, false, "moderate-risk", "Moderate performance"],
    [false, true, "moderate-risk", "Moderate performance"],
    [false, false, "low-risk", "High performance"],
  ])("pwrRisk=%s dyslexiaRisk=%s → %s (%s)", (pwrRisk, dyslexiaRisk, category, label) => {
    const report = vi.fn();
    expect(riskCategory({ pwrRisk, dyslexiaRisk }, report)).toEqual({ category, label, valid: true });
    expect(report).not.toHaveBeenCalled();
  });

  it.each<RiskFlags>([
    { pwrRisk: null, dyslexiaRisk: true },
    { pwrRisk: null, dyslexiaRisk: false },
    { pwrRisk: true, dyslexiaRisk: null },
    { pwrRisk: false, dyslexiaRisk: null },
    { pwrRisk: null, dyslexiaRisk: null },
  ])("invalid %j → Moderate, reported", (flags) => {
    const report = vi.fn();
    expect(riskCategory(flags, report)).toEqual({
      category: "moderate-risk",
      label: "Moderate performance",
      valid: false,
    });
    expect(report).toHaveBeenCalledTimes(1);
    const reported = report.mock.calls[0]?.[0];
    expect(reported).toBeInstanceOf(Error);
    expect(String(reported?.message)).toMatch(/Invalid risk combination/);
  });

  it("rejects values that are not booleans even if truthy", () => {
    const report = vi.fn();
    const flags = { pwrRisk: 1, dyslexiaRisk: 0 } as unknown as RiskFlags;
    expect(riskCategory(flags, report).valid).toBe(false);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it("reports through console.error by default", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    riskCategory({ pwrRisk: null, dyslexiaRisk: null });
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it("inverts the labels", () => {
    expect(RISK_CATEGORY_LABELS).toEqual({
      "high-risk": "Low performance",
      "moderate-risk": "Moderate performance",
      "low-risk": "High performance",
    });
  });
});

describe("PWR legend", () => {
  // grade, period, High upper edge, Moderate upper edge — straight from spec 001 §9
  const rows: [Grade, Period, number, number][] = [
    ["1", "BOY", 34, 65],
    ["1", "MOY", 34, 62],
    ["1", "EOY", 20, 62],
    ["2", "BOY", 43, 61],
    ["2", "MOY", 39, 56],
    ["2", "EOY", 28, 53],
    ["3", "BOY", 43, 49],
    ["3", "MOY", 44, 46],
    ["3", "EOY", 6, 60],
  ];

  it.each(rows)("grade %s %s: High 0-%i, Moderate to %i, Low to 100", (grade, period, high, moderate) => {
    expect(PWR_LEGEND[grade]?.[period]).toEqual({
      High: [0, high],
      Moderate: [high, moderate],
      Low: [moderate, 100],
    });
    expect(pwrBand(grade, period, 0)).toBe("High");
    expect(pwrBand(grade, period, high - 0.5)).toBe("High");
    expect(pwrBand(grade, period, high)).toBe("Moderate");
    expect(pwrBand(grade, period, moderate - 0.5)).toBe("Moderate");
    expect(pwrBand(grade, period, moderate)).toBe("Low");
    expect(pwrBand(grade, period, 100)).toBe("Low");
  });

  it.each<[Grade, Period]>([
    ["PK", "BOY"],
    ["K", "MOY"],
  ])("has no legend for %s %s", (grade, period) => {
    expect(pwrBand(grade, period, 50)).toBeNull();
  });

  it.each([-1, 100.5, Number.NaN])("rejects percent %s", (percent) => {
    expect(() => pwrBand("1", "BOY", percent)).toThrow(RangeError);
  });
});
