import type { Context } from "hono";
import type { Db } from "#app/db/connect.server";
import { RATE_LIMITED } from "#app/domain/rate-limit";
import { requestClientAddress } from "#app/server/client-address.server";
import { ApiError } from "./errors";

// Sliding-window limits kept in the database (rate_limit_event), so they hold across
// processes and restarts. Buckets are "<action>:<kind>:<key>"; keys are lowercased emails or IPs.

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /** Failed sign-ins for one account. */
  loginAccount: { max: 10, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins from one address. Only failures count: a whole school signs in from one NAT
   * address at 8 a.m., and its teachers who type their password right are never held up by it.
   */
  loginIp: { max: 50, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins across every account and address (credential stuffing from many addresses):
   * past it, every sign-in waits until the window moves on. Far above what a district's mistyped
   * passwords add up to in 15 minutes.
   */
  loginGlobal: { max: 1000, windowMs: 15 * 60_000 },
  /** Reset or registration emails for one address. */
  mailAccount: { max: 5, windowMs: 60 * 60_000 },
  /** Reset, registration and code checks from one address. */
  mailIp: { max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export { RATE_LIMITED };

export async function countRecent(db: Db, bucket: string, limit: Limit, now: Date): Promise<number> {
  const row = await db
    .selectFrom("rate_limit_event")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("bucket", "=", bucket)
    .where("created_at", ">", new Date(now.getTime() - limit.windowMs))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function record(db: Db, bucket: string, now: Date): Promise<void> {
  await db.insertInto("rate_limit_event").values({ bucket, created_at: now }).execute();
}

/** Throws 429 when the bucket is full. */
export async function assertUnderLimit(db: Db, bucket: string, limit: Limit, now: Date): Promise<void> {
  if ((await countRecent(db, bucket, limit, now)) >= limit.max) throw new ApiError(429, RATE_LIMITED);
}

/** Counts this attempt, then throws 429 when it went over the limit. */
export async function hit(db: Db, bucket: string, limit: Limit, now: Date): Promise<void> {
  await assertUnderLimit(db, bucket, limit, now);
  await record(db, bucket, now);
}

export async function clear(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom("rate_limit_event").where("bucket", "=", bucket).execute();
}

/** Old events are useless; drop them now and then so the table stays small. */
export async function prune(db: Db, now: Date): Promise<void> {
  const oldest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
  await db
    .deleteFrom("rate_limit_event")
    .where("created_at", "<", new Date(now.getTime() - oldest))
    .execute();
}

/**
 * The caller's address: the socket's peer, or the hop a trusted proxy of ours appended
 * (TRUST_PROXY), never what the client wrote in X-Forwarded-For (issue 14). Null when unknown
 * (the server runs without scripts/client-address.mjs, or a call from inside the process with no
 * visitor): then only the per-account and global limits apply, as a shared "unknown" bucket would
 * let one client lock everyone out.
 */
export function clientIp(c: Context): string | null {
  return requestClientAddress(c.req.raw.headers);
}
