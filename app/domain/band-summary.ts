import { ASSESSMENTS, TEST_CODES, type TestCode } from "./assessments";
import { cutoffFor } from "./cutoffs";
import { GRADES, type Grade } from "./grades";
import { PWR_LEGEND } from "./risk-category";
import { PERIODS, type Period } from "./periods";
import { PERCENTILE_BAND_LABELS, PERCENTILE_BANDS } from "./percentile";
import {
  gridCell,
  profileApplies,
  PROFILE_KINDS,
  PROFILE_TITLES,
  type CellOptions,
  type GridCell,
  type ProfileCell,
  type ProfileKind,
  type ProfileTone,
} from "./results-grid";

// How many students fall in each band (issue 39 items 2 and 3). A student's category is read off
// the cell the grid shows (gridCell's band, profileCell's tone): no cutoff or band edge of its own.

/** A subtest's categories: the three percentile bands, then the cells that show no percentile. */
export const SUBTEST_CATEGORIES = [...PERCENTILE_BANDS, "none"] as const;
export type SubtestCategory = (typeof SUBTEST_CATEGORIES)[number];
/** A risk flag's categories: the profile cell's tones, worst first. */
export const RISK_CATEGORIES = ["risk", "moderate", "ok", "none"] as const satisfies readonly ProfileTone[];
export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export type SummaryCategory = SubtestCategory | RiskCategory;

export const CATEGORY_LABELS: Record<SummaryCategory, string> = {
  ...PERCENTILE_BAND_LABELS,
  none: "No score",
  risk: "At risk",
  moderate: "Moderate risk",
  ok: "Not at risk",
};

/** One column of the summary: a subtest (its test code) or a predictive-profile flag (its kind). */
export type SummaryColumn = TestCode | ProfileKind;

export function isProfileKind(column: string): column is ProfileKind {
  return (PROFILE_KINDS as readonly string[]).includes(column);
}

export function isSummaryColumn(column: string): column is SummaryColumn {
  return isProfileKind(column) || (TEST_CODES as readonly string[]).includes(column);
}

export function categoriesOf(column: SummaryColumn): readonly SummaryCategory[] {
  return isProfileKind(column) ? RISK_CATEGORIES : SUBTEST_CATEGORIES;
}

export function columnTitle(column: SummaryColumn): string {
  return isProfileKind(column) ? PROFILE_TITLES[column] : ASSESSMENTS[column].title;
}

/** A subtest cell's category; null when the student is not counted (the test is not reported for the grade). */
export function subtestCategory(cell: Pick<GridCell, "state" | "grayedOut" | "band">): SubtestCategory | null {
  if (cell.state === "not-applicable" || cell.grayedOut) return null;
  return cell.band ?? "none";
}

/** A profile cell's category; null where the flag does not apply to the student's grade and period. */
export function riskCategoryOf(cell: Pick<ProfileCell, "state" | "tone">): RiskCategory | null {
  if (cell.state === "not-applicable") return null;
  return cell.tone;
}

export type Segment = { category: SummaryCategory; label: string; count: number };
export type Bar = { column: SummaryColumn; title: string; period: Period; total: number; segments: Segment[] };

/** Counts keyed by column, period and category. */
export type Tally = Map<string, number>;
const key = (column: string, period: Period, category: string) => `${column}|${period}|${category}`;

export function addTo(tally: Tally, column: SummaryColumn, period: Period, category: SummaryCategory, count = 1): void {
  if (count === 0) return;
  const k = key(column, period, category);
  tally.set(k, (tally.get(k) ?? 0) + count);
}

/** The bars of a tally: columns in the given order, each period that has a count, every category (zeros included, so bars line up). */
export function barsOf(tally: Tally, columns: readonly SummaryColumn[], periods: readonly Period[] = PERIODS): Bar[] {
  const bars: Bar[] = [];
  for (const column of columns) {
    for (const period of periods) {
      const segments = categoriesOf(column).map((category) => ({
        category,
        label: CATEGORY_LABELS[category],
        count: tally.get(key(column, period, category)) ?? 0,
      }));
      const total = segments.reduce((sum, s) => sum + s.count, 0);
      if (total > 0) bars.push({ column, title: columnTitle(column), period, total, segments });
    }
  }
  return bars;
}

/** The part of a shown grid the summary reads. */
export type SummaryGrid = {
  period: Period;
  profileColumns: readonly ProfileKind[];
  groups: readonly { columns: readonly { testCode: TestCode }[] }[];
  rows: readonly {
    profile: readonly Pick<ProfileCell, "kind" | "state" | "tone">[];
    cells: readonly Pick<GridCell, "testCode" | "state" | "grayedOut" | "band">[];
  }[];
};

