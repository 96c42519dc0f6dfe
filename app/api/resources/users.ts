import { createRoute, z } from "@hono/zod-openapi";
import { revokeSessionsOf } from "#app/db/queries/sessions";
import {
  districtUserIdsByName,
  insertUser,
  linkSchools,
  liveSchoolIdsOfUser,
  liveSchoolNamesByIds,
  liveSchoolsOfDistrictAmong,
  lockLiveUser,
  saveUserName,
  schoolUserIdsByName,
  softDeleteUser,
  superAdminIdsByName,
  unlinkSchools,
  userRowsByIds,
  usersHoldingEmail,
} from "#app/db/queries/users";
import type { Db } from "#app/db/connect.server";
import { requiredMessage } from "#app/domain/admin-fields";
import { SCHOOLS_NOT_FOR_ROLE_MESSAGE, UserFields } from "#app/domain/admin-forms";
import { normalizeEmail } from "#app/domain/email";
import { first } from "#app/domain/presence";
import { list, MAX_IDS, text, TEXT_MAX, tooManyMessage } from "#app/domain/text";
import { reachOf } from "#app/domain/permissions";
import { isSchoolLevel, ROLE_LABELS, ROLE_NAMES, roleNameOf, type RoleName } from "#app/domain/roles";
import { audit, isUniqueViolation } from "../audit";
import { errorResponses, jsonBody, jsonResponse, type Actor, type Router } from "../env";
import { ApiError, forbidden, notFound } from "../errors";
import { IdParam } from "../params";
import { toUser, User } from "../mappers";
import { answerPage, Page, PageQuery } from "../paging";
import { districtUsers, superAdmins as superAdminList } from "#app/db/queries/lists";
import { LIST_SORTS } from "#app/domain/paging";
import {
  assertManageableUser,
  assertOrganization,
  assertReadableOrganization,
  assertReadableSchool,
  assignableRoles,
  canManageUsers,
  canPlaceUser,
  requireActor,
  requireSuperAdmin,
  userListScope,
} from "../scope";
import { checkVersion, conflictResponse, StaleVersion, VersionField } from "../versions";

// Users of spec 000 §3/§5/§6 (issue 4). Invites and auth status live in accounts.ts.

export const USER_MESSAGES = {
  emailTaken: "A user with this email already exists.",
  emailOfDeletedUser: "A deleted user has this email. Re-adding a deleted user requires contacting the product's customer support.",
  /** An email held (or once held) outside the caller's district: says nothing of whose, live or deleted (issue 33). */
  emailUnavailable: "This email cannot be used for a new user. Please contact the product's customer support.",
  emailLocked: "Email cannot be changed. Please contact the product's customer support to change email.",
  roleLocked: "Role cannot be changed. Please contact the product's customer support to change the role.",
  districtLocked: "A user cannot be moved to another district.",
  schoolsOutsideDistrict: "Schools must belong to the user's district.",
  superAdminOnly: "A super admin cannot have other roles, a district or schools.",
  deleteSelf: "You cannot delete your own user.",
} as const;

const EmailParam = z.object({ email: text(TEXT_MAX.email, { label: "email" }).openapi({ param: { name: "email", in: "path" } }) });

const RoleRef = z
  .union([text(TEXT_MAX.code, { label: "Role" }), z.object({ roleId: text(TEXT_MAX.code, { label: "Role" }) })])
  .openapi({ description: "a role id (…ff01) or role name" });
const Roles = z
  .array(RoleRef, { error: requiredMessage("Role") })
  .min(1, requiredMessage("Role"))
  .max(MAX_IDS, tooManyMessage("roles", MAX_IDS));
const SchoolIds = list(z.string().uuid(), { label: "organizationUnitIds" })
  .nullish()
  .transform((ids) => [...new Set(ids ?? [])]);

