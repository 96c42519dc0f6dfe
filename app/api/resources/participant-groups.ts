import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "kysely";
import type { Db } from "#app/db/connect.server";
import { requiredMessage } from "#app/domain/admin-fields";
import { ClassroomForm } from "#app/domain/admin-forms";
import { STUDENT_GRADE_VALUES } from "#app/domain/grades";
import { may } from "#app/domain/permissions";
import { ROLE_IDS, roleNameOf } from "#app/domain/roles";
import { list, MAX_IDS, text, TEXT_MAX, tooManyMessage } from "#app/domain/text";
import { audit } from "../audit";
import type { Actor } from "../env";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden } from "../errors";
import { lockClassroom, lockSchool } from "../locks";
import { ClassroomSummary, type ClassroomSummary as ClassroomSummaryT } from "../mappers";
import {
  assertClassroom,
  assertReadableOrganization,
  assertReadableSchool,
  assertSchool,
  canManageClassrooms,
  classroomBound,
  requireActor,
} from "../scope";
import { answerPage, inOrder, Page, PageQuery } from "../paging";
import { schoolClassrooms } from "#app/db/queries/lists";
import { LIST_SORTS } from "#app/domain/paging";
import { checkVersion, conflictResponse, StaleVersion, Version, VersionField } from "../versions";

const IdParam = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" } }),
});

/** A classroom as spec 001 section 3 describes it. */
export const Classroom = z
  .object({
    participantGroupId: z.string(),
    name: z.string(),
    organizationUnitId: z.string(),
    participantGroupType: z.literal("CLASSROOM"),
    teacherId: z.string().openapi({ description: "comma-joined teacher user ids" }),
    enabledInEBPlatform: z.boolean(),
    User: z.array(
      z.object({ userId: z.string(), firstName: z.string(), lastName: z.string(), Role: z.array(z.object({ roleName: z.string() })) }),
    ),
    Participant: z.array(z.object({ participantId: z.string(), grade: z.string() })),
    OrganizationUnit: z.object({
      organizationUnitId: z.string(),
      name: z.string(),
      Organization: z.object({ organizationId: z.string(), name: z.string() }),
    }),
    version: Version,
  })
  .openapi("Classroom");
export type Classroom = z.infer<typeof Classroom>;

const getClassroom = createRoute({
  method: "get",
  path: "/participantGroups/{id}",
  summary: "One classroom with its teachers, students' grades, school and district",
  request: { params: IdParam },
  responses: { 200: jsonResponse(Classroom, "The classroom"), ...errorResponses },
});

