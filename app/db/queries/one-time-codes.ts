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

/**
 * Takes one try from each code of `email` (any case) under one of `purposes` that still works
 * (unused, unexpired, fewer than `maxAttempts` tries) and returns those codes: only they may be
 * compared. The try is counted in the statement that checks the count, so tries sent at once never
 * compare more than `maxAttempts` (issue 33: read first and counted after, 25 wrong codes sent at
 * once were all compared against a limit of 5).
 */
export function takeCodeTries(db: Db, input: { purposes: OneTimeCodePurpose[]; email: string; now: Date; maxAttempts: number }) {
  return db
    .updateTable("one_time_code")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("purpose", "in", input.purposes)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", input.email.toLowerCase()))
    .where("used_at", "is", null)
    .where("expires_at", ">", input.now)
    .where("attempts", "<", input.maxAttempts)
    .returning(["one_time_code_id", "purpose", "email", "user_id", "code_hash"])
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
