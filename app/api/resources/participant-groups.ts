import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  addTeachers,
  classroomStudentGrades,
  classroomsOfSchools,
  classroomTeachersWithRole,
  classroomWithSchool,
  countLiveStudentsOfClassroom,
  gradeCountsOfClassrooms,
  insertClassroom,
  removeTeachers,
  saveClassroom,
  schoolUsersWithFirstRole,
  softDeleteClassroom,
  teacherIdsOfClassroom,
  teachersOfClassrooms,
} from "#app/db/queries/classrooms";
import { liveSchoolsOf } from "#app/db/queries/organizations";
import { requiredMessage } from "#app/domain/admin-fields";
import { ClassroomForm } from "#app/domain/admin-forms";
import { STUDENT_GRADE_VALUES } from "#app/domain/grades";
import { may } from "#app/domain/permissions";
import { ROLE_IDS, roleNameOf } from "#app/domain/roles";
import { list, MAX_IDS, text, TEXT_MAX, tooManyMessage } from "#app/domain/text";
import { isUuid } from "#app/domain/uuid";
import { audit } from "../audit";
import type { Actor } from "../env";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden } from "../errors";
import { IdParam } from "../params";
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
    classroomWithSchool(db, classroomId),
    classroomTeachersWithRole(db, classroomId),
    classroomStudentGrades(db, classroomId),
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

const TeacherIds = z
  .union([text(MAX_IDS * 40, { label: "teacherId" }), list(text(TEXT_MAX.code, { label: "teacherId" }), { label: "teacherId" })])
  .nullish()
  .transform((v) =>
    v === null || v === undefined ? undefined : (typeof v === "string" ? v.split(",") : v).map((s) => s.trim()).filter(Boolean),
  )
  .refine((ids) => !ids || ids.length <= MAX_IDS, tooManyMessage("teacherId", MAX_IDS))
  .refine((ids) => !ids || ids.every(isUuid), CLASSROOM_MESSAGES.teachersOfSchool)
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
  const groups = await classroomsOfSchools(db, schoolIds, teacher, onlyIds);
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.participant_group_id);
  const [grades, teachers] = await Promise.all([gradeCountsOfClassrooms(db, ids), teachersOfClassrooms(db, ids)]);
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
  const rows = await schoolUsersWithFirstRole(db, schoolId, teacherIds);
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
    const ownSchoolsOnly = actor.role === "ORG_UNIT_ADMIN" || actor.role === "TEACHER";
    if (ownSchoolsOnly && actor.schoolIds.length === 0) return c.json([], 200);
    const schools = await liveSchoolsOf(db, org.organization_id, ownSchoolsOnly ? actor.schoolIds : null);
    const ids = schools.map((s) => s.organization_unit_id);
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
      const classroomId = await insertClassroom(
        tx,
        { schoolId: school.organization_unit_id, name: body.name, enabled: body.enabledInEBPlatform ?? true },
        teacherIds,
      );
      await audit(tx, actor, "create", "participant_group", classroomId, {
        name: body.name,
        organizationUnitId: school.organization_unit_id,
        teacherIds,
      });
      return classroomId;
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
        const oldIds = await teacherIdsOfClassroom(tx, locked.participant_group_id);
        const teacherIds = body.teacherId ?? oldIds;
        await assertTeachersOfSchool(
          tx,
          locked.organization_unit_id,
          teacherIds.filter((id) => !oldIds.includes(id)),
        );
        const enabled = body.enabledInEBPlatform ?? locked.enabled_in_eb_platform;
        await saveClassroom(tx, locked.participant_group_id, { name: body.name, enabled }, now());
        const removed = oldIds.filter((id) => !teacherIds.includes(id));
        const added = teacherIds.filter((id) => !oldIds.includes(id));
        if (removed.length) await removeTeachers(tx, locked.participant_group_id, removed);
        if (added.length) await addTeachers(tx, locked.participant_group_id, added);
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
      const n = await countLiveStudentsOfClassroom(tx, group.participant_group_id);
      if (n > 0) throw new ApiError(409, CLASSROOM_MESSAGES.hasStudents(group.name, n));
      await softDeleteClassroom(tx, group.participant_group_id, now());
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
