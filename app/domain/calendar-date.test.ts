import { describe, expect, it } from "vitest";
import { dayNumber, localIsoDate } from "./calendar-date";

describe("dayNumber", () => {
  it.each([
    ["1970-01-01", 0],
    ["1970-01-02", 1],
    ["2024-03-01", dayNumber("2024-02-29") + 1],
    ["2026-03-09", dayNumber("2026-03-08") + 1], // US daylight-saving change does not matter
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
