import { describe, expect, it } from "vitest";
import { first, itemAt } from "./presence";
import type { Grade } from "./grades";
import { INVALID_CALENDAR_DATE } from "./text";
import {
  CALENDAR_MESSAGES as M,
  calendarIssues,
  calendarOf,
  gradeListProblem,
  nextSchoolYear,
  rolloverCalendar,
  sameDayNextYear,
  schoolYearBounds,
  schoolYearStart,
  standardGradeLists,
  TESTS_BY_GRADE,
  type CalendarInput,
  type CalendarYear,
} from "./screening-calendar";

const valid = (): CalendarInput => ({
  academicYear: "2026-2027",
  periods: {
    BOY: { startDate: "2026-08-15", endDate: "2026-10-31", gradeLists: { K: ["vocab", "letter-names"], "1": ["letter-ran"] } },
    MOY: { startDate: "2026-12-01", endDate: "2027-02-28", gradeLists: {} },
    EOY: { startDate: "2027-04-01", endDate: "2027-06-15" },
  },
});

/** The valid calendar with one period's fields changed. */
const withPeriod = (period: string, change: Record<string, unknown>): CalendarInput => {
  const input = valid();
  input.periods[period] = { ...input.periods[period], ...change } as CalendarInput["periods"][string];
  return input;
};

const issues = (input: CalendarInput) => calendarIssues(input).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("school years (July 1 to June 30)", () => {
  it.each<[string, number | null]>([
    ["2026-2027", 2026],
    ["2026-2028", null],
    ["2027-2026", null],
    ["2026", null],
    ["26-27", null],
    [" 2026-2027", null],
    ["1999-2000", null],
  ])("%s starts in %s", (year, start) => expect(schoolYearStart(year)).toBe(start));

  it("runs July 1 to June 30 and rolls to the next", () => {
    expect(schoolYearBounds("2026-2027")).toEqual({ start: "2026-07-01", end: "2027-06-30" });
    expect(schoolYearBounds("2026")).toBeNull();
    expect(nextSchoolYear("2026-2027")).toBe("2027-2028");
    expect(() => nextSchoolYear("x")).toThrow(RangeError);
  });
});

describe("calendarIssues", () => {
  it("accepts a valid year", () => expect(issues(valid())).toEqual([]));

  it.each<[string, CalendarInput, string[]]>([
    ["a malformed school year", { ...valid(), academicYear: "2026/27" }, [`academicYear: ${M.schoolYear}`]],
    ["a missing start", withPeriod("BOY", { startDate: "" }), [`periods.BOY.startDate: ${M.startMissing}`]],
    ["a blank end", withPeriod("EOY", { endDate: "  " }), [`periods.EOY.endDate: ${M.endMissing}`]],
    ["an impossible date", withPeriod("MOY", { endDate: "2027-02-30" }), [`periods.MOY.endDate: ${INVALID_CALENDAR_DATE}`]],
    ["a date in another format", withPeriod("MOY", { startDate: "12/01/2026" }), [`periods.MOY.startDate: ${INVALID_CALENDAR_DATE}`]],
    [
      "end before start",
      withPeriod("BOY", { startDate: "2026-09-02", endDate: "2026-09-01" }),
      [`periods.BOY.endDate: ${M.endBeforeStart}`],
    ],
    [
      "a start before July 1",
      withPeriod("BOY", { startDate: "2026-06-30" }),
      [`periods.BOY.startDate: ${M.outsideYear("2026-2027", { start: "2026-07-01", end: "2027-06-30" })}`],
    ],
    [
      "an end after June 30",
      withPeriod("EOY", { endDate: "2027-07-01" }),
      [`periods.EOY.endDate: ${M.outsideYear("2026-2027", { start: "2026-07-01", end: "2027-06-30" })}`],
    ],
    [
      "MOY overlapping BOY",
      withPeriod("MOY", { startDate: "2026-10-31" }),
      [`periods.MOY.startDate: ${M.overlap("MOY", "BOY", "2026-10-31")}`],
    ],
    [
      "EOY before MOY (out of order)",
      withPeriod("EOY", { startDate: "2026-11-01", endDate: "2026-11-20" }),
      [`periods.EOY.startDate: ${M.overlap("EOY", "MOY", "2027-02-28")}`],
    ],
    [
      "a missing period",
      { ...valid(), periods: { BOY: valid().periods.BOY, MOY: valid().periods.MOY } },
      [`periods.EOY.startDate: ${M.startMissing}`, `periods.EOY.endDate: ${M.endMissing}`],
    ],
    [
      "an unknown period",
      { ...valid(), periods: { ...valid().periods, SUMMER: { startDate: "2026-07-01" } } },
      [`periods.SUMMER: ${M.unknownPeriod}`],
    ],
    [
      "a grade that is not screened",
      withPeriod("BOY", { gradeLists: { "4": ["vocab"] } }),
      [`periods.BOY.gradeLists.4: ${M.unknownGrade}`],
    ],
    [
      "an unknown test",
      withPeriod("BOY", { gradeLists: { K: ["vocab", "' OR 1=1"] } }),
      [`periods.BOY.gradeLists.K: ${M.unknownTest("K")}`],
    ],
    [
      "a test of another grade",
      withPeriod("MOY", { gradeLists: { PK: ["letter-ran"] } }),
      [`periods.MOY.gradeLists.PK: ${M.wrongGrade("letter-ran", "PK")}`],
    ],
    [
      "a test listed twice",
      withPeriod("EOY", { gradeLists: { "2": ["rer-blending", "rer-blending"] } }),
      [`periods.EOY.gradeLists.2: ${M.duplicate("rer-blending", "2")}`],
    ],
  ])("refuses %s", (_, input, expected) => expect(issues(input)).toEqual(expected));

  it("reports every broken rule at once, each on its field", () => {
    const input = withPeriod("BOY", { startDate: "2026-13-01", endDate: "" });
    input.periods.EOY = { startDate: "2027-07-02", endDate: "2027-07-01" };
    expect(issues(input)).toEqual([
      `periods.BOY.startDate: ${INVALID_CALENDAR_DATE}`,
      `periods.BOY.endDate: ${M.endMissing}`,
      `periods.EOY.startDate: ${M.outsideYear("2026-2027", { start: "2026-07-01", end: "2027-06-30" })}`,
      `periods.EOY.endDate: ${M.outsideYear("2026-2027", { start: "2026-07-01", end: "2027-06-30" })}`,
      `periods.EOY.endDate: ${M.endBeforeStart}`,
    ]);
  });

  it("a period may start the day after the one before ends", () => {
    expect(issues(withPeriod("MOY", { startDate: "2026-11-01" }))).toEqual([]);
  });

  it("a whole school year, July 1 to June 30, is allowed", () => {
    const input = valid();
    input.periods.BOY = { startDate: "2026-07-01", endDate: "2026-07-01" };
    input.periods.EOY = { startDate: "2027-06-30", endDate: "2027-06-30" };
    expect(issues(input)).toEqual([]);
  });
});

