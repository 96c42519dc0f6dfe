import type { Db } from "#app/db/connect.server";
import {
  classroomsTaughtAmong,
  liveClassroomFor,
  liveOrganization,
  liveParticipantWithDistrict,
  liveSchoolWithDistrictName,
  liveUserBy,
  teachesStudent,
} from "#app/db/queries/scope";
import { studentForRecords } from "#app/db/queries/student-records";
import { assignableRolesOf, may, mayManageUserOf, reachOf, type Capability } from "#app/domain/permissions";
import type { RoleName } from "#app/domain/roles";
import type { Actor } from "./env";
import { forbidden, notFound, unauthorized } from "./errors";
import { loadAccess } from "./sessions";

// One place decides who may see what (DESIGN: "Authorization lives in the API"). What each role
// may do comes from the permission table (app/domain/permissions.ts), which the UI reads too;
// this file adds the scope part: which district, schools and classrooms the actor holds.
// Unknown ids answer 404 before scope is judged; a known id outside scope answers 403.

export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw unauthorized();
  return actor;
}

/** The role whose reach is everything: districts, the Super Admins tab, the completion report. */
export function requireSuperAdmin(actor: Actor | null): Actor {
  const a = requireActor(actor);
  if (reachOf(a.role) !== "everything") throw forbidden();
  return a;
}

/** 401 without a session, 403 when the caller's role lacks the capability, before any lookup. */
export function requireCapability(actor: Actor | null, capability: Capability): Actor {
  const a = requireActor(actor);
  if (!may(a.role, capability)) throw forbidden();
  return a;
}

export function canSeeOrganization(actor: Actor, organizationId: string): boolean {
  if (reachOf(actor.role) === "everything") return true;
  return actor.role !== null && actor.organizationId === organizationId;
}

export function canSeeSchool(actor: Actor, school: { organization_unit_id: string; organization_id: string }): boolean {
  switch (reachOf(actor.role)) {
    case "everything":
      return true;
    case "district":
      return actor.organizationId === school.organization_id;
    case "schools":
    case "classrooms":
      return actor.schoolIds.includes(school.organization_unit_id);
    default:
      return false;
  }
}

export async function assertOrganization(db: Db, actor: Actor, organizationId: string) {
  const org = await liveOrganization(db, organizationId);
  if (!org) throw notFound("District");
  if (!canSeeOrganization(actor, organizationId)) throw forbidden();
  return org;
}

/** A school the caller may see, with its district's name (a school's answer names its district: one round trip, issue 15). */
export async function assertSchool(db: Db, actor: Actor, schoolId: string) {
  const school = await liveSchoolWithDistrictName(db, schoolId);
  if (!school) throw notFound("School");
  if (!canSeeSchool(actor, school)) throw forbidden();
  return school;
}

// The UI hands all the in-process calls of one page the same resolved caller (app/api/app.ts), and
// a page asks about its district, school or classroom in several calls (a district page: the
// district and its schools or users; a school page: the school, its classrooms, its students; a
// classroom page: the classroom and its grid). Those checks are made
// once per caller. The UI resolves its caller again after any change, so a remembered check
// never outlives a write.
type Check<T> = WeakMap<Actor, Map<string, Promise<T>>>;
function oncePerCaller<T>(checks: Check<T>, actor: Actor, id: string, check: () => Promise<T>): Promise<T> {
  let byId = checks.get(actor);
  if (!byId) checks.set(actor, (byId = new Map()));
  let made = byId.get(id);
  if (!made) byId.set(id, (made = check()));
  return made;
}

const organizationChecks: Check<Awaited<ReturnType<typeof assertOrganization>>> = new WeakMap();

/** assertOrganization once per caller, for the calls that only read (a district page: the district, its schools or users, its imports). */
export function assertReadableOrganization(db: Db, actor: Actor, organizationId: string) {
  return oncePerCaller(organizationChecks, actor, organizationId, () => assertOrganization(db, actor, organizationId));
}

const schoolChecks: Check<Awaited<ReturnType<typeof assertSchool>>> = new WeakMap();

/** assertSchool once per caller, for the calls that only read: a save that reads the school again after a conflict must see the newer row. */
export function assertReadableSchool(db: Db, actor: Actor, schoolId: string) {
  return oncePerCaller(schoolChecks, actor, schoolId, () => assertSchool(db, actor, schoolId));
}

const classroomChecks: Check<Awaited<ReturnType<typeof checkClassroom>>> = new WeakMap();

/** Teachers see the classrooms they teach; everyone else sees every classroom of a school in scope. */
export function assertClassroom(db: Db, actor: Actor, classroomId: string) {
  return oncePerCaller(classroomChecks, actor, classroomId, () => checkClassroom(db, actor, classroomId));
}

async function checkClassroom(db: Db, actor: Actor, classroomId: string) {
  // A teacher's "do I teach it", the results and calendar versions and the names ride in the same statement (issue 15).
  const found = await liveClassroomFor(db, classroomId, actor.userId);
  if (!found) throw notFound("Classroom");
  const { taught, ...group } = found;
  if (!canSeeSchool(actor, group)) throw forbidden();
  if (reachOf(actor.role) === "classrooms" && !taught) throw forbidden();
  return group;
}

