import type { Db } from "../connect.server";

// The audit trail of the administration API (app/api/audit.ts decides what is written).

export type AuditRow = {
  /** Null for a write no signed-in user made (a code used from an e-mail). */
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  details?: unknown;
};

/** Adds one row to audit_log, in the caller's transaction. */
export async function insertAuditRow(db: Db, row: AuditRow): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: row.actorUserId,
      action: row.action,
      entity_type: row.entityType,
      entity_id: row.entityId,
      details: row.details === undefined ? null : JSON.stringify(row.details),
    })
    .execute();
}
