import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  districtsWithOwnRanNorms,
  lockStandards,
  periodsOf,
  putStandards,
  saveRanResults,
  scoredRanTests,
  standardsRows,
  type RanResultWrite,
  type StandardsWrite,
} from "#app/db/queries/screening-standards";
import { periodAt } from "#app/domain/results-grid";
import {
  effectiveStandards,
  RAN_TEST_CODES,
  ranResultUnder,
  sameStandard,
  STANDARD_KINDS,
  type EffectiveStandards,
  type StandardKind,
  type StoredStandards,
} from "#app/domain/screening-standards";
import { normalizedStandards, StandardsChangeInput, type StandardsChange } from "#app/domain/screening-standards-input";
import { audit } from "../audit";
import { invalidateDistrictConfig } from "../district-config";
import { errorResponses, jsonBody, jsonResponse, type Actor, type Router } from "../env";
import { idParam } from "../params";
import { assertOrganization, requireCapability, requireSuperAdmin } from "../scope";
import { columnOf, DistrictStandards, ProductStandards, storedStandards } from "../standards-mappers";

// Norms and cutoffs with a named source (issue 34 item 4; app/domain/screening-standards.ts).
// A district's admins (and super admins) read and set the district's own; super admins the
// product-wide defaults, which ship empty. A PUT changes the kinds it names (null clears one),
// audits each change with its before and after, and, when RAN norms change, recomputes the
// percentile, theta and norms source of every hand-scored RAN result they govern in the same
// transaction (cleared where no norm applies any more). The database raises the districts'
// config_version on any write here (migration 0014), so kept grids and configurations follow.

const IdParam = idParam({ description: "organizationId (district)" });

const Change = StandardsChangeInput.openapi("ScreeningStandardsChange", {
  description:
    "Each kind is optional: left out, it is unchanged; null clears it; a value replaces it whole. Every value names its source (who published the figures).",
});

const Recomputed = z.object({
  recomputedRanResults: z.number().int().openapi({ description: "hand-scored RAN results whose percentile changed with this save" }),
});

const getDistrict = createRoute({
  method: "get",
  path: "/organization/{id}/screening-standards",
  tags: ["Screening standards"],
  summary: "The district's norms and cutoffs: its own, the product-wide ones, and those in force (district admins, super admins)",
  request: { params: IdParam },
  responses: { 200: jsonResponse(DistrictStandards, "Norms and cutoffs"), ...errorResponses },
});

const putDistrict = createRoute({
  method: "put",
  path: "/organization/{id}/screening-standards",
  tags: ["Screening standards"],
  summary: "Set or clear the district's own norms and cutoffs (district admins, super admins). Audited",
  description:
    "A kind the district sets takes the place of the product-wide one for the district; clearing it falls back to the product-wide one, or to none. " +
    "A change of RAN norms recomputes the district's hand-scored RAN results in the same transaction.",
  request: { params: IdParam, body: jsonBody(Change) },
  responses: { 200: jsonResponse(DistrictStandards.extend(Recomputed.shape), "Saved"), ...errorResponses },
});

const getProduct = createRoute({
  method: "get",
  path: "/screening-standards",
  tags: ["Screening standards"],
  summary: "The product-wide norms and cutoffs, every district's default (super admins)",
  responses: { 200: jsonResponse(ProductStandards, "Norms and cutoffs"), ...errorResponses },
});

const putProduct = createRoute({
  method: "put",
  path: "/screening-standards",
  tags: ["Screening standards"],
  summary: "Set or clear the product-wide norms and cutoffs (super admins). Audited",
  description:
    "Districts with a kind of their own keep it. A change of RAN norms recomputes the hand-scored RAN results of every district without RAN norms of its own, in the same transaction.",
  request: { body: jsonBody(Change) },
  responses: { 200: jsonResponse(ProductStandards.extend(Recomputed.shape), "Saved"), ...errorResponses },
});

const iso = (d: Date | string) => new Date(d).toISOString();

async function districtAnswer(db: Db, organizationId: string) {
  const rows = await standardsRows(db, organizationId);
  const district = storedStandards(rows.district);
  const product = storedStandards(rows.product);
  return { organizationId, district, product, effective: effectiveStandards(district, product) };
}

/**
 * The RAN results `tests` should carry under `standardsOf(organization)`: a percentile, theta and
 * source from the norm of their test, grade and period, or none (a test outside every period, or
 * without a norm).
 */
