import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Rate limits that hold under a burst (issue 33 item 3). A sign-in reserves its place in the
// failure buckets before the password is checked, atomically with the count (app/api/rate-limit.ts),
// and gives the place back when the password was right: each event needs an id to be given back.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
alter table rate_limit_event add column rate_limit_event_id bigint generated always as identity primary key;
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limit_event drop column rate_limit_event_id;`.execute(db);
}
