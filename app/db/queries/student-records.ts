import { sql } from "kysely";
import type { Db } from "../connect.server";

// Deletion and export on request (issue 41 item 3; docs/features/student-records.md): everything
// the database holds about one student, or about every student and account of a district, read
// for the export and deleted for good. Tables that hold a student's rows without being named here
// (a table added later with a participant_id column or a foreign key to participant) are found in
// the catalog, so they are exported and deleted too.

/** Whose records: one student, or a whole district (its students, schools, classrooms, staff). */
export type RecordScope = { kind: "student"; participantId: string } | { kind: "district"; organizationId: string };

/** The tables this module reads and deletes by name; the catalog sweep leaves them alone. */
const NAMED_STUDENT_TABLES = new Set(["participant", "participant_group_member", "participant_test", "predictive_profile"]);

// ── Look-ups ────────────────────────────────────────────────────────────────────────────────

/** A student (live or deleted) with their school's and district's ids and names; undefined when none. */
export function studentForRecords(db: Db, participantId: string) {
  return db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .innerJoin("organization as o", "o.organization_id", "ou.organization_id")
    .selectAll("p")
    .select(["ou.organization_id", "ou.name as school_name", "ou.deleted_at as school_deleted_at", "o.name as organization_name"])
    .where("p.participant_id", "=", participantId)
    .executeTakeFirst();
}

/** Locks the student's row until the transaction ends (a result being saved for them waits, then finds them gone). */
export function lockStudentForErasure(tx: Db, participantId: string) {
  return tx
    .selectFrom("participant")
    .select(["participant_id", "sourced_id"])
    .where("participant_id", "=", participantId)
    .forUpdate()
    .executeTakeFirst();
}

/** A district (live or deleted); undefined when none. */
export function districtForRecords(db: Db, organizationId: string) {
  return db.selectFrom("organization").selectAll().where("organization_id", "=", organizationId).executeTakeFirst();
}

/** Locks the district's row until the transaction ends (a school, user or roster import being added waits). */
export function lockDistrictForErasure(tx: Db, organizationId: string) {
  return tx
    .selectFrom("organization")
    .select("organization_id")
    .where("organization_id", "=", organizationId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Locks the rows of the district's students too (hidden ones and those of hidden schools
 * included): an upload still writing a result for one of them holds its row (holdStudent in
 * ./test-results.ts), so the deletion waits for it and counts its result, instead of meeting it
 * as a foreign-key violation when the student's row goes.
 */
export function lockDistrictStudentsForErasure(tx: Db, organizationId: string) {
  return tx
    .selectFrom("participant")
    .select("participant_id")
    .where("organization_unit_id", "in", schoolIdsOf(tx, organizationId))
    .forUpdate()
    .execute();
}

const studentIdsOf = (db: Db, scope: RecordScope) =>
  scope.kind === "student"
    ? db.selectFrom("participant").select("participant_id").where("participant_id", "=", scope.participantId)
    : db
        .selectFrom("participant as p")
        .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
        .select("p.participant_id")
        .where("ou.organization_id", "=", scope.organizationId);

const testIdsOf = (db: Db, scope: RecordScope) =>
  db.selectFrom("participant_test").select("participant_test_id").where("participant_id", "in", studentIdsOf(db, scope));

const schoolIdsOf = (db: Db, organizationId: string) =>
  db.selectFrom("organization_unit").select("organization_unit_id").where("organization_id", "=", organizationId);

const classroomIdsOf = (db: Db, organizationId: string) =>
  db.selectFrom("participant_group").select("participant_group_id").where("organization_unit_id", "in", schoolIdsOf(db, organizationId));

/** The student ids of a scope (a district's: deleted students and those of deleted schools too). */
export async function studentIdsIn(db: Db, scope: RecordScope): Promise<string[]> {
  return (await studentIdsOf(db, scope).execute()).map((r) => r.participant_id);
}

/** Row counts behind the confirmation: results (tests), item scores, scoring entries, risk scores; and a district's units and staff. */
export async function recordCounts(db: Db, scope: RecordScope) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("participant")
        .select(eb.fn.countAll<number>().as("n"))
        .where("participant_id", "in", studentIdsOf(db, scope))
        .as("students"),
      eb
        .selectFrom("participant_test")
        .select(eb.fn.countAll<number>().as("n"))
        .where("participant_id", "in", studentIdsOf(db, scope))
        .as("results"),
      eb
        .selectFrom("participant_test_question_response")
        .select(eb.fn.countAll<number>().as("n"))
        .where("participant_test_id", "in", testIdsOf(db, scope))
        .as("responses"),
      eb
        .selectFrom("ran_scoring_event")
        .select(eb.fn.countAll<number>().as("n"))
        .where("participant_test_id", "in", testIdsOf(db, scope))
        .as("scoringEvents"),
      eb
        .selectFrom("predictive_profile")
        .select(eb.fn.countAll<number>().as("n"))
        .where("participant_id", "in", studentIdsOf(db, scope))
        .as("riskScores"),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  const base = {
    students: n(row.students),
    results: n(row.results),
    responses: n(row.responses),
    scoringEvents: n(row.scoringEvents),
    riskScores: n(row.riskScores),
  };
  if (scope.kind === "student") return { ...base, schools: 0, classrooms: 0, staff: 0 };
  const org = scope.organizationId;
  const units = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("organization_unit").select(eb.fn.countAll<number>().as("n")).where("organization_id", "=", org).as("schools"),
      eb
        .selectFrom("participant_group")
        .select(eb.fn.countAll<number>().as("n"))
        .where("organization_unit_id", "in", schoolIdsOf(db, org))
        .as("classrooms"),
      eb.selectFrom("app_user").select(eb.fn.countAll<number>().as("n")).where("organization_id", "=", org).as("staff"),
    ])
    .executeTakeFirstOrThrow();
  return { ...base, schools: n(units.schools), classrooms: n(units.classrooms), staff: n(units.staff) };
}

