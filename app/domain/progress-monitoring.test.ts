import { describe, expect, it } from "vitest";
import {
  ADVICE_TEXT,
  decide,
  goalAt,
  NO_GOAL_TEXT,
  parseTargetLines,
  targetLineMessage,
  targetLines,
  progressChart,
  schoolYearPeriods,
  sideOfGoal,
  trendLine,
  weekStartOf,
  type DatedValue,
  type GoalLine,
  type ProgressConfig,
} from "./progress-monitoring";
import { GoalTargetsShape, ProbeInput, DecisionRuleShape } from "./progress-monitoring-input";

const pts = (...pairs: [string, number][]): DatedValue[] => pairs.map(([date, value]) => ({ date, value }));

describe("weekStartOf: weeks run Monday to Sunday", () => {
  it.each([
    ["2026-11-23", "2026-11-23"], // Monday
    ["2026-11-25", "2026-11-23"], // Wednesday
    ["2026-11-29", "2026-11-23"], // Sunday belongs to the week before
    ["2026-11-30", "2026-11-30"], // the next Monday starts a new week
    ["2027-01-01", "2026-12-28"], // across a year
  ])("%s is in the week of %s", (date, monday) => {
    expect(weekStartOf(date)).toBe(monday);
  });
});

describe("trendLine: ordinary least squares over the dates", () => {
  it.each([
    { name: "two points: no trend yet", points: pts(["2026-01-05", 3], ["2026-01-12", 5]), want: null },
    {
      name: "flat",
      points: pts(["2026-01-05", 7], ["2026-01-12", 7], ["2026-01-19", 7]),
      want: { from: { date: "2026-01-05", value: 7 }, to: { date: "2026-01-19", value: 7 }, slopePerWeek: 0 },
    },
    {
      name: "two letters a week, on the line",
      points: pts(["2026-01-05", 4], ["2026-01-12", 6], ["2026-01-19", 8], ["2026-01-26", 10]),
      want: { from: { date: "2026-01-05", value: 4 }, to: { date: "2026-01-26", value: 10 }, slopePerWeek: 2 },
    },
    {
      name: "negative: three seconds faster a week (RAN)",
      points: pts(["2026-01-05", 60], ["2026-01-12", 57], ["2026-01-19", 54]),
      want: { from: { date: "2026-01-05", value: 60 }, to: { date: "2026-01-19", value: 54 }, slopePerWeek: -3 },
    },
    {
      name: "uneven dates: x is days, not the points' order",
      // 1 a day: day 0 → 0, day 2 → 2, day 9 → 9 (a gap of a week between the last two).
      points: pts(["2026-01-05", 0], ["2026-01-07", 2], ["2026-01-14", 9]),
      want: { from: { date: "2026-01-05", value: 0 }, to: { date: "2026-01-14", value: 9 }, slopePerWeek: 7 },
    },
    {
      name: "scattered points: the least-squares fit",
      // x = 0, 7, 14; y = 1, 5, 3 → slope 1/7 a day (1 a week), mean 3 at x = 7.
      points: pts(["2026-01-05", 1], ["2026-01-12", 5], ["2026-01-19", 3]),
      want: { from: { date: "2026-01-05", value: 2 }, to: { date: "2026-01-19", value: 4 }, slopePerWeek: 1 },
    },
    {
      name: "given out of order",
      points: pts(["2026-01-19", 8], ["2026-01-05", 4], ["2026-01-12", 6]),
      want: { from: { date: "2026-01-05", value: 4 }, to: { date: "2026-01-19", value: 8 }, slopePerWeek: 2 },
    },
    { name: "every point on one date: no slope", points: pts(["2026-01-05", 1], ["2026-01-05", 2], ["2026-01-05", 3]), want: null },
  ])("$name", ({ points, want }) => {
    expect(trendLine(points)).toEqual(want);
  });
});

// A goal line from 10 letters on Jan 5 to 24 on Jan 19 (+1 a day).
const goal: GoalLine = {
  from: { date: "2026-01-05", value: 10, period: "BOY" },
  to: { date: "2026-01-19", value: 24, period: "MOY" },
  source: "Riverside USD progress targets, 2026",
};
const rule = { consecutivePoints: 4, source: "Riverside USD MTSS handbook, p. 12" };

describe("goalAt and sideOfGoal", () => {
  it("reads the line between and past its ends", () => {
    expect(goalAt(goal, "2026-01-05")).toBe(10);
    expect(goalAt(goal, "2026-01-12")).toBe(17);
    expect(goalAt(goal, "2026-01-26")).toBe(31);
  });
  it.each([
    { value: 16, higherIsBetter: true, want: -1 },
    { value: 17, higherIsBetter: true, want: 0 },
    { value: 18, higherIsBetter: true, want: 1 },
    // Seconds: more is slower, so short of the goal.
    { value: 18, higherIsBetter: false, want: -1 },
    { value: 16, higherIsBetter: false, want: 1 },
  ])("$value on Jan 12 (higher is better: $higherIsBetter) → $want", ({ value, higherIsBetter, want }) => {
    expect(sideOfGoal(goal, { date: "2026-01-12", value }, higherIsBetter)).toBe(want);
  });
});

