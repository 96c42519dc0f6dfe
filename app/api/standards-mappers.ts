import { z } from "@hono/zod-openapi";
import { AbilityCutoffsShape, PkRiskCutoffShape, RanNormsShape } from "#app/domain/screening-standards-input";
import type { StandardsRow } from "#app/db/queries/screening-standards";
import type { StandardsColumns } from "#app/db/queries/results";
import { STANDARD_KINDS, type StandardKind, type StoredStandards } from "#app/domain/screening-standards";

// Norms and cutoffs (migration 0014) → the API's field names, and the stored jsonb read back with
// the same rules that admitted it: a value that no longer passes them is dropped (and logged)
// rather than shown as a figure.

const Stamp = z.object({
  updatedAt: z.string().openapi({ description: "when this kind was last set" }),
  updatedBy: z.string().nullable().openapi({ description: "who set it (user id)" }),
});

const StoredRanNorms = RanNormsShape.extend(Stamp.shape);
const StoredPkRiskCutoff = PkRiskCutoffShape.extend(Stamp.shape);
const StoredAbilityCutoffs = AbilityCutoffsShape.extend(Stamp.shape);

export const StoredStandardsSchema = z
  .object({
    ranNorms: StoredRanNorms.nullable(),
    pkRiskCutoff: StoredPkRiskCutoff.nullable(),
    abilityCutoffs: StoredAbilityCutoffs.nullable(),
  })
  .openapi("StoredScreeningStandards");

const Origin = z.object({
  origin: z.enum(["district", "product"]).openapi({ description: "the district's own figures, or the product-wide ones" }),
});

export const EffectiveStandardsSchema = z
  .object({
    ranNorms: RanNormsShape.extend(Origin.shape).nullable(),
    pkRiskCutoff: PkRiskCutoffShape.extend(Origin.shape).nullable(),
    abilityCutoffs: AbilityCutoffsShape.extend(Origin.shape).nullable(),
  })
  .openapi("EffectiveScreeningStandards", {
    description:
      "The norms and cutoffs in force, each kind with its source and origin; null where none is configured (the pages then show raw figures and 'No norms configured' / 'No cutoff configured').",
  });

export const DistrictStandards = z
  .object({
    organizationId: z.string(),
    district: StoredStandardsSchema.openapi({ description: "the district's own figures" }),
    product: StoredStandardsSchema.openapi({ description: "the product-wide figures (the default; ships empty)" }),
    effective: EffectiveStandardsSchema,
  })
  .openapi("DistrictScreeningStandards");

export const ProductStandards = z.object({ product: StoredStandardsSchema }).openapi("ProductScreeningStandards");

const SCHEMAS = { ranNorms: StoredRanNorms, pkRiskCutoff: StoredPkRiskCutoff, abilityCutoffs: StoredAbilityCutoffs } as const;
const COLUMN_OF: Record<StandardKind, "ran_norms" | "pk_risk_cutoff" | "ability_cutoffs"> = {
  ranNorms: "ran_norms",
  pkRiskCutoff: "pk_risk_cutoff",
  abilityCutoffs: "ability_cutoffs",
};
export const columnOf = (kind: StandardKind) => COLUMN_OF[kind];

const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

/** One stored kind, or null when absent or no longer valid (logged). */
function storedKind<K extends StandardKind>(kind: K, value: unknown): StoredStandards[K] {
  if (value === null || value === undefined) return null;
  const result = SCHEMAS[kind].safeParse(parsed(value));
  if (!result.success) {
    console.error(`[screening standards] a stored ${kind} value does not pass its rules and is ignored`, result.error.message);
    return null;
  }
  return result.data as StoredStandards[K];
}

/** The stored kinds of a row (as districtCalendarRows or standardsRows reads them). */
export function storedStandards(columns: StandardsColumns | StandardsRow | null | undefined): StoredStandards {
  if (!columns) return { ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null };
  const get = (kind: StandardKind) => ("ran_norms" in columns ? columns[COLUMN_OF[kind]] : columns[kind]);
  return Object.fromEntries(STANDARD_KINDS.map((kind) => [kind, storedKind(kind, get(kind))])) as StoredStandards;
}