// ── Export ──────────────────────────────────────────────────────────────────────────────────

/** The student's classroom places, with the classrooms' names. */
export function classroomsOfStudent(db: Db, participantId: string) {
  return db
    .selectFrom("participant_group_member as m")
    .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
    .select(["g.participant_group_id", "g.name", "g.organization_unit_id", "g.deleted_at"])
    .where("m.participant_id", "=", participantId)
    .orderBy("g.name")
    .execute();
}

/** Every test of the student, deleted ones too, oldest first. */
export function testsOfStudent(db: Db, participantId: string) {
  return db
    .selectFrom("participant_test")
    .selectAll()
    .where("participant_id", "=", participantId)
    .orderBy("start_dt_tm")
    .orderBy("participant_test_id")
    .execute();
}

/** The item scores of the student's tests. */
export function responsesOfStudent(db: Db, participantId: string) {
  return db
    .selectFrom("participant_test_question_response as r")
    .innerJoin("participant_test as t", "t.participant_test_id", "r.participant_test_id")
    .selectAll("r")
    .where("t.participant_id", "=", participantId)
    .orderBy("r.participant_test_id")
    .orderBy("r.question_code")
    .execute();
}

/** The scoring entries (official and blind second scores) of the student's RAN responses, in order. */
export function scoringEventsOfStudent(db: Db, participantId: string) {
  return db
    .selectFrom("ran_scoring_event as e")
    .innerJoin("participant_test as t", "t.participant_test_id", "e.participant_test_id")
    .selectAll("e")
    .where("t.participant_id", "=", participantId)
    .orderBy("e.seq")
    .execute();
}

/** The student's risk scores, per school year and period. */
export function riskScoresOfStudent(db: Db, participantId: string) {
  return db
    .selectFrom("predictive_profile")
    .selectAll()
    .where("participant_id", "=", participantId)
    .orderBy("academic_year")
    .orderBy("period_name")
    .execute();
}

/** The audit entries about the student (created, edited, deleted), with who made them. */
export function auditEntriesAboutStudent(db: Db, participantId: string) {
  return db
    .selectFrom("audit_log as a")
    .leftJoin("app_user as u", "u.user_id", "a.actor_user_id")
    .select(["a.audit_log_id", "a.action", "a.details", "a.created_at", "a.actor_user_id", "u.first_name", "u.last_name", "u.email"])
    .where("a.entity_type", "=", "participant")
    .where("a.entity_id", "=", participantId)
    .orderBy("a.audit_log_id")
    .execute();
}

/** Stored-file rows (app/db/schema.ts StoredFileTable) a scope's item scores point at: recordings kept under their own key. */
export function storedFilesOf(db: Db, scope: RecordScope) {
  return db
    .selectFrom("stored_file")
    .selectAll()
    .where(
      "file_id",
      "in",
      db
        .selectFrom("participant_test_question_response")
        .select("audio_file_id")
        .where("participant_test_id", "in", testIdsOf(db, scope))
        .where("audio_file_id", "is not", null)
        .$narrowType<{ audio_file_id: string }>(),
    )
    .execute();
}