async function recomputeRan(
  tx: Db,
  scope: Parameters<typeof scoredRanTests>[1],
  standardsOf: (organizationId: string) => EffectiveStandards,
  now: Date,
): Promise<number> {
  const tests = await scoredRanTests(tx, scope, RAN_TEST_CODES);
  if (tests.length === 0) return 0;
  const orgs = [...new Set(tests.map((t) => t.organization_id))];
  const periods = new Map<string, { periodName: "BOY" | "MOY" | "EOY"; startDate: string; endDate: string }[]>();
  for (const p of await periodsOf(tx, orgs)) {
    const list = periods.get(p.organization_id) ?? [];
    list.push({ periodName: p.period_name, startDate: p.start_date, endDate: p.end_date });
    periods.set(p.organization_id, list);
  }
  const writes: RanResultWrite[] = tests.map((t) => {
    const period = periodAt(periods.get(t.organization_id) ?? [], new Date(t.start_dt_tm));
    const result = period ? ranResultUnder(standardsOf(t.organization_id), t.test_code, t.grade, period.periodName, t.scored_secs) : null;
    return {
      participantTestId: t.participant_test_id,
      abilityPercentile: result?.abilityPercentile ?? null,
      finalTheta: result?.finalTheta ?? null,
      normsSource: result?.normsSource ?? null,
    };
  });
  return saveRanResults(tx, writes, now);
}

/**
 * Writes the kinds `change` names for a district (or the product, null) under the row's lock:
 * each kind that differs is stored with its stamp and audited with before and after. Returns the
 * stored kinds before and after.
 */
async function applyChange(tx: Db, actor: Actor, organizationId: string | null, change: StandardsChange, now: Date) {
  const before = storedStandards(await lockStandards(tx, organizationId));
  const after: StoredStandards = { ...before };
  const values: StandardsWrite = {};
  const changed: StandardKind[] = [];
  const normalized = normalizedStandards(change);
  for (const kind of STANDARD_KINDS) {
    const next = normalized[kind];
    if (next === undefined || sameStandard(before[kind], next)) continue;
    const stored = next === null ? null : { ...next, updatedAt: iso(now), updatedBy: actor.userId };
    (after as Record<StandardKind, unknown>)[kind] = stored;
    values[columnOf(kind)] = stored === null ? null : JSON.stringify(stored);
    changed.push(kind);
  }
  if (changed.length > 0) {
    await putStandards(tx, organizationId, values, actor.userId, now);
    for (const kind of changed) {
      await audit(
        tx,
        actor,
        after[kind] === null ? "delete" : before[kind] === null ? "create" : "update",
        "screening_standard",
        organizationId ?? "product",
        {
          kind,
          before: before[kind],
          after: after[kind],
        },
      );
    }
  }
  return { before, after, ranNormsChanged: changed.includes("ranNorms") };
}

export function registerScreeningStandards(app: Router) {
  app.openapi(getDistrict, async (c) => {
    const { db } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageScreeningStandards");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    return c.json(await districtAnswer(db, org.organization_id), 200);
  });

  app.openapi(putDistrict, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageScreeningStandards");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const change = c.req.valid("json");
    const at = now();
    const recomputed = await db.transaction().execute(async (tx) => {
      const { after, ranNormsChanged } = await applyChange(tx, actor, org.organization_id, change, at);
      if (!ranNormsChanged) return 0;
      const product = storedStandards((await standardsRows(tx, null)).product);
      const standards = effectiveStandards(after, product);
      return recomputeRan(tx, { organizationId: org.organization_id }, () => standards, at);
    });
    invalidateDistrictConfig(org.organization_id);
    return c.json({ ...(await districtAnswer(db, org.organization_id)), recomputedRanResults: recomputed }, 200);
  });

  app.openapi(getProduct, async (c) => {
    const { db } = c.var.deps;
    requireSuperAdmin(c.var.actor);
    return c.json({ product: storedStandards((await standardsRows(db, null)).product) }, 200);
  });

  app.openapi(putProduct, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireSuperAdmin(c.var.actor);
    const change = c.req.valid("json");
    const at = now();
    const recomputed = await db.transaction().execute(async (tx) => {
      const { after, ranNormsChanged } = await applyChange(tx, actor, null, change, at);
      if (!ranNormsChanged) return 0;
      // Districts with RAN norms of their own keep their results; every other district follows the product's.
      const standards = effectiveStandards(null, after);
      return recomputeRan(tx, { except: await districtsWithOwnRanNorms(tx) }, () => standards, at);
    });
    return c.json({ product: storedStandards((await standardsRows(db, null)).product), recomputedRanResults: recomputed }, 200);
  });
}