// The user form's fields (app/domain/admin-forms.ts) are the body's: same rules, same texts.
// Roles and schools come as the API's lists; who may give which role is checked below.
const CreateUser = z
  .object({ userId: text(TEXT_MAX.code).nullish(), organizationId: z.string().uuid().nullish() })
  .extend(UserFields.shape)
  .extend({
    roles: Roles,
    organizationUnitIds: SchoolIds.openapi({ description: "only for school admin and teacher; refused for other roles" }),
  })
  .openapi("CreateUser");

const UpdateUser = z
  .object({ userId: z.string({ error: "userId is required" }).uuid(), organizationId: z.string().uuid().nullish() })
  .extend(UserFields.pick({ firstName: true, lastName: true }).shape)
  .extend({
    email: text(TEXT_MAX.email, { label: "Email" })
      .optional()
      .openapi({ description: "cannot change; when sent it must be the stored one" }),
    roles: z
      .array(RoleRef)
      .max(MAX_IDS, tooManyMessage("roles", MAX_IDS))
      .optional()
      .openapi({ description: "cannot change; when sent they must be the stored ones" }),
    organizationUnitIds: SchoolIds.openapi({ description: "only for school admin and teacher; refused for other roles" }),
    version: VersionField,
  })
  .openapi("UpdateUser");

const conflict = { 409: jsonResponse(z.object({ message: z.string() }), "Email already in use") };

const USER_SORTS = LIST_SORTS.users;
const UserPage = Page(User, "UserPage");

