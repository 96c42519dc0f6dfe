import { z } from "zod";
import { ASSESSMENTS, TEST_CODES, type TestCode } from "./assessments";
import { GRADES, type Grade } from "./grades";
import { PERIODS, type Period } from "./periods";
import { ABILITY_CUTOFF_ROWS, ABILITY_TEST_CODES, RAN_NORM_ROWS, RAN_TEST_CODES, type RanTestCode } from "./screening-standards";
import { text, TEXT_MAX } from "./text";

// The API's body for norms and cutoffs (app/domain/screening-standards.ts), with clear messages;
// the district page's forms build the same body (screening-standards-forms.ts). Kept apart from
// the look-ups so the pages' browser code never carries zod.

export const STANDARDS_MESSAGES = {
  sourceRequired: "Name the source: who published these figures (for example 'Riverside USD norms study, 2025').",
  meanSecs: "The mean must be a number of seconds greater than 0.",
  sdSecs: "The spread (standard deviation) must be a number of seconds greater than 0.",
  pairIncomplete: "Give both the mean and the spread, or neither.",
  cutoff: "A cutoff must be a number from 0 to 1.",
  theta: "A theta cutoff must be a number from -6 to 6.",
  noFigures: "Enter at least one figure, or clear this kind instead.",
  ranPair: (testCode: TestCode, grade: Grade) => `Grade ${grade} does not take ${ASSESSMENTS[testCode].title}.`,
  abilityPair: (testCode: TestCode, grade: Grade) => `${ASSESSMENTS[testCode].title} is not an ability-scored test of grade ${grade}.`,
  twice: (what: string) => `${what} is given twice.`,
} as const;

/** Largest mean or spread accepted: an hour, far beyond any RAN. */
export const MAX_SECS = 3600;
export const THETA_RANGE = 6;

export const SourceText = text(TEXT_MAX.name, { label: "Source", error: STANDARDS_MESSAGES.sourceRequired, trim: true }).min(
  3,
  STANDARDS_MESSAGES.sourceRequired,
);

const positiveSecs = (message: string) => z.number({ error: message }).gt(0, message).max(MAX_SECS, message);

export const RanNormEntryInput = z.object({
  testCode: z.enum(RAN_TEST_CODES as [RanTestCode, ...RanTestCode[]]),
  grade: z.enum(GRADES),
  period: z.enum(PERIODS),
  meanSecs: positiveSecs(STANDARDS_MESSAGES.meanSecs),
  sdSecs: positiveSecs(STANDARDS_MESSAGES.sdSecs),
});

/** The shapes without their cross-field rules (the API's answers extend them). */
export const RanNormsShape = z.object({
  source: SourceText,
  norms: z.array(RanNormEntryInput).min(1, STANDARDS_MESSAGES.noFigures).max(200),
});

export const RanNormsInput = RanNormsShape.superRefine((value, ctx) => {
  const seen = new Set<string>();
  value.norms.forEach((n, i) => {
    if (!RAN_NORM_ROWS.some((r) => r.grade === n.grade && r.testCode === n.testCode))
      ctx.addIssue({ code: "custom", path: ["norms", i, "testCode"], message: STANDARDS_MESSAGES.ranPair(n.testCode, n.grade) });
    const key = `${n.testCode}|${n.grade}|${n.period}`;
    if (seen.has(key))
      ctx.addIssue({
        code: "custom",
        path: ["norms", i],
        message: STANDARDS_MESSAGES.twice(`${ASSESSMENTS[n.testCode].title}, grade ${n.grade}, ${n.period}`),
      });
    seen.add(key);
  });
});

const cutoff01 = z.number({ error: STANDARDS_MESSAGES.cutoff }).min(0, STANDARDS_MESSAGES.cutoff).max(1, STANDARDS_MESSAGES.cutoff);

export const PkRiskCutoffShape = z.object({
  source: SourceText,
  cutoffs: z.object({ BOY: cutoff01.optional(), MOY: cutoff01.optional(), EOY: cutoff01.optional() }).strict(),
});

