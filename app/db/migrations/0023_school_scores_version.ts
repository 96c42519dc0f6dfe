import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// A scores version per school (issue 36 §2, docs/decisions/0022-kept-data.md). The completion
// report's counts were kept under the district's one 'scores' version, so in a screening window
// every letter or RAN save anywhere in the district sent the next reader of the report into a
// recount of all its schools: at 10,000 students, seconds of database work about once a second.
// Each school's counts are now kept under that school's own version ('school-scores', keyed by the
// school's id in the organization_id column), so a save recounts one school.
//
// Raised like every other kept-data version (migrations 0015, 0016): the participant_test
// statement trigger notes the schools its rows belong to, and the deferred constraint trigger
// raises them at commit with the district's, in one statement, in (id, kind) order.

const PARTICIPANT_TEST_DISTRICTS = `select ou.organization_id from changed c
      join participant p on p.participant_id = c.participant_id
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
alter table kept_data_version drop constraint kept_data_version_kind_check;
alter table kept_data_version add constraint kept_data_version_kind_check check (kind in ('roster', 'scores', 'school-scores'));
`.execute(db);
  await sql
    .raw(
      `create or replace function raise_kept_data_version_of_participant_test() returns trigger language plpgsql as $$
begin
  perform raise_kept_data_version(array(${PARTICIPANT_TEST_DISTRICTS}), 'scores');
  perform raise_kept_data_version(
    array(select p.organization_unit_id from changed c join participant p on p.participant_id = c.participant_id), 'school-scores');
  return null;
end $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create or replace function raise_kept_data_version_of_participant_test() returns trigger language plpgsql as $$
begin
  perform raise_kept_data_version(array(${PARTICIPANT_TEST_DISTRICTS}), 'scores');
  return null;
end $$`,
    )
    .execute(db);
  await sql`
delete from kept_data_version where kind = 'school-scores';
alter table kept_data_version drop constraint kept_data_version_kind_check;
alter table kept_data_version add constraint kept_data_version_kind_check check (kind in ('roster', 'scores'));
`.execute(db);
}
