import { createRoute, z } from "@hono/zod-openapi";
import { countSchoolChildren, holdLiveOrganization, insertSchool, renameSchool, softDeleteSchool } from "#app/db/queries/organizations";
import { requiredMessage } from "#app/domain/admin-fields";
import { SchoolForm } from "#app/domain/admin-forms";
import { may } from "#app/domain/permissions";
import { text, TEXT_MAX } from "#app/domain/text";
import { audit } from "../audit";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden, notFound } from "../errors";
import { lockSchool } from "../locks";
import { OrganizationUnit, toOrganizationUnit } from "../mappers";
import { IdParam } from "../params";
import { assertOrganization, assertReadableSchool, assertSchool, canManageSchools, requireActor } from "../scope";
import { assertSchoolNameFree } from "../unique-names";
import { checkVersion, conflictResponse, StaleVersion, VersionField } from "../versions";

const getOrganizationUnit = createRoute({
  method: "get",
  path: "/organizationUnit/{id}",
  summary: "One school, with its district",
  request: { params: IdParam },
  responses: { 200: jsonResponse(OrganizationUnit, "The school"), ...errorResponses },
});

// The school form's schema (app/domain/admin-forms.ts) gives the name rule.
const OrganizationId = z.string({ error: requiredMessage("District") }).uuid();

const CreateOrganizationUnit = z
  .object({ organizationId: OrganizationId, organizationUnitId: text(TEXT_MAX.code).nullish() })
  .extend(SchoolForm.shape)
  .openapi("CreateOrganizationUnit");
const UpdateOrganizationUnit = z
  .object({
    organizationUnitId: z.string({ error: "organizationUnitId is required" }).uuid(),
    organizationId: z.string().uuid().optional(),
  })
  .extend(SchoolForm.shape)
  .extend({ version: VersionField })
  .openapi("UpdateOrganizationUnit");

const conflict = { 409: jsonResponse(z.object({ message: z.string() }), "Refused while the school has classrooms or students") };
const nameTaken = conflictResponse(
  OrganizationUnit,
  "Another school of the district has this name (case and spacing aside); `errors` names the field: 'name: …'",
);

const createOrganizationUnit = createRoute({
  method: "post",
  path: "/organizationUnit",
  summary: "Create a school (super admin, district admin of that district)",
  request: { body: jsonBody(CreateOrganizationUnit) },
  responses: { 201: jsonResponse(OrganizationUnit, "The new school"), ...errorResponses, ...nameTaken },
});

const updateOrganizationUnit = createRoute({
  method: "put",
  path: "/organizationUnit",
  summary: "Rename a school (super admin, district admin of its district)",
  description:
    "A school stays in its district: a different organizationId is refused. Send the `version` read with the school: a save over a newer one answers 409 with the newer school in `current`.",
  request: { body: jsonBody(UpdateOrganizationUnit) },
  responses: { 200: jsonResponse(OrganizationUnit, "The school"), ...errorResponses, ...nameTaken },
});

const deleteOrganizationUnit = createRoute({
  method: "delete",
  path: "/organizationUnit/{id}",
  summary: "Delete a school (super admin, district admin of its district; soft: kept with deleted_at, hidden)",
  description: "Refused with 409 while the school has classrooms or students: move or delete them first.",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, ...conflict },
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function registerOrganizationUnit(app: Router) {
  app.openapi(getOrganizationUnit, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const school = await assertReadableSchool(db, actor, c.req.valid("param").id);
    return c.json(toOrganizationUnit(school, school.organization_name), 200);
  });

  app.openapi(createOrganizationUnit, async (c) => {
    const actor = requireActor(c.var.actor);
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    if (!may(actor.role, "manageSchools")) throw forbidden();
    const org = await assertOrganization(db, actor, body.organizationId);
    if (!canManageSchools(actor, org.organization_id)) throw forbidden();
    const school = await db.transaction().execute(async (tx) => {
      // The district stays locked (shared) until the school is in: it cannot be deleted meanwhile.
      if (!(await holdLiveOrganization(tx, org.organization_id))) throw notFound("District");
      await assertSchoolNameFree(tx, org.organization_id, body.name);
      const row = await insertSchool(tx, org.organization_id, body.name);
      await audit(tx, actor, "create", "organization_unit", row.organization_unit_id, {
        name: row.name,
        organizationId: row.organization_id,
      });
      return row;
    });
    return c.json(toOrganizationUnit(school, org.name), 201);
  });

  app.openapi(updateOrganizationUnit, async (c) => {
    const actor = requireActor(c.var.actor);
    const body = c.req.valid("json");
    const { db, now } = c.var.deps;
    if (!may(actor.role, "manageSchools")) throw forbidden();
    const school = await assertSchool(db, actor, body.organizationUnitId);
    if (!canManageSchools(actor, school.organization_id)) throw forbidden();
    if (body.organizationId && body.organizationId !== school.organization_id) {
      throw new ApiError(400, "A school cannot be moved to another district.");
    }
    let row;
    try {
      row = await db.transaction().execute(async (tx) => {
        const locked = await lockSchool(tx, school.organization_unit_id, "update");
        checkVersion(body.version, locked.version, "school");
        await assertSchoolNameFree(tx, school.organization_id, body.name, school.organization_unit_id);
        const updated = await renameSchool(tx, school.organization_unit_id, body.name, now());
        await audit(tx, actor, "update", "organization_unit", updated.organization_unit_id, {
          before: { name: locked.name },
          after: { name: updated.name },
        });
        return updated;
      });
    } catch (err) {
      if (!(err instanceof StaleVersion)) throw err;
      const current = await assertSchool(db, actor, school.organization_unit_id);
      return c.json({ message: err.message, current: toOrganizationUnit(current, current.organization_name) }, 409);
    }
    // A school never moves to another district: the name read with the check is its district's.
    return c.json(toOrganizationUnit(row, school.organization_name), 200);
  });

  app.openapi(deleteOrganizationUnit, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (!may(actor.role, "manageSchools")) throw forbidden();
    const school = await assertSchool(db, actor, c.req.valid("param").id);
    if (!canManageSchools(actor, school.organization_id)) throw forbidden();
    await db.transaction().execute(async (tx) => {
      // Locked before counting: a classroom or student being added holds the school for share, so
      // the count waits for it and sees it (and a later one finds the school gone).
      await lockSchool(tx, school.organization_unit_id, "update");
      const { classrooms: nc, students: ns } = await countSchoolChildren(tx, school.organization_unit_id);
      if (nc > 0 || ns > 0) {
        const what = [ns > 0 ? plural(ns, "student", "students") : null, nc > 0 ? plural(nc, "classroom", "classrooms") : null]
          .filter(Boolean)
          .join(" and ");
        throw new ApiError(
          409,
          `${school.name} still has ${what}. Move the students to another school and delete its classrooms before deleting the school.`,
        );
      }
      await softDeleteSchool(tx, school.organization_unit_id, now());
      await audit(tx, actor, "delete", "organization_unit", school.organization_unit_id, { name: school.name });
    });
    return c.body(null, 204);
  });
}
