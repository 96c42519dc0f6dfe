import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { Db } from "#app/db/connect.server";
import {
  bucketWindows,
  countBucketEvents,
  deleteBucketEvents,
  deleteEvents,
  deleteEventsBefore,
  insertBucketEvents,
  lockBucket,
  nthLatestEvent,
} from "#app/db/queries/rate-limit";
import { RATE_LIMITED, SIGN_IN_SLOWDOWN, signInDelayMs } from "#app/domain/rate-limit";
import { audioTokenSecret } from "#app/server/audio-token.server";
import { requestClientAddress } from "#app/server/client-address.server";
import { ApiError } from "./errors";

// Sliding-window limits kept in the database (rate_limit_event), so they hold across
// processes and restarts. Buckets are "<action>:<kind>:<key>"; keys are lowercased emails or IPs.

export interface Limit {
  max: number;
  windowMs: number;
}

export const LIMITS = {
  // Failed sign-ins of one account are not limited by a count (issue 35 item 14: 10 failures locked
  // the owner out for 15 minutes); they slow the account down, SIGN_IN_SLOWDOWN and reserveSignIn.
  /**
   * Failed sign-ins from one address. Only failures count: a whole school signs in from one NAT
   * address at 8 a.m., and its teachers who type their password right are never held up by it.
   */
  loginIp: { max: 50, windowMs: 15 * 60_000 },
  // No budget across all accounts (issue 33 item 4): its 1,000 failures in 15 minutes locked every
  // user out, and one address could fill it. What a spray from many addresses costs is bounded by
  // the per-account limit and by the hashing queue (app/api/password.ts), which refuses, with 503,
  // what it cannot check soon, before spending a hash on it.
  /** Reset or registration emails for one address. */
  mailAccount: { max: 5, windowMs: 60 * 60_000 },
  /** Reset, registration and code checks from one address. */
  mailIp: { max: 30, windowMs: 60 * 60_000 },
  /**
   * Support messages from one signed-in user (issue 33 item 9: 60 in 0.76 s filled support's
   * mailbox). A person with a problem writes a few; ten an hour leaves room for follow-ups.
   */
  supportSender: { max: 10, windowMs: 60 * 60_000 },
  /** Support messages from one address: a school behind one NAT address, several staff writing in the same hour. */
  supportIp: { max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

export { RATE_LIMITED };

/** A bucket and the limit it is held to. */
export interface Bucket {
  bucket: string;
  limit: Limit;
}

/** Places taken in buckets by one attempt, to be given back when it should not count (a right password). */
export interface Reservation {
  ids: number[];
}

export async function countRecent(db: Db, bucket: string, limit: Limit, now: Date): Promise<number> {
  return countBucketEvents(db, bucket, new Date(now.getTime() - limit.windowMs));
}

/**
 * Takes a place in every bucket, or in none when one of them is full (null). Count and insert are
 * one step (issue 33 item 3: counted in one statement and recorded in another, 30 wrong passwords
 * sent at once all counted the same few rows and all went through a limit of 10). Each bucket's
 * transaction-scoped advisory lock makes the attempts on one bucket take turns, on PostgreSQL across
 * every connection and process, and on PGlite's one connection alike; the count runs after the lock
 * is held, so it sees every place taken before. The locks are taken in the buckets' order, so two
 * attempts over the same buckets wait for each other instead of deadlocking; the transaction is one
 * round of a few short statements.
 */
export async function reserve(db: Db, buckets: Bucket[], now: Date): Promise<Reservation | null> {
  const ordered = [...buckets].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  const take = async (tx: Db): Promise<Reservation | null> => {
    for (const { bucket } of ordered) await lockBucket(tx, bucket);
    for (const { bucket, limit } of ordered) if ((await countRecent(tx, bucket, limit, now)) >= limit.max) return null;
    if (ordered.length === 0) return { ids: [] };
    return {
      ids: await insertBucketEvents(
        tx,
        ordered.map((b) => b.bucket),
        now,
      ),
    };
  };
  // Inside a caller's transaction the locks are held until it ends.
  return db.isTransaction ? take(db) : db.transaction().execute(take);
}

/**
 * Counts this attempt in every bucket, as reserve() does, or, when one of them is full, counts
 * nothing and says how long until each full bucket has room again (the oldest of its last `max`
 * events leaves the window): the wait a refusal states (issue 35 item 8: rostering's refusal said
 * 'a few minutes' for a limit counted over an hour).
 */
export async function reserveOrWait(db: Db, buckets: Bucket[], now: Date): Promise<{ waitMs: number } | null> {
  const take = async (tx: Db) => {
    await lockBuckets(
      tx,
      buckets.map((b) => b.bucket),
    );
    let waitMs = 0;
    for (const { bucket, limit } of buckets) {
      if ((await countRecent(tx, bucket, limit, now)) < limit.max) continue;
      const oldest = await nthLatest(tx, bucket, limit.windowMs, limit.max, now);
      waitMs = Math.max(waitMs, oldest ? oldest.getTime() + limit.windowMs - now.getTime() : limit.windowMs);
    }
    if (waitMs > 0) return { waitMs };
    await insertBucketEvents(
      tx,
      buckets.map((b) => b.bucket),
      now,
    );
    return null;
  };
  return db.isTransaction ? take(db) : db.transaction().execute(take);
}

/** Gives back the places of a reservation: the attempt does not count. */
export async function release(db: Db, reservation: Reservation): Promise<void> {
  await deleteEvents(db, reservation.ids);
}

/** Counts this attempt, or throws 429 (and counts nothing) when the bucket is full: one atomic step. */
export async function hit(db: Db, bucket: string, limit: Limit, now: Date): Promise<void> {
  if (!(await reserve(db, [{ bucket, limit }], now))) throw new ApiError(429, RATE_LIMITED);
}

export async function clear(db: Db, bucket: string): Promise<void> {
  await deleteBucketEvents(db, bucket);
}

/** Old events are useless; drop them now and then so the table stays small. */
export async function prune(db: Db, now: Date): Promise<void> {
  const oldest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
  await deleteEventsBefore(db, new Date(now.getTime() - Math.max(oldest, SIGN_IN_SLOWDOWN.windowMs)));
}

/** Locks the buckets in their order: attempts over the same buckets take turns and never deadlock. */
async function lockBuckets(tx: Db, buckets: string[]) {
  for (const bucket of [...buckets].sort()) await lockBucket(tx, bucket);
}

/** The n-th most recent event of a bucket in the window (1 = the latest), or null. */
function nthLatest(db: Db, bucket: string, windowMs: number, n: number, now: Date): Promise<Date | null> {
  return nthLatestEvent(db, bucket, new Date(now.getTime() - windowMs), n);
}

/** The address's bucket of failed sign-ins, none when the address is unknown. */
const signInAddress = (ip: string | null): Bucket | null => (ip ? { bucket: `login:ip:${ip}`, limit: LIMITS.loginIp } : null);

/**
 * How long a sign-in must wait before it may be checked (0: it may be checked now): the wait the
 * account's (or the known browser's) recent failures impose since the last of them
 * (signInDelayMs), and the wait until the address's count of failures drops under its limit (the
 * oldest of its last `max` failures leaves the window). One read of both buckets.
 */
async function signInWait(db: Db, account: string, address: Bucket | null, now: Date): Promise<number> {
  const since = (windowMs: number) => new Date(now.getTime() - windowMs);
  const [failures, ofAddress] = await bucketWindows(db, [
    { bucket: account, since: since(SIGN_IN_SLOWDOWN.windowMs), nth: 1 },
    ...(address ? [{ bucket: address.bucket, since: since(address.limit.windowMs), nth: address.limit.max }] : []),
  ]);
  let waitMs = 0;
  const delay = signInDelayMs(failures?.count ?? 0);
  if (delay > 0 && failures?.nthLatest) waitMs = Math.max(waitMs, failures.nthLatest.getTime() + delay - now.getTime());
  if (address && ofAddress && ofAddress.count >= address.limit.max) {
    const oldest = ofAddress.nthLatest;
    waitMs = Math.max(waitMs, oldest ? oldest.getTime() + address.limit.windowMs - now.getTime() : address.limit.windowMs);
  }
  return waitMs;
}

/**
 * The sign-in's wait as reserveSignIn would find it, read without its locks and without taking a
 * place: a sign-in that must wait is refused before it takes a place in the hashing queue (issue
 * 33: an address past its limit that sent 400 at once took every place, and another user's right
 * password from another address got 503). Only a cheap first look: an attempt it lets through is
 * still counted, or refused, by reserveSignIn.
 */
export function signInWaitMs(db: Db, account: string, ip: string | null, now: Date): Promise<number> {
  return signInWait(db, account, signInAddress(ip), now);
}

/** A sign-in may be checked (its places are taken), or must wait this long first. */
export type SignInGate = { reservation: Reservation; waitMs?: undefined } | { reservation?: undefined; waitMs: number };

/**
 * The sign-in's gate (issue 35 item 14), in one atomic step as reserve(): under the buckets' locks,
 * the sign-in's wait (signInWait); when there is none, a place in the account's and the address's
 * buckets, given back when the password proves right. An attempt that must wait takes no place, so
 * hammering during a wait neither counts nor lengthens it. Sent at once, exactly
 * SIGN_IN_SLOWDOWN.freeFailures attempts of one account are checked: an attempt in flight holds its
 * place as a failure until its answer.
 */
export async function reserveSignIn(db: Db, account: string, ip: string | null, now: Date): Promise<SignInGate> {
  const address = signInAddress(ip);
  const buckets = [account, ...(address ? [address.bucket] : [])];
  const take = async (tx: Db): Promise<SignInGate> => {
    await lockBuckets(tx, buckets);
    const waitMs = await signInWait(tx, account, address, now);
    if (waitMs > 0) return { waitMs };
    return { reservation: { ids: await insertBucketEvents(tx, buckets, now) } };
  };
  return db.isTransaction ? take(db) : db.transaction().execute(take);
}

/**
 * A browser that signed in to an account keeps a token for it (the login page's cookie): its
 * attempts on that account are slowed down by their own failures only, not by the account's, so
 * an attacker guessing at the account from elsewhere never holds its owner up in a browser they
 * used before (issue 35 item 14). The token is a random id and an HMAC of it with the email under
 * the session secret: it is worth nothing for another account, and a stolen one buys an attacker
 * only one more slowed-down series of guesses.
 */
const DEVICE_PURPOSE = "sign-in-device";

function deviceMac(email: string, id: string): Buffer {
  return createHmac("sha256", audioTokenSecret()).update(`${DEVICE_PURPOSE}\n${email}\n${id}`).digest();
}

export function signInDeviceToken(email: string, id = randomId()): string {
  return `${id}.${deviceMac(email, id).toString("base64url")}`;
}

/** The id of the first of `tokens` that was made for `email`, or null. */
export function knownDevice(email: string, tokens: readonly string[]): string | null {
  for (const token of tokens) {
    const [id, mac, extra] = token.split(".");
    if (!id || !mac || extra !== undefined || !/^[\w-]{16,64}$/.test(id)) continue;
    const given = Buffer.from(mac, "base64url");
    const expected = deviceMac(email, id);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  return null;
}

const randomId = () => randomBytes(18).toString("base64url");

/**
 * The caller's address: the socket's peer, or the hop a trusted proxy of ours appended
 * (TRUST_PROXY), never what the client wrote in X-Forwarded-For (issue 14). Null when unknown
 * (the server runs without scripts/client-address.mjs, or a call from inside the process with no
 * visitor): then only the per-account limits apply, as a shared "unknown" bucket would
 * let one client lock everyone out.
 */
export function clientIp(c: Context): string | null {
  return requestClientAddress(c.req.raw.headers);
}