describe("grade lists", () => {
  it("each grade's known tests come from its default lists, both kindergarten sets included", () => {
    expect(TESTS_BY_GRADE.PK).toContain("object-ran");
    expect(TESTS_BY_GRADE.PK).not.toContain("letter-ran");
    expect(TESTS_BY_GRADE.K).toEqual(expect.arrayContaining(["vocab", "rer-blending", "object-ran"]));
    expect(TESTS_BY_GRADE["1"]).toContain("letter-ran");
    expect(TESTS_BY_GRADE["3"]).toContain("rer-letter-ran");
    expect(TESTS_BY_GRADE["3"]).not.toContain("vocab");
  });

  it.each<[string, readonly string[], string | null]>([
    ["K", [], null],
    ["K", ["vocab", "rhyming"], null],
    ["2", ["rer-deletion", "vocab"], M.wrongGrade("vocab", "2")],
    ["2", ["nope"], M.unknownTest("2")],
    ["1", ["vocab", "vocab"], M.duplicate("vocab", "1")],
  ])("grade %s with %j → %s", (grade, codes, problem) => expect(gradeListProblem(grade as "K", codes)).toBe(problem));

  it("calendarOf orders the tests, trims the dates and leaves empty lists out", () => {
    const input = withPeriod("BOY", { startDate: " 2026-08-15 ", gradeLists: { K: ["vocab", "letter-names"], "2": [] } });
    const calendar = calendarOf(input);
    expect(calendar.periods.map((p) => p.periodName)).toEqual(["BOY", "MOY", "EOY"]);
    expect(calendar.periods[0]).toEqual({
      periodName: "BOY",
      startDate: "2026-08-15",
      endDate: "2026-10-31",
      gradeLists: { K: ["letter-names", "vocab"] },
    });
    expect(() => calendarOf(withPeriod("BOY", { startDate: "" }))).toThrow(RangeError);
  });
});

