import type { Db } from "#app/db/connect.server";
import { insertAuditRow } from "#app/db/queries/audit";
import type { Actor } from "./env";

export type AuditEntity =
  | "organization"
  | "organization_unit"
  | "app_user"
  | "participant"
  | "participant_group"
  | "screening_standard"
  | "follow_up_policy"
  | "follow_up_notice"
  | "progress_monitoring_config";
export type AuditAction = "create" | "update" | "delete";

/**
 * One row in audit_log per write of the administration API: who did what to which row, with
 * the changed fields in `details`. Takes the transaction of the write, so both land together.
 */
export async function audit(
  db: Db,
  actor: Actor,
  action: AuditAction,
  entityType: AuditEntity,
  entityId: string,
  details?: Record<string, unknown>,
) {
  await insertAuditRow(db, { actorUserId: actor.userId, action, entityType, entityId, details });
}

/** Whether a database error is a unique-index violation (both engines report SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}
