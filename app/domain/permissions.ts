import type { RoleName } from "./roles";

// Which role may do what (spec 000 §6, spec 001 §6): the one table. The API's scope checks
// (app/api/scope.ts) and the UI's show/hide (admin-permissions.ts, the user forms) both read it,
// so a rule changes here and nowhere else. Which districts, schools and classrooms an actor holds
// is the scope part and stays in the API; this table only says what each role may do there.

export type Capability =
  | "superAdminPage"
  | "manageDistricts"
  | "downloadDataExport"
  | "completionReport"
  | "manageSchools"
  | "downloadDistrictCsv"
  | "manageUsers"
  | "manageClassrooms"
  | "downloadSchoolCsv"
  | "createStudents"
  | "editStudents"
  | "deleteStudents"
  | "studentAdminView"
  | "scoreRan"
  | "overwriteRanScore"
  | "manageRosterImports"
  | "manageScreeningCalendar"
  | "manageScreeningStandards"
  | "readRecordAccess"
  | "studentRecords"
  | "manageFollowUpPolicy"
  | "followUps";

const ALL: readonly RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"];
const ADMINS: readonly RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN"];
const DISTRICT_ADMINS: readonly RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN"];
const SUPER: readonly RoleName[] = ["SUPER_ADMIN"];

/** The roles that hold each capability. A user without a role holds none. */
export const PERMISSIONS: Readonly<Record<Capability, readonly RoleName[]>> = {
  /** The Super Admins tab and page. */
  superAdminPage: SUPER,
  manageDistricts: SUPER,
  downloadDataExport: SUPER,
  /** The district's Reports tab: students started and finished (spec 000 §6: super admin only). */
  completionReport: SUPER,
  manageSchools: DISTRICT_ADMINS,
  downloadDistrictCsv: DISTRICT_ADMINS,
  /** Create, edit, delete and invite users. */
  manageUsers: ADMINS,
  /** Create, edit and delete classrooms (spec 001 §6); teachers see classrooms read-only. */
  manageClassrooms: ADMINS,
  downloadSchoolCsv: ADMINS,
  /** Every role; a teacher only into a classroom they teach (see `needsClassroomToCreateStudents`). */
  createStudents: ALL,
  editStudents: ALL,
  deleteStudents: ADMINS,
  /** The Admin View toggle on the student page (spec 001 §6). */
  studentAdminView: SUPER,
  /**
   * Score RAN recordings (spec 001 §1: staff "can score recordings of rapid automatized naming").
   * Every role, within the students it may see: the title that opens the dialog is in the normal
   * view's list too (app/domain/test-details.ts).
   */
  scoreRan: ALL,
  /**
   * Change a RAN response's official score once someone has given it (issue 34 item 7). Besides
   * these roles, the response's first scorer may change it (`ranScorerStanding` in
   * app/domain/ran-scoring.ts); everyone else who may score adds a blind second score instead.
   */
  overwriteRanScore: ADMINS,
  /** The district page's roster imports: their reports and Undo (issue 16). */
  manageRosterImports: DISTRICT_ADMINS,
  /** The district's screening calendar: period windows, grade lists, a new school year (issue 16). */
  manageScreeningCalendar: DISTRICT_ADMINS,
  /**
   * The district's norms and cutoffs with their source (issue 34 item 4): RAN norms, the
   * prekindergarten risk cutoff, theta cutoffs. The product-wide ones are a super admin's.
   */
  manageScreeningStandards: DISTRICT_ADMINS,
  /**
   * Who looked at a child's record (issue 41 item 2): a district's access log and a student's
   * access history. Only the roles that answer for the whole district; nobody may change it.
   */
  readRecordAccess: DISTRICT_ADMINS,
  /**
   * Export everything about a student as a zip, and delete a student for good with a receipt
   * (issue 41 item 3): the roles that answer for the whole district. Deleting a district for good
   * is `manageDistricts` (super admin).
   */
  studentRecords: DISTRICT_ADMINS,
  /**
   * Set the district's follow-up policy and its non-school days (issue 38 items 1 and 6): the
   * district's admins. Every signed-in user of the district reads it.
   */
  manageFollowUpPolicy: DISTRICT_ADMINS,
  /**
   * See and record the follow-ups after a flag (issue 38 item 6): every role, within the students
   * it may see (teachers their classrooms', school admins their schools', district admins their
   * district's).
   */
  followUps: ALL,
};

