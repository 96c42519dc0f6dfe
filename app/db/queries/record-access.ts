import { sql, type RawBuilder } from "kysely";
import type { AccessScopeKind } from "#app/domain/record-access";
import type { Db } from "../connect.server";
import { districtId } from "./kept";
import type { ListSource } from "./lists";

// Who looked at a child's record (issue 41 item 2, migration 0018). The API decides what is
// written and who may read it (app/api/record-access.ts, app/api/resources/record-access.ts);
// here are its statements: the batched insert, the retention prune, the paged log's list source
// and its rows, and a student's rows for the per-student export and the student's deletion.

export type NewRecordAccess = {
  occurredAt: Date;
  actorUserId: string;
  organizationId: string;
  what: string;
  participantId: string | null;
  scopeKind: AccessScopeKind | null;
  scopeId: string | null;
  rowCount: number | null;
  clientIp: string | null;
  userAgent: string | null;
  detail: string | null;
  requestId: string | null;
};

/** Rows in one insert statement: 12 parameters each stays far below both engines' 65,535. */
export const INSERT_CHUNK = 500;

/** Writes queued rows, INSERT_CHUNK to a statement, all in one transaction: a batch is written whole or not at all. */
export async function insertRecordAccessRows(db: Db, rows: readonly NewRecordAccess[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    occurred_at: r.occurredAt,
    actor_user_id: r.actorUserId,
    organization_id: r.organizationId,
    what: r.what,
    participant_id: r.participantId,
    scope_kind: r.scopeKind,
    scope_id: r.scopeId,
    row_count: r.rowCount,
    client_ip: r.clientIp,
    user_agent: r.userAgent,
    detail: r.detail,
    request_id: r.requestId,
  }));
  if (values.length <= INSERT_CHUNK) {
    await db.insertInto("record_access").values(values).execute();
    return;
  }
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < values.length; i += INSERT_CHUNK) {
      await tx
        .insertInto("record_access")
        .values(values.slice(i, i + INSERT_CHUNK))
        .execute();
    }
  });
}

/** Rows deleted per statement when pruning: each statement stays short, whatever the backlog. */
export const PRUNE_CHUNK = 5_000;

/** Deletes the rows that occurred before `before`, a chunk at a time; how many went. */
export async function pruneRecordAccess(db: Db, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom("record_access")
      .where("record_access_id", "in", (eb) =>
        eb.selectFrom("record_access").select("record_access_id").where("occurred_at", "<", before).limit(PRUNE_CHUNK),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    deleted += n;
    if (n < PRUNE_CHUNK) return deleted;
  }
}

/** A student's rows, newest first, with who read them: for the per-student export. */
export async function listParticipantRecordAccess(db: Db, participantId: string) {
  const rows = await db
    .selectFrom("record_access as ra")
    .leftJoin("app_user as u", "u.user_id", "ra.actor_user_id")
    .select([
      "ra.record_access_id",
      "ra.occurred_at",
      "ra.actor_user_id",
      "u.email as actor_email",
      "u.first_name as actor_first_name",
      "u.last_name as actor_last_name",
      "ra.organization_id",
      "ra.what",
      "ra.participant_id",
      "ra.client_ip",
      "ra.user_agent",
      "ra.detail",
      "ra.request_id",
    ])
    .where("ra.participant_id", "=", participantId)
    .orderBy("ra.occurred_at", "desc")
    .orderBy("ra.record_access_id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, record_access_id: String(r.record_access_id) }));
}

/** Deletes every row naming the student (their deletion removes their history with them); how many went. */
export async function deleteParticipantRecordAccess(db: Db, participantId: string): Promise<number> {
  const result = await db.deleteFrom("record_access").where("participant_id", "=", participantId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ── The paged log (app/api/paging.ts's pageOfIds over this source) ──────────────────────────

export type RecordAccessFilter = {
  /** A district's log: the rows of reads of its students. */
  organizationId?: string;
  /** One student's history. */
  participantId?: string;
  /** Who read: their id, or part of their e-mail address (lowercase). */
  user?: { userId: string } | { email: string } | null;
  from?: Date | null;
  before?: Date | null;
};

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The log's rows matching `filter`, newest first: sort key (occurred_at, id), which the
 * (organization | participant | user, occurred_at desc, id desc) indexes answer as a range scan.
 * `district`: whose kept-data version the generic page reads (unused here: a log's total is never kept).
 */
export function recordAccessSource(filter: RecordAccessFilter, district: string): ListSource<"time"> {
  const where: RawBuilder<unknown>[] = [];
  if (filter.organizationId) where.push(sql`ra.organization_id = ${filter.organizationId}`);
  if (filter.participantId) where.push(sql`ra.participant_id = ${filter.participantId}`);
  if (filter.user && "userId" in filter.user) where.push(sql`ra.actor_user_id = ${filter.user.userId}`);
  if (filter.user && "email" in filter.user)
    where.push(
      sql`ra.actor_user_id in (select u.user_id from app_user u where lower(u.email) like ${like(filter.user.email)} escape '\\')`,
    );
  if (filter.from) where.push(sql`ra.occurred_at >= ${filter.from}`);
  if (filter.before) where.push(sql`ra.occurred_at < ${filter.before}`);
  if (where.length === 0) where.push(sql`true`);
  return {
    from: sql`record_access ra`,
    where,
    id: sql`ra.record_access_id`,
    keys: { time: [sql`ra.occurred_at`] },
    search: [],
    district: districtId(district),
  };
}

/** The rows of a page by id, with the reader's name and e-mail, the student's name and the scope's name (deleted ones too). */
export async function recordAccessRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("record_access as ra")
    .leftJoin("app_user as u", "u.user_id", "ra.actor_user_id")
    .leftJoin("participant as p", "p.participant_id", "ra.participant_id")
    .leftJoin("participant_group as g", (j) => j.on("ra.scope_kind", "=", "classroom").onRef("g.participant_group_id", "=", "ra.scope_id"))
    .leftJoin("organization_unit as ou", (j) => j.on("ra.scope_kind", "=", "school").onRef("ou.organization_unit_id", "=", "ra.scope_id"))
    .leftJoin("organization as o", (j) => j.on("ra.scope_kind", "=", "district").onRef("o.organization_id", "=", "ra.scope_id"))
    .select([
      "ra.record_access_id",
      "ra.occurred_at",
      "ra.actor_user_id",
      "u.email as actor_email",
      "u.first_name as actor_first_name",
      "u.last_name as actor_last_name",
      "ra.organization_id",
      "ra.what",
      "ra.participant_id",
      "p.first_name as participant_first_name",
      "p.last_name as participant_last_name",
      "ra.scope_kind",
      "ra.scope_id",
      sql<string | null>`coalesce(g.name, ou.name, o.name)`.as("scope_name"),
      "ra.row_count",
      "ra.client_ip",
      "ra.user_agent",
      "ra.detail",
      "ra.request_id",
    ])
    .where(
      "ra.record_access_id",
      "in",
      ids.map((id) => Number(id)),
    )
    .execute();
  return rows.map((r) => ({ ...r, record_access_id: String(r.record_access_id) }));
}

export type RecordAccessRow = Awaited<ReturnType<typeof recordAccessRows>>[number];