describe("decide: the decision rule in words", () => {
  // Goal on Jan 6..9: 11, 12, 13, 14.
  const below = pts(["2026-01-06", 10], ["2026-01-07", 11], ["2026-01-08", 12], ["2026-01-09", 13]);
  const above = pts(["2026-01-06", 12], ["2026-01-07", 13], ["2026-01-08", 14], ["2026-01-09", 15]);
  it.each([
    { name: "exactly N below: change the support", points: below, want: "change-support" },
    { name: "exactly N above: raise the goal", points: above, want: "raise-goal" },
    { name: "N-1 below, then one above: nothing", points: [...below.slice(0, 3), { date: "2026-01-09", value: 15 }], want: null },
    {
      name: "N-1 below, one on the line: a tie breaks the run",
      points: [...below.slice(0, 3), { date: "2026-01-09", value: 14 }],
      want: null,
    },
    { name: "fewer than N points: nothing", points: below.slice(0, 3), want: null },
    {
      name: "only the last N count: an early point above does not break a later run",
      points: [{ date: "2026-01-05", value: 30 }, ...below],
      want: "change-support",
    },
    {
      name: "points before the goal line's start do not count",
      points: [{ date: "2026-01-01", value: 0 }, ...below.slice(1)],
      want: null,
    },
  ])("$name", ({ points, want }) => {
    expect(decide(points, goal, rule, true)?.kind ?? null).toBe(want);
  });

  it("names the rule's source and says it in the spec's words", () => {
    expect(decide(below, goal, rule, true)).toEqual({
      kind: "change-support",
      text: ADVICE_TEXT["change-support"],
      because: "The last 4 points are below the goal line.",
      source: rule.source,
    });
    expect(ADVICE_TEXT).toEqual({ "change-support": "Consider changing the support", "raise-goal": "Consider raising the goal" });
  });

  it("seconds: slower than the goal line is short of it", () => {
    const ran: GoalLine = { ...goal, from: { ...goal.from, value: 60 }, to: { ...goal.to, value: 46 } }; // −1 s a day
    const slow = pts(["2026-01-06", 60], ["2026-01-07", 59], ["2026-01-08", 58], ["2026-01-09", 57]);
    expect(decide(slow, ran, rule, false)?.kind).toBe("change-support");
  });

  it("not configured: no rule or no goal line gives no advice", () => {
    expect(decide(below, goal, null, true)).toBeNull();
    expect(decide(below, null, rule, true)).toBeNull();
  });
});

describe("progressChart: one measure's goal line, trend and advice", () => {
  const periods = [
    { periodName: "BOY" as const, startDate: "2025-09-01", endDate: "2025-10-15" },
    { periodName: "MOY" as const, startDate: "2026-01-12", endDate: "2026-02-13" },
    { periodName: "EOY" as const, startDate: "2026-05-04", endDate: "2026-06-05" },
  ];
  const configured: ProgressConfig = {
    goalTargets: { source: "District targets 2025", targets: [{ measure: "letter-names", grade: "K", period: "MOY", target: 20 }] },
    decisionRule: { consecutivePoints: 3, source: "District handbook" },
  };
  const probes = [
    { probeId: "a", date: "2025-10-27", value: 8, label: "8 of 26 letters" },
    { probeId: "b", date: "2025-11-03", value: 8, label: "8 of 26 letters" },
    { probeId: "c", date: "2025-11-10", value: 9, label: "9 of 26 letters" },
  ];
  const base = {
    measure: "letter-names" as const,
    grade: "K",
    periods,
    benchmarks: [{ period: "BOY" as const, date: "2025-09-10", value: 6 }],
    probes,
    today: "2025-11-12",
  };

  it("nothing configured: the probes, the trend, the words 'No goal line', no advice", () => {
    const chart = progressChart({ ...base, config: { goalTargets: null, decisionRule: null } });
    expect(chart.goal).toBeNull();
    expect(chart.noGoal).toBe("No goal line: the district has not set a target for Letter Names, grade K, MOY.");
    expect(chart.points).toHaveLength(3);
    expect(chart.trend).not.toBeNull();
    expect(chart.advice).toBeNull();
  });

  it("configured: the goal line runs from the last benchmark to the next period's target", () => {
    const chart = progressChart({ ...base, config: configured });
    expect(chart.goal).toEqual({
      from: { date: "2025-09-10", value: 6, period: "BOY" },
      to: { date: "2026-01-12", value: 20, period: "MOY" },
      source: "District targets 2025",
    });
    expect(chart.noGoal).toBeNull();
    expect(chart.advice?.kind).toBe("change-support");
    expect(chart.advice?.source).toBe("District handbook");
  });

  it("no benchmark score yet, or none after the last one", () => {
    expect(progressChart({ ...base, benchmarks: [], config: configured }).noGoal).toBe(NO_GOAL_TEXT.noBenchmark("letter-names"));
    const eoy = { period: "EOY" as const, date: "2026-05-10", value: 20 };
    expect(progressChart({ ...base, benchmarks: [eoy], today: "2026-05-20", config: configured }).noGoal).toBe(
      NO_GOAL_TEXT.noNextBenchmark,
    );
    expect(progressChart({ ...base, periods: [], config: configured }).noGoal).toBe(NO_GOAL_TEXT.noCalendar);
  });

  it("RAN's axis reaches past the slowest figure; letters' axis is the test's letters", () => {
    const ran = progressChart({ ...base, measure: "ran", benchmarks: [], config: configured, probes: [{ ...probes[0]!, value: 83 }] });
    expect(ran.scale).toEqual({ min: 0, max: 100 });
    expect(progressChart({ ...base, config: configured }).scale).toEqual({ min: 0, max: 26 });
  });
});

