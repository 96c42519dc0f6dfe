import { createRoute, z } from "@hono/zod-openapi";
import {
  countLiveSchools,
  insertOrganization,
  liveOrganizationsByName,
  liveSchoolsOf,
  lockLiveOrganization,
  lockOrganization,
  organizationsByIds,
  schoolRowsByIds,
  softDeleteOrganization,
  saveOrganization,
} from "#app/db/queries/organizations";
import { text, TEXT_MAX } from "#app/domain/text";
import { DistrictForm } from "#app/domain/admin-forms";
import { audit } from "../audit";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, notFound } from "../errors";
import { Organization, OrganizationUnit, toOrganization, toOrganizationUnit } from "../mappers";
import { IdParam } from "../params";
import { assertOrganization, assertReadableOrganization, requireActor, requireSuperAdmin } from "../scope";
import { answerPage, inOrder, Page, PageQuery } from "../paging";
import { districts as districtList, districtSchools } from "#app/db/queries/lists";
import { LIST_SORTS } from "#app/domain/paging";
import { assertDistrictNameFree } from "../unique-names";
import { checkVersion, conflictResponse, StaleVersion, VersionField } from "../versions";

const getOrganization = createRoute({
  method: "get",
  path: "/organization/{id}",
  summary: "One district",
  request: { params: IdParam },
  responses: { 200: jsonResponse(Organization, "The district"), ...errorResponses },
});

const listOrganizations = createRoute({
  method: "get",
  path: "/organization",
  summary: "The districts the caller may see, by name",
  responses: { 200: jsonResponse(z.array(Organization), "Districts"), 401: errorResponses[401] },
});

const listOrgUnits = createRoute({
  method: "get",
  path: "/organization/orgUnits/{id}",
  summary: "Schools of a district the caller may see, by name",
  description: "District-level roles see every school; school-level roles see their own schools.",
  request: { params: IdParam },
  responses: { 200: jsonResponse(z.array(OrganizationUnit), "Schools"), ...errorResponses },
});

