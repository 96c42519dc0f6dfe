import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { Actor } from "./env";

export type AuditEntity = "organization" | "organization_unit" | "app_user" | "participant" | "participant_group" | "screening_standard";
export type AuditAction = "create" | "update" | "delete";

/**
 * One row in audit_log per write of the administration API: who did what to which row, with
 * the changed fields in `details`. Takes the transaction of the write, so both land together.
 */
export async function audit(
  db: Kysely<Database>,
  actor: Actor,
  action: AuditAction,
  entityType: AuditEntity,
  entityId: string,
  details?: Record<string, unknown>,
) {
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: actor.userId,
      action,
      entity_type: entityType,
      entity_id: entityId,
      details: details === undefined ? null : JSON.stringify(details),
    })
    .execute();
}

/** Whether a database error is a unique-index violation (both engines report SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}
