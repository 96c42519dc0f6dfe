import { sql, type Selectable } from "kysely";
import type { PeriodListRow } from "#app/domain/assessment-config";
import type { Db } from "../connect.server";
import type { ParticipantTestTable, PredictiveProfileTable, QuestionResponseTable } from "../schema";

// The reads of the classroom results (issue 5): one query per concern for the whole classroom.

/** The columns of a test the API answers with. */
export const PARTICIPANT_TEST_COLUMNS = [
  "participant_test_id",
  "participant_id",
  "test_code",
  "grade",
  "created_at",
  "updated_at",
  "start_dt_tm",
  "end_dt_tm",
  "completed_flag",
  "invalid",
  "final_theta",
  "ability_percentile",
  "correct_items",
  "total_items",
  "correct_by_code",
  "scored_secs",
  "scored_errors",
  "norms_source",
] as const;
export type ParticipantTestRow = Pick<Selectable<ParticipantTestTable>, (typeof PARTICIPANT_TEST_COLUMNS)[number]>;

/** Every period of a district, each joined with its grade lists (one row per list, or one with nulls). */
export function periodListRows(db: Db, organizationId: string): Promise<PeriodListRow[]> {
  return db
    .selectFrom("assessment_period as p")
    .leftJoin("grade_assessment_list as l", "l.assessment_period_id", "p.assessment_period_id")
    .select(["p.academic_year", "p.period_name", "p.start_date", "p.end_date", "p.assessment_period_id", "l.grade", "l.test_codes"])
    .where("p.organization_id", "=", organizationId)
    .execute();
}

/** The stored norms and cutoffs of a district and of the product (migration 0014), as districtCalendarRows reads them. */
export type StandardsColumns = { ranNorms: unknown; pkRiskCutoff: unknown; abilityCutoffs: unknown } | null;
export type DistrictStandardsRows = { district: StandardsColumns; product: StandardsColumns };

const standardsOf = (where: string) =>
  `(select jsonb_build_object('ranNorms', s.ran_norms, 'pkRiskCutoff', s.pk_risk_cutoff, 'abilityCutoffs', s.ability_cutoffs) from screening_standard s where ${where})`;

/**
 * The district's calendar as periodListRows gives it, its norms and cutoffs with the product's
 * (issue 34: on the first row only), and the district's config_version read in the same
 * statement (migrations 0008, 0014), so the rows and the version that names them always agree.
 * No version: the district does not exist.
 */
export async function districtCalendarRows(
  db: Db,
  organizationId: string,
): Promise<{ version: number | null; rows: PeriodListRow[]; standards: DistrictStandardsRows }> {
  const found = await db
    .selectFrom("organization as o")
    .leftJoin("assessment_period as p", "p.organization_id", "o.organization_id")
    .leftJoin("grade_assessment_list as l", "l.assessment_period_id", "p.assessment_period_id")
    .select([
      "o.config_version",
      "p.academic_year",
      "p.period_name",
      "p.start_date",
      "p.end_date",
      "p.assessment_period_id",
      "l.grade",
      "l.test_codes",
      sql<DistrictStandardsRows | null>`case when row_number() over () = 1 then jsonb_build_object('district', ${sql.raw(
        standardsOf("s.organization_id = o.organization_id"),
      )}, 'product', ${sql.raw(standardsOf("s.organization_id is null"))}) end`.as("standards"),
    ])
    .where("o.organization_id", "=", organizationId)
    .execute();
  const rows: PeriodListRow[] = [];
  let standards: DistrictStandardsRows = { district: null, product: null };
  for (const { config_version, standards: read, ...r } of found) {
    if (read) standards = typeof read === "string" ? JSON.parse(read) : read;
    if (r.assessment_period_id !== null) rows.push(r as PeriodListRow);
  }
  return { version: found[0]?.config_version ?? null, rows, standards };
}

export type ClassroomStudentRow = {
  participant_id: string;
  participant_code: string;
  organization_unit_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** 'YYYY-MM-DD', or null (a student a roster brought without one) */
  date_of_birth: string | null;
  grade: string;
  tags: string[];
  external_id: string | null;
};
export type StudentTeacherRow = { participant_id: string; user_id: string; first_name: string; last_name: string };

const membersOf = (db: Db, classroomId: string) =>
  db.selectFrom("participant_group_member").select("participant_id").where("participant_group_id", "=", classroomId);

/**
 * A classroom's live students by name; the teachers of every live classroom each of them belongs
 * to (a student can be in several), by name; and, given a range, their live tests started in it.
 */
