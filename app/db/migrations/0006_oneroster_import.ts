import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// OneRoster roster uploads (issue 16). Rows a roster created or matched carry the sourcedId of
// the district's student information system, so the next upload updates them instead of adding
// duplicates. roster_import keeps each upload: staged (validated, nothing changed yet), rejected
// (errors: it can never be applied), applied, or undone; with its report, the roster it would
// apply while staged, and what applying it changed (the rows' earlier values), so it can be undone.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
alter table organization_unit add column sourced_id text;
alter table participant_group add column sourced_id text;
alter table app_user add column sourced_id text;
alter table participant add column sourced_id text;
-- One school and one user per sourcedId in a district; classrooms and students are matched through
-- their school's district, and the import holds the district's lock while it writes.
create unique index organization_unit_sourced_id_uq on organization_unit (organization_id, sourced_id) where sourced_id is not null;
create unique index app_user_sourced_id_uq on app_user (organization_id, sourced_id) where sourced_id is not null;
create index participant_group_sourced_id_idx on participant_group (sourced_id) where sourced_id is not null;
create index participant_sourced_id_idx on participant (sourced_id) where sourced_id is not null;

create table roster_import (
  roster_import_id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organization,
  status text not null check (status in ('staged', 'rejected', 'applied', 'undone')),
  file_name text not null,
  size_bytes integer not null,
  sha256 text not null,
  report jsonb not null,
  roster jsonb,
  changes jsonb,
  created_at timestamptz not null default now(),
  applied_at timestamptz,
  undone_at timestamptz,
  undone_by uuid references app_user
);
create index roster_import_org_idx on roster_import (organization_id, created_at desc);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop table roster_import;
drop index participant_sourced_id_idx, participant_group_sourced_id_idx, app_user_sourced_id_uq, organization_unit_sourced_id_uq;
alter table participant drop column sourced_id;
alter table app_user drop column sourced_id;
alter table participant_group drop column sourced_id;
alter table organization_unit drop column sourced_id;
`.execute(db);
}