describe("rollover", () => {
  const year = (academicYear: string, dates: [string, string][]): CalendarYear => ({
    academicYear,
    periods: (["BOY", "MOY", "EOY"] as const).map((periodName, i) => {
      const [startDate, endDate] = itemAt(dates, i, `the dates of ${periodName}`);
      return { periodName, startDate, endDate, gradeLists: { K: ["vocab"] } };
    }),
  });
  const y2026 = year("2026-2027", [
    ["2026-08-15", "2026-10-31"],
    ["2026-12-01", "2027-02-28"],
    ["2027-04-01", "2027-06-15"],
  ]);

  it.each<[string, "start" | "end", string]>([
    ["2026-08-15", "start", "2027-08-15"],
    ["2027-02-28", "end", "2028-02-28"],
    ["2028-02-29", "end", "2029-02-28"],
    ["2028-02-29", "start", "2029-03-01"],
    ["2027-12-31", "start", "2028-12-31"],
  ])("%s as a %s → %s", (date, end, expected) => expect(sameDayNextYear(date, end)).toBe(expected));

  it("starts the year after the latest, same days, same tests", () => {
    const result = rolloverCalendar(
      [
        year("2025-2026", [
          ["2025-08-15", "2025-10-31"],
          ["2025-12-01", "2026-02-28"],
          ["2026-04-01", "2026-06-15"],
        ]),
        y2026,
      ],
      "2027-2028",
    );
    expect(result).toEqual({
      ok: true,
      calendar: year("2027-2028", [
        ["2027-08-15", "2027-10-31"],
        ["2027-12-01", "2028-02-28"],
        ["2028-04-01", "2028-06-15"],
      ]),
    });
    // The copy is the new year's own: changing it leaves the latest year as it was.
    if (result.ok) first(result.calendar.periods).gradeLists.K!.push("rhyming");
    expect(y2026.periods[0]?.gradeLists.K).toEqual(["vocab"]);
  });

  it("a leap day keeps the windows apart and within the year", () => {
    const leap = year("2027-2028", [
      ["2027-08-15", "2027-10-31"],
      ["2027-12-01", "2028-02-28"],
      ["2028-02-29", "2028-06-15"],
    ]);
    const result = rolloverCalendar([leap], "2028-2029");
    if (!result.ok) throw new Error(result.message);
    expect(result.calendar.periods.map((p) => [p.startDate, p.endDate])).toEqual([
      ["2028-08-15", "2028-10-31"],
      ["2028-12-01", "2029-02-28"],
      ["2029-03-01", "2029-06-15"],
    ]);
    const asInput: CalendarInput = {
      academicYear: result.calendar.academicYear,
      periods: Object.fromEntries(result.calendar.periods.map((p) => [p.periodName, p])),
    };
    expect(issues(asInput)).toEqual([]);
  });

  it.each<[string, CalendarYear[], string, string]>([
    ["the year exists", [y2026], "2026-2027", M.yearExists("2026-2027")],
    ["there is nothing to start from", [], "2026-2027", M.nothingToRollOver],
    ["the target skips a year", [y2026], "2028-2029", M.notNextYear("2027-2028")],
    ["the target is before the latest", [y2026], "2025-2026", M.notNextYear("2027-2028")],
  ])("is refused when %s", (_, years, target, message) => {
    expect(rolloverCalendar(years, target)).toEqual({ ok: false, status: 409, message });
  });
});

describe("the standard calendar's tests", () => {
  const plain = standardGradeLists({ rerKindergarten: false });
  const rer = standardGradeLists({ rerKindergarten: true });

  it.each<[string, Grade, string, string]>([
    // The RAN each grade takes (spec 001 §9): object RAN for PK and K, letter RAN for grade 1, RER letter RAN for grades 2 and 3.
    ["PK", "PK", "object-ran", "letter-ran"],
    ["K", "K", "object-ran", "letter-ran"],
    ["grade 1", "1", "letter-ran", "object-ran"],
    ["grade 2", "2", "rer-letter-ran", "letter-ran"],
    ["grade 3", "3", "rer-letter-ran", "letter-ran"],
  ])("%s takes %s, not %s, in every period", (_, grade, takes, not) => {
    for (const period of ["BOY", "MOY", "EOY"] as const) {
      expect(plain[period][grade]).toContain(takes);
      expect(plain[period][grade]).not.toContain(not);
    }
  });

  it("screens every grade in every period with the same tests, and passes the calendar's own rules", () => {
    for (const grade of ["PK", "K", "1", "2", "3"] as const) {
      expect(plain.BOY[grade]!.length).toBeGreaterThan(0);
      expect(plain.MOY[grade]).toEqual(plain.BOY[grade]);
      expect(plain.EOY[grade]).toEqual(plain.BOY[grade]);
    }
    const input: CalendarInput = {
      academicYear: "2026-2027",
      periods: {
        BOY: { startDate: "2026-08-15", endDate: "2026-10-31", gradeLists: plain.BOY },
        MOY: { startDate: "2026-12-01", endDate: "2027-02-28", gradeLists: plain.MOY },
        EOY: { startDate: "2027-04-01", endDate: "2027-06-15", gradeLists: plain.EOY },
      },
    };
    expect(issues(input)).toEqual([]);
    // Saved, it is stored as it is: lists in the calendar's order.
    expect(calendarOf(input).periods.map((p) => p.gradeLists)).toEqual([plain.BOY, plain.MOY, plain.EOY]);
  });

  it("flag rer-kindergarten switches kindergarten to the RER set and leaves the other grades", () => {
    expect(rer.BOY.K).toContain("rer-blending");
    expect(plain.BOY.K).not.toContain("rer-blending");
    for (const grade of ["PK", "1", "2", "3"] as const) expect(rer.BOY[grade]).toEqual(plain.BOY[grade]);
  });
});