export function may(role: RoleName | null, capability: Capability): boolean {
  return role !== null && PERMISSIONS[capability].includes(role);
}

/**
 * How far a role reaches (DESIGN: "super admin: all; district admin: one district; school admin
 * and teacher: their schools; a teacher: their classrooms' students"). The API turns the reach
 * into the ids the actor holds.
 */
export type Reach = "everything" | "district" | "schools" | "classrooms";
export const REACH: Readonly<Record<RoleName, Reach>> = {
  SUPER_ADMIN: "everything",
  ORG_ADMIN: "district",
  ORG_UNIT_ADMIN: "schools",
  TEACHER: "classrooms",
};

export const reachOf = (role: RoleName | null): Reach | null => (role === null ? null : REACH[role]);

/** A teacher may create a student only into a classroom: the school view hides the button until one exists. */
export const needsClassroomToCreateStudents = (role: RoleName | null) => reachOf(role) === "classrooms";

/**
 * Roles a caller may give (spec 000 §6 'Roles assignable'). A super admin also gives the super
 * admin role, but only on the Super Admins tab, to a user without a district (`rolesOfferedTo`).
 */
export const ASSIGNABLE_ROLES: Readonly<Record<RoleName, readonly RoleName[]>> = {
  SUPER_ADMIN: ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"],
  ORG_ADMIN: ["ORG_UNIT_ADMIN", "TEACHER"],
  ORG_UNIT_ADMIN: ["ORG_UNIT_ADMIN", "TEACHER"],
  TEACHER: [],
};

/**
 * Users of which roles a caller may manage (edit, delete, invite, resend, change the auth status):
 * a super admin everyone; a district admin the school admins and teachers of their district; a
 * school admin the teachers who share one of their schools. Never a peer of one's own rank below
 * super admin (issue 14): spec 000 §6 gives a district admin only school admins and teachers to
 * assign, and says nothing that lets one school admin edit or delete another.
 */
export const MANAGEABLE_ROLES: Readonly<Record<RoleName, readonly RoleName[]>> = {
  SUPER_ADMIN: ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"],
  ORG_ADMIN: ["ORG_UNIT_ADMIN", "TEACHER"],
  ORG_UNIT_ADMIN: ["TEACHER"],
  TEACHER: [],
};

/** Whether a caller may manage a user of `target` role (a user without a role is anyone's to fix). */
export const mayManageUserOf = (caller: RoleName | null, target: RoleName | null): boolean =>
  caller !== null && MANAGEABLE_ROLES[caller].length > 0 && (target === null || MANAGEABLE_ROLES[caller].includes(target));

export const assignableRolesOf = (role: RoleName | null): RoleName[] => (role === null ? [] : [...ASSIGNABLE_ROLES[role]]);

/** Roles a district's user form offers: the assignable roles that belong to a district (not super admin). */
export const rolesOfferedTo = (role: RoleName | null): RoleName[] => assignableRolesOf(role).filter((r) => REACH[r] !== "everything");

const isRole = (value: unknown): value is RoleName => typeof value === "string" && Object.hasOwn(REACH, value);

/** Schools are required only for the roles that reach schools rather than a whole district (spec 000 §5). */
export const roleNeedsSchools = (role: string | null | undefined): boolean =>
  isRole(role) && (REACH[role] === "schools" || REACH[role] === "classrooms");
