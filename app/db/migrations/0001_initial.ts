import { sql, type Kysely } from "kysely";

// Migrations run against whatever schema exists at their point in history, not today's
// Database type, so Kysely advises `Kysely<any>` here.
/* eslint-disable @typescript-eslint/no-explicit-any */

// The whole domain of both specs in one schema, so features add rows, not tables.
// Every list a page shows is reachable through an index on its parent id, so a
// page's cost depends on the page, never on the size of the district.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table organization (
  organization_id uuid primary key default gen_random_uuid(),
  name text not null check (length(trim(name)) > 0),
  state char(2) not null,
  website text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index organization_name_idx on organization (lower(name)) where deleted_at is null;

create table organization_unit (
  organization_unit_id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organization,
  name text not null check (length(trim(name)) > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index organization_unit_org_idx on organization_unit (organization_id) where deleted_at is null;

create table role (
  role_id text primary key,
  role_name text not null unique
);
insert into role (role_id, role_name) values
  ('00000000-0000-0000-0000-00000000ff01', 'ORG_ADMIN'),
  ('00000000-0000-0000-0000-00000000ff02', 'ORG_UNIT_ADMIN'),
  ('00000000-0000-0000-0000-00000000ff04', 'TEACHER'),
  ('00000000-0000-0000-0000-00000000ff05', 'SUPER_ADMIN');

create table app_user (
  user_id uuid primary key default gen_random_uuid(),
  organization_id uuid references organization,
  first_name text not null,
  last_name text not null,
  email text not null,
  auth_status text not null default 'None' check (auth_status in ('None', 'Pending', 'Active')),
  password_hash text,
  password_is_temporary boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
-- Email is the sign-in name: unique among live users, whatever its case.
create unique index app_user_email_uq on app_user (lower(email)) where deleted_at is null;
create index app_user_org_idx on app_user (organization_id) where deleted_at is null;

create table user_role (
  user_id uuid not null references app_user on delete cascade,
  role_id text not null references role,
  position int not null default 0,
  primary key (user_id, role_id)
);

create table user_organization_unit (
  user_id uuid not null references app_user on delete cascade,
  organization_unit_id uuid not null references organization_unit,
  primary key (user_id, organization_unit_id)
);
create index user_organization_unit_unit_idx on user_organization_unit (organization_unit_id);

create table participant_group (
  participant_group_id uuid primary key default gen_random_uuid(),
  organization_unit_id uuid not null references organization_unit,
  name text not null check (length(trim(name)) > 0),
  participant_group_type text not null default 'CLASSROOM' check (participant_group_type = 'CLASSROOM'),
  enabled_in_eb_platform boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index participant_group_unit_idx on participant_group (organization_unit_id) where deleted_at is null;

create table participant_group_teacher (
  participant_group_id uuid not null references participant_group on delete cascade,
  user_id uuid not null references app_user on delete cascade,
  primary key (participant_group_id, user_id)
);
create index participant_group_teacher_user_idx on participant_group_teacher (user_id);

create table participant (
  participant_id uuid primary key default gen_random_uuid(),
  organization_unit_id uuid not null references organization_unit,
  participant_code text not null unique,
  first_name text not null,
  middle_name text,
  last_name text not null,
  date_of_birth date not null,
  grade text not null check (grade in ('PK', 'K', '1', '2', '3', 'MULTI')),
  tags text[] not null default '{}',
  external_id text,
  email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index participant_unit_idx on participant (organization_unit_id, lower(last_name), lower(first_name)) where deleted_at is null;

create table participant_group_member (
  participant_group_id uuid not null references participant_group on delete cascade,
  participant_id uuid not null references participant on delete cascade,
  primary key (participant_group_id, participant_id)
);
create index participant_group_member_participant_idx on participant_group_member (participant_id);

-- District period configuration (spec 001 section 3), one row per period of an academic year.
create table assessment_period (
  assessment_period_id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organization on delete cascade,
  academic_year text not null,
  period_name text not null check (period_name in ('BOY', 'MOY', 'EOY')),
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  unique (organization_id, academic_year, period_name)
);

create table grade_assessment_list (
  assessment_period_id uuid not null references assessment_period on delete cascade,
  grade text not null,
  test_codes text not null,
  primary key (assessment_period_id, grade)
);

create table stored_file (
  file_id uuid primary key default gen_random_uuid(),
  purpose text not null,
  storage_key text not null unique,
  file_name text not null,
  content_type text not null,
  size_bytes bigint not null,
  sha256 text,
  created_by uuid references app_user,
  created_at timestamptz not null default now()
);

create table participant_test (
  participant_test_id uuid primary key default gen_random_uuid(),
  -- The screener's own id for the test, so a retried upload updates instead of duplicating.
  client_test_id text unique,
  participant_id uuid not null references participant,
  test_code text not null,
  grade text not null,
  start_dt_tm timestamptz not null,
  end_dt_tm timestamptz,
  completed_flag boolean not null default false,
  invalid boolean,
  final_theta double precision,
  ability_percentile double precision,
  correct_items int,
  total_items int,
  correct_by_code jsonb,
  entered_by uuid references app_user,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index participant_test_participant_idx on participant_test (participant_id, start_dt_tm) where deleted_at is null;

create table participant_test_question_response (
  participant_test_question_response_id uuid primary key default gen_random_uuid(),
  participant_test_id uuid not null references participant_test on delete cascade,
  question_code text not null,
  score double precision,
  provider_response text,
  response_time_in_secs double precision,
  eval_response_time double precision,
  num_of_errors int,
  invalid boolean,
  audio_file_id uuid references stored_file,
  scored_by uuid references app_user,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (participant_test_id, question_code)
);

-- Predictive-profile scores (pwr, dyslexia, kready, pk risk) per student and period.
create table predictive_profile (
  participant_id uuid not null references participant,
  academic_year text not null,
  period_name text not null check (period_name in ('BOY', 'MOY', 'EOY')),
  pwr double precision check (pwr between 0 and 1),
  dyslexia double precision check (dyslexia between 0 and 1),
  kready double precision check (kready between 0 and 1),
  pk_risk double precision check (pk_risk between 0 and 1),
  computed_at timestamptz not null default now(),
  primary key (participant_id, academic_year, period_name)
);

create table session (
  session_id uuid primary key default gen_random_uuid(),
  -- Only a hash of the bearer token is kept, so a leaked table signs nobody in.
  token_hash text not null unique,
  user_id uuid not null references app_user on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  revoked_at timestamptz,
  user_agent text,
  ip text
);
create index session_user_idx on session (user_id);

create table one_time_code (
  one_time_code_id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('password-reset', 'invite', 'sso', 'new-password')),
  email text not null,
  user_id uuid references app_user on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  attempts int not null default 0,
  created_at timestamptz not null default now()
);
create index one_time_code_lookup_idx on one_time_code (purpose, lower(email), created_at desc);

create table rate_limit_event (
  bucket text not null,
  created_at timestamptz not null default now()
);
create index rate_limit_event_idx on rate_limit_event (bucket, created_at);

create table roster_upload (
  roster_upload_id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organization,
  file_id uuid not null references stored_file,
  status text not null default 'received',
  created_at timestamptz not null default now()
);

create table audit_log (
  audit_log_id bigint generated always as identity primary key,
  actor_user_id uuid references app_user,
  action text not null,
  entity_type text not null,
  entity_id text,
  details jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_entity_idx on audit_log (entity_type, entity_id);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop table audit_log, roster_upload, rate_limit_event, one_time_code, session, predictive_profile,
  participant_test_question_response, participant_test, stored_file, grade_assessment_list,
  assessment_period, participant_group_member, participant, participant_group_teacher,
  participant_group, user_organization_unit, user_role, app_user, role, organization_unit, organization;
`.execute(db);
}