/** A table (other than those named above) that holds rows of a student, and the column that names them. */
export interface StudentColumn {
  table: string;
  column: string;
}

/**
 * The other tables with a student's rows, from the catalog: a `participant_id` column, or a
 * one-column foreign key to participant. Found anew on each call, so a table added later (the
 * record-access log, say) is exported and deleted without a change here.
 */
export async function otherStudentColumns(db: Db): Promise<StudentColumn[]> {
  const { rows } = await sql<StudentColumn>`
    select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'participant_id'
    union
    select cl.relname::text, a.attname::text
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
     where con.contype = 'f' and con.confrelid = 'participant'::regclass and cardinality(con.conkey) = 1
     order by 1, 2`.execute(db);
  return rows.filter((r) => !NAMED_STUDENT_TABLES.has(r.table));
}

/** The rows of one such table about the student, as JSON objects. */
export async function rowsOfStudentIn(db: Db, where: StudentColumn, participantId: string): Promise<unknown[]> {
  const { rows } = await sql<{ row: unknown }>`
    select to_jsonb(t) as row from ${sql.table(where.table)} t where ${sql.ref(`t.${where.column}`)}::text = ${participantId}`.execute(db);
  return rows.map((r) => r.row);
}

// ── Erasure ─────────────────────────────────────────────────────────────────────────────────

type Counts = Record<string, number>;

/** Deletes through a raw statement and counts the rows (PGlite reports no count for raw statements). */
async function deleteCounting(db: Db, statement: ReturnType<typeof sql<{ one: number }>>): Promise<number> {
  return (await statement.execute(db)).rows.length;
}

const deleted = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);

/**
 * Deletes, in the caller's transaction, every row of these students: scoring entries, item
 * scores and the stored-file rows of their recordings, tests, risk scores, classroom places, the
 * rows of any other table that names them (otherStudentColumns), the audit entries about them
 * (erasure receipts excepted), the kept answers of create calls that returned them, and the
 * students. Ids whose student is gone already still have the other tables swept (a replay after
 * a restore, an access-log row written late). Counts per table; `fileKeys` are the stored files
 * to remove once the transaction has committed. The caller holds the student's or district's lock.
 */
export async function eraseStudentRows(tx: Db, ids: readonly string[]): Promise<{ rows: Counts; fileKeys: string[] }> {
  const rows: Counts = {};
  const add = (table: string, n: number) => {
    if (n > 0) rows[table] = (rows[table] ?? 0) + n;
  };
  const fileKeys: string[] = [];
  const others = await otherStudentColumns(tx);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const tests = () => tx.selectFrom("participant_test").select("participant_test_id").where("participant_id", "in", part);
    const files = await tx
      .selectFrom("stored_file")
      .select(["file_id", "storage_key"])
      .where(
        "file_id",
        "in",
        tx
          .selectFrom("participant_test_question_response")
          .select("audio_file_id")
          .where("participant_test_id", "in", tests())
          .where("audio_file_id", "is not", null)
          .$narrowType<{ audio_file_id: string }>(),
      )
      .execute();
    add(
      "ran_scoring_event",
      deleted(await tx.deleteFrom("ran_scoring_event").where("participant_test_id", "in", tests()).executeTakeFirst()),
    );
    add(
      "participant_test_question_response",
      deleted(await tx.deleteFrom("participant_test_question_response").where("participant_test_id", "in", tests()).executeTakeFirst()),
    );
    if (files.length > 0) {
      // Only files no other response still points at (none is shared today; this keeps it so).
      const fileIds = files.map((f) => f.file_id);
      const stillUsed = new Set(
        (
          await tx.selectFrom("participant_test_question_response").select("audio_file_id").where("audio_file_id", "in", fileIds).execute()
        ).map((r) => r.audio_file_id),
      );
      const gone = files.filter((f) => !stillUsed.has(f.file_id));
      if (gone.length > 0) {
        add(
          "stored_file",
          deleted(
            await tx
              .deleteFrom("stored_file")
              .where(
                "file_id",
                "in",
                gone.map((f) => f.file_id),
              )
              .executeTakeFirst(),
          ),
        );
        fileKeys.push(...gone.map((f) => f.storage_key));
      }
    }
    add("participant_test", deleted(await tx.deleteFrom("participant_test").where("participant_id", "in", part).executeTakeFirst()));
    add("predictive_profile", deleted(await tx.deleteFrom("predictive_profile").where("participant_id", "in", part).executeTakeFirst()));
    add(
      "participant_group_member",
      deleted(await tx.deleteFrom("participant_group_member").where("participant_id", "in", part).executeTakeFirst()),
    );
    for (const other of others) {
      add(
        other.table,
        await deleteCounting(
          tx,
          sql<{
            one: number;
          }>`delete from ${sql.table(other.table)} where ${sql.ref(other.column)}::text in (${sql.join(part)}) returning 1 as one`,
        ),
      );
    }
    add(
      "audit_log",
      deleted(
        await tx
          .deleteFrom("audit_log")
          .where("entity_type", "=", "participant")
          .where("entity_id", "in", part)
          .where("action", "<>", "erase")
          .executeTakeFirst(),
      ),
    );
    add("participant", deleted(await tx.deleteFrom("participant").where("participant_id", "in", part).executeTakeFirst()));
  }
  return { rows, fileKeys };
}

