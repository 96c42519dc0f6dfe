import { describe, expect, it } from "vitest";
import { PERIOD_LABELS, academicYearOf, currentPeriod, isPeriod, periodInclusion, type Period, type PeriodRange } from "./periods";

const YEAR: PeriodRange[] = [
  { periodName: "BOY", startDate: "2026-08-15", endDate: "2026-10-31" },
  { periodName: "MOY", startDate: "2026-12-01", endDate: "2027-02-28" },
  { periodName: "EOY", startDate: "2027-04-01", endDate: "2027-06-15" },
];

describe("currentPeriod", () => {
  it.each<[string, Period]>([
    ["2026-08-15", "BOY"], // first day
    ["2026-10-31", "BOY"], // last day
    ["2026-11-01", "BOY"], // the extra grace day
    ["2026-11-02", "BOY"], // gap: most recent past period
    ["2026-11-30", "BOY"],
    ["2026-12-01", "MOY"],
    ["2027-03-01", "MOY"], // grace day after Feb 28
    ["2027-03-02", "MOY"],
    ["2027-04-01", "EOY"],
    ["2027-06-16", "EOY"],
    ["2027-06-17", "EOY"], // summer: most recent past period
    ["2026-08-14", "BOY"], // before everything: the first period
    ["2020-01-01", "BOY"],
  ])("on %s → %s", (today, expected) => {
    expect(currentPeriod(YEAR, today)?.periodName).toBe(expected);
  });

  it("does not depend on the order of the list", () => {
    const shuffled = [...YEAR.slice(2), ...YEAR.slice(0, 2)]; // EOY, BOY, MOY
    expect(currentPeriod(shuffled, "2026-12-05")?.periodName).toBe("MOY");
    expect(currentPeriod(shuffled, "2026-01-01")?.periodName).toBe("BOY");
    expect(currentPeriod(shuffled, "2026-11-15")?.periodName).toBe("BOY");
  });

  it("lets the period that has started win the overlapping grace day", () => {
    const back2back: PeriodRange[] = [
      { periodName: "BOY", startDate: "2026-08-01", endDate: "2026-11-30" },
      { periodName: "MOY", startDate: "2026-12-01", endDate: "2027-03-31" },
    ];
    expect(currentPeriod(back2back, "2026-11-30")?.periodName).toBe("BOY");
    expect(currentPeriod(back2back, "2026-12-01")?.periodName).toBe("MOY");
  });

  it("returns the caller's own object (extra fields kept)", () => {
    const withId = YEAR.map((p, i) => ({ ...p, id: i }));
    expect(currentPeriod(withId, "2027-01-10")).toBe(withId[1]);
  });

  it("returns null for no periods", () => {
    expect(currentPeriod([], "2026-01-01")).toBeNull();
  });

  it("rejects a malformed date", () => {
    expect(() => currentPeriod(YEAR, "2026-13-40")).toThrow(RangeError);
  });
});

describe("periodInclusion", () => {
  it.each<[Period, Period[]]>([
    ["BOY", ["BOY"]],
    ["MOY", ["MOY", "BOY"]],
    ["EOY", ["EOY", "MOY", "BOY"]],
  ])("%s → %j", (period, expected) => {
    expect(periodInclusion(period)).toEqual(expected);
  });
});

describe("PERIOD_LABELS", () => {
  it("uses the selector texts", () => {
    expect(PERIOD_LABELS).toEqual({
      BOY: "Beginning of Year (BOY)",
      MOY: "Middle of Year (MOY)",
      EOY: "End of Year (EOY)",
    });
  });
});

describe("isPeriod", () => {
  it.each<[unknown, boolean]>([
    ["BOY", true],
    ["EOY", true],
    ["boy", false],
    [undefined, false],
  ])("%s → %s", (value, expected) => {
    expect(isPeriod(value)).toBe(expected);
  });
});

describe("academicYearOf", () => {
  it.each([
    ["2026-07-01", "2026-2027"],
    ["2026-06-30", "2025-2026"],
    ["2027-06-30", "2026-2027"],
    ["2026-12-31", "2026-2027"],
    ["2027-01-01", "2026-2027"],
  ])("%s → %s", (date, expected) => {
    expect(academicYearOf(date)).toBe(expected);
  });

  it("rejects a malformed date", () => {
    expect(() => academicYearOf("2026/07/01")).toThrow(RangeError);
  });
});
