import { randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/db/connect.server";
import { randomToken } from "./password";
import { hashToken } from "./sessions";

// One-time codes for password reset, invites, single sign-on and the new-password challenge.
// Random, only their hash is stored, single-use, short-lived, and a few wrong guesses burn them.

export type CodePurpose = "password-reset" | "invite" | "sso" | "new-password";

export const CODE_TTL_MS: Record<CodePurpose, number> = {
  "password-reset": 30 * 60_000,
  invite: 7 * 24 * 60 * 60_000,
  sso: 2 * 60_000,
  "new-password": 10 * 60_000,
};

/** Wrong guesses allowed against the outstanding codes of one email before they stop working. */
export const MAX_CODE_ATTEMPTS = 5;

// No 0/O, 1/I/L: the code is typed from an email.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** An 8-character code a person can type (about 40 bits), for emailed codes. */
export function humanCode(length = 8): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Typed codes are compared without case, spaces or dashes. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/**
 * What is stored of a code. A code bound to a browser (the single sign-on hand-off, issue 14) is
 * stored hashed together with that browser's random value, so it works only with it.
 */
const hashCode = (purpose: CodePurpose, code: string, binding?: string) =>
  hashToken(
    (purpose === "password-reset" || purpose === "invite" ? normalizeCode(code) : code) + (binding === undefined ? "" : `\u0000${binding}`),
  );

/**
 * A new code for `email`; earlier unused codes of the same purpose stop working, so only the
 * latest email counts. Emailed codes are typeable, machine-carried codes are 256-bit tokens.
 */
export async function issueCode(
  db: Db,
  input: { purpose: CodePurpose; email: string; userId: string | null; now: Date; ttlMs?: number; binding?: string },
): Promise<string> {
  const { purpose, now } = input;
  const email = input.email.toLowerCase();
  const code = purpose === "password-reset" || purpose === "invite" ? humanCode() : randomToken();
  await db
    .updateTable("one_time_code")
    .set({ used_at: now })
    .where("purpose", "=", purpose)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .where("used_at", "is", null)
    .execute();
  await db
    .insertInto("one_time_code")
    .values({
      purpose,
      email,
      user_id: input.userId,
      code_hash: hashCode(purpose, code, input.binding),
      expires_at: new Date(now.getTime() + (input.ttlMs ?? CODE_TTL_MS[purpose])),
    })
    .execute();
  return code;
}

export interface ConsumedCode {
  purpose: CodePurpose;
  email: string;
  userId: string | null;
}

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Uses up the code typed for `email` under one of `purposes`. A wrong code counts an attempt
 * against every outstanding code of that email, so guessing stops after MAX_CODE_ATTEMPTS.
 */
export async function consumeCode(
  db: Db,
  input: { purposes: CodePurpose[]; email: string; code: string; now: Date },
): Promise<ConsumedCode | null> {
  const { now } = input;
  const candidates = await db
    .selectFrom("one_time_code")
    .select(["one_time_code_id", "purpose", "email", "user_id", "code_hash"])
    .where("purpose", "in", input.purposes)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", input.email.trim().toLowerCase()))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .where("attempts", "<", MAX_CODE_ATTEMPTS)
    .execute();
  for (const row of candidates) {
    if (!same(hashCode(row.purpose as CodePurpose, input.code), row.code_hash)) continue;
    const used = await db
      .updateTable("one_time_code")
      .set({ used_at: now })
      .where("one_time_code_id", "=", row.one_time_code_id)
      .where("used_at", "is", null)
      .returning("one_time_code_id")
      .executeTakeFirst();
    if (used) return { purpose: row.purpose as CodePurpose, email: row.email, userId: row.user_id };
  }
  if (candidates.length) {
    await db
      .updateTable("one_time_code")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where(
        "one_time_code_id",
        "in",
        candidates.map((c) => c.one_time_code_id),
      )
      .execute();
  }
  return null;
}

/**
 * Uses up a machine-carried code (single sign-on hand-off) found by its value and, for a code
 * issued bound to a browser, that browser's value: a code shown with another value is not found
 * (and stays unused for its own browser).
 */
export async function consumeCodeByValue(
  db: Db,
  input: { purpose: CodePurpose; code: string; now: Date; binding?: string },
): Promise<ConsumedCode | null> {
  const row = await db
    .updateTable("one_time_code")
    .set({ used_at: input.now })
    .where("purpose", "=", input.purpose)
    .where("code_hash", "=", hashCode(input.purpose, input.code, input.binding))
    .where("used_at", "is", null)
    .where("expires_at", ">", input.now)
    .returning(["purpose", "email", "user_id"])
    .executeTakeFirst();
  return row ? { purpose: row.purpose as CodePurpose, email: row.email, userId: row.user_id } : null;
}
