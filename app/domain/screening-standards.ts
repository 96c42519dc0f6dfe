import { ASSESSMENTS, TEST_CODES, type TestCode } from "./assessments";
import { GRADES, type Grade } from "./grades";
import type { Period } from "./periods";
import { TESTS_BY_GRADE } from "./screening-calendar";

// Norms and cutoffs the specs do not give, as assessment configuration with a named source
// (issue 34 item 4, docs/decisions/0011-results-display-rules.md). Three kinds, each optional:
// - ranNorms: per RAN test × grade × period, the mean and spread of response times, which place a
//   hand-scored RAN on a percentile;
// - pkRiskCutoff: per period, the prekindergarten risk score above which a child is at risk;
// - abilityCutoffs: per grade × ability-scored test × period, the theta at or above which a
//   result is on track (the 'proficiency' display rule).
// Each kind carries the source that published it ('Riverside USD norms study, 2025'). A district's
// own kind is in force where it has one, else the product-wide kind, else none: then the pages
// show raw figures and say 'No norms configured' / 'No cutoff configured'. Pure: no I/O.

export const STANDARD_KINDS = ["ranNorms", "pkRiskCutoff", "abilityCutoffs"] as const;
export type StandardKind = (typeof STANDARD_KINDS)[number];

export const STANDARD_TITLES: Record<StandardKind, string> = {
  ranNorms: "RAN norms",
  pkRiskCutoff: "Prekindergarten risk cutoff",
  abilityCutoffs: "Ability (theta) cutoffs",
};

export const NO_NORMS_TEXT = "No norms configured";
export const NO_CUTOFF_TEXT = "No cutoff configured";

/** What a page says where a kind is not configured. */
export const NOT_CONFIGURED_TEXT: Record<StandardKind, string> = {
  ranNorms: NO_NORMS_TEXT,
  pkRiskCutoff: NO_CUTOFF_TEXT,
  abilityCutoffs: NO_CUTOFF_TEXT,
};

export type RanTestCode = "object-ran" | "letter-ran" | "rer-letter-ran";
export const RAN_TEST_CODES = TEST_CODES.filter((code) => ASSESSMENTS[code].manual === "ran") as RanTestCode[];
export const ABILITY_TEST_CODES: readonly TestCode[] = TEST_CODES.filter((code) => ASSESSMENTS[code].scoring === "ability");

export const isRanTestCode = (code: string): code is RanTestCode => (RAN_TEST_CODES as readonly string[]).includes(code);

/** The grade × RAN test pairs a district's calendar can list (the tests each grade can take). */
export const RAN_NORM_ROWS: readonly { grade: Grade; testCode: RanTestCode }[] = GRADES.flatMap((grade) =>
  TESTS_BY_GRADE[grade].filter(isRanTestCode).map((testCode) => ({ grade, testCode })),
);
/** The grade × ability-scored test pairs a district's calendar can list. */
export const ABILITY_CUTOFF_ROWS: readonly { grade: Grade; testCode: TestCode }[] = GRADES.flatMap((grade) =>
  TESTS_BY_GRADE[grade].filter((code) => ABILITY_TEST_CODES.includes(code)).map((testCode) => ({ grade, testCode })),
);

export type RanNorm = { meanSecs: number; sdSecs: number };
export type RanNormEntry = RanNorm & { testCode: RanTestCode; grade: Grade; period: Period };
export type AbilityCutoffEntry = { grade: Grade; testCode: TestCode; period: Period; theta: number };

export type RanNorms = { source: string; norms: RanNormEntry[] };
export type PkRiskCutoff = { source: string; cutoffs: Partial<Record<Period, number>> };
export type AbilityCutoffs = { source: string; cutoffs: AbilityCutoffEntry[] };

export type ScreeningStandards = {
  ranNorms: RanNorms | null;
  pkRiskCutoff: PkRiskCutoff | null;
  abilityCutoffs: AbilityCutoffs | null;
};

/** When and by whom a kind was last set (kept beside it). */
export type Stamp = { updatedAt: string; updatedBy: string | null };
export type StoredStandards = {
  ranNorms: (RanNorms & Stamp) | null;
  pkRiskCutoff: (PkRiskCutoff & Stamp) | null;
  abilityCutoffs: (AbilityCutoffs & Stamp) | null;
};

export type StandardOrigin = "district" | "product";
type InForce<T> = (T & { origin: StandardOrigin }) | null;
/** The standards in force for a district: each kind with where it comes from, or null. */
export type EffectiveStandards = {
  ranNorms: InForce<RanNorms>;
  pkRiskCutoff: InForce<PkRiskCutoff>;
  abilityCutoffs: InForce<AbilityCutoffs>;
};

export const NO_STANDARDS: ScreeningStandards = { ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null };
export const NO_EFFECTIVE_STANDARDS: EffectiveStandards = { ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null };

/**
 * The product-wide defaults a fresh installation ships with: EMPTY. The specs give no RAN norms,
 * no prekindergarten risk cutoff and no theta cutoffs outside the prekindergarten list, whose
 * values they give without saying which test or period each belongs to; none is invented here.
 * A super admin sets product-wide figures (PUT /screening-standards) with their source.
 */
export const PRODUCT_DEFAULT_STANDARDS: ScreeningStandards = NO_STANDARDS;

function pick<T extends object>(district: T | null | undefined, product: T | null | undefined): InForce<T> {
  if (district) return { ...district, origin: "district" };
  if (product) return { ...product, origin: "product" };
  return null;
}

const bare = <T extends object>(value: (T & Partial<Stamp>) | null | undefined): T | null => {
  if (!value) return null;
  const { updatedAt: _a, updatedBy: _b, ...rest } = value;
  return rest as T;
};

