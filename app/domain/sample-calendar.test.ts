import { describe, expect, it } from "vitest";
import { sampleCalendar, sampleTestDay } from "./sample-calendar";
import { calendarIssues } from "./screening-calendar";
import { PERIODS } from "./periods";

describe("sampleCalendar", () => {
  it.each([
    // Late enough in the year: the ideal offsets.
    ["2027-03-15", { BOY: ["2026-08-27", "2026-11-14"], MOY: ["2026-11-15", "2027-02-12"], EOY: ["2027-02-13", "2027-05-14"] }],
    // November: BOY and MOY shrink towards July 1.
    ["2026-11-25", { BOY: ["2026-07-01", "2026-07-27"], MOY: ["2026-07-28", "2026-10-25"], EOY: ["2026-10-26", "2027-01-24"] }],
    // June: EOY stops on June 30.
    ["2027-06-20", { BOY: ["2026-12-02", "2027-02-19"], MOY: ["2027-02-20", "2027-05-20"], EOY: ["2027-05-21", "2027-06-30"] }],
    // Three days into the year: one-day BOY and MOY.
    ["2026-07-03", { BOY: ["2026-07-01", "2026-07-01"], MOY: ["2026-07-02", "2026-07-02"], EOY: ["2026-07-03", "2026-09-01"] }],
  ])("on %s", (today, expected) => {
    const { windows } = sampleCalendar(today);
    for (const period of PERIODS) expect([windows[period].start, windows[period].end], period).toEqual(expected[period]);
  });

  // Every day of two school years (a leap year among them) obeys the calendar's own rules, and
  // from July 3 on today is inside EOY.
  it("always passes the screening calendar's rules", () => {
    for (let day = Date.UTC(2027, 6, 1); day <= Date.UTC(2029, 5, 30); day += 86_400_000) {
      const today = new Date(day).toISOString().slice(0, 10);
      const { academicYear, windows } = sampleCalendar(today);
      const periods = Object.fromEntries(PERIODS.map((p) => [p, { startDate: windows[p].start, endDate: windows[p].end }]));
      expect(calendarIssues({ academicYear, periods }), today).toEqual([]);
      if (today.slice(5) !== "07-01" && today.slice(5) !== "07-02") {
        expect(windows.EOY.start <= today && today <= windows.EOY.end, today).toBe(true);
      }
    }
  });
});

describe("sampleTestDay", () => {
  const window = { start: "2026-10-26", end: "2027-01-23" };
  it.each([
    [5, "2026-11-25", "2026-10-31"],
    [40, "2026-11-25", "2026-11-25"], // never after today
    [200, "2027-03-01", "2027-01-23"], // never after the window
    [3, "2026-10-20", "2026-10-26"], // never before the window
  ])("offset %i on %s is %s", (offset, today, expected) => expect(sampleTestDay(window, offset, today)).toBe(expected));
});
