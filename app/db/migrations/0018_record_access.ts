import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Who looked at a child's record (issue 41 item 2): one row per read of a student's profile,
// family report(s), RAN recording, or a CSV or export with student rows (app/api/record-access.ts
// writes them in batches). A single student's read names the participant; a list read names its
// scope (classroom, school or district) and how many students it held.
//
// - No foreign keys: a log must neither block the deletion of what it names nor lose a batch
//   because one row in it names a student deleted meanwhile. The student-deletion feature removes
//   a student's rows itself (deleteParticipantRecordAccess).
// - bigint identity: smaller than a uuid, and it orders rows written in the same microsecond, so
//   (occurred_at, record_access_id) is a total order for keyset pages.
// - Three btree indexes serve the three ways the log is read: one student's history, one
//   district's log, one user's reads (each newest first). Pruning by age reads occurred_at alone:
//   rows arrive in time order, so a BRIN index answers it at a fraction of a btree's size and
//   insert cost.
// - Rows cannot be changed, by the product or by anyone's SQL: an update raises. Insert (the log)
//   and delete (the retention period, a student's deletion) are the only writes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table record_access (
  record_access_id bigint generated always as identity primary key,
  occurred_at timestamptz not null,
  actor_user_id uuid not null,
  organization_id uuid not null,
  what text not null,
  participant_id uuid,
  scope_kind text,
  scope_id uuid,
  row_count integer,
  client_ip text,
  user_agent text,
  detail text,
  request_id text,
  constraint record_access_scope check ((scope_kind is null) = (scope_id is null)),
  constraint record_access_scope_kind check (scope_kind in ('classroom', 'school', 'district')),
  constraint record_access_subject check (participant_id is not null or scope_id is not null)
);
create index record_access_participant_idx on record_access (participant_id, occurred_at desc, record_access_id desc)
  where participant_id is not null;
create index record_access_organization_idx on record_access (organization_id, occurred_at desc, record_access_id desc);
create index record_access_user_idx on record_access (actor_user_id, occurred_at desc, record_access_id desc);
create index record_access_occurred_brin on record_access using brin (occurred_at);

create function record_access_unchangeable() returns trigger language plpgsql as $$
begin
  raise exception 'record_access rows cannot be changed' using errcode = '55000';
end
$$;
create trigger record_access_no_update before update on record_access
  for each row execute function record_access_unchangeable();
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop table record_access;
drop function record_access_unchangeable();
`.execute(db);
}
