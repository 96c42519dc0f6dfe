import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Idempotency keys of the create calls (issue 13 item 5, app/api/idempotency.ts). A row is claimed
// when a request with a new key arrives (status null: in progress) and holds the answer once the
// create succeeded, so the same key from the same caller gets that answer again instead of a
// second record. Keys belong to their caller; old rows are pruned after a day.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table idempotency_key (
  user_id uuid not null references app_user,
  idempotency_key text not null check (length(idempotency_key) between 1 and 255),
  -- What the key was used for: method, path and a hash of the body.
  fingerprint text not null,
  status int,
  content_type text,
  body text,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (user_id, idempotency_key)
);
create index idempotency_key_created_idx on idempotency_key (created_at);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table idempotency_key;`.execute(db);
}
