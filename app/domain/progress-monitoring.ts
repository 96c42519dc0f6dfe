import { letterItems, ranTestFor, type TestCode } from "./assessments";
import { dayNumber, type IsoDate } from "./calendar-date";
import { addCalendarDays } from "./follow-up-days";
import { gradeInText, isGrade, type Grade } from "./grades";
import { PERIODS, type Period } from "./periods";

// Progress monitoring between benchmarks (issue 39 items 5, 6; docs/features/progress-monitoring.md):
// the probes a teacher gives between screenings, the goal line from the last benchmark to the
// next benchmark's target, the ordinary-least-squares trend and the decision rule in words.
// No spec gives a target or a rule: both are the district's configuration with a named source,
// and where either is missing the chart says so and gives no advice. Pure: no I/O.

/** The progress page's title and its forms' intents (here, not in a .server module: the page's component reads them too). */
export const PROGRESS_PAGE_TITLE = "Progress monitoring";
export const PROGRESS_INTENTS = { probe: "save-probe", delete: "delete-probe" } as const;

export const PROBE_MEASURES = ["letter-names", "letter-sounds", "ran"] as const;
export type ProbeMeasure = (typeof PROBE_MEASURES)[number];
export const isProbeMeasure = (value: unknown): value is ProbeMeasure =>
  typeof value === "string" && (PROBE_MEASURES as readonly string[]).includes(value);

export const MEASURE_TITLES: Record<ProbeMeasure, string> = {
  "letter-names": "Letter Names",
  "letter-sounds": "Letter Sounds",
  ran: "RAN",
};

/** What a measure's figure counts: letters correct (more is better) or seconds (fewer is better). */
export const MEASURE_UNITS: Record<ProbeMeasure, { unit: string; higherIsBetter: boolean }> = {
  "letter-names": { unit: "letters correct", higherIsBetter: true },
  "letter-sounds": { unit: "letters correct", higherIsBetter: true },
  ran: { unit: "seconds", higherIsBetter: false },
};

/** The benchmark test whose score starts a measure's goal line: the letter test itself, or the grade's RAN. */
export function benchmarkTestOf(measure: ProbeMeasure, grade: string): TestCode | null {
  if (measure !== "ran") return measure;
  return isGrade(grade) ? ranTestFor(grade, "student") : null;
}

/** The most letters a letter probe can score (letter sounds have the digraphs too); a ceiling for targets. */
export const LETTER_ITEM_COUNT: Record<"letter-names" | "letter-sounds", number> = {
  "letter-names": letterItems("letter-names").length,
  "letter-sounds": letterItems("letter-sounds").length,
};
/** The longest RAN time a probe or a target takes, in seconds: ten minutes is a typo, not a child. */
export const RAN_MAX_SECS = 600;
export const RAN_MAX_ERRORS = 200;

// ── Weeks ─────────────────────────────────────────────────────────────────────────────────────

/** The Monday of a date's week (weeks run Monday to Sunday; 1970-01-01 was a Thursday). */
export function weekStartOf(date: IsoDate): IsoDate {
  const weekday = (((dayNumber(date) + 3) % 7) + 7) % 7; // 0 Monday … 6 Sunday
  return addCalendarDays(date, -weekday);
}

export const PROBE_MESSAGES = {
  future: "The probe's date cannot be after today.",
  weekTaken: (measure: ProbeMeasure, weekStart: IsoDate) =>
    `A ${MEASURE_TITLES[measure]} probe is already saved for the week of ${weekStart} (Monday to Sunday): one probe a week per measure. If that one was a mistake, delete it first.`,
  letterFigures: "A letter probe takes its letters (correct), not seconds or errors.",
  ranFigures: "A RAN probe takes its time in seconds and its errors.",
  noItems: (measure: ProbeMeasure, grade: string) => `${MEASURE_TITLES[measure]} has no letters for ${gradeInText(grade)}.`,
  noRan: (grade: string) => `There is no RAN test for ${gradeInText(grade)}.`,
  unknownLetter: (code: string) => `${code} is not a letter of this probe.`,
  secs: `Enter the time in seconds, more than 0 and at most ${RAN_MAX_SECS}.`,
  errors: `Enter the number of errors, a whole number from 0 to ${RAN_MAX_ERRORS}.`,
  notFound: "Probe not found",
} as const;

