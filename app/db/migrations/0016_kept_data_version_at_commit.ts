import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// The kept-data versions of migration 0015 are raised at commit instead of at each statement
// (issue 36 §4, docs/decisions/0022-kept-data.md). Raised at the statement, a version row stayed
// locked for the rest of the writer's transaction: every score save of a district queued on its
// 'scores' row for the whole of another's transaction, and writers that raised two rows in
// different orders (a district's 'roster' then 'scores', another the reverse; the invalidate
// operation over many districts) deadlocked.
//
// - The statement triggers of 0015 still work out which districts a statement changed (from its
//   transition tables, once per statement), but raise_kept_data_version now only notes them, as
//   'kind:district' in a setting local to the transaction (kept_data.pending). A savepoint rolled
//   back takes its notes with it, as it takes its rows.
// - A deferred constraint trigger on each of those tables raises what was noted, when the
//   transaction commits: one upsert, in (district, kind) order. A transaction then locks version
//   rows only at its very end, all in one statement, in the one order every writer uses, and
//   waits on nothing after: no deadlock, and a district's writers queue on a version row for the
//   length of a commit, not of a transaction.
// - Constraint triggers are row-level. Their WHEN marks the transaction (kept_data.queued) at its
//   first changed row, so one raise is queued per transaction, not one per row of a bulk import.
//   The raise clears the mark: rows written after an early raise (SET CONSTRAINTS ... IMMEDIATE)
//   queue another, and a statement whose raise ran before its own notes (constraints made
//   IMMEDIATE) raises them itself.
// - Still in the writer's own transaction: a reader whose snapshot has the write has the raised
//   version with it, which is all the kept copies rely on.
const TABLES = [
  "organization",
  "organization_unit",
  "participant_group",
  "participant_group_teacher",
  "participant_group_member",
  "participant",
  "participant_test",
  "app_user",
  "user_role",
  "user_organization_unit",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create or replace function raise_kept_data_version(ids uuid[], raised_kind text) returns void language plpgsql as $$
declare
  pending text[] := coalesce(nullif(current_setting('kept_data.pending', true), '')::text[], '{}');
  added text[] := array(
    select distinct raised_kind || ':' || id from unnest(ids) as id
     where id is not null and not (raised_kind || ':' || id) = any(pending));
begin
  if cardinality(added) > 0 then
    perform set_config('kept_data.pending', (pending || added)::text, true);
    -- The statement's first changed row queued the raise. Unmarked since, it has run already:
    -- constraints made IMMEDIATE fire a row's event before its statement's triggers.
    if current_setting('kept_data.queued', true) is distinct from 'on' then
      perform raise_pending_kept_data_versions();
    end if;
  end if;
end $$;

create function raise_pending_kept_data_versions() returns void language plpgsql as $$
declare
  pending text[] := coalesce(nullif(current_setting('kept_data.pending', true), '')::text[], '{}');
begin
  perform set_config('kept_data.pending', '', true), set_config('kept_data.queued', '', true);
  insert into kept_data_version as v (organization_id, kind, version)
  select split_part(p, ':', 2)::uuid, split_part(p, ':', 1), 2 from unnest(pending) as p order by 1, 2
  on conflict (organization_id, kind) do update set version = v.version + 1;
end $$;

create function raise_kept_data_versions_at_commit() returns trigger language plpgsql as $$
begin
  perform raise_pending_kept_data_versions();
  return null;
end $$;
`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create constraint trigger ${table}_kept_at_commit after insert or update or delete on ${table}
  deferrable initially deferred for each row
  when (case when current_setting('kept_data.queued', true) = 'on' then false
             else set_config('kept_data.queued', 'on', true) = 'on' end)
  execute function raise_kept_data_versions_at_commit()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop trigger ${table}_kept_at_commit on ${table}`).execute(db);
  await sql`
drop function raise_kept_data_versions_at_commit();
drop function raise_pending_kept_data_versions();

create or replace function raise_kept_data_version(ids uuid[], raised_kind text) returns void language plpgsql as $$
begin
  insert into kept_data_version as v (organization_id, kind, version)
  select distinct id, raised_kind, 2 from unnest(ids) as id where id is not null order by id
  on conflict (organization_id, kind) do update set version = v.version + 1;
end $$;
`.execute(db);
}
