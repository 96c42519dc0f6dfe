import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Per-classroom results version (issue 15, docs/decisions/0019-classroom-results-cache.md). The
// classroom grid is built from four tables: the classroom's members, their student rows, their
// tests and their risk scores. Any write to one of them raises the version of every classroom it
// touches, in the writer's own transaction, whoever the writer is (the API, a roster import, the
// seed, SQL typed by hand). A process keeps a built grid under the version it read before
// building it, so a grid older than its version is never answered.
//
// - Statement-level triggers with transition tables: a bulk insert of 100,000 tests raises each
//   classroom once, not once per row.
// - A table of its own, not a column of participant_group: saves that hold a classroom row for
//   share (adding a student) would otherwise have to upgrade that lock and could deadlock.
// - The versions are upserted in classroom-id order, so two writers that touch the same
//   classrooms wait for each other instead of deadlocking.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table classroom_results_version (
  participant_group_id uuid primary key references participant_group on delete cascade,
  version bigint not null
);

create function raise_results_version(ids uuid[]) returns void language plpgsql as $$
begin
  insert into classroom_results_version as v (participant_group_id, version)
  select id, 2 from unnest(ids) as id order by id
  on conflict (participant_group_id) do update set version = v.version + 1;
end $$;

-- Tests, risk scores and student rows: the classrooms of the students they belong to.
create function raise_results_version_of_students() returns trigger language plpgsql as $$
begin
  perform raise_results_version(array(
    select distinct m.participant_group_id from participant_group_member m
     where m.participant_id in (select participant_id from changed)));
  return null;
end $$;

-- Memberships: the classroom itself.
create function raise_results_version_of_members() returns trigger language plpgsql as $$
begin
  perform raise_results_version(array(select distinct participant_group_id from changed));
  return null;
end $$;
`.execute(db);
  for (const [table, fn] of [
    ["participant_test", "raise_results_version_of_students"],
    ["predictive_profile", "raise_results_version_of_students"],
    ["participant", "raise_results_version_of_students"],
    ["participant_group_member", "raise_results_version_of_members"],
  ] as const) {
    // One event per trigger: a transition table belongs to one event. An update is read from its
    // new rows; a membership's old row too, in case it moved to another classroom.
    const trigger = (suffix: string, event: string, rows: "new" | "old") =>
      sql
        .raw(
          `create trigger ${table}_results_${suffix} after ${event} on ${table} referencing ${rows} table as changed for each statement execute function ${fn}()`,
        )
        .execute(db);
    await trigger("ins", "insert", "new");
    await trigger("upd", "update", "new");
    if (table === "participant_group_member") await trigger("upd_old", "update", "old");
    await trigger("del", "delete", "old");
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["participant_test", "predictive_profile", "participant", "participant_group_member"]) {
    for (const suffix of ["ins", "upd", "upd_old", "del"])
      await sql.raw(`drop trigger if exists ${table}_results_${suffix} on ${table}`).execute(db);
  }
  await sql`
drop function raise_results_version_of_members();
drop function raise_results_version_of_students();
drop function raise_results_version(uuid[]);
drop table classroom_results_version;
`.execute(db);
}