/** Ids per statement: far below both engines' 65,535 parameters. */
const CHUNK = 1000;

/** Deletes the kept answers of calls (a day's idempotency rows) whose body names `id`; how many. */
export function deleteKeptAnswersNaming(tx: Db, id: string): Promise<number> {
  return deleteCounting(
    tx,
    sql<{ one: number }>`delete from idempotency_key where strpos(coalesce(body, ''), ${id}) > 0 returning 1 as one`,
  );
}

/** Audit entries (erasure receipts aside) whose details mention `needle`, for redacting. */
export function auditEntriesMentioning(db: Db, needle: string) {
  return db
    .selectFrom("audit_log")
    .select(["audit_log_id", "details"])
    .where("action", "<>", "erase")
    .where(sql<boolean>`strpos(coalesce(details::text, ''), ${needle}) > 0`)
    .execute();
}

export async function setAuditDetails(tx: Db, auditLogId: string, details: unknown): Promise<void> {
  await tx
    .updateTable("audit_log")
    .set({ details: details === null ? null : JSON.stringify(details) })
    .where("audit_log_id", "=", auditLogId)
    .execute();
}

/** A district's roster imports whose staged roster, changes or report mention any of `needles`. */
export function rosterImportsMentioning(db: Db, organizationId: string, needles: readonly string[]) {
  const mentions = needles
    .filter((n) => n.length > 0)
    .map((n) => sql<boolean>`strpos(coalesce(roster::text, '') || coalesce(changes::text, '') || report::text, ${n}) > 0`);
  return db
    .selectFrom("roster_import")
    .select(["roster_import_id", "roster", "changes", "report"])
    .where("organization_id", "=", organizationId)
    .where(mentions.length > 0 ? sql<boolean>`(${sql.join(mentions, sql` or `)})` : sql<boolean>`false`)
    .execute();
}

export async function saveRosterImportRecords(
  tx: Db,
  rosterImportId: string,
  records: { roster: unknown; changes: unknown; report: unknown },
) {
  await tx
    .updateTable("roster_import")
    .set({
      roster: records.roster === null ? null : JSON.stringify(records.roster),
      changes: records.changes === null ? null : JSON.stringify(records.changes),
      report: JSON.stringify(records.report),
    })
    .where("roster_import_id", "=", rosterImportId)
    .execute();
}

/**
 * Deletes, in the caller's transaction, what a district holds besides its students (which
 * eraseStudentRows took first): classrooms and their teachers, roster imports, uploads and key,
 * calendar and norms, the staff accounts with their sessions, codes, support messages and kept
 * answers (what other rows say they did loses the name: the column is emptied), the audit
 * entries about any of it (erasure receipts excepted), the schools and the district. Counts per
 * table; `fileKeys` as eraseStudentRows.
 */
