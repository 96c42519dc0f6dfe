import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Norms and cutoffs as configuration with a named source (issue 34 item 4,
// app/domain/screening-standards.ts). One row per district (organization_id) and at most one
// product-wide row (organization_id null); each kind is a jsonb value holding its figures, its
// source, and when and by whom it was set, or null when the kind is not configured there.
//
// A hand-scored RAN keeps its raw figures on its test (scored_secs, scored_errors), so a page can
// show them where no norms are configured, and the source of the norms its percentile came from
// (norms_source). Percentiles saved before this migration came from provisional norms nobody
// published (the removed app/domain/ran-norms.ts): they are cleared, the raw figures kept.
//
// Any write to the standards raises organization.config_version (migration 0008) of the district,
// or of every district for the product-wide row: each process's copy of the district's
// configuration and its kept classroom grids (docs/decisions/0019-classroom-results-cache.md) are
// replaced on their next read.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table screening_standard (
  screening_standard_id uuid primary key default gen_random_uuid(),
  organization_id uuid references organization on delete cascade,
  ran_norms jsonb,
  pk_risk_cutoff jsonb,
  ability_cutoffs jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid references app_user on delete set null
);
create unique index screening_standard_scope
  on screening_standard ((coalesce(organization_id, '00000000-0000-0000-0000-000000000000'::uuid)));

create function bump_standards_config_version() returns trigger language plpgsql as $$
begin
  if (tg_op <> 'DELETE' and new.organization_id is null) or (tg_op <> 'INSERT' and old.organization_id is null) then
    update organization set config_version = config_version + 1;
  else
    update organization set config_version = config_version + 1
     where organization_id in (case when tg_op <> 'INSERT' then old.organization_id end,
                               case when tg_op <> 'DELETE' then new.organization_id end);
  end if;
  return null;
end $$;

create trigger screening_standard_config_version after insert or update or delete on screening_standard
  for each row execute function bump_standards_config_version();

alter table participant_test
  add column scored_secs double precision,
  add column scored_errors integer,
  add column norms_source text;

update participant_test t
   set scored_secs = r.eval_response_time,
       scored_errors = r.num_of_errors,
       ability_percentile = null,
       final_theta = null,
       norms_source = null
  from participant_test_question_response r
 where r.participant_test_id = t.participant_test_id
   and t.test_code in ('object-ran', 'letter-ran', 'rer-letter-ran')
   and lower(r.question_code) not like '%prac%'
   and r.eval_response_time is not null
   and r.invalid is false
   and t.invalid is false;
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
alter table participant_test drop column norms_source, drop column scored_errors, drop column scored_secs;
drop trigger screening_standard_config_version on screening_standard;
drop function bump_standards_config_version();
drop table screening_standard;
`.execute(db);
}
