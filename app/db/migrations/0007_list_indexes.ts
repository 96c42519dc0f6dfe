import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Lists that scale (issue 15): each administration list is read one page at a time, sorted on
// the server with the row id as the last key, and paged by keyset (app/db/queries/lists.ts).
// These indexes hold exactly (parent, sort keys, id) for the live rows, so the first page and
// every page after a cursor are a short index range scan instead of a sort of the whole district.
// participant_unit_idx (without the id) is replaced by its longer twin.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create index app_user_org_name_idx on app_user (organization_id, lower(last_name), lower(first_name), user_id) where deleted_at is null;
create index app_user_org_email_idx on app_user (organization_id, lower(email), user_id) where deleted_at is null;
create index user_role_role_idx on user_role (role_id);
create index organization_name_id_idx on organization (lower(name), organization_id) where deleted_at is null;
create index organization_unit_org_name_idx on organization_unit (organization_id, lower(name), organization_unit_id) where deleted_at is null;
create index participant_group_unit_name_idx on participant_group (organization_unit_id, lower(name), participant_group_id) where deleted_at is null;
create index participant_unit_name_idx on participant (organization_unit_id, lower(last_name), lower(first_name), participant_id) where deleted_at is null;
create index participant_unit_code_idx on participant (organization_unit_id, participant_code, participant_id) where deleted_at is null;
drop index participant_unit_idx;
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
create index participant_unit_idx on participant (organization_unit_id, lower(last_name), lower(first_name)) where deleted_at is null;
drop index participant_unit_code_idx, participant_unit_name_idx, participant_group_unit_name_idx, organization_unit_org_name_idx,
  organization_name_id_idx, user_role_role_idx, app_user_org_email_idx, app_user_org_name_idx;
`.execute(db);
}