/** The district's own kind where it has one, else the product-wide kind, else none. */
export function effectiveStandards(
  district: Partial<StoredStandards | ScreeningStandards> | null | undefined,
  product: Partial<StoredStandards | ScreeningStandards> | null | undefined = PRODUCT_DEFAULT_STANDARDS,
): EffectiveStandards {
  return {
    ranNorms: pick(bare<RanNorms>(district?.ranNorms), bare<RanNorms>(product?.ranNorms)),
    pkRiskCutoff: pick(bare<PkRiskCutoff>(district?.pkRiskCutoff), bare<PkRiskCutoff>(product?.pkRiskCutoff)),
    abilityCutoffs: pick(bare<AbilityCutoffs>(district?.abilityCutoffs), bare<AbilityCutoffs>(product?.abilityCutoffs)),
  };
}

// ── Look-ups ──────────────────────────────────────────────────────────────────────────────────

export type Sourced<T> = T & { source: string };

export function ranNormFor(
  standards: Pick<EffectiveStandards, "ranNorms">,
  testCode: string,
  grade: string,
  period: Period,
): Sourced<{ norm: RanNorm }> | null {
  const norms = standards.ranNorms;
  const entry = norms?.norms.find((n) => n.testCode === testCode && n.grade === grade && n.period === period);
  return norms && entry ? { norm: { meanSecs: entry.meanSecs, sdSecs: entry.sdSecs }, source: norms.source } : null;
}

export function pkRiskCutoffFor(standards: Pick<EffectiveStandards, "pkRiskCutoff">, period: Period): Sourced<{ cutoff: number }> | null {
  const cutoff = standards.pkRiskCutoff?.cutoffs[period];
  return standards.pkRiskCutoff && typeof cutoff === "number" ? { cutoff, source: standards.pkRiskCutoff.source } : null;
}

export function abilityCutoffFor(
  standards: Pick<EffectiveStandards, "abilityCutoffs">,
  grade: string,
  testCode: string,
  period: Period,
): Sourced<{ theta: number }> | null {
  const table = standards.abilityCutoffs;
  const entry = table?.cutoffs.find((c) => c.grade === grade && c.testCode === testCode && c.period === period);
  return table && entry ? { theta: entry.theta, source: table.source } : null;
}

/** At risk when the prekindergarten risk score is above the configured cutoff. */
export const isAboveCutoff = (score: number, cutoff: number) => score > cutoff;
/** On track when the final theta is at or above the configured cutoff. */
export const isOnTrackAt = (finalTheta: number, theta: number) => finalTheta >= theta;

// ── RAN percentile from norms ─────────────────────────────────────────────────────────────────

/** Standard normal cumulative distribution (Abramowitz–Stegun 26.2.17, error below 7.5e-8). */
export function normalCdf(z: number): number {
  if (!Number.isFinite(z)) return z > 0 ? 1 : 0;
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

export type RanResult = { abilityPercentile: number; finalTheta: number };

/**
 * The percentile (1–99, whole) and theta of a scored response time against a norm: faster is
 * better, so theta is how many spreads faster than the mean, and the percentile the share of the
 * norm group slower than this child (docs/decisions/0010-ran-scoring.md).
 */
export function ranPercentile(norm: RanNorm, evalResponseTime: number): RanResult {
  if (!Number.isFinite(evalResponseTime) || evalResponseTime < 0) throw new Error(`Response time out of range: ${evalResponseTime}`);
  if (!(norm.sdSecs > 0) || !Number.isFinite(norm.meanSecs)) throw new Error(`Not a usable norm: ${JSON.stringify(norm)}`);
  const theta = (norm.meanSecs - evalResponseTime) / norm.sdSecs;
  const percentile = Math.min(99, Math.max(1, Math.round(normalCdf(theta) * 100)));
  return { abilityPercentile: percentile, finalTheta: Number(theta.toFixed(3)) };
}

/** A scored RAN's result under the standards in force: a percentile with its source, or none. */
export function ranResultUnder(
  standards: Pick<EffectiveStandards, "ranNorms">,
  testCode: string,
  grade: string,
  period: Period,
  evalResponseTime: number,
): (RanResult & { normsSource: string }) | null {
  const found = ranNormFor(standards, testCode, grade, period);
  return found ? { ...ranPercentile(found.norm, evalResponseTime), normsSource: found.source } : null;
}

/** A scored RAN's raw figures as the pages print them: '41 s, 2 errors', '38.5 s, 1 error', '40 s'. */
export function ranRawText(seconds: number, errors: number | null | undefined): string {
  const secs = `${Number(seconds.toFixed(1))} s`;
  if (typeof errors !== "number") return secs;
  return `${secs}, ${errors} ${errors === 1 ? "error" : "errors"}`;
}

// ── Where a figure comes from ─────────────────────────────────────────────────────────────────

/** The source of a figure built from configuration, for a note beside it and the CSV. */
export type SourceNote = { kind: StandardKind; source: string };

export const sourceNoteText = (note: SourceNote) => `${STANDARD_TITLES[note.kind]}: ${note.source}`;

/** Distinct notes, in kind order. */
export function distinctSources(notes: readonly (SourceNote | null | undefined)[]): SourceNote[] {
  const seen = new Map<string, SourceNote>();
  for (const n of notes) if (n) seen.set(`${n.kind}\u0000${n.source}`, n);
  return [...seen.values()].sort(
    (a, b) => STANDARD_KINDS.indexOf(a.kind) - STANDARD_KINDS.indexOf(b.kind) || a.source.localeCompare(b.source),
  );
}

/** Whether two values of one kind hold the same figures and source (a save that changes nothing is not audited as a change). */
export function sameStandard(a: unknown, b: unknown): boolean {
  return JSON.stringify(bare(a as object | null)) === JSON.stringify(bare(b as object | null));
}
