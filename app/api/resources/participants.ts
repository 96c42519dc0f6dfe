import { randomInt } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  classroomIdsOfStudent,
  insertStudent,
  joinClassrooms,
  leaveClassrooms,
  liveClassroomIdsOfStudent,
  lockLiveStudent,
  saveStudent,
  schoolStudentsWithClassrooms,
  shareLiveClassroomsOfSchool,
  softDeleteStudent,
} from "#app/db/queries/students";
import { participantCode, type Random } from "#app/domain/random";
import { itemAt } from "#app/domain/presence";
import {
  INVALID_DATE_MESSAGE,
  parseTags,
  parseUsDate,
  requiredMessage,
  STUDENT_TAGS,
  UNKNOWN_GRADE_MESSAGE,
} from "#app/domain/admin-fields";
import { StudentFields } from "#app/domain/admin-forms";
import { localIsoDate } from "#app/domain/calendar-date";
import { needsClassroomToCreateStudents } from "#app/domain/permissions";
import { calendarDate, list, MAX_IDS, text, TEXT_MAX, tooManyMessage } from "#app/domain/text";
import { isOn } from "#app/server/flags.server";
import { audit, isUniqueViolation } from "../audit";
import type { Actor } from "../env";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden, notFound } from "../errors";
import { IdParam } from "../params";
import { Participant, SchoolStudent, toParticipant, type SchoolStudent as SchoolStudentT } from "../mappers";
import { lockSchool } from "../locks";
import {
  assertParticipant,
  assertReadableSchool,
  assertSchool,
  canDeleteStudents,
  classroomBound,
  requireActor,
  taughtClassroomIds,
} from "../scope";
import { checkVersion, conflictResponse, StaleVersion, VersionField } from "../versions";
import { answerPage, inOrder, Page, PageQuery } from "../paging";
import { countOf, schoolStudents } from "#app/db/queries/lists";
import { LIST_SORTS } from "#app/domain/paging";
import { isUuid } from "#app/domain/uuid";

export const STUDENT_MESSAGES = {
  grade3Off: "Grade 3 is not available for new students.",
  unknownGrade: UNKNOWN_GRADE_MESSAGE,
  classroomsOfSchool: "Classrooms must belong to the student's school.",
  notTaught: "You can only add students to classrooms you teach.",
  unknownTags: (unknown: string[]) => `Unknown tag: ${unknown.join(", ")}. Tags are ${STUDENT_TAGS.join(", ")}.`,
  notEnabled: (name: string) => `${name} is not enabled for screening.`,
} as const;

const idList = z
  .union([
    list(text(TEXT_MAX.code, { label: "participantGroupIds" }), { label: "participantGroupIds" }),
    text(MAX_IDS * 40, { label: "participantGroupIds" }),
  ])
  .nullish()
  .transform((v) =>
    v === null || v === undefined ? undefined : (typeof v === "string" ? v.split(",") : v).map((s) => s.trim()).filter(Boolean),
  )
  .refine((ids) => !ids || ids.length <= MAX_IDS, tooManyMessage("participantGroupIds", MAX_IDS))
  .refine((ids) => !ids || ids.every(isUuid), "participantGroupIds must be classroom ids")
  .transform((ids) => (ids ? [...new Set(ids)] : undefined));

// The student form's fields (app/domain/admin-forms.ts) are the body's, in the spec's order so
// the first message is the first field to fix; the API takes any number of classrooms. The
// checks that need the caller, the flags or the clock are in `checkStudent`.
const StudentRequest = StudentFields.extend({
  dateOfBirth: StudentFields.shape.dateOfBirth.openapi({ example: "05/17/2020" }),
  participantGroupIds: idList.openapi({ description: "classroom ids (a list, or comma-joined); required when the caller is a teacher" }),
  tags: StudentFields.shape.tags.openapi({ description: "comma-joined subset of ELL, IEP, familyhistory, exempt" }),
  externalId: StudentFields.shape.externalId.openapi({ description: "shown as Student ID" }),
});
const CreateStudent = z
  .object({ participantId: text(TEXT_MAX.code).nullish() })
  .extend(StudentRequest.shape)
  .openapi("CreateStudent");