/** A classroom's bars, from its grids of one or more periods: each flag, then each subtest, as the grid orders its columns. */
export function classroomBars(grids: readonly SummaryGrid[]): Bar[] {
  const tally: Tally = new Map();
  const columns: SummaryColumn[] = [];
  const seen = (column: SummaryColumn) => {
    if (!columns.includes(column)) columns.push(column);
  };
  for (const grid of grids) grid.profileColumns.filter((k) => k !== "riskCategory").forEach(seen);
  for (const grid of grids) if (grid.profileColumns.includes("riskCategory")) seen("riskCategory");
  for (const grid of grids) for (const g of grid.groups) g.columns.forEach((c) => seen(c.testCode));
  for (const grid of grids) {
    for (const row of grid.rows) {
      for (const p of row.profile) {
        const category = riskCategoryOf(p);
        if (category) addTo(tally, p.kind, grid.period, category);
      }
      for (const c of row.cells) {
        const category = subtestCategory(c);
        if (category) addTo(tally, c.testCode, grid.period, category);
      }
    }
  }
  const ordered = PERIODS.filter((p) => grids.some((g) => g.period === p));
  return barsOf(tally, columns, ordered);
}

// ── The grid filter a segment links to ──────────────────────────────────────────────────────

export type BandFilter = { column: SummaryColumn; category: SummaryCategory };

/** `letter-names:well-below` → the filter, or null for anything else (a stale or hand-made URL shows the whole grid). */
export function parseBandFilter(value: string | null | undefined): BandFilter | null {
  if (!value) return null;
  const at = value.lastIndexOf(":");
  if (at < 1) return null;
  const column = value.slice(0, at);
  const category = value.slice(at + 1);
  if (!isSummaryColumn(column)) return null;
  if (!(categoriesOf(column) as readonly string[]).includes(category)) return null;
  return { column, category: category as SummaryCategory };
}

export const bandFilterParam = (f: BandFilter) => `${f.column}:${f.category}`;

export function bandFilterText(f: BandFilter): string {
  return `${columnTitle(f.column)}: ${CATEGORY_LABELS[f.category]}`;
}

/** Whether a grid row falls in the filter's category: the row is kept exactly when the summary counted it there. */
export function rowMatches(row: SummaryGrid["rows"][number], f: BandFilter): boolean {
  if (isProfileKind(f.column)) {
    const cell = row.profile.find((p) => p.kind === f.column);
    return cell !== undefined && riskCategoryOf(cell) === f.category;
  }
  const cell = row.cells.find((c) => c.testCode === f.column);
  return cell !== undefined && subtestCategory(cell) === f.category;
}

// ── School and district: counts the database grouped ────────────────────────────────────────

/**
 * One group of the database's count: students of a school and grade whose picked test of a code
 * in a period was finished and valid with this rounded percentile (null: a finished test with no
 * percentile, or one not finished).
 */
export type PercentileCountRow = {
  unit: string;
  grade: string;
  period: Period;
  testCode: TestCode;
  percentile: number | null;
  complete: boolean;
  count: number;
};

/** One group of flags: students of a unit and grade whose flag of a kind read as this category in a period ('none': no score). */
export type FlagCountRow = { unit: string; grade: string; period: Period; kind: ProfileKind; category: RiskCategory; count: number };

/** The flags a database can judge by itself: the spec's cutoffs, nothing configured per district. */
export const SQL_FLAG_KINDS = ["dyslexia", "pwr", "kready"] as const satisfies readonly ProfileKind[];
export type SqlFlagKind = (typeof SQL_FLAG_KINDS)[number];

/**
 * How the profile cell judges a flag's score for one grade and period, as figures a query can
 * compare with: the cutoff of cutoffs.ts, the side of it that is risk, and for PWR the legend's
 * High edge as profileCell's pwrRiskLevel reads it (below the cutoff and at or above it: Moderate).
 */
export type FlagRule = {
  kind: SqlFlagKind;
  grade: Grade;
  period: Period;
  cutoff: number;
  riskWhen: "below" | "above";
  moderateFrom: number | null;
};

const CUTOFF_TABLE = { dyslexia: "dyslexia", pwr: "pwr", kready: "readiness" } as const;

export function flagRules(): FlagRule[] {
  const rules: FlagRule[] = [];
  for (const kind of SQL_FLAG_KINDS)
    for (const grade of GRADES)
      for (const period of PERIODS) {
        if (!profileApplies(kind, grade, period)) continue;
        const cutoff = cutoffFor(CUTOFF_TABLE[kind], grade, period);
        if (cutoff === undefined) continue;
        const legend = kind === "pwr" ? PWR_LEGEND[grade]?.[period] : undefined;
        rules.push({
          kind,
          grade,
          period,
          cutoff,
          riskWhen: kind === "dyslexia" ? "above" : "below",
          moderateFrom: legend ? legend.High[1] / 100 : null,
        });
      }
  return rules;
}

