import type { Db } from "../connect.server";
import type { OneTimeCodePurpose } from "../schema";

// The rows of one-time codes (app/api/one-time-codes.ts makes, hashes and compares the codes).

/** Ends every unused code of this purpose for `email` (any case). */
export async function expireUnusedCodes(db: Db, purpose: OneTimeCodePurpose, email: string, now: Date): Promise<void> {
  await db
    .updateTable("one_time_code")
    .set({ used_at: now })
    .where("purpose", "=", purpose)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("used_at", "is", null)
    .execute();
}

export async function insertCode(
  db: Db,
  row: { purpose: OneTimeCodePurpose; email: string; userId: string | null; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("one_time_code")
    .values({ purpose: row.purpose, email: row.email, user_id: row.userId, code_hash: row.codeHash, expires_at: row.expiresAt })
    .execute();
}

/** The codes of `email` (any case) under one of `purposes` that still work: unused, unexpired, fewer than `maxAttempts` wrong guesses. */
export function liveCodesOf(db: Db, input: { purposes: OneTimeCodePurpose[]; email: string; now: Date; maxAttempts: number }) {
  return db
    .selectFrom("one_time_code")
    .select(["one_time_code_id", "purpose", "email", "user_id", "code_hash"])
    .where("purpose", "in", input.purposes)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", input.email.toLowerCase()))
    .where("used_at", "is", null)
    .where("expires_at", ">", input.now)
    .where("attempts", "<", input.maxAttempts)
    .execute();
}

/** Marks the code used; false when another request used it first. */
export async function useCode(db: Db, codeId: string, now: Date): Promise<boolean> {
  const used = await db
    .updateTable("one_time_code")
    .set({ used_at: now })
    .where("one_time_code_id", "=", codeId)
    .where("used_at", "is", null)
    .returning("one_time_code_id")
    .executeTakeFirst();
  return Boolean(used);
}

/** Counts one more wrong guess against each of these codes. */
export async function countWrongGuess(db: Db, codeIds: string[]): Promise<void> {
  await db
    .updateTable("one_time_code")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("one_time_code_id", "in", codeIds)
    .execute();
}

/** Uses up the live code of this purpose whose stored hash is `codeHash`, returning whose it was. */
export function useCodeByHash(db: Db, purpose: OneTimeCodePurpose, codeHash: string, now: Date) {
  return db
    .updateTable("one_time_code")
    .set({ used_at: now })
    .where("purpose", "=", purpose)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["purpose", "email", "user_id"])
    .executeTakeFirst();
}