const UpdateStudent = z
  .object({ participantId: z.string({ error: "participantId is required" }).uuid() })
  .extend(StudentRequest.shape)
  .extend({ version: VersionField })
  .openapi("UpdateStudent");

const getParticipant = createRoute({
  method: "get",
  path: "/participants/{id}",
  summary: "One student",
  request: {
    params: IdParam,
    query: z.object({
      v: text(TEXT_MAX.code).optional(),
      startDate: calendarDate().optional(),
      endDate: calendarDate().optional(),
    }),
  },
  responses: { 200: jsonResponse(Participant, "The student"), ...errorResponses },
});

const listOfSchool = createRoute({
  method: "get",
  path: "/participants/organizationUnit/{id}",
  summary: "Students of a school by name, with classrooms and teachers (a teacher: the students of their classrooms)",
  request: { params: IdParam },
  responses: { 200: jsonResponse(z.array(SchoolStudent), "Students"), ...errorResponses },
});

const listOfSchoolPage = createRoute({
  method: "get",
  path: "/participants/organizationUnit/{id}/page",
  summary: "One page of a school's students (as GET /participants/organizationUnit/{id}), paged, searched and sorted on the server",
  description: "Search `q` looks in names, email, participant code and Student ID. Sorts: name (last, first), code (participant code).",
  request: {
    params: IdParam,
    query: PageQuery(LIST_SORTS.students).extend({
      birthDate: z
        .enum(["missing"], { error: "birthDate: missing, or leave it out" })
        .optional()
        .openapi({ description: "missing: only students without a birth date (taken from a roster without one, issue 35)" }),
    }),
  },
  responses: {
    200: jsonResponse(
      Page(SchoolStudent, "SchoolStudentPageRows")
        .extend({
          withoutBirthDate: z.number().int().openapi({
            description: "How many of the school's students (that the caller sees) have no birth date, for an admin to complete",
          }),
        })
        .openapi("SchoolStudentPage"),
      "A page of students",
    ),
    ...errorResponses,
  },
});

const createStudent = createRoute({
  method: "post",
  path: "/participants",
  summary: "Create a student (every role within scope; a teacher in a classroom they teach)",
  description: "participantCode is generated: 8 characters without look-alikes. Grade 3 only with flag grade-3-student-create.",
  request: { body: jsonBody(CreateStudent) },
  responses: { 201: jsonResponse(Participant, "The new student"), ...errorResponses },
});

const updateStudent = createRoute({
  method: "put",
  path: "/participants",
  summary: "Update a student (every role within scope); a new organizationUnitId moves the student",
  description: "Send the `version` read with the student: a save over a newer one answers 409 with the newer student in `current`.",
  request: { body: jsonBody(UpdateStudent) },
  responses: { 200: jsonResponse(Participant, "The student"), ...errorResponses, ...conflictResponse(Participant, "Not saved") },
});

const deleteStudent = createRoute({
  method: "delete",
  path: "/participants/delete/{id}",
  summary: "Delete a student (super admin, district admin, school admin; soft: kept with deleted_at, hidden)",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});

const cryptoRandom: Random = {
  next: () => randomInt(2 ** 32) / 2 ** 32,
  int: (min, max) => randomInt(min, max + 1),
  pick: (items) => itemAt(items, randomInt(items.length), "an item to pick from"),
  chance: (p) => randomInt(2 ** 32) / 2 ** 32 < p,
};

/**
 * The classrooms a student ends up in: each must be a live classroom of the student's school,
 * newly added ones enabled for screening; a teacher adds only classrooms they teach, keeps
 * the student's other classrooms, and must leave the student in one of theirs. Run it inside the
 * save's transaction: the classrooms stay locked (shared) until the save commits.
 */
async function resolveClassrooms(db: Db, actor: Actor, schoolId: string, submitted: string[] | undefined, existing: string[]) {
  const wanted = submitted ?? existing;
  const groups = wanted.length ? await shareLiveClassroomsOfSchool(db, schoolId, wanted) : [];
  if (groups.length !== wanted.length) throw new ApiError(400, STUDENT_MESSAGES.classroomsOfSchool);
  for (const g of groups) {
    if (!g.enabled_in_eb_platform && !existing.includes(g.participant_group_id))
      throw new ApiError(400, STUDENT_MESSAGES.notEnabled(g.name));
  }
  const teacher = classroomBound(actor);
  if (teacher === null) return wanted;
  const taught = await taughtClassroomIds(db, teacher, [...new Set([...wanted, ...existing])]);
  if (wanted.some((id) => !taught.has(id) && !existing.includes(id))) throw new ApiError(403, STUDENT_MESSAGES.notTaught);
  // `existing` holds the live classrooms of the student's current school (empty when moving).
  const kept = existing.filter((id) => !taught.has(id));
  const final = [...new Set([...wanted, ...kept])];
  if (!final.some((id) => taught.has(id))) throw new ApiError(400, requiredMessage("Classroom"));
  return final;
}

