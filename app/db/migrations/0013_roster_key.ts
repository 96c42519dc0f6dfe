import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// A district's rostering key (issue 35 item 1): a secret a district admin creates, rotates and
// revokes, with which an automated export may upload and apply without a person signed in. Only
// its SHA-256 is kept; one key per district, so rotating replaces it and revoking deletes it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table roster_key (
  organization_id uuid primary key references organization on delete cascade,
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  created_by uuid references app_user
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table roster_key;`.execute(db);
}
