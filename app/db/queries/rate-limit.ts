import { sql } from "kysely";
import type { Db } from "../connect.server";

// The events of the sliding-window limits (app/api/rate-limit.ts holds the limits and the rules).

/** Holds a bucket's transaction-scoped advisory lock: attempts on one bucket take turns. */
export async function lockBucket(tx: Db, bucket: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(tx);
}

/** How many events the bucket has after `since`. */
export async function countBucketEvents(db: Db, bucket: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("rate_limit_event")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("bucket", "=", bucket)
    .where("created_at", ">", since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The n-th most recent event of a bucket after `since` (1 = the latest), or null. */
export async function nthLatestEvent(db: Db, bucket: string, since: Date, n: number): Promise<Date | null> {
  const row = await db
    .selectFrom("rate_limit_event")
    .select("created_at")
    .where("bucket", "=", bucket)
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : null;
}

/** One event in each bucket at `now`; their ids. */
export async function insertBucketEvents(tx: Db, buckets: string[], now: Date): Promise<number[]> {
  if (buckets.length === 0) return [];
  const rows = await tx
    .insertInto("rate_limit_event")
    .values(buckets.map((bucket) => ({ bucket, created_at: now })))
    .returning("rate_limit_event_id")
    .execute();
  return rows.map((r) => Number(r.rate_limit_event_id));
}

export async function deleteEvents(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("rate_limit_event").where("rate_limit_event_id", "in", ids).execute();
}

export async function deleteBucketEvents(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom("rate_limit_event").where("bucket", "=", bucket).execute();
}

export async function deleteEventsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("rate_limit_event").where("created_at", "<", before).execute();
}