export async function classroomRows(
  db: Db,
  classroomId: string,
  bounds: { from: string; to: string } | null,
): Promise<{ students: ClassroomStudentRow[]; teachers: StudentTeacherRow[]; tests: ParticipantTestRow[] | null }> {
  const [students, teachers, tests] = await Promise.all([
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant as p", "p.participant_id", "m.participant_id")
      .select([
        "p.participant_id",
        "p.participant_code",
        "p.organization_unit_id",
        "p.first_name",
        "p.middle_name",
        "p.last_name",
        "p.date_of_birth",
        "p.grade",
        "p.tags",
        "p.external_id",
      ])
      .where("m.participant_group_id", "=", classroomId)
      .where("p.deleted_at", "is", null)
      .orderBy(sql`lower(p.last_name)`)
      .orderBy(sql`lower(p.first_name)`)
      .orderBy("p.participant_id")
      .execute(),
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
      .innerJoin("participant_group_teacher as t", "t.participant_group_id", "g.participant_group_id")
      .innerJoin("app_user as u", "u.user_id", "t.user_id")
      .select(["m.participant_id", "u.user_id", "u.first_name", "u.last_name"])
      .where("m.participant_id", "in", membersOf(db, classroomId))
      .where("g.deleted_at", "is", null)
      .where("u.deleted_at", "is", null)
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .execute(),
    bounds
      ? db
          .selectFrom("participant_test")
          .select(PARTICIPANT_TEST_COLUMNS)
          .where("participant_id", "in", membersOf(db, classroomId))
          .where("deleted_at", "is", null)
          .where("start_dt_tm", ">=", new Date(bounds.from))
          .where("start_dt_tm", "<", new Date(bounds.to))
          .orderBy("start_dt_tm")
          .execute()
      : Promise.resolve(null),
  ]);
  return { students, teachers, tests };
}

/** Predictive-profile scores of a classroom's live students for one academic year (a deleted student's stay hidden). */
export function classroomRiskRows(db: Db, classroomId: string, academicYear: string): Promise<Selectable<PredictiveProfileTable>[]> {
  return db
    .selectFrom("predictive_profile")
    .selectAll()
    .where("participant_id", "in", membersOf(db, classroomId))
    .where("participant_id", "in", (eb) => eb.selectFrom("participant").select("participant_id").where("deleted_at", "is", null))
    .where("academic_year", "=", academicYear)
    .execute();
}

/** The student a live test belongs to. */
export function testOwner(db: Db, participantTestId: string): Promise<{ participant_id: string } | undefined> {
  return db
    .selectFrom("participant_test")
    .select("participant_id")
    .where("participant_test_id", "=", participantTestId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/**
 * A live test and its question responses; no test when it is unknown or deleted. Responses come
 * by question code, or in the screener's order (`"screener"`: a practice before the test, then as
 * stored), which is how RAN scoring shows them.
 */
export async function testWithResponsesRows(
  db: Db,
  participantTestId: string,
  order: "code" | "screener" = "code",
): Promise<{ test: ParticipantTestRow | undefined; responses: Selectable<QuestionResponseTable>[] }> {
  const [test, responses] = await Promise.all([
    db
      .selectFrom("participant_test")
      .select(PARTICIPANT_TEST_COLUMNS)
      .where("participant_test_id", "=", participantTestId)
      .where("deleted_at", "is", null)
      .executeTakeFirst(),
    db
      .selectFrom("participant_test_question_response")
      .selectAll()
      .where("participant_test_id", "=", participantTestId)
      .$if(order === "screener", (q) => q.orderBy(sql`question_code ilike '%prac%'`, "desc").orderBy("created_at"))
      .orderBy("question_code")
      .execute(),
  ]);
  return { test, responses };
}

/** A live test of a code that a student started within a period's bounds, if any. */
export function testInPeriod(
  db: Db,
  participantId: string,
  testCode: string,
  bounds: { from: string; to: string },
): Promise<{ participant_test_id: string } | undefined> {
  return db
    .selectFrom("participant_test")
    .select("participant_test_id")
    .where("participant_id", "=", participantId)
    .where("test_code", "=", testCode)
    .where("deleted_at", "is", null)
    .where("start_dt_tm", ">=", new Date(bounds.from))
    .where("start_dt_tm", "<", new Date(bounds.to))
    .executeTakeFirst();
}

/** What a letter score update needs of the stored test (updated_at: its version, issue 40 item 1). */
export function letterTestRow(db: Db, participantTestId: string) {
  return db
    .selectFrom("participant_test")
    .select(["participant_test_id", "participant_id", "test_code", "grade", "start_dt_tm", "correct_by_code", "updated_at"])
    .where("participant_test_id", "=", participantTestId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** A letter test's scores and version, locked until the transaction ends: a save checks the version it was edited from against it. */
export function lockLetterTest(tx: Db, participantTestId: string) {
  return tx
    .selectFrom("participant_test")
    .select(["correct_by_code", "updated_at"])
    .where("participant_test_id", "=", participantTestId)
    .forUpdate()
    .executeTakeFirst();
}

/** The ids among `fileIds` that name a stored file. */
export async function storedFileIds(db: Db, fileIds: readonly string[]): Promise<Set<string>> {
  const found = await db
    .selectFrom("stored_file")
    .select("file_id")
    .where("file_id", "in", [...fileIds])
    .execute();
  return new Set(found.map((f) => f.file_id));
}