/** A score's category by a rule: what the query computes, written once more so a test can hold it to profileCell. */
export function flagCategory(rule: Pick<FlagRule, "cutoff" | "riskWhen" | "moderateFrom">, score: number | null): RiskCategory {
  if (score === null) return "none";
  const risk = rule.riskWhen === "above" ? score > rule.cutoff : score < rule.cutoff;
  if (!risk) return "ok";
  return rule.moderateFrom !== null && score >= rule.moderateFrom ? "moderate" : "risk";
}

/** Whether a category is a raised flag (PWR's Moderate is below its cutoff too). */
export const isFlagged = (category: RiskCategory) => category === "risk" || category === "moderate";

/**
 * The category of a count row, by the grid's own cell rule: a finished valid test with the row's
 * percentile goes through gridCell, so the display rule of the grade decides whether a band is
 * shown at all. Null: the test is not reported for the grade.
 */
export function percentileRowCategory(row: PercentileCountRow, options: CellOptions): SubtestCategory | null {
  if (!row.complete) return "none";
  const cell = gridCell(
    row.testCode,
    row.grade,
    row.period,
    true,
    {
      participantTestId: "",
      testCode: row.testCode,
      completedFlag: true,
      invalid: false,
      abilityPercentile: row.percentile,
      startDtTm: "",
      endDtTm: null,
      updatedAt: "",
      finalTheta: null,
      correctItems: null,
      totalItems: null,
      correctByCode: null,
    },
    options,
  );
  return subtestCategory(cell);
}

/** Bars per unit (a school, or a grade): the units in the order given. */
export function unitBars(
  units: readonly string[],
  percentiles: readonly PercentileCountRow[],
  flags: readonly FlagCountRow[],
  unitOf: (row: { unit: string; grade: string }) => string,
  options: CellOptions,
): Map<string, Bar[]> {
  const tallies = new Map<string, Tally>(units.map((u) => [u, new Map()]));
  const columns = new Map<string, Set<SummaryColumn>>(units.map((u) => [u, new Set()]));
  for (const row of flags) {
    const u = unitOf(row);
    const tally = tallies.get(u);
    if (!tally) continue;
    addTo(tally, row.kind, row.period, row.category, row.count);
    columns.get(u)!.add(row.kind);
  }
  for (const row of percentiles) {
    const u = unitOf(row);
    const tally = tallies.get(u);
    if (!tally) continue;
    const category = percentileRowCategory(row, options);
    if (!category) continue;
    addTo(tally, row.testCode, row.period, category, row.count);
    columns.get(u)!.add(row.testCode);
  }
  const order: SummaryColumn[] = [...PROFILE_KINDS, ...TEST_CODES];
  return new Map(
    units.map((u) => {
      const cols = order.filter((c) => columns.get(u)!.has(c));
      return [u, barsOf(tallies.get(u)!, cols)];
    }),
  );
}

// ── Movement between periods ────────────────────────────────────────────────────────────────

/** Students of a unit and grade with a flag in two periods, by whether it was raised in each. */
export type MovementCountRow = {
  unit: string;
  grade: string;
  kind: ProfileKind;
  from: Period;
  to: Period;
  fromRisk: boolean;
  toRisk: boolean;
  count: number;
};

export type Movement = {
  kind: ProfileKind;
  title: string;
  from: Period;
  to: Period;
  intoRisk: number;
  outOfRisk: number;
  stayedAtRisk: number;
  stayedNotAtRisk: number;
};

/** Into and out of risk from one period to the next, per flag, for the rows `keep` selects. */
export function movementOf(rows: readonly MovementCountRow[], keep: (row: MovementCountRow) => boolean = () => true): Movement[] {
  const found = new Map<string, Movement>();
  for (const row of rows) {
    if (!keep(row)) continue;
    const k = `${row.kind}|${row.from}|${row.to}`;
    const m = found.get(k) ?? {
      kind: row.kind,
      title: PROFILE_TITLES[row.kind],
      from: row.from,
      to: row.to,
      intoRisk: 0,
      outOfRisk: 0,
      stayedAtRisk: 0,
      stayedNotAtRisk: 0,
    };
    if (!row.fromRisk && row.toRisk) m.intoRisk += row.count;
    else if (row.fromRisk && !row.toRisk) m.outOfRisk += row.count;
    else if (row.fromRisk) m.stayedAtRisk += row.count;
    else m.stayedNotAtRisk += row.count;
    found.set(k, m);
  }
  const rank = (m: Movement) => PROFILE_KINDS.indexOf(m.kind) * 10 + PERIODS.indexOf(m.from);
  return [...found.values()].sort((a, b) => rank(a) - rank(b));
}

/** The pairs of consecutive periods a movement is counted between. */
export const PERIOD_STEPS: readonly (readonly [Period, Period])[] = PERIODS.slice(1).map((to, i) => [PERIODS[i]!, to] as const);