export async function eraseDistrictRows(tx: Db, organizationId: string): Promise<{ rows: Counts; fileKeys: string[] }> {
  const rows: Counts = {};
  const add = (table: string, n: number) => {
    if (n > 0) rows[table] = (rows[table] ?? 0) + n;
  };
  const org = organizationId;
  const schoolIds = (await schoolIdsOf(tx, org).execute()).map((r) => r.organization_unit_id);
  const classroomIds = (await classroomIdsOf(tx, org).execute()).map((r) => r.participant_group_id);
  const staff = await tx.selectFrom("app_user").select(["user_id", "email"]).where("organization_id", "=", org).execute();
  const staffIds = staff.map((u) => u.user_id);
  const emails = [...new Set(staff.map((u) => u.email.toLowerCase()))];
  const uploads = await tx
    .selectFrom("roster_upload as r")
    .innerJoin("stored_file as f", "f.file_id", "r.file_id")
    .select(["f.file_id", "f.storage_key"])
    .where("r.organization_id", "=", org)
    .execute();

  if (schoolIds.length > 0) {
    add(
      "user_organization_unit",
      deleted(await tx.deleteFrom("user_organization_unit").where("organization_unit_id", "in", schoolIds).executeTakeFirst()),
    );
  }
  if (classroomIds.length > 0) {
    add(
      "participant_group_teacher",
      deleted(await tx.deleteFrom("participant_group_teacher").where("participant_group_id", "in", classroomIds).executeTakeFirst()),
    );
    add(
      "participant_group",
      deleted(await tx.deleteFrom("participant_group").where("participant_group_id", "in", classroomIds).executeTakeFirst()),
    );
  }
  add("roster_import", deleted(await tx.deleteFrom("roster_import").where("organization_id", "=", org).executeTakeFirst()));
  add("roster_upload", deleted(await tx.deleteFrom("roster_upload").where("organization_id", "=", org).executeTakeFirst()));
  if (uploads.length > 0) {
    add(
      "stored_file",
      deleted(
        await tx
          .deleteFrom("stored_file")
          .where(
            "file_id",
            "in",
            uploads.map((u) => u.file_id),
          )
          .executeTakeFirst(),
      ),
    );
  }
  add("roster_key", deleted(await tx.deleteFrom("roster_key").where("organization_id", "=", org).executeTakeFirst()));
  add("screening_standard", deleted(await tx.deleteFrom("screening_standard").where("organization_id", "=", org).executeTakeFirst()));
  add(
    "grade_assessment_list",
    deleted(
      await tx
        .deleteFrom("grade_assessment_list")
        .where(
          "assessment_period_id",
          "in",
          tx.selectFrom("assessment_period").select("assessment_period_id").where("organization_id", "=", org),
        )
        .executeTakeFirst(),
    ),
  );
  add("assessment_period", deleted(await tx.deleteFrom("assessment_period").where("organization_id", "=", org).executeTakeFirst()));

  if (staffIds.length > 0) {
    add("session", deleted(await tx.deleteFrom("session").where("user_id", "in", staffIds).executeTakeFirst()));
    add("user_role", deleted(await tx.deleteFrom("user_role").where("user_id", "in", staffIds).executeTakeFirst()));
    add(
      "user_organization_unit",
      deleted(await tx.deleteFrom("user_organization_unit").where("user_id", "in", staffIds).executeTakeFirst()),
    );
    add("idempotency_key", deleted(await tx.deleteFrom("idempotency_key").where("user_id", "in", staffIds).executeTakeFirst()));
    add("support_message", deleted(await tx.deleteFrom("support_message").where("user_id", "in", staffIds).executeTakeFirst()));
    add(
      "one_time_code",
      deleted(
        await tx
          .deleteFrom("one_time_code")
          .where((eb) => eb.or([eb("user_id", "in", staffIds), eb(eb.fn("lower", ["email"]), "in", emails)]))
          .executeTakeFirst(),
      ),
    );
    add(
      "rate_limit_event",
      await deleteCounting(
        tx,
        sql<{ one: number }>`delete from rate_limit_event where ${sql.join(
          emails.map((e) => sql`strpos(lower(bucket), ${e}) > 0`),
          sql` or `,
        )} returning 1 as one`,
      ),
    );
    // What the staff did elsewhere stays, without who: every other column that points at an account.
    for (const ref of await userColumns(tx)) {
      if (!ref.nullable) continue;
      await sql`update ${sql.table(ref.table)} set ${sql.ref(ref.column)} = null where ${sql.ref(ref.column)} in (${sql.join(staffIds)})`.execute(
        tx,
      );
    }
  }
  add(
    "rate_limit_event",
    await deleteCounting(tx, sql<{ one: number }>`delete from rate_limit_event where strpos(bucket, ${org}) > 0 returning 1 as one`),
  );
  // Kept answers of create calls (a day's idempotency rows) made by others that name the district or its schools.
  for (const id of [org, ...schoolIds]) {
    add(
      "idempotency_key",
      await deleteCounting(
        tx,
        sql<{ one: number }>`delete from idempotency_key where strpos(coalesce(body, ''), ${id}) > 0 returning 1 as one`,
      ),
    );
  }
  // Any other table with the district's rows (the record-access log's list reads, say), from the catalog.
  for (const other of await otherDistrictColumns(tx)) {
    add(
      other.table,
      await deleteCounting(
        tx,
        sql<{ one: number }>`delete from ${sql.table(other.table)} where ${sql.ref(other.column)}::text = ${org} returning 1 as one`,
      ),
    );
  }
  const entities = [org, ...schoolIds, ...classroomIds, ...staffIds];
  for (let i = 0; i < entities.length; i += 1000) {
    add(
      "audit_log",
      deleted(
        await tx
          .deleteFrom("audit_log")
          .where("entity_id", "in", entities.slice(i, i + 1000))
          .where("action", "<>", "erase")
          .executeTakeFirst(),
      ),
    );
  }
  if (staffIds.length > 0) add("app_user", deleted(await tx.deleteFrom("app_user").where("user_id", "in", staffIds).executeTakeFirst()));
  add("organization_unit", deleted(await tx.deleteFrom("organization_unit").where("organization_id", "=", org).executeTakeFirst()));
  add("organization", deleted(await tx.deleteFrom("organization").where("organization_id", "=", org).executeTakeFirst()));
  // The version counters of the district's kept copies (migrations 0015, 0023) are raised at commit by
  // deferred triggers; firing them now lets their rows go too.
  await sql`set constraints all immediate`.execute(tx);
  // Its schools' scores versions are keyed by the school's id (migration 0023).
  add(
    "kept_data_version",
    deleted(
      await tx
        .deleteFrom("kept_data_version")
        .where("organization_id", "in", [org, ...schoolIds])
        .executeTakeFirst(),
    ),
  );
  return { rows, fileKeys: uploads.map((u) => u.storage_key) };
}