const routes = {
  byEmail: createRoute({
    method: "get",
    path: "/user/userByEmail/{email}",
    summary: "A user by email: yourself, or a user you may manage",
    description:
      "An email you may not manage, one held in another district and one no one holds answer alike (403), so the answer tells no district which emails have accounts elsewhere; a super admin hears 404 for an unknown email.",
    request: { params: EmailParam },
    responses: { 200: jsonResponse(User, "The user"), ...errorResponses },
  }),
  ofOrganization: createRoute({
    method: "get",
    path: "/user/organization/{id}",
    summary: "Users of a district, by name (not for teachers; a school admin sees the school-level users of their schools)",
    request: { params: IdParam },
    responses: { 200: jsonResponse(z.array(User), "Users"), ...errorResponses },
  }),
  ofOrganizationPage: createRoute({
    method: "get",
    path: "/user/organization/{id}/page",
    summary: "One page of a district's users (the list of GET /user/organization/{id}, paged, searched and sorted on the server)",
    description:
      "Search `q` looks in names and email. Sorts: name (last, first), email. Follow `next` / `prev` with the same q, sort and dir.",
    request: { params: IdParam, query: PageQuery(USER_SORTS) },
    responses: { 200: jsonResponse(UserPage, "A page of users"), ...errorResponses },
  }),
  superAdminsPage: createRoute({
    method: "get",
    path: "/user/superAdmins/page",
    summary: "One page of the super admins (super admin only), paged, searched and sorted on the server",
    request: { query: PageQuery(USER_SORTS) },
    responses: {
      200: jsonResponse(UserPage, "A page of super admins"),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  ofOrganizationUnit: createRoute({
    method: "get",
    path: "/user/organizationUnit/{id}",
    summary:
      "Users of a school, by name, roles in order (the classroom form offers those whose first role is teacher); for the roles that manage users (spec 000 §6: not teachers, whose pages need no staff list)",
    request: { params: IdParam },
    responses: { 200: jsonResponse(z.array(User), "Users"), ...errorResponses },
  }),
  superAdmins: createRoute({
    method: "get",
    path: "/user/superAdmins",
    summary: "Super admins, by name (super admin only)",
    responses: { 200: jsonResponse(z.array(User), "Super admins"), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  create: createRoute({
    method: "post",
    path: "/user",
    summary: "Create a user (super admin, district admin, school admin; roles per spec 000 §6)",
    request: { body: jsonBody(CreateUser) },
    responses: { 201: jsonResponse(User, "The new user"), ...errorResponses, ...conflict },
  }),
  update: createRoute({
    method: "put",
    path: "/user",
    summary: "Update a user's names and schools; email, role and district cannot change",
    description: "Send the `version` read with the user: a save over a newer one answers 409 with the newer user in `current`.",
    request: { body: jsonBody(UpdateUser) },
    responses: { 200: jsonResponse(User, "The user"), ...errorResponses, ...conflictResponse(User, "Not saved") },
  }),
  remove: createRoute({
    method: "delete",
    path: "/user/{id}",
    summary: "Delete a user (soft: kept with deleted_at, hidden, sessions ended; re-adding needs support)",
    request: { params: IdParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  }),
};

/** Users with their roles (in order) and live schools (by name), in the order of `userIds`. */
export async function loadUsers(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const users = await userRowsByIds(db, userIds);
  const unitIds = [...new Set(users.flatMap((u) => u.unit_ids))];
  // Live schools in name order; each user's keep this order.
  const units = unitIds.length ? await liveSchoolNamesByIds(db, unitIds) : [];
  const byId = new Map(users.map((u) => [u.user_id, u]));
  return userIds.flatMap((id) => {
    const u = byId.get(id);
    if (!u) return [];
    const mine = new Set(u.unit_ids);
    return [
      toUser(
        u,
        u.role_ids,
        units.filter((s) => mine.has(s.organization_unit_id)),
      ),
    ];
  });
}

async function loadUser(db: Db, userId: string) {
  const [user] = await loadUsers(db, [userId]);
  if (!user) throw notFound("User");
  return user;
}

/** Role ids or names to role names, duplicates dropped, order kept. */
function resolveRoles(refs: readonly (string | { roleId: string })[]): RoleName[] {
  const out: RoleName[] = [];
  for (const ref of refs) {
    const text = (typeof ref === "string" ? ref : ref.roleId).trim();
    const role = roleNameOf(text) ?? ((ROLE_NAMES as readonly string[]).includes(text) ? (text as RoleName) : null);
    if (!role) throw new ApiError(400, `Unknown role: ${text}`);
    if (!out.includes(role)) out.push(role);
  }
  return out;
}

async function assertSchoolsOfDistrict(db: Db, organizationId: string, schoolIds: readonly string[]) {
  if (schoolIds.length === 0) return;
  const found = await liveSchoolsOfDistrictAmong(db, organizationId, schoolIds);
  if (found.length !== schoolIds.length) throw new ApiError(400, USER_MESSAGES.schoolsOutsideDistrict);
}

/**
 * Why `email` cannot be given to a new user, or null when it is free. Within the caller's own
 * district (every district for a super admin) the answer says whether a live or a deleted user
 * has it; an email held in another district gets one neutral answer, live or deleted alike, so a
 * district learns nothing of another's users beyond the refusal itself (issue 33).
 */
async function emailInUse(db: Db, actor: Actor, email: string): Promise<ApiError | null> {
  const existing = await usersHoldingEmail(db, normalizeEmail(email));
  if (existing.length === 0) return null;
  const seen =
    reachOf(actor.role) === "everything" || existing.every((u) => u.organization_id !== null && u.organization_id === actor.organizationId);
  if (!seen) return new ApiError(409, USER_MESSAGES.emailUnavailable);
  return new ApiError(409, existing.some((u) => u.deleted_at === null) ? USER_MESSAGES.emailTaken : USER_MESSAGES.emailOfDeletedUser);
}

export function registerUsers(app: Router) {
  app.openapi(routes.byEmail, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const email = normalizeEmail(c.req.valid("param").email);
    if (email === normalizeEmail(actor.email)) return c.json(await loadUser(db, actor.userId), 200);
    const user = await assertManageableUser(db, actor, { email });
    return c.json(await loadUser(db, user.user_id), 200);
  });

  app.openapi(routes.ofOrganization, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    if (!canManageUsers(actor)) throw forbidden();
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    const scope = userListScope(actor, org.organization_id);
    if (scope.schoolIds && scope.schoolIds.length === 0) return c.json([], 200);
    let users = await loadUsers(db, await districtUserIdsByName(db, org.organization_id, scope.schoolIds));
    // A school admin lists the school-level users of their schools, as they may manage them.
    if (scope.schoolIds) users = users.filter((u) => isSchoolLevel(u.Role[0]?.roleName ?? null));
    return c.json(users, 200);
  });

  app.openapi(routes.ofOrganizationPage, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    if (!canManageUsers(actor)) throw forbidden();
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    // A school admin pages through the school-level users of their schools, as they may manage them.
    const scope = userListScope(actor, org.organization_id);
    const page = await answerPage(
      c.var.deps,
      districtUsers(org.organization_id, scope.schoolIds),
      USER_SORTS,
      c.req.valid("query"),
      (ids) => loadUsers(db, ids),
    );
    return c.json(page, 200);
  });

  app.openapi(routes.superAdminsPage, async (c) => {
    requireSuperAdmin(c.var.actor);
    const { db } = c.var.deps;
    return c.json(await answerPage(c.var.deps, superAdminList(), USER_SORTS, c.req.valid("query"), (ids) => loadUsers(db, ids)), 200);
  });

  app.openapi(routes.ofOrganizationUnit, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    // Staff e-mails and roles are user management (spec 000 §6), which teachers do not have: the
    // teacher picker is in the classroom form, which only the managing roles open.
    if (!canManageUsers(actor)) throw forbidden();
    const school = await assertReadableSchool(db, actor, c.req.valid("param").id);
    return c.json(await loadUsers(db, await schoolUserIdsByName(db, school.organization_unit_id)), 200);
  });

  app.openapi(routes.superAdmins, async (c) => {
    requireSuperAdmin(c.var.actor);
    const { db } = c.var.deps;
    return c.json(await loadUsers(db, await superAdminIdsByName(db)), 200);
  });

  app.openapi(routes.create, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    if (!canManageUsers(actor)) throw forbidden();
    const body = c.req.valid("json");
    const roles = resolveRoles(body.roles);
    const refused = roles.find((r) => !assignableRoles(actor).includes(r));
    if (refused) throw new ApiError(403, `You may not give the ${ROLE_LABELS[refused]} role.`);

    let organizationId: string | null = null;
    let schoolIds: string[] = [];
    if (roles.includes("SUPER_ADMIN")) {
      if (roles.length > 1 || body.organizationId || body.organizationUnitIds.length > 0)
        throw new ApiError(400, USER_MESSAGES.superAdminOnly);
    } else {
      if (!body.organizationId) throw new ApiError(400, requiredMessage("District"));
      organizationId = (await assertOrganization(db, actor, body.organizationId)).organization_id;
      if (isSchoolLevel(first(roles, "a role"))) {
        schoolIds = body.organizationUnitIds;
        if (schoolIds.length === 0) throw new ApiError(400, requiredMessage("Schools"));
        await assertSchoolsOfDistrict(db, organizationId, schoolIds);
      } else if (body.organizationUnitIds.length > 0) {
        // Refused, not dropped: the caller would otherwise hear 'created' for schools never saved.
        throw new ApiError(400, SCHOOLS_NOT_FOR_ROLE_MESSAGE);
      }
    }
    if (!canPlaceUser(actor, organizationId, schoolIds)) throw forbidden();

    const taken = await emailInUse(db, actor, body.email);
    if (taken) throw taken;

    let userId: string;
    try {
      userId = await db.transaction().execute(async (tx) => {
        const id = await insertUser(tx, {
          organizationId,
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          roles,
          schoolIds,
        });
        await audit(tx, actor, "create", "app_user", id, { email: body.email, roles, organizationId, schoolIds });
        return id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw (await emailInUse(db, actor, body.email)) ?? new ApiError(409, USER_MESSAGES.emailUnavailable);
      throw err;
    }
    return c.json(await loadUser(db, userId), 201);
  });

  app.openapi(routes.update, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (!canManageUsers(actor)) throw forbidden();
    const body = c.req.valid("json");
    const row = await assertManageableUser(db, actor, { userId: body.userId });
    const current = await loadUser(db, row.user_id);
    const currentRoles = current.Role.map((r) => r.roleName);

    if (body.email !== undefined && normalizeEmail(body.email) !== normalizeEmail(row.email))
      throw new ApiError(400, USER_MESSAGES.emailLocked);
    if (body.roles !== undefined) {
      const roles = resolveRoles(body.roles);
      if (roles.length !== currentRoles.length || roles.some((r) => !currentRoles.includes(r)))
        throw new ApiError(400, USER_MESSAGES.roleLocked);
    }
    if (body.organizationId && body.organizationId !== row.organization_id) throw new ApiError(400, USER_MESSAGES.districtLocked);

    if (!isSchoolLevel(currentRoles[0] ?? null) && body.organizationUnitIds.length > 0) {
      // Refused, not ignored: 'updated' must not be said of schools that were never saved.
      throw new ApiError(400, currentRoles[0] === "SUPER_ADMIN" ? USER_MESSAGES.superAdminOnly : SCHOOLS_NOT_FOR_ROLE_MESSAGE);
    }
    // The district whose schools the user is placed in (school-level roles only).
    const placing = isSchoolLevel(currentRoles[0] ?? null) ? row.organization_id : null;
    if (placing) {
      if (!canPlaceUser(actor, placing, body.organizationUnitIds)) throw forbidden();
      await assertSchoolsOfDistrict(db, placing, body.organizationUnitIds);
    }

    try {
      await db.transaction().execute(async (tx) => {
        // The user's row is locked first: two saves run one after the other, the second diffing
        // its schools against what the first left (never both sets).
        const locked = await lockLiveUser(tx, row.user_id);
        if (!locked) throw notFound("User");
        checkVersion(body.version, locked.version, "user");
        const before = await liveSchoolIdsOfUser(tx, row.user_id);
        let schoolIds: string[] = before;
        if (placing) {
          // A school admin changes only their own schools; the user's other schools stay.
          const kept = actor.role === "ORG_UNIT_ADMIN" ? before.filter((id) => !actor.schoolIds.includes(id)) : [];
          schoolIds = [...new Set([...kept, ...body.organizationUnitIds])];
          if (schoolIds.length === 0) throw new ApiError(400, requiredMessage("Schools"));
        }
        await saveUserName(tx, row.user_id, { firstName: body.firstName, lastName: body.lastName }, now());
        const added = schoolIds.filter((id) => !before.includes(id));
        const removed = before.filter((id) => !schoolIds.includes(id));
        if (removed.length) await unlinkSchools(tx, row.user_id, removed);
        if (added.length) await linkSchools(tx, row.user_id, added);
        await audit(tx, actor, "update", "app_user", row.user_id, {
          before: { firstName: locked.first_name, lastName: locked.last_name, schoolIds: before },
          after: { firstName: body.firstName, lastName: body.lastName, schoolIds },
        });
      });
    } catch (err) {
      if (!(err instanceof StaleVersion)) throw err;
      return c.json({ message: err.message, current: await loadUser(db, row.user_id) }, 409);
    }
    return c.json(await loadUser(db, row.user_id), 200);
  });

  app.openapi(routes.remove, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (!canManageUsers(actor)) throw forbidden();
    // Said first: an admin is no peer they may manage, and this is the clearer answer.
    if (c.req.valid("param").id === actor.userId) throw new ApiError(400, USER_MESSAGES.deleteSelf);
    const user = await assertManageableUser(db, actor, { userId: c.req.valid("param").id });
    await db.transaction().execute(async (tx) => {
      await softDeleteUser(tx, user.user_id, now());
      await revokeSessionsOf(tx, user.user_id, now());
      await audit(tx, actor, "delete", "app_user", user.user_id, { email: user.email });
    });
    return c.body(null, 204);
  });
}
