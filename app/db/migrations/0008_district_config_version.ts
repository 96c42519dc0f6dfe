import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Per-district configuration cache (issue 15, docs/decisions/0018-pglite-under-load.md): every page of
// results reads its district's screening calendar (assessment_period with grade_assessment_list).
// Each process keeps that calendar in memory, keyed on organization.config_version, which the
// database itself raises on any write to either table: the calendar editor, the seed, a roster
// tool or SQL typed by hand. A request that already reads the district row (the scope check)
// sees the version for free and skips the calendar query when its copy is current; a write made
// through any process is seen by every process on its next request. Not `version` (the edit
// forms' optimistic lock, migration 0004): a calendar change must not make a district's name
// form answer 409.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
alter table organization add column config_version bigint not null default 1;

create function bump_district_config_version() returns trigger language plpgsql as $$
declare
  ids uuid[];
begin
  if tg_table_name = 'assessment_period' then
    ids := array[case when tg_op <> 'INSERT' then old.organization_id end, case when tg_op <> 'DELETE' then new.organization_id end];
  else
    select array_agg(p.organization_id) into ids from assessment_period p
     where p.assessment_period_id in (case when tg_op <> 'INSERT' then old.assessment_period_id end,
                                      case when tg_op <> 'DELETE' then new.assessment_period_id end);
  end if;
  update organization set config_version = config_version + 1 where organization_id = any(ids);
  return null;
end $$;

create trigger assessment_period_config_version after insert or update or delete on assessment_period
  for each row execute function bump_district_config_version();
create trigger grade_assessment_list_config_version after insert or update or delete on grade_assessment_list
  for each row execute function bump_district_config_version();
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop trigger grade_assessment_list_config_version on grade_assessment_list;
drop trigger assessment_period_config_version on assessment_period;
drop function bump_district_config_version();
alter table organization drop column config_version;
`.execute(db);
}
