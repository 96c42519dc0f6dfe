import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Progress monitoring between benchmarks (issue 39 items 5, 6; docs/features/progress-monitoring.md).
//
// - progress_probe: a short hand-scored probe of one student on one measure (letter names, letter
//   sounds or RAN) on a date. At most one per student, measure and week (Monday to Sunday): the
//   unique index on week_start refuses a second, whichever process saves it. Letters keep the
//   ticks (correct_by_code) and their count; RAN its seconds and errors. A mistaken probe may be
//   deleted (the deletion is audited with its figures); probes are never changed in place.
// - progress_monitoring_config: at most one row per district. The targets of the next benchmark
//   (per measure, grade and period) and the decision rule (how many consecutive points on one
//   side of the goal line) are the district's, each with its source: no spec gives them, so none
//   ships. No row, or a null kind, means not configured, and the pages say so.
// Students' and districts' rows go with them when they are erased (cascades; the erasure and the
// export find progress_probe by its participant_id column).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table progress_probe (
  progress_probe_id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participant on delete cascade,
  measure text not null check (measure in ('letter-names', 'letter-sounds', 'ran')),
  probe_date date not null,
  week_start date not null check (extract(isodow from week_start) = 1 and week_start <= probe_date and probe_date < week_start + 7),
  correct_items integer check (correct_items >= 0),
  total_items integer check (total_items > 0),
  correct_by_code jsonb,
  ran_secs double precision check (ran_secs > 0),
  ran_errors integer check (ran_errors >= 0),
  recorded_by uuid references app_user on delete set null,
  created_at timestamptz not null default now(),
  constraint progress_probe_figures check (
    (measure = 'ran' and ran_secs is not null and ran_errors is not null and correct_items is null)
    or (measure <> 'ran' and correct_items is not null and total_items is not null and correct_items <= total_items and ran_secs is null)
  ),
  unique (participant_id, measure, week_start)
);

create table progress_monitoring_config (
  organization_id uuid primary key references organization on delete cascade,
  goal_targets jsonb,
  decision_rule jsonb,
  updated_at timestamptz not null default now(),
  updated_by uuid references app_user on delete set null
);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop table progress_monitoring_config;
drop table progress_probe;
`.execute(db);
}
