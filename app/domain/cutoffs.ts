import type { Grade } from "./grades";
import { defaultLogger, type Logger } from "./logger";
import type { Period } from "./periods";

/** A cutoff per period; a period left out has no cutoff. */
export type PeriodCutoffs = Partial<Record<Period, number>>;
export type GradeCutoffs = Partial<Record<Grade, PeriodCutoffs>>;

/** Spec 001 §9 gives two grade 1 PWR tables; the one it calls "secondary" is kept here for reference. */
export const PWR_CUTOFFS_GRADE_1_PRIMARY: PeriodCutoffs = { BOY: 0.652, MOY: 0.626, EOY: 0.621 };
export const PWR_CUTOFFS_GRADE_1_SECONDARY: PeriodCutoffs = { BOY: 0.643, MOY: 0.643, EOY: 0.513 };

/**
 * Which grade 1 PWR table is in force: the primary one, because the spec labels the other
 * "secondary". The primary one also matches the grade 1 legend, whose Low band starts at
 * 65 / 62 / 62 percent.
 */
export const PWR_GRADE_1_TABLE_IN_FORCE = "primary" as const;

/**
 * PWR (potential for word reading) cutoffs, spec 001 §9: a score BELOW the cutoff is risk.
 * K and grade 3 EOY values are listed by the spec but PWR is not calculated then (see isPwrCalculated).
 */
export const PWR_CUTOFFS: GradeCutoffs = {
  K: { BOY: 0.617, MOY: 0.608, EOY: 0.618 },
  "1": PWR_CUTOFFS_GRADE_1_PRIMARY,
  "2": { BOY: 0.606, MOY: 0.561, EOY: 0.528 },
  "3": { BOY: 0.43, MOY: 0.445, EOY: 0.604 },
};

/** "The PWR note says it is not calculated at the end of the year for K and 3" (spec 001 §9). */
export function isPwrCalculated(grade: Grade, period: Period): boolean {
  return !(period === "EOY" && (grade === "K" || grade === "3"));
}

/**
 * Spec 001 §9 lists two dyslexia tables without a grade before those of grades 1–3. Only
 * kindergarten is left (PK has a readiness flag instead), so both are kindergarten readings.
 */
export const DYSLEXIA_CUTOFFS_K_BY_PERIOD: PeriodCutoffs = { BOY: 0.161, MOY: 0.168, EOY: 0.152 };
export const DYSLEXIA_CUTOFFS_K_FLAT: PeriodCutoffs = { BOY: 0.222, MOY: 0.222, EOY: 0.222 };

/**
 * The per-period table is in force: the spec calls it "the first table", and it has the same
 * per-period shape as every other grade. The flat 0.222 reading is kept in case it turns out to
 * belong to another kindergarten variant (e.g. the rer-kindergarten set).
 */
export const DYSLEXIA_K_TABLE_IN_FORCE = "by-period" as const;

/** Dyslexia risk cutoffs, spec 001 §9: a score ABOVE the cutoff is at risk. */
export const DYSLEXIA_CUTOFFS: GradeCutoffs = {
  K: DYSLEXIA_CUTOFFS_K_BY_PERIOD,
  "1": { BOY: 0.171, MOY: 0.123, EOY: 0.127 },
  "2": { BOY: 0.144, MOY: 0.134, EOY: 0.166 },
  "3": { BOY: 0.144, MOY: 0.177, EOY: 0.328 },
};

/** Reading readiness (kready), spec 001 §9: prekindergarten at EOY only; BELOW the cutoff is Emerging. */
export const READINESS_CUTOFFS: GradeCutoffs = {
  PK: { EOY: 0.565 },
};

// The spec names a prekindergarten risk flag but gives it no cutoff: it is configuration with a
// named source (screening-standards.ts pkRiskCutoff), never a figure of this file (issue 34 item 4).

export type FlagType = "pwr" | "dyslexia" | "readiness";

const TABLES: Record<FlagType, GradeCutoffs> = {
  pwr: PWR_CUTOFFS,
  dyslexia: DYSLEXIA_CUTOFFS,
  readiness: READINESS_CUTOFFS,
};

export function cutoffFor(flag: FlagType, grade: Grade, period: Period): number | undefined {
  return TABLES[flag][grade]?.[period];
}

// A missing cutoff means our tables and the district's config disagree; spec 001 §5 says log it
// and show no risk rather than break the page.
function cutoffOrLog(flag: FlagType, grade: Grade, period: Period, log: Logger): number | undefined {
  const cutoff = cutoffFor(flag, grade, period);
  if (cutoff === undefined) log(`No ${flag} cutoff for grade ${grade}, period ${period}; treated as no risk`);
  return cutoff;
}

/** True when the PWR score is below the cutoff. */
export function isPwrRisk(grade: Grade, period: Period, score: number, log: Logger = defaultLogger): boolean {
  if (!isPwrCalculated(grade, period)) return false;
  const cutoff = cutoffOrLog("pwr", grade, period, log);
  return cutoff !== undefined && score < cutoff;
}

/** True when the dyslexia score is above the cutoff. */
export function isDyslexiaRisk(grade: Grade, period: Period, score: number, log: Logger = defaultLogger): boolean {
  const cutoff = cutoffOrLog("dyslexia", grade, period, log);
  return cutoff !== undefined && score > cutoff;
}

export type Readiness = "Emerging" | "Ready";

/**
 * Reading readiness status. The spec names only 'Emerging' (below the cutoff); 'Ready' for the
 * other side is our word. Null (and a log line) where no cutoff exists, since readiness is not
 * scored there at all.
 */
export function readinessStatus(grade: Grade, period: Period, score: number, log: Logger = defaultLogger): Readiness | null {
  const cutoff = cutoffOrLog("readiness", grade, period, log);
  if (cutoff === undefined) return null;
  return score < cutoff ? "Emerging" : "Ready";
}

/** True when reading readiness is Emerging; a missing cutoff is logged and counts as not Emerging. */
export function isReadinessEmerging(grade: Grade, period: Period, score: number, log: Logger = defaultLogger): boolean {
  return readinessStatus(grade, period, score, log) === "Emerging";
}