// ── Trend: ordinary least squares ─────────────────────────────────────────────────────────────

export type DatedValue = { date: IsoDate; value: number };
/** The trend drawn from its first point's date to its last, and its slope per week. */
export type TrendLine = { from: DatedValue; to: DatedValue; slopePerWeek: number };

/** Points needed before a trend is drawn (issue 39 item 6). */
export const TREND_MIN_POINTS = 3;

/**
 * The least-squares line through the points, x in days: null with fewer than three points, or
 * when every point has the same date (no line has a slope there).
 */
export function trendLine(points: readonly DatedValue[]): TrendLine | null {
  if (points.length < TREND_MIN_POINTS) return null;
  const sorted = [...points].sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
  const origin = dayNumber(sorted[0]!.date);
  const xs = sorted.map((p) => dayNumber(p.date) - origin);
  const ys = sorted.map((p) => p.value);
  const n = xs.length;
  const meanX = xs.reduce((s, x) => s + x, 0) / n;
  const meanY = ys.reduce((s, y) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  xs.forEach((x, i) => {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (ys[i]! - meanY);
  });
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const at = (x: number) => meanY + slope * (x - meanX);
  const last = sorted[n - 1]!;
  return {
    from: { date: sorted[0]!.date, value: round(at(0)) },
    to: { date: last.date, value: round(at(xs[n - 1]!)) },
    slopePerWeek: round(slope * 7),
  };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

// ── Goal line ─────────────────────────────────────────────────────────────────────────────────

export type GoalLine = {
  from: DatedValue & { period: Period };
  to: DatedValue & { period: Period };
  source: string;
};

/** The goal line's value on a date (a straight line through its two ends; extended past them). */
export function goalAt(goal: Pick<GoalLine, "from" | "to">, date: IsoDate): number {
  const x0 = dayNumber(goal.from.date);
  const x1 = dayNumber(goal.to.date);
  if (x1 === x0) return goal.to.value;
  return goal.from.value + ((goal.to.value - goal.from.value) * (dayNumber(date) - x0)) / (x1 - x0);
}

// ── Configuration: targets and the decision rule ──────────────────────────────────────────────

export type GoalTarget = { measure: ProbeMeasure; grade: Grade; period: Period; target: number };
export type GoalTargets = { source: string; targets: GoalTarget[] };
export type DecisionRule = { consecutivePoints: number; source: string };
export type ProgressConfig = { goalTargets: GoalTargets | null; decisionRule: DecisionRule | null };
export const NO_PROGRESS_CONFIG: ProgressConfig = { goalTargets: null, decisionRule: null };

export const DECISION_RULE_POINTS = { min: 2, max: 12 } as const;
export const SOURCE_MAX = 300;

export function targetFor(
  config: Pick<ProgressConfig, "goalTargets">,
  measure: ProbeMeasure,
  grade: string,
  period: Period,
): { target: number; source: string } | null {
  const found = config.goalTargets?.targets.find((t) => t.measure === measure && t.grade === grade && t.period === period);
  return found && config.goalTargets ? { target: found.target, source: config.goalTargets.source } : null;
}

export const NO_GOAL_TEXT = {
  noTarget: (measure: ProbeMeasure, grade: string, period: Period) =>
    `No goal line: the district has not set a target for ${MEASURE_TITLES[measure]}, ${gradeInText(grade)}, ${period}.`,
  noBenchmark: (measure: ProbeMeasure) => `No goal line: there is no ${MEASURE_TITLES[measure]} benchmark score yet to start it from.`,
  noNextBenchmark: "No goal line: there is no benchmark after this one in the school year.",
  noCalendar: "No goal line: the district has no screening periods for this school year.",
} as const;

// ── Decision rule ─────────────────────────────────────────────────────────────────────────────

export const ADVICE_TEXT = {
  "change-support": "Consider changing the support",
  "raise-goal": "Consider raising the goal",
} as const;
export type Advice = { kind: keyof typeof ADVICE_TEXT; text: string; because: string; source: string };

/** Whether a point falls short of the goal line (-1), beyond it (1) or on it (0), read in the measure's direction. */
export function sideOfGoal(goal: Pick<GoalLine, "from" | "to">, point: DatedValue, higherIsBetter: boolean): -1 | 0 | 1 {
  const diff = round(point.value - goalAt(goal, point.date));
  if (diff === 0) return 0;
  return diff > 0 === higherIsBetter ? 1 : -1;
}

/**
 * The rule in words: when the last N probes since the goal line's start all fall short of it,
 * 'Consider changing the support'; all beyond it, 'Consider raising the goal'. A point on the line
 * breaks a run. No advice without a goal line or a rule.
 */
export function decide(
  points: readonly DatedValue[],
  goal: GoalLine | null,
  rule: DecisionRule | null,
  higherIsBetter: boolean,
): Advice | null {
  if (!goal || !rule) return null;
  const start = dayNumber(goal.from.date);
  const since = points.filter((p) => dayNumber(p.date) >= start).sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
  const n = rule.consecutivePoints;
  if (since.length < n) return null;
  const sides = since.slice(-n).map((p) => sideOfGoal(goal, p, higherIsBetter));
  const below = higherIsBetter ? "below" : "slower than";
  const above = higherIsBetter ? "above" : "faster than";
  if (sides.every((s) => s === -1))
    return {
      kind: "change-support",
      text: ADVICE_TEXT["change-support"],
      because: `The last ${n} points are ${below} the goal line.`,
      source: rule.source,
    };
  if (sides.every((s) => s === 1))
    return {
      kind: "raise-goal",
      text: ADVICE_TEXT["raise-goal"],
      because: `The last ${n} points are ${above} the goal line.`,
      source: rule.source,
    };
  return null;
}

// ── One measure's chart ───────────────────────────────────────────────────────────────────────

export type ProbePoint = DatedValue & { probeId: string; label: string };
export type Benchmark = DatedValue & { period: Period };
export type SchoolPeriod = { periodName: Period; startDate: IsoDate; endDate: IsoDate };

export type ProgressChartModel = {
  measure: ProbeMeasure;
  title: string;
  unit: string;
  higherIsBetter: boolean;
  points: ProbePoint[];
  benchmark: Benchmark | null;
  goal: GoalLine | null;
  /** Why there is no goal line, in words; null when there is one. */
  noGoal: string | null;
  trend: TrendLine | null;
  advice: Advice | null;
  /** The value axis: letters from 0 to the test's items; seconds from 0 to past the slowest figure. */
  scale: { min: number; max: number };
};

export type ProgressChartInput = {
  measure: ProbeMeasure;
  grade: string;
  /** The school year's periods (one each of BOY, MOY, EOY at most). */
  periods: readonly SchoolPeriod[];
  /** The measure's benchmark scores of the year, one per period at most. */
  benchmarks: readonly Benchmark[];
  probes: readonly ProbePoint[];
  config: ProgressConfig;
  today: IsoDate;
};

/**
 * A measure's chart: the probes, the goal line from the latest benchmark on or before today to
 * the next period's target (drawn to that period's first day), the trend, and the rule's advice.
 * Without a benchmark the next benchmark is the first period starting after today.
 */
export function progressChart(input: ProgressChartInput): ProgressChartModel {
  const { measure, grade } = input;
  const { unit, higherIsBetter } = MEASURE_UNITS[measure];
  const day = dayNumber(input.today);
  const periods = [...input.periods].sort((a, b) => PERIODS.indexOf(a.periodName) - PERIODS.indexOf(b.periodName));
  const points = [...input.probes].sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
  const benchmark =
    [...input.benchmarks].filter((b) => dayNumber(b.date) <= day).sort((a, b) => dayNumber(b.date) - dayNumber(a.date))[0] ?? null;
  const next = benchmark
    ? (periods.find((p) => PERIODS.indexOf(p.periodName) > PERIODS.indexOf(benchmark.period)) ?? null)
    : (periods.find((p) => dayNumber(p.startDate) > day) ?? null);
  let goal: GoalLine | null = null;
  let noGoal: string | null = null;
  const target = next ? targetFor(input.config, measure, grade, next.periodName) : null;
  if (periods.length === 0) noGoal = NO_GOAL_TEXT.noCalendar;
  else if (!next) noGoal = NO_GOAL_TEXT.noNextBenchmark;
  else if (!target) noGoal = NO_GOAL_TEXT.noTarget(measure, grade, next.periodName);
  else if (!benchmark) noGoal = NO_GOAL_TEXT.noBenchmark(measure);
  else
    goal = {
      from: { date: benchmark.date, value: benchmark.value, period: benchmark.period },
      to: { date: next.startDate, value: target.target, period: next.periodName },
      source: target.source,
    };
  const trend = trendLine(points);
  const values = [...points.map((p) => p.value), ...(benchmark ? [benchmark.value] : []), ...(goal ? [goal.to.value] : [])];
  const scale =
    measure === "ran"
      ? { min: 0, max: Math.max(10, Math.ceil((Math.max(0, ...values) * 1.15) / 10) * 10) }
      : { min: 0, max: LETTER_ITEM_COUNT[measure] };
  return {
    measure,
    title: MEASURE_TITLES[measure],
    unit,
    higherIsBetter,
    points,
    benchmark,
    goal,
    noGoal,
    trend,
    advice: decide(points, goal, input.config.decisionRule, higherIsBetter),
    scale,
  };
}

/** A probe's figure in words: '14 of 26 letters', '41 s, 2 errors'. */
export function probeText(p: {
  measure: ProbeMeasure;
  correctItems: number | null;
  totalItems: number | null;
  secs: number | null;
  errors: number | null;
}) {
  if (p.measure === "ran") {
    const secs = `${Number((p.secs ?? 0).toFixed(1))} s`;
    return `${secs}, ${p.errors} ${p.errors === 1 ? "error" : "errors"}`;
  }
  return `${p.correctItems} of ${p.totalItems} letters`;
}

/** The figure a measure plots: letters correct, or a RAN's seconds. */
export const plottedValue = (p: { measure: ProbeMeasure; correctItems: number | null; secs: number | null }) =>
  p.measure === "ran" ? (p.secs ?? 0) : (p.correctItems ?? 0);

/** The school year's periods: the year whose periods include today, else the latest that started before today, else the earliest. */
export function schoolYearPeriods<T extends SchoolPeriod & { academicYear: string }>(periods: readonly T[], today: IsoDate): T[] {
  const years = [...new Set(periods.map((p) => p.academicYear))].sort();
  const day = dayNumber(today);
  const span = (year: string) => {
    const of = periods.filter((p) => p.academicYear === year);
    return { year, start: Math.min(...of.map((p) => dayNumber(p.startDate))), end: Math.max(...of.map((p) => dayNumber(p.endDate))) };
  };
  const spans = years.map(span);
  const chosen =
    spans.find((s) => s.start <= day && day <= s.end) ??
    spans.filter((s) => s.start <= day).sort((a, b) => b.start - a.start)[0] ??
    spans.sort((a, b) => a.start - b.start)[0];
  return chosen ? periods.filter((p) => p.academicYear === chosen.year) : [];
}

// ── The targets as lines of text (the district page's form) ───────────────────────────────────

export const TARGET_LINE_HELP =
  "One target a line: measure, grade, period, target. For example: letter-names, K, MOY, 20 or ran, 1, EOY, 45.";
export const targetLineMessage = (line: number) =>
  `Line ${line}: write measure (letter-names, letter-sounds or ran), grade (PK, K, 1, 2 or 3), period (BOY, MOY or EOY) and the target, separated by commas.`;

/** Lines 'measure, grade, period, target' read into targets; blank lines skipped; one message per line it cannot read. */
export function parseTargetLines(text: string): { targets: GoalTarget[] } | { errors: string[] } {
  const targets: GoalTarget[] = [];
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const parts = line.split(/\s*[,;\t]\s*/);
    const [measure, grade, period, target] = parts;
    const value = Number((target ?? "").replace(/\s/g, ""));
    const gradeUpper = (grade ?? "").toUpperCase();
    const periodUpper = (period ?? "").toUpperCase();
    if (
      parts.length !== 4 ||
      !isProbeMeasure(measure?.toLowerCase()) ||
      !isGrade(gradeUpper) ||
      !(PERIODS as readonly string[]).includes(periodUpper) ||
      !target ||
      !Number.isFinite(value)
    ) {
      errors.push(targetLineMessage(i + 1));
      return;
    }
    targets.push({ measure: measure!.toLowerCase() as ProbeMeasure, grade: gradeUpper, period: periodUpper as Period, target: value });
  });
  return errors.length > 0 ? { errors } : { targets };
}

/** The targets as the form shows them, one a line. */
export const targetLines = (targets: readonly GoalTarget[]) =>
  targets.map((t) => `${t.measure}, ${t.grade}, ${t.period}, ${t.target}`).join("\n");