type StudentBody = z.infer<typeof CreateStudent>;

/** The checks that need the caller, the flags or the clock (the rest is in the zod schema). */
function checkStudent(body: StudentBody, opts: { today: string; grade3: boolean; previousGrade?: string }) {
  const dob = parseUsDate(body.dateOfBirth, opts.today);
  if (dob === null) throw new ApiError(400, INVALID_DATE_MESSAGE);
  if (body.grade === "3" && !opts.grade3 && opts.previousGrade !== "3") throw new ApiError(400, STUDENT_MESSAGES.grade3Off);
  const { tags, unknown } = parseTags(body.tags ?? "");
  if (unknown.length) throw new ApiError(400, STUDENT_MESSAGES.unknownTags(unknown));
  return {
    first_name: body.firstName,
    middle_name: body.middleName,
    last_name: body.lastName,
    date_of_birth: dob,
    grade: body.grade,
    tags,
    external_id: body.externalId,
    email: body.email,
  };
}

/**
 * A school's students as its table shows them (classrooms and their teachers), by name; a teacher
 * (`teacher`) sees the students of their classrooms; with `onlyIds`, only those (one page).
 */
async function schoolStudentRows(db: Db, schoolId: string, teacher: string | null, onlyIds?: readonly string[]): Promise<SchoolStudentT[]> {
  if (onlyIds?.length === 0) return [];
  const students = await schoolStudentsWithClassrooms(db, schoolId, teacher, onlyIds);
  const out: SchoolStudentT[] = students.map(({ groups, ...p }) => ({
    ...toParticipant(
      p,
      groups.map((g) => g.participant_group_id),
    ),
    ParticipantGroup: groups.map((g) => ({
      participantGroupId: g.participant_group_id,
      name: g.name,
      enabledInEBPlatform: g.enabled_in_eb_platform,
      User: g.teachers.map((t) => ({ userId: t.user_id, firstName: t.first_name, lastName: t.last_name })),
    })),
  }));
  return out;
}

