import { describe, expect, it } from "vitest";
import { dayNumber, isDateInRange, isInstantInRange, localIsoDate } from "./calendar-date";

describe("dayNumber", () => {
  it.each([
    ["1970-01-01", 0],
    ["1970-01-02", 1],
    ["2024-03-01", dayNumber("2024-02-29") + 1],
    ["2026-03-09", dayNumber("2026-03-08") + 1], // US daylight-saving change does not matter
    ["0001-01-01", -719162], // years 0 to 99 are themselves, not 1900 to 1999
    ["0000-03-01", dayNumber("0000-02-29") + 1], // year 0 (1 BC) is a leap year
  ])("%s → %i", (date, expected) => {
    expect(dayNumber(date)).toBe(expected);
  });

  it.each(["2026-02-30", "2025-02-29", "2026-13-01", "2026-1-1", "01/02/2026", ""])("rejects %s", (date) => {
    expect(() => dayNumber(date)).toThrow(RangeError);
  });
});

describe("localIsoDate", () => {
  it("uses the local calendar day, late in the evening too", () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(localIsoDate(new Date(2026, 11, 31, 0, 0))).toBe("2026-12-31");
  });
});

describe("the dates the API takes (1900-01-01 to 2199-12-31)", () => {
  it.each([
    ["1900-01-01", true],
    ["2199-12-31", true],
    ["2026-01-14", true],
    ["1899-12-31", false],
    ["2200-01-01", false],
    ["0000-01-01", false],
    ["0099-06-01", false],
    ["9999-12-31", false],
    ["2026-02-30", false],
    ["nonsense", false],
  ])("date %s → %s", (date, expected) => {
    expect(isDateInRange(date)).toBe(expected);
  });

  it.each([
    ["2026-01-14T09:00:00Z", true],
    ["1900-01-01T00:00:00Z", true],
    ["2199-12-31T23:59:59Z", true],
    ["0000-01-01T00:00:00Z", false],
    ["1899-12-31T23:59:59Z", false],
    ["2199-12-31T23:00:00-05:00", false], // 2200 in UTC
    ["9999-12-31T23:59:59Z", false],
    ["yesterday", false],
  ])("instant %s → %s", (instant, expected) => {
    expect(isInstantInRange(instant)).toBe(expected);
  });
});
