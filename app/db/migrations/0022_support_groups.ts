import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Support groups (issue 39 item 7; docs/features/support-groups.md).
//
// - support_group: a group a teacher saved in a classroom, with its name and the letters it
//   works on (letter names and letter sounds apart) as they were when it was saved.
// - support_group_member: its students. A student is in at most one group of a classroom (the
//   unique key), so moving a student is one update of the row.
// - support_session: a support session logged for a group: its date, minutes and what was worked on.
// - support_session_student: who the session was for, as the group stood when it was logged, so a
//   student moved to another group keeps the sessions they had (the student's chart markers).
// Rows go with their classroom, group or student (cascades; a student's erasure and export find
// the member and session rows by their participant_id column).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table support_group (
  support_group_id uuid primary key default gen_random_uuid(),
  participant_group_id uuid not null references participant_group on delete cascade,
  name text not null check (length(name) between 1 and 200),
  name_letters text[] not null default '{}',
  sound_letters text[] not null default '{}',
  created_by uuid references app_user on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index support_group_classroom_idx on support_group (participant_group_id);

create table support_group_member (
  support_group_id uuid not null references support_group on delete cascade,
  participant_group_id uuid not null references participant_group on delete cascade,
  participant_id uuid not null references participant on delete cascade,
  primary key (support_group_id, participant_id),
  unique (participant_group_id, participant_id)
);

create table support_session (
  support_session_id uuid primary key default gen_random_uuid(),
  support_group_id uuid not null references support_group on delete cascade,
  on_date date not null,
  minutes integer not null check (minutes between 1 and 1440),
  worked_on text not null check (length(worked_on) between 1 and 2000),
  recorded_by uuid references app_user on delete set null,
  recorded_at timestamptz not null default now()
);
create index support_session_group_idx on support_session (support_group_id, on_date);

create table support_session_student (
  support_session_id uuid not null references support_session on delete cascade,
  participant_id uuid not null references participant on delete cascade,
  primary key (support_session_id, participant_id)
);
create index support_session_student_idx on support_session_student (participant_id);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop table support_session_student;
drop table support_session;
drop table support_group_member;
drop table support_group;
`.execute(db);
}
