import type { Db } from "../connect.server";

// The claims and stored answers of idempotency keys (app/api/idempotency.ts), per caller and key.

export type IdempotencyKey = { user_id: string; idempotency_key: string };

/** Claims the key for a request with this fingerprint; false when a row for it exists already. */
export async function claimIdempotencyKey(db: Db, key: IdempotencyKey, fingerprint: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto("idempotency_key")
    .values({ ...key, fingerprint, created_at: now })
    .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
    .returning("idempotency_key")
    .executeTakeFirst();
  return Boolean(row);
}

/** The key's row: its request's fingerprint, and the stored answer once there is one. */
export function findIdempotencyKey(db: Db, key: IdempotencyKey) {
  return db
    .selectFrom("idempotency_key")
    .select(["fingerprint", "status", "content_type", "body", "created_at"])
    .where("user_id", "=", key.user_id)
    .where("idempotency_key", "=", key.idempotency_key)
    .executeTakeFirst();
}

/** Drops a claim whose request never stored an answer. */
export async function dropUnansweredClaim(db: Db, key: IdempotencyKey): Promise<void> {
  await db
    .deleteFrom("idempotency_key")
    .where("user_id", "=", key.user_id)
    .where("idempotency_key", "=", key.idempotency_key)
    .where("status", "is", null)
    .execute();
}

/** Stores the answer of the key's request. */
export async function storeIdempotentAnswer(
  db: Db,
  key: IdempotencyKey,
  answer: { status: number; contentType: string | null; body: string; now: Date },
): Promise<void> {
  await db
    .updateTable("idempotency_key")
    .set({ status: answer.status, content_type: answer.contentType, body: answer.body, completed_at: answer.now })
    .where("user_id", "=", key.user_id)
    .where("idempotency_key", "=", key.idempotency_key)
    .execute();
}

/** Drops the key's row, whatever it holds. */
export async function deleteIdempotencyKey(db: Db, key: IdempotencyKey): Promise<void> {
  await db.deleteFrom("idempotency_key").where("user_id", "=", key.user_id).where("idempotency_key", "=", key.idempotency_key).execute();
}

/** Drops every key claimed before `before`. */
export async function deleteIdempotencyKeysBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("idempotency_key").where("created_at", "<", before).execute();
}
