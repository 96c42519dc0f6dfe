import { describe, expect, it } from "vitest";
import { addCalendarDays, addSchoolDays, daysBetween, deadlineAfter, isSchoolDay, isWeekend } from "./follow-up-days";

// November 2026: Thursday 26 is Thanksgiving, Friday 27 the day after; 28–29 a weekend.
const THANKSGIVING = new Set(["2026-11-26", "2026-11-27"]);
const NONE = new Set<string>();

describe("weekends and school days", () => {
  it.each([
    ["2026-11-28", true], // Saturday
    ["2026-11-29", true], // Sunday
    ["2026-11-30", false], // Monday
    ["2026-11-27", false], // Friday
    ["1969-12-28", true], // a Sunday before day 0
  ])("%s is a weekend day: %s", (date, weekend) => {
    expect(isWeekend(date)).toBe(weekend);
  });

  it("a listed holiday on a weekday is no school day", () => {
    expect(isSchoolDay("2026-11-26", THANKSGIVING)).toBe(false);
    expect(isSchoolDay("2026-11-25", THANKSGIVING)).toBe(true);
  });
});

describe("addSchoolDays: day 0 is the date, each later school day counts one", () => {
  it.each<[string, number, ReadonlySet<string>, string]>([
    ["2026-11-23", 0, NONE, "2026-11-23"],
    ["2026-11-23", 1, NONE, "2026-11-24"], // Monday → Tuesday
    ["2026-11-20", 1, NONE, "2026-11-23"], // Friday → Monday
    ["2026-11-21", 1, NONE, "2026-11-23"], // a flag on Saturday: Monday is the first school day
    ["2026-11-23", 5, NONE, "2026-11-30"], // a full week
    // straddling the holiday: Tue 24, Wed 25, (Thu 26, Fri 27 off), Mon 30, Tue Dec 1
    ["2026-11-23", 4, THANKSGIVING, "2026-12-01"],
    ["2026-11-23", 4, NONE, "2026-11-27"],
    ["2026-11-25", 1, THANKSGIVING, "2026-11-30"],
    ["2026-12-28", 3, NONE, "2026-12-31"], // across no year end yet
    ["2026-12-31", 1, NONE, "2027-01-01"], // into the new year
  ])("%s + %i school days = %s", (from, days, off, expected) => {
    expect(addSchoolDays(from, days, off)).toBe(expected);
  });

  it("refuses a negative or fractional count", () => {
    expect(() => addSchoolDays("2026-11-23", -1, NONE)).toThrow(RangeError);
    expect(() => addSchoolDays("2026-11-23", 1.5, NONE)).toThrow(RangeError);
  });
});

describe("deadlineAfter", () => {
  it.each<[string, number | null, "calendar" | "school", ReadonlySet<string>, string | null]>([
    ["2026-11-20", 30, "calendar", THANKSGIVING, "2026-12-20"], // calendar days ignore holidays and weekends
    ["2026-11-20", 30, "school", NONE, "2027-01-01"],
    ["2026-11-20", 30, "school", THANKSGIVING, "2027-01-05"], // two holidays push it two school days
    ["2026-02-27", 2, "calendar", NONE, "2026-03-01"],
    ["2028-02-28", 1, "calendar", NONE, "2028-02-29"], // leap year
    ["2026-11-20", null, "calendar", NONE, null], // no figure: not set
    ["2026-11-20", null, "school", THANKSGIVING, null],
  ])("%s + %s %s days = %s", (from, days, count, off, expected) => {
    expect(deadlineAfter(from, days, count, off)).toBe(expected);
  });

  it("calendar-day arithmetic agrees with daysBetween", () => {
    expect(daysBetween("2026-11-20", addCalendarDays("2026-11-20", 30))).toBe(30);
    expect(daysBetween("2026-12-01", "2026-11-30")).toBe(-1);
  });
});
