import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Messages sent from /customer-support (issue 12 item 14): kept here, and mailed to support.
// mailed_at stays null when the mail could not be sent, so nothing a user wrote is lost.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table support_message (
  support_message_id uuid primary key default gen_random_uuid(),
  user_id uuid references app_user,
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  page text,
  created_at timestamptz not null default now(),
  mailed_at timestamptz
);
create index support_message_created_idx on support_message (created_at);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table support_message;`.execute(db);
}
