import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Every RAN score a person saves is kept (issue 11): who, when, the values before and after.
// 'score' events change the response's official score; 'blind' events are a second scorer's
// independent score, kept beside it so the page can show where two scorers disagree.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table ran_scoring_event (
  ran_scoring_event_id uuid primary key default gen_random_uuid(),
  -- Saves in the order they happened, even within one clock tick.
  seq bigint generated always as identity,
  participant_test_question_response_id uuid not null references participant_test_question_response on delete cascade,
  participant_test_id uuid not null references participant_test on delete cascade,
  scorer_user_id uuid references app_user,
  kind text not null check (kind in ('score', 'blind')),
  old_eval_response_time double precision,
  old_num_of_errors int,
  old_invalid boolean,
  eval_response_time double precision not null check (eval_response_time >= 0),
  num_of_errors int check (num_of_errors >= 0),
  invalid boolean not null,
  created_at timestamptz not null default now()
);
create index ran_scoring_event_test_idx on ran_scoring_event (participant_test_id, seq);
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table ran_scoring_event;`.execute(db);
}
