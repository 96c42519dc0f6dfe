import { randomUUID } from "node:crypto";
import { hashPassword } from "#app/api/password";
import { recordTestResult, type TestResultInput } from "#app/api/results-ingest";
import type { Db } from "#app/db/connect.server";
import { defaultGradeAssessments } from "#app/domain/assessments";
import { GRADES, type Grade } from "#app/domain/grades";
import { PERIODS, type Period } from "#app/domain/periods";
import { ROLE_IDS, type RoleName } from "#app/domain/roles";
import { TEST_PASSWORD } from "./test-api";
import { first } from "#app/domain/presence";

// Small builders for API tests: each makes one row with sensible defaults.

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`;
let cachedHash: Promise<string> | undefined;

export async function makeDistrict(db: Db, name = unique("District")) {
  const row = await db.insertInto("organization").values({ name, state: "WA", website: null }).returningAll().executeTakeFirstOrThrow();
  return row;
}

export async function makeSchool(db: Db, organizationId: string, name = unique("School")) {
  return db.insertInto("organization_unit").values({ organization_id: organizationId, name }).returningAll().executeTakeFirstOrThrow();
}

export async function makeUser(
  db: Db,
  options: {
    role: RoleName | null;
    organizationId: string | null;
    schoolIds?: string[];
    email?: string;
    temporary?: boolean;
    authStatus?: "None" | "Pending" | "Active";
    password?: string | null;
  },
) {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const email = options.email ?? `${unique("user")}@test.example`.toLowerCase();
  const user = await db
    .insertInto("app_user")
    .values({
      organization_id: options.organizationId,
      first_name: "Test",
      last_name: first(email.split("@"), "an e-mail's local part"),
      email,
      auth_status: options.authStatus ?? "Active",
      password_hash: options.password === null ? null : options.password ? await hashPassword(options.password) : await cachedHash,
      password_is_temporary: options.temporary ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.role) await db.insertInto("user_role").values({ user_id: user.user_id, role_id: ROLE_IDS[options.role] }).execute();
  if (options.schoolIds?.length) {
    await db
      .insertInto("user_organization_unit")
      .values(options.schoolIds.map((id) => ({ user_id: user.user_id, organization_unit_id: id })))
      .execute();
  }
  return user;
}

/** A teacher of the school (and of its district). */
export const makeTeacher = (
  db: Db,
  school: { organization_id: string; organization_unit_id: string },
  options: { email?: string; temporary?: boolean; authStatus?: "None" | "Pending" | "Active" } = {},
) => makeUser(db, { role: "TEACHER", organizationId: school.organization_id, schoolIds: [school.organization_unit_id], ...options });

export async function makeClassroom(db: Db, schoolId: string, teacherIds: string[] = [], name = unique("Class")) {
  const group = await db
    .insertInto("participant_group")
    .values({ organization_unit_id: schoolId, name })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (teacherIds.length) {
    await db
      .insertInto("participant_group_teacher")
      .values(teacherIds.map((user_id) => ({ participant_group_id: group.participant_group_id, user_id })))
      .execute();
  }
  return group;
}

export async function makeStudent(
  db: Db,
  schoolId: string,
  options: { grade?: Grade; classroomIds?: string[]; firstName?: string; lastName?: string } = {},
) {
  const p = await db
    .insertInto("participant")
    .values({
      organization_unit_id: schoolId,
      participant_code: unique("P").toUpperCase(),
      first_name: options.firstName ?? "Stu",
      last_name: options.lastName ?? unique("Dent"),
      date_of_birth: "2020-05-17",
      grade: options.grade ?? "K",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.classroomIds?.length) {
    await db
      .insertInto("participant_group_member")
      .values(options.classroomIds.map((g) => ({ participant_group_id: g, participant_id: p.participant_id })))
      .execute();
  }
  return p;
}

/**
 * A test result written straight into its table, as a script or an older release would (no API,
 * no notice to kept copies): finished at its start (or `end`) unless `complete` is false, in grade K
 * on 2026-01-14 unless said otherwise.
 */
export async function insertResult(
  db: Db,
  participantId: string,
  testCode: string,
  options: {
    grade?: string;
    start?: string;
    end?: string;
    complete?: boolean;
    percentile?: number | null;
    invalid?: boolean | null;
    deleted?: boolean;
  } = {},
) {
  const start = options.start ?? "2026-01-14T09:00:00Z";
  const complete = options.complete ?? true;
  return db
    .insertInto("participant_test")
    .values({
      participant_id: participantId,
      test_code: testCode,
      grade: options.grade ?? "K",
      start_dt_tm: new Date(start),
      end_dt_tm: complete ? new Date(options.end ?? start) : null,
      completed_flag: complete,
      ability_percentile: options.percentile ?? null,
      invalid: options.invalid ?? null,
      deleted_at: options.deleted ? new Date() : null,
    })
    .returning("participant_test_id")
    .executeTakeFirstOrThrow();
}

/** A finished test as the screener app uploads it: grade K, 2026-03-02 from 09:00 to 09:05 UTC, unless `result` says otherwise. */
export const uploadedResult = (db: Db, result: Pick<TestResultInput, "participantId" | "testCode"> & Partial<TestResultInput>) =>
  recordTestResult(db, {
    clientTestId: `upload-${randomUUID()}`,
    grade: "K",
    startDtTm: "2026-03-02T09:00:00Z",
    endDtTm: "2026-03-02T09:05:00Z",
    completedFlag: true,
    ...result,
  });

/** A district with two schools, a classroom in each, and one user of every role. */
export async function makeWorld(db: Db) {
  const district = await makeDistrict(db);
  const otherDistrict = await makeDistrict(db);
  const schoolA = await makeSchool(db, district.organization_id, unique("A School"));
  const schoolB = await makeSchool(db, district.organization_id, unique("B School"));
  const otherSchool = await makeSchool(db, otherDistrict.organization_id);
  const superAdmin = await makeUser(db, { role: "SUPER_ADMIN", organizationId: null });
  const districtAdmin = await makeUser(db, { role: "ORG_ADMIN", organizationId: district.organization_id });
  const schoolAdmin = await makeUser(db, {
    role: "ORG_UNIT_ADMIN",
    organizationId: district.organization_id,
    schoolIds: [schoolA.organization_unit_id],
  });
  const teacher = await makeUser(db, {
    role: "TEACHER",
    organizationId: district.organization_id,
    schoolIds: [schoolA.organization_unit_id],
  });
  const classA = await makeClassroom(db, schoolA.organization_unit_id, [teacher.user_id]);
  const classA2 = await makeClassroom(db, schoolA.organization_unit_id);
  const classB = await makeClassroom(db, schoolB.organization_unit_id);
  const studentA = await makeStudent(db, schoolA.organization_unit_id, { classroomIds: [classA.participant_group_id] });
  const studentA2 = await makeStudent(db, schoolA.organization_unit_id, { classroomIds: [classA2.participant_group_id] });
  const studentB = await makeStudent(db, schoolB.organization_unit_id, { classroomIds: [classB.participant_group_id] });
  const otherStudent = await makeStudent(db, otherSchool.organization_unit_id);
  return {
    district,
    otherDistrict,
    schoolA,
    schoolB,
    otherSchool,
    superAdmin,
    districtAdmin,
    schoolAdmin,
    teacher,
    classA,
    classA2,
    classB,
    studentA,
    studentA2,
    studentB,
    otherStudent,
  };
}

/** The body of `POST /user` for a teacher of the world's school A, as the Create User dialog sends it. */
export const newTeacherBody = (w: Awaited<ReturnType<typeof makeWorld>>, firstName: string, lastName: string, email: string) => ({
  organizationId: w.district.organization_id,
  firstName,
  lastName,
  email,
  roles: ["TEACHER"],
  organizationUnitIds: [w.schoolA.organization_unit_id],
});

/** The body of a student's save as the student dialog sends it: Ada Lovelace, K, in the world's school A, the optional fields empty. */
export const studentDialogBody = (w: Awaited<ReturnType<typeof makeWorld>>, over: Record<string, unknown> = {}) => ({
  organizationUnitId: w.schoolA.organization_unit_id,
  firstName: "Ada",
  middleName: "",
  lastName: "Lovelace",
  dateOfBirth: "05/17/2020",
  grade: "K",
  tags: "",
  externalId: "",
  email: "",
  ...over,
});

/** A school year seen from mid-January 2026: MOY in progress, BOY over, EOY not begun (2025-2026). */
export const MID_YEAR = {
  now: new Date("2026-01-15T15:00:00Z"),
  ranges: {
    BOY: { start: "2025-08-15", end: "2025-11-30" },
    MOY: { start: "2025-12-01", end: "2026-02-28" },
    EOY: { start: "2026-03-01", end: "2026-06-15" },
  },
} as const;

/** The id of a district's window for `period` (the tests that edit its grade lists behind the API). */
export async function periodIdOf(db: Db, organizationId: string, period: Period): Promise<string> {
  const row = await db
    .selectFrom("assessment_period")
    .select("assessment_period_id")
    .where("organization_id", "=", organizationId)
    .where("period_name", "=", period)
    .executeTakeFirstOrThrow();
  return row.assessment_period_id;
}

/** Changes the dates of a district's window for `period` behind the API, as another process would. */
export const setWindowDates = (db: Db, organizationId: string, period: Period, dates: { start_date?: string; end_date?: string }) =>
  db.updateTable("assessment_period").set(dates).where("organization_id", "=", organizationId).where("period_name", "=", period).execute();

/** A district's BOY, MOY and EOY windows, each with the default test list of every grade. */
export async function makePeriods(
  db: Db,
  organizationId: string,
  ranges: Record<Period, { start: string; end: string }>,
  academicYear = "2025-2026",
) {
  for (const period of PERIODS) {
    const p = await db
      .insertInto("assessment_period")
      .values({
        organization_id: organizationId,
        academic_year: academicYear,
        period_name: period,
        start_date: ranges[period].start,
        end_date: ranges[period].end,
      })
      .returning("assessment_period_id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("grade_assessment_list")
      .values(
        GRADES.map((grade: Grade) => ({
          assessment_period_id: p.assessment_period_id,
          grade,
          test_codes: defaultGradeAssessments(grade, period, { rerKindergarten: false }).join(","),
        })),
      )
      .execute();
  }
}
