import { randomInt, timingSafeEqual } from "node:crypto";
import type { Db } from "#app/db/connect.server";
import { expireUnusedCodes, insertCode, takeCodeTries, useCode, useCodeByHash } from "#app/db/queries/one-time-codes";
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
  await expireUnusedCodes(db, purpose, email, now);
  await insertCode(db, {
    purpose,
    email,
    userId: input.userId,
    codeHash: hashCode(purpose, code, input.binding),
    expiresAt: new Date(now.getTime() + (input.ttlMs ?? CODE_TTL_MS[purpose])),
  });
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
 * Uses up the code typed for `email` under one of `purposes`. Every try counts against each
 * outstanding code of that email it is compared with, before the comparison and in one step with
 * the check of the count, so at most MAX_CODE_ATTEMPTS tries are ever compared, even sent at once.
 */
export async function consumeCode(
  db: Db,
  input: { purposes: CodePurpose[]; email: string; code: string; now: Date },
): Promise<ConsumedCode | null> {
  const { now } = input;
  const tried = await takeCodeTries(db, { purposes: input.purposes, email: input.email.trim(), now, maxAttempts: MAX_CODE_ATTEMPTS });
  for (const row of tried) {
    if (!same(hashCode(row.purpose as CodePurpose, input.code), row.code_hash)) continue;
    if (await useCode(db, row.one_time_code_id, now)) return { purpose: row.purpose as CodePurpose, email: row.email, userId: row.user_id };
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
  const row = await useCodeByHash(db, input.purpose, hashCode(input.purpose, input.code, input.binding), input.now);
  return row ? { purpose: row.purpose as CodePurpose, email: row.email, userId: row.user_id } : null;
}