export async function loadClassroom(db: Db, classroomId: string): Promise<Classroom> {
  const [group, teachers, students] = await Promise.all([
    db
      .selectFrom("participant_group as g")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .innerJoin("organization as o", "o.organization_id", "ou.organization_id")
      .select([
        "g.participant_group_id",
        "g.name",
        "g.organization_unit_id",
        "g.enabled_in_eb_platform",
        "g.version",
        "ou.name as school_name",
        "o.organization_id",
        "o.name as organization_name",
      ])
      .where("g.participant_group_id", "=", classroomId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("participant_group_teacher as t")
      .innerJoin("app_user as u", "u.user_id", "t.user_id")
      .select(["u.user_id", "u.first_name", "u.last_name"])
      .select((eb) =>
        eb
          .selectFrom("user_role")
          .select("role_id")
          .whereRef("user_role.user_id", "=", "u.user_id")
          .orderBy("position")
          .limit(1)
          .as("role_id"),
      )
      .where("t.participant_group_id", "=", classroomId)
      .where("u.deleted_at", "is", null)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .execute(),
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant as p", "p.participant_id", "m.participant_id")
      .select(["p.participant_id", "p.grade"])
      .where("m.participant_group_id", "=", classroomId)
      .where("p.deleted_at", "is", null)
      .execute(),
  ]);
  return {
    participantGroupId: group.participant_group_id,
    name: group.name,
    organizationUnitId: group.organization_unit_id,
    participantGroupType: "CLASSROOM",
    teacherId: teachers.map((t) => t.user_id).join(","),
    enabledInEBPlatform: group.enabled_in_eb_platform,
    User: teachers.map((t) => ({
      userId: t.user_id,
      firstName: t.first_name,
      lastName: t.last_name,
      Role: t.role_id ? [{ roleName: roleNameOf(t.role_id) ?? "UNKNOWN" }] : [],
    })),
    Participant: students.map((s) => ({ participantId: s.participant_id, grade: s.grade })),
    OrganizationUnit: {
      organizationUnitId: group.organization_unit_id,
      name: group.school_name,
      Organization: { organizationId: group.organization_id, name: group.organization_name },
    },
    version: group.version,
  };
}

export const CLASSROOM_MESSAGES = {
  teachersOfSchool: "Teachers must be users of this school whose role is teacher.",
  schoolLocked: "A classroom cannot be moved to another school.",
  hasStudents: (name: string, n: number) =>
    `${name} still has ${n} ${n === 1 ? "student" : "students"}. Move them to another classroom before deleting this classroom.`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TeacherIds = z
  .union([text(MAX_IDS * 40, { label: "teacherId" }), list(text(TEXT_MAX.code, { label: "teacherId" }), { label: "teacherId" })])
  .nullish()
  .transform((v) =>
    v === null || v === undefined ? undefined : (typeof v === "string" ? v.split(",") : v).map((s) => s.trim()).filter(Boolean),
  )
  .refine((ids) => !ids || ids.length <= MAX_IDS, tooManyMessage("teacherId", MAX_IDS))
  .refine((ids) => !ids || ids.every((id) => UUID.test(id)), CLASSROOM_MESSAGES.teachersOfSchool)
  .transform((ids) => (ids ? [...new Set(ids)] : undefined))
  .openapi({ description: "comma-joined teacher user ids (a list is accepted too)" });
// The classroom form's schema (app/domain/admin-forms.ts) gives the name rule; the API takes
// its teachers as `teacherId` (comma-joined or a list), where left out means 'unchanged'.
const ClassroomFields = ClassroomForm.pick({ name: true }).extend({
  organizationUnitId: z.string({ error: requiredMessage("School") }).uuid(),
  teacherId: TeacherIds,
  participantGroupType: z.literal("CLASSROOM").optional(),
  enabledInEBPlatform: z.boolean().optional(),
});
const CreateClassroom = z
  .object({ participantGroupId: text(TEXT_MAX.code).nullish() })
  .extend(ClassroomFields.shape)
  .openapi("CreateClassroom");
const UpdateClassroom = z
  .object({ participantGroupId: z.string({ error: "participantGroupId is required" }).uuid() })
  .extend(ClassroomFields.shape)
  .extend({ version: VersionField })
  .openapi("UpdateClassroom");

const createClassroom = createRoute({
  method: "post",
  path: "/participantGroups",
  summary: "Create a classroom (super admin, district admin, school admin of the school)",
  request: { body: jsonBody(CreateClassroom) },
  responses: { 201: jsonResponse(Classroom, "The new classroom"), ...errorResponses },
});

const updateClassroom = createRoute({
  method: "put",
  path: "/participantGroups",
  summary: "Update a classroom's name, teachers and screening switch (admin roles of its school)",
  description:
    "teacherId, when sent, replaces the teachers; left out, they stay. Send the `version` read with the classroom: a save over a newer one answers 409 with the newer classroom in `current`.",
  request: { body: jsonBody(UpdateClassroom) },
  responses: { 200: jsonResponse(Classroom, "The classroom"), ...errorResponses, ...conflictResponse(Classroom, "Not saved") },
});

const deleteClassroom = createRoute({
  method: "delete",
  path: "/participantGroups/{id}",
  summary: "Delete a classroom (admin roles of its school; soft: kept with deleted_at, hidden)",
  description: "Refused with 409 while it has students: move them first.",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses, 409: jsonResponse(z.object({ message: z.string() }), "Has students") },
});

const listOfSchool = createRoute({
  method: "get",
  path: "/participantGroups/organizationUnit/{id}",
  summary: "Classrooms of a school by name, with grades and teachers (a teacher: the classrooms they teach)",
  request: { params: IdParam },
  responses: { 200: jsonResponse(z.array(ClassroomSummary), "Classrooms"), ...errorResponses },
});

const listOfSchoolPage = createRoute({
  method: "get",
  path: "/participantGroups/organizationUnit/{id}/page",
  summary:
    "One page of a school's classrooms (as GET /participantGroups/organizationUnit/{id}), paged, searched and sorted by name on the server",
  request: { params: IdParam, query: PageQuery(LIST_SORTS.classrooms) },
  responses: { 200: jsonResponse(Page(ClassroomSummary, "ClassroomSummaryPage"), "A page of classrooms"), ...errorResponses },
});

const listOfDistrict = createRoute({
  method: "get",
  path: "/participantGroups/organization/{id}",
  summary: "Classrooms of a district's schools the caller sees, by school then name",
  request: { params: IdParam },
  responses: { 200: jsonResponse(z.array(ClassroomSummary), "Classrooms"), ...errorResponses },
});

const GRADE_ORDER = (g: string) => {
  const i = (STUDENT_GRADE_VALUES as readonly string[]).indexOf(g);
  return i === -1 ? STUDENT_GRADE_VALUES.length : i;
};

/**
 * Classroom rows for the given schools in three queries (classrooms, grades, teachers), whatever
 * their number; with `onlyIds`, only those classrooms (one page of a list).
 */
async function loadClassroomSummaries(
  db: Db,
  actor: Actor,
  schoolIds: readonly string[],
  onlyIds?: readonly string[],
): Promise<ClassroomSummaryT[]> {
  if (schoolIds.length === 0 || onlyIds?.length === 0) return [];
  const teacher = classroomBound(actor);
  const groups = await db
    .selectFrom("participant_group as g")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
    .select([
      "g.participant_group_id",
      "g.name",
      "g.organization_unit_id",
      "g.enabled_in_eb_platform",
      "g.version",
      "ou.name as school_name",
    ])
    .where("g.organization_unit_id", "in", [...schoolIds])
    .where("g.deleted_at", "is", null)
    // One array parameter for a page (as the school's students, participants.ts).
    .$if(onlyIds !== undefined, (q) => q.where(sql<boolean>`g.participant_group_id = any(${[...(onlyIds ?? [])]}::uuid[])`))
    .$if(teacher !== null, (q) =>
      q.where("g.participant_group_id", "in", (eb) =>
        eb
          .selectFrom("participant_group_teacher")
          .select("participant_group_id")
          .where("user_id", "=", teacher ?? ""),
      ),
    )
    .orderBy(sql`lower(ou.name)`)
    .orderBy(sql`lower(g.name)`)
    .orderBy("g.participant_group_id")
    .execute();
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.participant_group_id);
  const [grades, teachers] = await Promise.all([
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant as p", "p.participant_id", "m.participant_id")
      .select(["m.participant_group_id", "p.grade"])
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where(sql<boolean>`m.participant_group_id = any(${ids}::uuid[])`)
      .where("p.deleted_at", "is", null)
      .groupBy(["m.participant_group_id", "p.grade"])
      .execute(),
    db
      .selectFrom("participant_group_teacher as t")
      .innerJoin("app_user as u", "u.user_id", "t.user_id")
      .select(["t.participant_group_id", "u.user_id", "u.first_name", "u.last_name"])
      .where(sql<boolean>`t.participant_group_id = any(${ids}::uuid[])`)
      .where("u.deleted_at", "is", null)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .execute(),
  ]);
  return groups.map((g) => {
    const own = grades.filter((r) => r.participant_group_id === g.participant_group_id);
    const mine = teachers.filter((t) => t.participant_group_id === g.participant_group_id);
    return {
      participantGroupId: g.participant_group_id,
      name: g.name,
      organizationUnitId: g.organization_unit_id,
      participantGroupType: "CLASSROOM" as const,
      enabledInEBPlatform: g.enabled_in_eb_platform,
      teacherId: mine.map((t) => t.user_id).join(","),
      grades: own.map((r) => r.grade).sort((a, b) => GRADE_ORDER(a) - GRADE_ORDER(b)),
      studentCount: own.reduce((sum, r) => sum + Number(r.n), 0),
      User: mine.map((t) => ({ userId: t.user_id, firstName: t.first_name, lastName: t.last_name })),
      OrganizationUnit: { organizationUnitId: g.organization_unit_id, name: g.school_name },
      version: g.version,
    };
  });
}