export function registerParticipants(app: Router) {
  app.openapi(getParticipant, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const p = await assertParticipant(db, actor, c.req.valid("param").id);
    return c.json(toParticipant(p, await liveClassroomIdsOfStudent(db, p.participant_id)), 200);
  });

  app.openapi(listOfSchool, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const school = await assertReadableSchool(db, actor, c.req.valid("param").id);
    return c.json(await schoolStudentRows(db, school.organization_unit_id, classroomBound(actor)), 200);
  });

  app.openapi(listOfSchoolPage, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const schoolId = (await assertReadableSchool(db, actor, c.req.valid("param").id)).organization_unit_id;
    const teacher = classroomBound(actor);
    const query = c.req.valid("query");
    const missing = query.birthDate === "missing";
    const [page, withoutBirthDate] = await Promise.all([
      answerPage(c.var.deps, schoolStudents(schoolId, teacher, missing), LIST_SORTS.students, query, async (ids) =>
        inOrder(ids, await schoolStudentRows(db, schoolId, teacher, ids), (p) => p.participantId),
      ),
      countOf(db, schoolStudents(schoolId, teacher, true)),
    ]);
    return c.json({ ...page, withoutBirthDate }, 200);
  });

  app.openapi(createStudent, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const school = await assertSchool(db, actor, body.organizationUnitId);
    const fields = checkStudent(body, { today: localIsoDate(now()), grade3: isOn(c.var.flags, "grade-3-student-create") });
    if (needsClassroomToCreateStudents(actor.role) && !body.participantGroupIds?.length)
      throw new ApiError(400, requiredMessage("Classroom"));
    for (let attempt = 1; ; attempt++) {
      try {
        const { row, groupIds } = await db.transaction().execute(async (tx) => {
          // The school and the classrooms stay locked (shared) until the student is in: neither can be deleted meanwhile.
          await lockSchool(tx, school.organization_unit_id, "share");
          const groupIds = await resolveClassrooms(tx, actor, school.organization_unit_id, body.participantGroupIds ?? [], []);
          const p = await insertStudent(
            tx,
            { ...fields, organization_unit_id: school.organization_unit_id, participant_code: participantCode(cryptoRandom) },
            groupIds,
          );
          await audit(tx, actor, "create", "participant", p.participant_id, {
            organizationUnitId: p.organization_unit_id,
            participantGroupIds: groupIds,
            participantCode: p.participant_code,
          });
          return { row: p, groupIds };
        });
        return c.json(toParticipant(row, groupIds), 201);
      } catch (err) {
        // The code is the only unique column: a clash with one of 32^8 codes, draw again.
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  });

  app.openapi(updateStudent, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    // Scope first (404/403), then the save under the student's lock with what is stored now.
    const seen = await assertParticipant(db, actor, body.participantId);
    if (body.organizationUnitId !== seen.organization_unit_id) await assertSchool(db, actor, body.organizationUnitId);
    let saved;
    try {
      saved = await db.transaction().execute(async (tx) => {
        // The student's row is locked first: two saves of one student run one after the other,
        // the second diffing its classrooms against what the first left (never both sets).
        const before = await lockLiveStudent(tx, seen.participant_id);
        if (!before) throw notFound("Student");
        checkVersion(body.version, before.version, "student");
        const moving = body.organizationUnitId !== before.organization_unit_id;
        const schoolId = moving ? body.organizationUnitId : before.organization_unit_id;
        await lockSchool(tx, schoolId, "share");
        const fields = checkStudent(body, {
          today: localIsoDate(now()),
          grade3: isOn(c.var.flags, "grade-3-student-create"),
          previousGrade: before.grade,
        });
        const existing = moving ? [] : await liveClassroomIdsOfStudent(tx, before.participant_id);
        const groupIds = await resolveClassrooms(tx, actor, schoolId, body.participantGroupIds, existing);
        const p = await saveStudent(tx, before.participant_id, { ...fields, organization_unit_id: schoolId }, now());
        const oldIds = await classroomIdsOfStudent(tx, p.participant_id);
        // Memberships of deleted classrooms stay (restorable with the classroom); live ones follow the form.
        const removed = moving ? oldIds : existing.filter((id) => !groupIds.includes(id));
        const added = groupIds.filter((id) => !oldIds.includes(id));
        if (removed.length) await leaveClassrooms(tx, p.participant_id, removed);
        if (added.length) await joinClassrooms(tx, p.participant_id, added);
        await audit(tx, actor, "update", "participant", p.participant_id, {
          before: { ...pick(before), participantGroupIds: existing },
          after: { ...pick(p), participantGroupIds: groupIds },
        });
        return { row: p, groupIds };
      });
    } catch (err) {
      if (!(err instanceof StaleVersion)) throw err;
      const current = await assertParticipant(db, actor, seen.participant_id);
      return c.json(
        { message: err.message, current: toParticipant(current, await liveClassroomIdsOfStudent(db, current.participant_id)) },
        409,
      );
    }
    const { row, groupIds } = saved;
    return c.json(toParticipant(row, groupIds), 200);
  });

  app.openapi(deleteStudent, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (!canDeleteStudents(actor)) throw forbidden();
    const p = await assertParticipant(db, actor, c.req.valid("param").id);
    await db.transaction().execute(async (tx) => {
      await softDeleteStudent(tx, p.participant_id, now());
      await audit(tx, actor, "delete", "participant", p.participant_id, { participantCode: p.participant_code });
    });
    return c.body(null, 204);
  });
}

const pick = (p: {
  organization_unit_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  date_of_birth: string | null;
  grade: string;
  tags: string[];
  external_id: string | null;
  email: string | null;
}) => ({
  organizationUnitId: p.organization_unit_id,
  firstName: p.first_name,
  middleName: p.middle_name,
  lastName: p.last_name,
  dateOfBirth: p.date_of_birth,
  grade: p.grade,
  tags: p.tags,
  externalId: p.external_id,
  email: p.email,
});