// The paged variants of the two lists (issue 15, docs/decisions/0014-paged-lists.md).
const listOrganizationsPage = createRoute({
  method: "get",
  path: "/organization/page",
  summary: "One page of the districts the caller may see, paged, searched (name) and sorted (name, state) on the server",
  request: { query: PageQuery(LIST_SORTS.districts) },
  responses: {
    200: jsonResponse(Page(Organization, "OrganizationPage"), "A page of districts"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

const listOrgUnitsPage = createRoute({
  method: "get",
  path: "/organization/orgUnits/{id}/page",
  summary: "One page of a district's schools the caller may see, paged, searched and sorted by name on the server",
  request: { params: IdParam, query: PageQuery(LIST_SORTS.schools) },
  responses: { 200: jsonResponse(Page(OrganizationUnit, "OrganizationUnitPage"), "A page of schools"), ...errorResponses },
});

// The district form's schema (app/domain/admin-forms.ts) is the body: same rules, same texts.
const CreateOrganization = DistrictForm.extend({ organizationId: text(TEXT_MAX.code).nullish() }).openapi("CreateOrganization");
const UpdateOrganization = z
  .object({ organizationId: z.string({ error: "organizationId is required" }).uuid() })
  .extend(DistrictForm.shape)
  .extend({ version: VersionField })
  .openapi("UpdateOrganization");

const conflict = { 409: jsonResponse(z.object({ message: z.string() }), "Refused while the district has schools") };
const nameTaken = conflictResponse(
  Organization,
  "Another district has this name (case and spacing aside); `errors` names the field: 'name: …'",
);

const createOrganization = createRoute({
  method: "post",
  path: "/organization",
  summary: "Create a district (super admin)",
  request: { body: jsonBody(CreateOrganization) },
  responses: { 201: jsonResponse(Organization, "The new district"), ...errorResponses, ...nameTaken },
});

const updateOrganization = createRoute({
  method: "put",
  path: "/organization",
  summary: "Update a district (super admin)",
  description: "Send the `version` read with the district: a save over a newer one answers 409 with the newer district in `current`.",
  request: { body: jsonBody(UpdateOrganization) },
  responses: { 200: jsonResponse(Organization, "The district"), ...errorResponses, ...nameTaken },
});

const deleteOrganization = createRoute({
  method: "delete",
  path: "/organization/{id}",
  summary: "Delete a district (super admin; soft: kept with deleted_at, hidden)",
  description: "Refused with 409 while the district has schools: delete them first.",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...conflict },
});

export function registerOrganization(app: Router) {
  // Before GET /organization/{id}: the router tries routes in the order they were registered, and
  // that one would refuse 'page' as an id.
  app.openapi(listOrganizationsPage, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const source = districtList(actor.role === "SUPER_ADMIN" ? null : (actor.organizationId ?? "00000000-0000-0000-0000-000000000000"));
    const page = await answerPage(c.var.deps, source, LIST_SORTS.districts, c.req.valid("query"), async (ids) =>
      ids.length ? inOrder(ids, (await organizationsByIds(db, ids)).map(toOrganization), (o) => o.organizationId) : [],
    );
    return c.json(page, 200);
  });

  app.openapi(listOrgUnitsPage, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    const schoolIds = actor.role === "ORG_UNIT_ADMIN" || actor.role === "TEACHER" ? actor.schoolIds : null;
    const page = await answerPage(
      c.var.deps,
      districtSchools(org.organization_id, schoolIds),
      LIST_SORTS.schools,
      c.req.valid("query"),
      async (ids) =>
        ids.length
          ? inOrder(
              ids,
              (await schoolRowsByIds(db, ids)).map((u) => toOrganizationUnit(u, org.name)),
              (u) => u.organizationUnitId,
            )
          : [],
    );
    return c.json(page, 200);
  });

  app.openapi(createOrganization, async (c) => {
    const actor = requireSuperAdmin(c.var.actor);
    const body = c.req.valid("json");
    const org = await c.var.deps.db.transaction().execute(async (tx) => {
      await assertDistrictNameFree(tx, body.name);
      const row = await insertOrganization(tx, { name: body.name, state: body.state, website: body.website });
      await audit(tx, actor, "create", "organization", row.organization_id, { name: row.name, state: row.state, website: row.website });
      return row;
    });
    return c.json(toOrganization(org), 201);
  });

  app.openapi(updateOrganization, async (c) => {
    const actor = requireSuperAdmin(c.var.actor);
    const body = c.req.valid("json");
    const { db, now } = c.var.deps;
    let org;
    try {
      org = await db.transaction().execute(async (tx) => {
        const before = await lockLiveOrganization(tx, body.organizationId);
        if (!before) throw notFound("District");
        checkVersion(body.version, before.version, "district");
        await assertDistrictNameFree(tx, body.name, before.organization_id);
        const row = await saveOrganization(tx, body.organizationId, { name: body.name, state: body.state, website: body.website }, now());
        await audit(tx, actor, "update", "organization", row.organization_id, {
          before: { name: before.name, state: before.state, website: before.website },
          after: { name: row.name, state: row.state, website: row.website },
        });
        return row;
      });
    } catch (err) {
      if (!(err instanceof StaleVersion)) throw err;
      return c.json({ message: err.message, current: toOrganization(await assertOrganization(db, actor, body.organizationId)) }, 409);
    }
    return c.json(toOrganization(org), 200);
  });

  app.openapi(deleteOrganization, async (c) => {
    const actor = requireSuperAdmin(c.var.actor);
    const { db, now } = c.var.deps;
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    await db.transaction().execute(async (tx) => {
      // Locked before counting: a school being added holds the district for share.
      await lockOrganization(tx, org.organization_id);
      const n = await countLiveSchools(tx, org.organization_id);
      if (n > 0) {
        throw new ApiError(
          409,
          `${org.name} still has ${n} ${n === 1 ? "school" : "schools"}. Delete its schools before deleting the district.`,
        );
      }
      await softDeleteOrganization(tx, org.organization_id, now());
      await audit(tx, actor, "delete", "organization", org.organization_id, { name: org.name });
    });
    return c.body(null, 204);
  });

  app.openapi(getOrganization, async (c) => {
    const actor = requireActor(c.var.actor);
    const org = await assertReadableOrganization(c.var.deps.db, actor, c.req.valid("param").id);
    return c.json(toOrganization(org), 200);
  });

  app.openapi(listOrganizations, async (c) => {
    const actor = requireActor(c.var.actor);
    const rows = await liveOrganizationsByName(c.var.deps.db, actor.role === "SUPER_ADMIN" ? null : (actor.organizationId ?? ""));
    return c.json(rows.map(toOrganization), 200);
  });

  app.openapi(listOrgUnits, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    let onlyIds: string[] | null = null;
    if (actor.role === "ORG_UNIT_ADMIN" || actor.role === "TEACHER") {
      if (actor.schoolIds.length === 0) return c.json([], 200);
      onlyIds = actor.schoolIds;
    }
    return c.json(
      (await liveSchoolsOf(db, org.organization_id, onlyIds)).map((u) => toOrganizationUnit(u, org.name)),
      200,
    );
  });
}