/** Teachers given to a classroom: live users of its school whose first role is teacher (spec 001 §5). */
async function assertTeachersOfSchool(db: Db, schoolId: string, teacherIds: readonly string[]) {
  if (teacherIds.length === 0) return;
  const rows = await db
    .selectFrom("app_user as u")
    .innerJoin("user_organization_unit as uou", "uou.user_id", "u.user_id")
    .select("u.user_id")
    .select((eb) =>
      eb
        .selectFrom("user_role")
        .select("role_id")
        .whereRef("user_role.user_id", "=", "u.user_id")
        .orderBy("position")
        .limit(1)
        .as("first_role"),
    )
    .where("u.user_id", "in", [...teacherIds])
    .where("uou.organization_unit_id", "=", schoolId)
    .where("u.deleted_at", "is", null)
    .execute();
  if (rows.length !== teacherIds.length || rows.some((r) => r.first_role !== ROLE_IDS.TEACHER)) {
    throw new ApiError(400, CLASSROOM_MESSAGES.teachersOfSchool);
  }
}

export function registerParticipantGroups(app: Router) {
  app.openapi(listOfSchool, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const school = await assertReadableSchool(db, actor, c.req.valid("param").id);
    return c.json(await loadClassroomSummaries(db, actor, [school.organization_unit_id]), 200);
  });

  app.openapi(listOfSchoolPage, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const schoolId = (await assertReadableSchool(db, actor, c.req.valid("param").id)).organization_unit_id;
    const page = await answerPage(
      c.var.deps,
      schoolClassrooms(schoolId, classroomBound(actor)),
      LIST_SORTS.classrooms,
      c.req.valid("query"),
      async (ids) => inOrder(ids, await loadClassroomSummaries(db, actor, [schoolId], ids), (g) => g.participantGroupId),
    );
    return c.json(page, 200);
  });

  app.openapi(listOfDistrict, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    let schools = db
      .selectFrom("organization_unit")
      .select("organization_unit_id")
      .where("organization_id", "=", org.organization_id)
      .where("deleted_at", "is", null);
    if (actor.role === "ORG_UNIT_ADMIN" || actor.role === "TEACHER") {
      if (actor.schoolIds.length === 0) return c.json([], 200);
      schools = schools.where("organization_unit_id", "in", actor.schoolIds);
    }
    const ids = (await schools.execute()).map((s) => s.organization_unit_id);
    return c.json(await loadClassroomSummaries(db, actor, ids), 200);
  });

  app.openapi(createClassroom, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    if (!may(actor.role, "manageClassrooms")) throw forbidden();
    const body = c.req.valid("json");
    const school = await assertSchool(db, actor, body.organizationUnitId);
    if (!canManageClassrooms(actor, school)) throw forbidden();
    const teacherIds = body.teacherId ?? [];
    await assertTeachersOfSchool(db, school.organization_unit_id, teacherIds);
    const id = await db.transaction().execute(async (tx) => {
      // The school stays locked (shared) until the classroom is in: it cannot be deleted meanwhile.
      await lockSchool(tx, school.organization_unit_id, "share");
      const g = await tx
        .insertInto("participant_group")
        .values({
          organization_unit_id: school.organization_unit_id,
          name: body.name,
          enabled_in_eb_platform: body.enabledInEBPlatform ?? true,
        })
        .returning("participant_group_id")
        .executeTakeFirstOrThrow();
      if (teacherIds.length) {
        await tx
          .insertInto("participant_group_teacher")
          .values(teacherIds.map((user_id) => ({ participant_group_id: g.participant_group_id, user_id })))
          .execute();
      }
      await audit(tx, actor, "create", "participant_group", g.participant_group_id, {
        name: body.name,
        organizationUnitId: school.organization_unit_id,
        teacherIds,
      });
      return g.participant_group_id;
    });
    return c.json(await loadClassroom(db, id), 201);
  });

  app.openapi(updateClassroom, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (!may(actor.role, "manageClassrooms")) throw forbidden();
    const body = c.req.valid("json");
    const group = await assertClassroom(db, actor, body.participantGroupId);
    if (!canManageClassrooms(actor, group)) throw forbidden();
    if (body.organizationUnitId !== group.organization_unit_id) throw new ApiError(400, CLASSROOM_MESSAGES.schoolLocked);
    try {
      await db.transaction().execute(async (tx) => {
        // The classroom's row is locked first: two saves run one after the other, the second
        // diffing its teachers against what the first left.
        const locked = await lockClassroom(tx, group.participant_group_id, "update");
        checkVersion(body.version, locked.version, "classroom");
        const before = await tx
          .selectFrom("participant_group_teacher")
          .select("user_id")
          .where("participant_group_id", "=", locked.participant_group_id)
          .execute();
        const oldIds = before.map((t) => t.user_id);
        const teacherIds = body.teacherId ?? oldIds;
        await assertTeachersOfSchool(
          tx,
          locked.organization_unit_id,
          teacherIds.filter((id) => !oldIds.includes(id)),
        );
        const enabled = body.enabledInEBPlatform ?? locked.enabled_in_eb_platform;
        await tx
          .updateTable("participant_group")
          .set({ name: body.name, enabled_in_eb_platform: enabled, updated_at: now(), version: sql<number>`version + 1` })
          .where("participant_group_id", "=", locked.participant_group_id)
          .execute();
        const removed = oldIds.filter((id) => !teacherIds.includes(id));
        const added = teacherIds.filter((id) => !oldIds.includes(id));
        if (removed.length) {
          await tx
            .deleteFrom("participant_group_teacher")
            .where("participant_group_id", "=", locked.participant_group_id)
            .where("user_id", "in", removed)
            .execute();
        }
        if (added.length) {
          await tx
            .insertInto("participant_group_teacher")
            .values(added.map((user_id) => ({ participant_group_id: locked.participant_group_id, user_id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await audit(tx, actor, "update", "participant_group", locked.participant_group_id, {
          before: { name: locked.name, teacherIds: oldIds, enabledInEBPlatform: locked.enabled_in_eb_platform },
          after: { name: body.name, teacherIds, enabledInEBPlatform: enabled },
        });
      });
    } catch (err) {
      if (!(err instanceof StaleVersion)) throw err;
      return c.json({ message: err.message, current: await loadClassroom(db, group.participant_group_id) }, 409);
    }
    return c.json(await loadClassroom(db, group.participant_group_id), 200);
  });

  app.openapi(deleteClassroom, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (!may(actor.role, "manageClassrooms")) throw forbidden();
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    if (!canManageClassrooms(actor, group)) throw forbidden();
    await db.transaction().execute(async (tx) => {
      // Locked before counting: a student being added holds the classroom for share, so the
      // count waits for that save and sees its student (and a later one finds the classroom gone).
      await lockClassroom(tx, group.participant_group_id, "update");
      const students = await tx
        .selectFrom("participant_group_member as m")
        .innerJoin("participant as p", "p.participant_id", "m.participant_id")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("m.participant_group_id", "=", group.participant_group_id)
        .where("p.deleted_at", "is", null)
        .executeTakeFirstOrThrow();
      const n = Number(students.n);
      if (n > 0) throw new ApiError(409, CLASSROOM_MESSAGES.hasStudents(group.name, n));
      await tx
        .updateTable("participant_group")
        .set({ deleted_at: now(), updated_at: now() })
        .where("participant_group_id", "=", group.participant_group_id)
        .execute();
      await audit(tx, actor, "delete", "participant_group", group.participant_group_id, { name: group.name });
    });
    return c.body(null, 204);
  });

  app.openapi(getClassroom, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    return c.json(await loadClassroom(db, group.participant_group_id), 200);
  });
}
