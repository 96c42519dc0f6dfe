import { sql } from "kysely";
import type { Db } from "../connect.server";
import type { FollowUpPolicyTable, FollowUpTable } from "../schema";

// The reads and writes of follow-ups after a flag (migration 0019, app/api/resources/follow-up.ts,
// docs/decisions/0023-follow-up.md): the district's policy and non-school days, the follow-up
// rows and their step history, families' opt-outs of screening.

export type PolicyRow = Omit<FollowUpPolicyTable, "updated_at"> & { updated_at: Date };

/** The district's policy row; undefined when it has none. */
export function policyRow(db: Db, organizationId: string): Promise<PolicyRow | undefined> {
  return db.selectFrom("follow_up_policy").selectAll().where("organization_id", "=", organizationId).executeTakeFirst();
}

/** The district's non-school days, in date order. */
export function nonSchoolDayRows(db: Db, organizationId: string) {
  return db.selectFrom("non_school_day").select(["day", "label"]).where("organization_id", "=", organizationId).orderBy("day").execute();
}

/** Serialises the district's policy saves (before/after in the audit log must be what was replaced). */
export async function lockFollowUpSettings(tx: Db, organizationId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`follow-up-settings:${organizationId}`}))`.execute(tx);
}

export type PolicyValues = Omit<FollowUpPolicyTable, "organization_id" | "updated_at" | "updated_by">;

export async function putPolicy(tx: Db, organizationId: string, values: PolicyValues | null, by: string, at: Date): Promise<void> {
  if (values === null) {
    await tx.deleteFrom("follow_up_policy").where("organization_id", "=", organizationId).execute();
    return;
  }
  const row = { ...values, updated_at: at, updated_by: by };
  await tx
    .insertInto("follow_up_policy")
    .values({ organization_id: organizationId, ...row })
    .onConflict((oc) => oc.column("organization_id").doUpdateSet(row))
    .execute();
}

export async function replaceNonSchoolDays(tx: Db, organizationId: string, days: readonly { date: string; label: string | null }[]) {
  await tx.deleteFrom("non_school_day").where("organization_id", "=", organizationId).execute();
  if (days.length === 0) return;
  await tx
    .insertInto("non_school_day")
    .values(days.map((d) => ({ organization_id: organizationId, day: d.date, label: d.label })))
    .execute();
}

// ── Flags: the profiles behind follow-ups ───────────────────────────────────────────────────

export type ProfileForFollowUp = {
  participant_id: string;
  grade: string;
  period_name: "BOY" | "MOY" | "EOY";
  pwr: number | null;
  dyslexia: number | null;
  kready: number | null;
  pk_risk: number | null;
  computed_at: Date;
};

/**
 * The predictive profiles of a school year for the district's live students (or only `participantIds`),
 * with each student's grade.
 */
export function profilesForFollowUp(
  db: Db,
  organizationId: string,
  academicYear: string,
  participantIds: readonly string[] | null,
): Promise<ProfileForFollowUp[]> {
  let q = db
    .selectFrom("predictive_profile as pp")
    .innerJoin("participant as p", "p.participant_id", "pp.participant_id")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select(["pp.participant_id", "p.grade", "pp.period_name", "pp.pwr", "pp.dyslexia", "pp.kready", "pp.pk_risk", "pp.computed_at"])
    .where("ou.organization_id", "=", organizationId)
    .where("pp.academic_year", "=", academicYear)
    .where("p.deleted_at", "is", null);
  if (participantIds)
    q = q.where("pp.participant_id", "in", participantIds.length ? [...participantIds] : ["00000000-0000-0000-0000-000000000000"]);
  return q.execute();
}

export type FollowUpRow = Omit<FollowUpTable, "follow_up_id" | "created_at" | "updated_at"> & {
  follow_up_id: string;
  created_at: Date;
  updated_at: Date;
};

/**
 * The follow-ups of a school year of the district's live students who are still in the district
 * (or of `participantIds` only): the rows their current flags are compared with. A deleted or
 * moved student's follow-up is left as it is, not closed as if the results had changed.
 */
export function followUpRowsToSync(
  db: Db,
  organizationId: string,
  academicYear: string,
  participantIds: readonly string[] | null,
): Promise<FollowUpRow[]> {
  let q = db
    .selectFrom("follow_up as f")
    .innerJoin("participant as p", "p.participant_id", "f.participant_id")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .selectAll("f")
    .where("f.organization_id", "=", organizationId)
    .where("ou.organization_id", "=", organizationId)
    .where("f.academic_year", "=", academicYear)
    .where("p.deleted_at", "is", null);
  if (participantIds)
    q = q.where("f.participant_id", "in", participantIds.length ? [...participantIds] : ["00000000-0000-0000-0000-000000000000"]);
  return q.execute() as Promise<FollowUpRow[]>;
}

/** The follow-ups of a school year in the district (or of `participantIds` only). */
export function followUpRowsOf(
  db: Db,
  organizationId: string,
  academicYear: string,
  participantIds: readonly string[] | null,
): Promise<FollowUpRow[]> {
  let q = db.selectFrom("follow_up").selectAll().where("organization_id", "=", organizationId).where("academic_year", "=", academicYear);
  if (participantIds)
    q = q.where("participant_id", "in", participantIds.length ? [...participantIds] : ["00000000-0000-0000-0000-000000000000"]);
  return q.execute();
}

type OpenValues = {
  participantId: string;
  organizationId: string;
  academicYear: string;
  periodName: "BOY" | "MOY" | "EOY";
  flags: string[];
  flaggedOn: string;
  noticeDue: string | null;
};

/** Opens a follow-up with its 'opened' step; nothing when one exists already (another request opened it). */
export async function openFollowUp(tx: Db, v: OpenValues): Promise<boolean> {
  const row = await tx
    .insertInto("follow_up")
    .values({
      participant_id: v.participantId,
      organization_id: v.organizationId,
      academic_year: v.academicYear,
      period_name: v.periodName,
      flags: v.flags,
      flagged_on: v.flaggedOn,
      notice_due: v.noticeDue,
    })
    .onConflict((oc) => oc.columns(["participant_id", "academic_year", "period_name"]).doNothing())
    .returning("follow_up_id")
    .executeTakeFirst();
  if (!row) return false;
  await insertStep(tx, {
    followUpId: row.follow_up_id,
    participantId: v.participantId,
    kind: "opened",
    onDate: v.flaggedOn,
    flags: v.flags,
    recordedBy: null,
  });
  return true;
}

/** Closes an open follow-up (the flag went away) with its 'closed' step; false when it was closed already. */
export async function closeFollowUp(tx: Db, followUpId: string, on: string, reason: string, at: Date): Promise<boolean> {
  const row = await tx
    .updateTable("follow_up")
    .set({ closed_on: on, close_reason: reason, updated_at: at })
    .where("follow_up_id", "=", followUpId)
    .where("closed_on", "is", null)
    .returning("participant_id")
    .executeTakeFirst();
  if (!row) return false;
  await insertStep(tx, { followUpId, participantId: row.participant_id, kind: "closed", onDate: on, note: reason, recordedBy: null });
  return true;
}

/** Reopens a closed follow-up (flagged again) with its 'reopened' step; false when it was open already. */
export async function reopenFollowUp(tx: Db, followUpId: string, on: string, flags: string[], at: Date): Promise<boolean> {
  const row = await tx
    .updateTable("follow_up")
    .set({ closed_on: null, close_reason: null, flags, updated_at: at })
    .where("follow_up_id", "=", followUpId)
    .where("closed_on", "is not", null)
    .returning("participant_id")
    .executeTakeFirst();
  if (!row) return false;
  await insertStep(tx, { followUpId, participantId: row.participant_id, kind: "reopened", onDate: on, flags, recordedBy: null });
  return true;
}

/** The flags of an open follow-up changed (another flag joined or left); no step of its own. */
export async function setFollowUpFlags(tx: Db, followUpId: string, flags: string[], at: Date): Promise<void> {
  await tx.updateTable("follow_up").set({ flags, updated_at: at }).where("follow_up_id", "=", followUpId).execute();
}

export type StepValues = {
  followUpId: string;
  participantId: string;
  kind: string;
  onDate: string;
  method?: string | null;
  outcome?: string | null;
  flags?: string[] | null;
  note?: string | null;
  recordedBy: string | null;
};

export async function insertStep(tx: Db, v: StepValues): Promise<void> {
  await tx
    .insertInto("follow_up_step")
    .values({
      follow_up_id: v.followUpId,
      participant_id: v.participantId,
      kind: v.kind,
      on_date: v.onDate,
      method: v.method ?? null,
      outcome: v.outcome ?? null,
      flags: v.flags ?? null,
      note: v.note ?? null,
      recorded_by: v.recordedBy,
    })
    .execute();
}

/** Whose follow-up this is; undefined when none has that id. */
export function followUpOwner(db: Db, followUpId: string) {
  return db.selectFrom("follow_up").select(["participant_id"]).where("follow_up_id", "=", followUpId).executeTakeFirst();
}

/** Locks one follow-up for a recorded step; undefined when none has that id. */
export function lockFollowUp(tx: Db, followUpId: string) {
  return tx.selectFrom("follow_up").selectAll().where("follow_up_id", "=", followUpId).forUpdate().executeTakeFirst() as Promise<
    FollowUpRow | undefined
  >;
}

export type FollowUpUpdate = Partial<
  Pick<
    FollowUpTable,
    | "notice_sent_on"
    | "notice_sent_by"
    | "notice_method"
    | "monitoring_started_on"
    | "monitoring_ends_on"
    | "further_step_due"
    | "outcome"
    | "outcome_on"
  >
>;

export async function updateFollowUp(tx: Db, followUpId: string, values: FollowUpUpdate, at: Date): Promise<void> {
  await tx
    .updateTable("follow_up")
    .set({ ...values, updated_at: at })
    .where("follow_up_id", "=", followUpId)
    .execute();
}

/** A student's follow-ups of every year, newest period first. */
export function followUpsOfStudent(db: Db, participantId: string) {
  return db
    .selectFrom("follow_up")
    .selectAll()
    .where("participant_id", "=", participantId)
    .orderBy("academic_year", "desc")
    .orderBy(sql`case period_name when 'BOY' then 0 when 'MOY' then 1 else 2 end`, "desc")
    .execute() as Promise<FollowUpRow[]>;
}

/** The steps of these follow-ups in the order they were recorded, with the recorder's name. */
export function stepsOf(db: Db, followUpIds: readonly string[]) {
  if (followUpIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("follow_up_step as s")
    .leftJoin("app_user as u", "u.user_id", "s.recorded_by")
    .select([
      "s.follow_up_step_id",
      "s.follow_up_id",
      "s.kind",
      "s.on_date",
      "s.method",
      "s.outcome",
      "s.flags",
      "s.note",
      "s.recorded_by",
      "s.recorded_at",
      "u.first_name",
      "u.last_name",
    ])
    .where("s.follow_up_id", "in", [...followUpIds])
    .orderBy("s.follow_up_step_id")
    .execute();
}

// ── Opt-outs of screening ───────────────────────────────────────────────────────────────────

export async function insertOptOut(
  tx: Db,
  v: { participantId: string; academicYear: string; optedOut: boolean; onDate: string; note: string | null; recordedBy: string },
) {
  await tx
    .insertInto("screening_opt_out")
    .values({
      participant_id: v.participantId,
      academic_year: v.academicYear,
      opted_out: v.optedOut,
      on_date: v.onDate,
      note: v.note,
      recorded_by: v.recordedBy,
    })
    .execute();
}

/** Every opt-out row of a student, newest first. */
export function optOutRowsOfStudent(db: Db, participantId: string) {
  return db
    .selectFrom("screening_opt_out as o")
    .leftJoin("app_user as u", "u.user_id", "o.recorded_by")
    .select(["o.academic_year", "o.opted_out", "o.on_date", "o.note", "o.recorded_at", "u.first_name", "u.last_name"])
    .where("o.participant_id", "=", participantId)
    .orderBy("o.screening_opt_out_id", "desc")
    .execute();
}

/** The students of the district opted out of screening in a school year (their latest row says so). */
export async function optedOutIn(db: Db, organizationId: string, academicYear: string): Promise<Set<string>> {
  const { rows } = await sql<{ participant_id: string; opted_out: boolean }>`
    select distinct on (o.participant_id) o.participant_id, o.opted_out
      from screening_opt_out o
      join participant p on p.participant_id = o.participant_id
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
     where ou.organization_id = ${organizationId} and o.academic_year = ${academicYear}
     order by o.participant_id, o.screening_opt_out_id desc`.execute(db);
  return new Set(rows.filter((r) => r.opted_out).map((r) => r.participant_id));
}

// ── Lists: who is in a classroom, school or district ────────────────────────────────────────

export type ListStudent = {
  participant_id: string;
  first_name: string;
  last_name: string;
  participant_code: string;
  grade: string;
  organization_unit_id: string;
  school_name: string;
};

/** The live students of a scope with their school: a classroom's members, a school's, a district's. */
export function studentsOfScope(
  db: Db,
  scope: { kind: "classroom" | "school" | "district"; id: string },
  taughtBy: string | null,
): Promise<ListStudent[]> {
  let q = db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select([
      "p.participant_id",
      "p.first_name",
      "p.last_name",
      "p.participant_code",
      "p.grade",
      "p.organization_unit_id",
      "ou.name as school_name",
    ])
    .where("p.deleted_at", "is", null)
    .where("ou.deleted_at", "is", null);
  if (scope.kind === "district") q = q.where("ou.organization_id", "=", scope.id);
  if (scope.kind === "school") q = q.where("p.organization_unit_id", "=", scope.id);
  if (scope.kind === "classroom")
    q = q.where(
      "p.participant_id",
      "in",
      db.selectFrom("participant_group_member").select("participant_id").where("participant_group_id", "=", scope.id),
    );
  // A teacher's list holds only the students of the classrooms they teach.
  if (taughtBy)
    q = q.where(
      "p.participant_id",
      "in",
      db
        .selectFrom("participant_group_member as m")
        .innerJoin("participant_group_teacher as t", "t.participant_group_id", "m.participant_group_id")
        .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
        .select("m.participant_id")
        .where("t.user_id", "=", taughtBy)
        .where("g.deleted_at", "is", null),
    );
  return q.execute();
}