describe("schoolYearPeriods", () => {
  const p = (academicYear: string, periodName: "BOY" | "MOY" | "EOY", startDate: string, endDate: string) => ({
    academicYear,
    periodName,
    startDate,
    endDate,
  });
  const periods = [
    p("2024-2025", "BOY", "2024-09-01", "2024-10-01"),
    p("2024-2025", "EOY", "2025-05-01", "2025-06-01"),
    p("2025-2026", "BOY", "2025-09-01", "2025-10-01"),
  ];
  it.each([
    ["2025-09-15", "2025-2026"],
    ["2025-07-15", "2024-2025"], // the summer: the year that last started
    ["2020-01-01", "2024-2025"], // before everything: the earliest
  ])("%s → %s", (today, year) => {
    expect(new Set(schoolYearPeriods(periods, today).map((x) => x.academicYear))).toEqual(new Set([year]));
  });
});

describe("inputs", () => {
  it.each([
    { body: { measure: "letter-names", date: "2026-01-05", correct: ["LN_A"] }, ok: true },
    { body: { measure: "ran", date: "2026-01-05", secs: 41.5, errors: 2 }, ok: true },
    { body: { measure: "ran", date: "2026-01-05", secs: 41.5 }, ok: false },
    { body: { measure: "ran", date: "2026-01-05", secs: 0, errors: 0 }, ok: false },
    { body: { measure: "letter-sounds", date: "2026-01-05", secs: 3 }, ok: false },
    { body: { measure: "letter-names", date: "2026-02-30", correct: [] }, ok: false },
  ])("probe $body → $ok", ({ body, ok }) => {
    expect(ProbeInput.safeParse(body).success).toBe(ok);
  });

  it.each([
    { value: { source: "S", targets: [{ measure: "letter-names", grade: "K", period: "MOY", target: 20 }] }, ok: true },
    { value: { source: "S", targets: [{ measure: "letter-names", grade: "K", period: "MOY", target: 27 }] }, ok: false },
    { value: { source: "S", targets: [{ measure: "letter-sounds", grade: "K", period: "MOY", target: 29 }] }, ok: true },
    { value: { source: "S", targets: [{ measure: "ran", grade: "1", period: "EOY", target: 45.5 }] }, ok: true },
    { value: { source: " ", targets: [{ measure: "ran", grade: "1", period: "EOY", target: 45 }] }, ok: false },
    {
      value: {
        source: "S",
        targets: [
          { measure: "ran", grade: "1", period: "EOY", target: 45 },
          { measure: "ran", grade: "1", period: "EOY", target: 40 },
        ],
      },
      ok: false,
    },
  ])("targets $value → $ok", ({ value, ok }) => {
    expect(GoalTargetsShape.safeParse(value).success).toBe(ok);
  });

  it.each([
    [{ consecutivePoints: 4, source: "Handbook" }, true],
    [{ consecutivePoints: 1, source: "Handbook" }, false],
    [{ consecutivePoints: 4.5, source: "Handbook" }, false],
    [{ consecutivePoints: 4, source: "" }, false],
  ])("rule %j → %s", (value, ok) => {
    expect(DecisionRuleShape.safeParse(value).success).toBe(ok);
  });
});

describe("parseTargetLines: the district form's targets", () => {
  it.each([
    {
      text: "letter-names, K, MOY, 20\n\nran, 1, eoy, 45.5",
      want: {
        targets: [
          { measure: "letter-names", grade: "K", period: "MOY", target: 20 },
          { measure: "ran", grade: "1", period: "EOY", target: 45.5 },
        ],
      },
    },
    { text: "letter-names K MOY 20", want: { errors: [targetLineMessage(1)] } },
    {
      text: "letter-names, K, MOY, 20\nspelling, K, MOY, 3\nran, 4, BOY, 10",
      want: { errors: [targetLineMessage(2), targetLineMessage(3)] },
    },
    { text: "", want: { targets: [] } },
  ])("$text", ({ text, want }) => {
    expect(parseTargetLines(text)).toEqual(want);
  });

  it("writes them back as it reads them", () => {
    const targets = [{ measure: "letter-sounds" as const, grade: "PK" as const, period: "EOY" as const, target: 12 }];
    expect(parseTargetLines(targetLines(targets))).toEqual({ targets });
  });
});