export const PkRiskCutoffInput = PkRiskCutoffShape.refine((v) => PERIODS.some((p) => v.cutoffs[p] !== undefined), {
  path: ["cutoffs"],
  message: STANDARDS_MESSAGES.noFigures,
});

export const AbilityCutoffEntryInput = z.object({
  grade: z.enum(GRADES),
  testCode: z.enum(ABILITY_TEST_CODES as [TestCode, ...TestCode[]]),
  period: z.enum(PERIODS),
  theta: z
    .number({ error: STANDARDS_MESSAGES.theta })
    .min(-THETA_RANGE, STANDARDS_MESSAGES.theta)
    .max(THETA_RANGE, STANDARDS_MESSAGES.theta),
});

export const AbilityCutoffsShape = z.object({
  source: SourceText,
  cutoffs: z.array(AbilityCutoffEntryInput).min(1, STANDARDS_MESSAGES.noFigures).max(500),
});

export const AbilityCutoffsInput = AbilityCutoffsShape.superRefine((value, ctx) => {
  const seen = new Set<string>();
  value.cutoffs.forEach((c, i) => {
    if (!ABILITY_CUTOFF_ROWS.some((r) => r.grade === c.grade && r.testCode === c.testCode))
      ctx.addIssue({ code: "custom", path: ["cutoffs", i, "testCode"], message: STANDARDS_MESSAGES.abilityPair(c.testCode, c.grade) });
    const key = `${c.grade}|${c.testCode}|${c.period}`;
    if (seen.has(key))
      ctx.addIssue({
        code: "custom",
        path: ["cutoffs", i],
        message: STANDARDS_MESSAGES.twice(`${ASSESSMENTS[c.testCode].title}, grade ${c.grade}, ${c.period}`),
      });
    seen.add(key);
  });
});

/** A PUT's body: a kind left out is unchanged, null clears it, a value replaces it. */
export const StandardsChangeInput = z
  .object({
    ranNorms: RanNormsInput.nullable().optional(),
    pkRiskCutoff: PkRiskCutoffInput.nullable().optional(),
    abilityCutoffs: AbilityCutoffsInput.nullable().optional(),
  })
  .strict();
export type StandardsChange = z.infer<typeof StandardsChangeInput>;

/** Stored figures in a stable order (catalogue order of tests, grade order, period order). */
export function normalizedStandards(change: StandardsChange): StandardsChange {
  const out: StandardsChange = {};
  const gradeIx = (g: Grade) => GRADES.indexOf(g);
  const periodIx = (p: Period) => PERIODS.indexOf(p);
  const testIx = (t: TestCode) => TEST_CODES.indexOf(t);
  if (change.ranNorms !== undefined)
    out.ranNorms = change.ranNorms && {
      source: change.ranNorms.source,
      norms: [...change.ranNorms.norms].sort(
        (a, b) => testIx(a.testCode) - testIx(b.testCode) || gradeIx(a.grade) - gradeIx(b.grade) || periodIx(a.period) - periodIx(b.period),
      ),
    };
  if (change.pkRiskCutoff !== undefined)
    out.pkRiskCutoff = change.pkRiskCutoff && {
      source: change.pkRiskCutoff.source,
      cutoffs: Object.fromEntries(
        PERIODS.filter((p) => change.pkRiskCutoff!.cutoffs[p] !== undefined).map((p) => [p, change.pkRiskCutoff!.cutoffs[p]]),
      ),
    };
  if (change.abilityCutoffs !== undefined)
    out.abilityCutoffs = change.abilityCutoffs && {
      source: change.abilityCutoffs.source,
      cutoffs: [...change.abilityCutoffs.cutoffs].sort(
        (a, b) => gradeIx(a.grade) - gradeIx(b.grade) || testIx(a.testCode) - testIx(b.testCode) || periodIx(a.period) - periodIx(b.period),
      ),
    };
  return out;
}
