import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// The family notice letter after a flag (issue 38 item 4; docs/features/follow-up.md):
//
// - family_notice: a district's own contact for its letters (whom families ask). No row, or a
//   null contact: the letters name the child's teacher or the school office.
// - family_notice_text: a district's own wording of the letter in one language, with fill-ins
//   ({student}, {grade}, {date}, {school}, {contact}). No row for a language: our default
//   wording (app/i18n/family-notice/defaults.ts). Returning to the default deletes the row; the
//   audit log keeps what it said.
// Both go with the district when it is erased for good (cascade).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table family_notice (
  organization_id uuid primary key references organization on delete cascade,
  contact text,
  updated_at timestamptz not null default now(),
  updated_by uuid references app_user on delete set null
);

create table family_notice_text (
  organization_id uuid not null references organization on delete cascade,
  lang text not null check (lang ~ '^[a-z]{2}$'),
  title text not null,
  body text not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references app_user on delete set null,
  primary key (organization_id, lang)
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop table family_notice_text;
drop table family_notice;
`.execute(db);
}
