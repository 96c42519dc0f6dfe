import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Follow-up after a flag (issue 38; docs/decisions/0023-follow-up.md).
//
// - follow_up_policy: at most one row per district; no row means the district has no policy, and
//   then no follow-up is opened. Figures are nullable: a figure the district (or its preset) does
//   not set is 'not set', never a default.
// - non_school_day: the district's holidays and breaks, which school-day deadlines skip.
// - follow_up: one per student, school year and period, opened when the student is first flagged
//   there under the policy. Deadlines are stored when their clock starts (notice_due at opening,
//   monitoring_ends_on and further_step_due when monitoring starts), so a later policy change
//   moves no deadline already running. Closed (closed_on, close_reason) when the flag goes away;
//   reopened when it comes back. Never deleted by the product.
// - follow_up_step: every step recorded, by a person or by the product (opened, closed,
//   reopened), with who and when. Insert only: an update raises. It names the student too, so a
//   student's export carries the steps (notes about the child) and not only the follow-ups.
// - screening_opt_out: a family's opt-out of screening, and its withdrawal, as rows in time order
//   (the latest row of a student and year says where it stands). Insert only.
// Students' and districts' rows go with them when they are erased for good (cascades; the erasure
// finds these tables by their participant_id and organization_id columns).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table follow_up_policy (
  organization_id uuid primary key references organization on delete cascade,
  flags text[] not null,
  day_count text not null check (day_count in ('calendar', 'school')),
  notice_days integer check (notice_days between 0 and 365),
  monitoring_days integer check (monitoring_days between 0 and 365),
  further_step_days integer check (further_step_days between 0 and 365),
  prior_notice_days integer check (prior_notice_days between 0 and 365),
  opt_out_allowed boolean not null,
  preset_id text,
  updated_at timestamptz not null default now(),
  updated_by uuid references app_user on delete set null
);

create table non_school_day (
  organization_id uuid not null references organization on delete cascade,
  day date not null,
  label text,
  primary key (organization_id, day)
);

create table follow_up (
  follow_up_id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participant on delete cascade,
  organization_id uuid not null references organization on delete cascade,
  academic_year text not null,
  period_name text not null check (period_name in ('BOY', 'MOY', 'EOY')),
  flags text[] not null,
  flagged_on date not null,
  notice_due date,
  notice_sent_on date,
  notice_sent_by uuid references app_user on delete set null,
  notice_method text check (notice_method in ('printed', 'emailed', 'handed-over')),
  monitoring_started_on date,
  monitoring_ends_on date,
  further_step_due date,
  outcome text check (outcome in ('recovered', 'further-screening', 'referred', 'family-declined')),
  outcome_on date,
  closed_on date,
  close_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint follow_up_closed check ((closed_on is null) = (close_reason is null)),
  unique (participant_id, academic_year, period_name)
);
create index follow_up_district_idx on follow_up (organization_id, academic_year, notice_due);

create table follow_up_step (
  follow_up_step_id bigint generated always as identity primary key,
  follow_up_id uuid not null references follow_up on delete cascade,
  participant_id uuid not null references participant on delete cascade,
  kind text not null check (kind in ('opened', 'notice-sent', 'monitoring-started', 'outcome', 'note', 'closed', 'reopened')),
  on_date date not null,
  method text,
  outcome text,
  flags text[],
  note text,
  recorded_by uuid references app_user on delete set null,
  recorded_at timestamptz not null default now()
);
create index follow_up_step_follow_up_idx on follow_up_step (follow_up_id, follow_up_step_id);

create table screening_opt_out (
  screening_opt_out_id bigint generated always as identity primary key,
  participant_id uuid not null references participant on delete cascade,
  academic_year text not null,
  opted_out boolean not null,
  on_date date not null,
  note text,
  recorded_by uuid references app_user on delete set null,
  recorded_at timestamptz not null default now()
);
create index screening_opt_out_participant_idx on screening_opt_out (participant_id, academic_year, screening_opt_out_id desc);

create function follow_up_history_unchangeable() returns trigger language plpgsql as $$
begin
  raise exception '% rows cannot be changed', tg_table_name using errcode = '55000';
end
$$;
create trigger follow_up_step_no_update before update on follow_up_step
  for each row execute function follow_up_history_unchangeable();
create trigger screening_opt_out_no_update before update on screening_opt_out
  for each row execute function follow_up_history_unchangeable();
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop table screening_opt_out;
drop table follow_up_step;
drop table follow_up;
drop table non_school_day;
drop table follow_up_policy;
drop function follow_up_history_unchangeable();
`.execute(db);
}