/** The tables this module deletes a district's rows from by name; the catalog sweep leaves them alone. */
const NAMED_DISTRICT_TABLES = new Set([
  "organization",
  "organization_unit",
  "app_user",
  "roster_import",
  "roster_upload",
  "roster_key",
  "screening_standard",
  "assessment_period",
  "kept_data_version",
]);

/** The other tables with an `organization_id` column or a one-column foreign key to organization, from the catalog. */
async function otherDistrictColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'organization_id'
    union
    select cl.relname::text, a.attname::text
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
     where con.contype = 'f' and con.confrelid = 'organization'::regclass and cardinality(con.conkey) = 1
     order by 1, 2`.execute(db);
  return rows.filter((r) => !NAMED_DISTRICT_TABLES.has(r.table));
}

/** Every one-column foreign key to an account (app_user), with whether it may be emptied. */
async function userColumns(db: Db): Promise<{ table: string; column: string; nullable: boolean }[]> {
  const { rows } = await sql<{ table: string; column: string; nullable: boolean }>`
    select cl.relname::text as "table", a.attname::text as "column", not a.attnotnull as nullable
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = con.conkey[1]
     where con.contype = 'f' and con.confrelid = 'app_user'::regclass and cardinality(con.conkey) = 1
     order by 1, 2`.execute(db);
  return rows;
}

/** Writes an erasure receipt to the audit log (no name in it: the id, counts and tables); its entry id. */
export async function insertErasureReceipt(
  tx: Db,
  r: { actorUserId: string | null; entityType: string; entityId: string; details: unknown; at: Date },
): Promise<string> {
  const row = await tx
    .insertInto("audit_log")
    .values({
      actor_user_id: r.actorUserId,
      action: "erase",
      entity_type: r.entityType,
      entity_id: r.entityId,
      details: JSON.stringify(r.details),
      created_at: r.at,
    })
    .returning("audit_log_id")
    .executeTakeFirstOrThrow();
  return String(row.audit_log_id);
}

/** The erasure receipts of the audit log, oldest first (what a restore replays: docs/features/student-records.md). */
export function erasureReceipts(db: Db) {
  return db
    .selectFrom("audit_log")
    .select(["audit_log_id", "actor_user_id", "entity_type", "entity_id", "details", "created_at"])
    .where("action", "=", "erase")
    .orderBy("audit_log_id")
    .execute();
}
