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

/**
 * For each window, how many events its bucket has after `since`, and the `nth` most recent of them
 * (1 = the latest; null when there are fewer): one statement, one round trip, however many windows.
 */
export async function bucketWindows(
  db: Db,
  windows: ReadonlyArray<{ bucket: string; since: Date; nth: number }>,
): Promise<Array<{ count: number; nthLatest: Date | null }>> {
  if (windows.length === 0) return [];
  const columns = windows.map(
    (w, i) => sql`
      (select count(*) from rate_limit_event where bucket = ${w.bucket} and created_at > ${w.since}) as ${sql.ref(`n${i}`)},
      (select created_at from rate_limit_event where bucket = ${w.bucket} and created_at > ${w.since}
        order by created_at desc offset ${w.nth - 1} limit 1) as ${sql.ref(`t${i}`)}`,
  );
  const { rows } = await sql<Record<string, string | number | Date | null>>`select ${sql.join(columns)}`.execute(db);
  const row = rows[0] ?? {};
  return windows.map((_, i) => {
    const latest = row[`t${i}`];
    return { count: Number(row[`n${i}`] ?? 0), nthLatest: latest === null || latest === undefined ? null : new Date(latest) };
  });
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