/** Teachers see the students of their classrooms; other roles see the students of their schools. */
export async function assertParticipant(db: Db, actor: Actor, participantId: string) {
  const participant = await liveParticipantWithDistrict(db, participantId);
  if (!participant) throw notFound("Student");
  if (!canSeeSchool(actor, participant)) throw forbidden();
  if (reachOf(actor.role) === "classrooms") {
    if (!(await teachesStudent(db, actor.userId, participantId))) throw forbidden();
  }
  return participant;
}

/** Roles that may manage users at all (spec 000 section 6: create, edit, delete, invite). */
export const canManageUsers = (actor: Actor): boolean => may(actor.role, "manageUsers");

/**
 * A user the caller may manage (invite, resend an invite, change the auth status): a super
 * admin manages everyone; a district admin the users of their district other than super
 * admins; a school admin the school admins and teachers who share one of their schools.
 * A teacher is refused before any lookup, so the call reveals nothing to them.
 */
export async function assertManageableUser(db: Db, actor: Actor, by: { userId: string } | { email: string }) {
  if (!canManageUsers(actor)) throw forbidden();
  const user = await liveUserBy(db, by);
  const reach = reachOf(actor.role);
  // By e-mail, a caller who does not see every district hears 403 whether the e-mail is held in
  // another district or by no one: 404 for the one and 403 for the other told them which e-mails
  // had accounts elsewhere (issue 33). By id (a random uuid), 404 tells nothing.
  if (!user) throw "email" in by && reach !== "everything" ? forbidden() : notFound("User");
  if (reach === "everything") return user;
  const { role, schoolIds } = await loadAccess(db, user.user_id);
  if (!mayManageUserOf(actor.role, role) || user.organization_id !== actor.organizationId) throw forbidden();
  if (reach === "district") return user;
  if (!schoolIds.some((id) => actor.schoolIds.includes(id))) throw forbidden();
  return user;
}

// ── Administration (issue 4): who may change districts, schools, classrooms, users, students ──

/** Create, edit and delete schools of a district: the roles of the table, within the district they see. */
export function canManageSchools(actor: Actor, organizationId: string): boolean {
  return may(actor.role, "manageSchools") && canSeeOrganization(actor, organizationId);
}

/** Create, edit and delete classrooms: the roles of the table, within a school they see (spec 001 §6). */
export function canManageClassrooms(actor: Actor, school: { organization_unit_id: string; organization_id: string }): boolean {
  return may(actor.role, "manageClassrooms") && canSeeSchool(actor, school);
}

/** The school CSV: the roles of the table, for a school they see (spec 001 §6). */
export function canDownloadSchoolCsv(actor: Actor, school: { organization_unit_id: string; organization_id: string }): boolean {
  return may(actor.role, "downloadSchoolCsv") && canSeeSchool(actor, school);
}

/** Deleting a student (spec 001 §6); teachers only create and edit. */
export const canDeleteStudents = (actor: Actor): boolean => may(actor.role, "deleteStudents");

/** District CSV download (spec 000 §6): the roles of the table, for the district they see. */
export function canDownloadDistrictCsv(actor: Actor, organizationId: string): boolean {
  return may(actor.role, "downloadDistrictCsv") && canSeeOrganization(actor, organizationId);
}

/**
 * A teacher sees only their own classrooms and those classrooms' students: the user id that
 * bounds a list, or null when the caller sees the whole school.
 */
export function classroomBound(actor: Actor): string | null {
  return reachOf(actor.role) === "classrooms" ? actor.userId : null;
}

/** The classrooms among `ids` that a user teaches. */
export async function taughtClassroomIds(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set(await classroomsTaughtAmong(db, userId, ids));
}

/** Roles a caller may give (the table's ASSIGNABLE_ROLES); a school admin only within their own schools (`canPlaceUser`). */
export const assignableRoles = (actor: Actor): RoleName[] => assignableRolesOf(actor.role);

/**
 * Whether a caller may give a user this district and these schools: a super admin anywhere; a
 * district admin in their district; a school admin in their district and only their schools.
 */
export function canPlaceUser(actor: Actor, organizationId: string | null, schoolIds: readonly string[]): boolean {
  const reach = reachOf(actor.role);
  if (reach === "everything") return true;
  if (!canManageUsers(actor) || organizationId === null || actor.organizationId !== organizationId) return false;
  if (reach === "district") return true;
  return schoolIds.every((id) => actor.schoolIds.includes(id));
}

/**
 * Which users of a district a caller may list (the Users tab, not for teachers): district-level
 * roles every user of the district; a school admin the school-level users of their schools.
 */
export function userListScope(actor: Actor, organizationId: string): { schoolIds: string[] | null } {
  if (!canManageUsers(actor) || !canSeeOrganization(actor, organizationId)) throw forbidden();
  return { schoolIds: reachOf(actor.role) === "schools" ? actor.schoolIds : null };
}

/** The Super Admins tab. */
export const canSeeSuperAdminPages = (actor: Actor) => may(actor.role, "superAdminPage");

/**
 * A student whose records the caller may export or delete for good (issue 41 item 3): a role
 * holding `studentRecords` (others are refused before any look-up), and a student, live or
 * deleted already, of the caller's district.
 */
export async function assertStudentRecords(db: Db, actor: Actor, participantId: string) {
  requireCapability(actor, "studentRecords");
  const student = await studentForRecords(db, participantId);
  if (!student) throw notFound("Student");
  if (!canSeeOrganization(actor, student.organization_id)) throw forbidden();
  return student;
}
