import type { Period } from "./periods";

// The 'Norms and cutoffs' forms' intents and field names, and the spec's note on prekindergarten
// thetas: what the district page's component needs, without the forms' zod schemas
// (./screening-standards-forms.ts), which only the server reads.

export const STANDARDS_INTENTS = {
  ranNorms: "save-ran-norms",
  pkRiskCutoff: "save-pk-risk-cutoff",
  abilityCutoffs: "save-ability-cutoffs",
  clear: "clear-standard",
} as const;

/** Field names of the forms, as the posted names and the reply's error keys. */
export const standardsField = {
  source: "source",
  ranMean: (testCode: string, grade: string, period: Period) => `ran.${testCode}.${grade}.${period}.mean`,
  ranSd: (testCode: string, grade: string, period: Period) => `ran.${testCode}.${grade}.${period}.sd`,
  pkCutoff: (period: Period) => `pk.${period}`,
  theta: (grade: string, testCode: string, period: Period) => `theta.${grade}.${testCode}.${period}`,
};

/**
 * The spec's prekindergarten theta values (spec 001 §9), given without the test or period each
 * belongs to: shown as help beside the theta table, never used as a cutoff.
 */
export const SPEC_PK_THETA_NOTE =
  "The specification lists prekindergarten theta cutoffs of -0.52, -0.33, -1 or -1.5, -0.585, 0, 0 and -0.95 without saying which test or period each belongs to, so none is used here.";
