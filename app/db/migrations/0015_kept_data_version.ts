import { sql, type Kysely } from "kysely";
import { ROLE_IDS } from "#app/domain/roles";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Versions of what the processes keep of a district's rosters and scores (issue 36 §4,
// docs/decisions/0022-kept-data.md). The lists' totals and the completion report's counts are kept in
// each process's memory (app/api/kept.ts) under these versions, which the database raises in the
// writer's own transaction on any write to the tables behind them, whoever writes: the API of any
// server on any machine, a roster import, the seed, SQL typed by hand. A process compares the
// version it reads with the one its copy was made under; no message passes between processes.
//
// - Two kinds per district. 'roster': the district, its schools, classrooms, teachers, students,
//   memberships, users and their roles and schools (what the lists count, and the report's units).
//   'scores': the students' tests (what the report counts besides). A score save then waits for
//   no roster import of its district, and a roster change keeps no score save waiting.
// - The nil uuid's 'roster' row is what spans districts: the districts list (any write to
//   organization) and the super admins list (a super admin's account or role).
// - A table of its own, not columns of organization: a school or user being added holds the
//   district row for share, and raising a version there would upgrade that lock (deadlocks).
// - Statement-level triggers with transition tables: a bulk insert raises each district once.
//   Versions are upserted in id order, so writers of several districts queue, never deadlock.
// - No row is version 1.
export const ACROSS_DISTRICTS = "00000000-0000-0000-0000-000000000000";

/** Per table: the kind it raises, and the districts of its changed rows (`changed`, the transition table). */
const RAISES: Record<string, { kind: "roster" | "scores"; districts: string; across?: string }> = {
  organization: { kind: "roster", districts: "select organization_id from changed", across: "true" },
  organization_unit: { kind: "roster", districts: "select organization_id from changed" },
  participant_group: {
    kind: "roster",
    districts: "select ou.organization_id from changed c join organization_unit ou on ou.organization_unit_id = c.organization_unit_id",
  },
  participant_group_teacher: {
    kind: "roster",
    districts: `select ou.organization_id from changed c
      join participant_group g on g.participant_group_id = c.participant_group_id
      join organization_unit ou on ou.organization_unit_id = g.organization_unit_id`,
  },
  participant_group_member: {
    kind: "roster",
    districts: `select ou.organization_id from changed c
      join participant_group g on g.participant_group_id = c.participant_group_id
      join organization_unit ou on ou.organization_unit_id = g.organization_unit_id`,
  },
  participant: {
    kind: "roster",
    districts: "select ou.organization_id from changed c join organization_unit ou on ou.organization_unit_id = c.organization_unit_id",
  },
  participant_test: {
    kind: "scores",
    districts: `select ou.organization_id from changed c
      join participant p on p.participant_id = c.participant_id
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id`,
  },
  app_user: {
    kind: "roster",
    districts: "select organization_id from changed",
    across: `exists (select 1 from changed c join user_role r on r.user_id = c.user_id where r.role_id = '${ROLE_IDS.SUPER_ADMIN}')`,
  },
  user_role: {
    kind: "roster",
    districts: "select u.organization_id from changed c join app_user u on u.user_id = c.user_id",
    across: `exists (select 1 from changed where role_id = '${ROLE_IDS.SUPER_ADMIN}')`,
  },
  user_organization_unit: {
    kind: "roster",
    districts: "select u.organization_id from changed c join app_user u on u.user_id = c.user_id",
  },
};

/** Tables whose rows can move to another district on update: their old rows are read too. */
const MOVABLE = new Set([
  "organization_unit",
  "participant_group",
  "participant_group_member",
  "participant_group_teacher",
  "participant",
  "app_user",
  "user_role",
  "user_organization_unit",
]);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create table kept_data_version (
  organization_id uuid not null,
  kind text not null check (kind in ('roster', 'scores')),
  version bigint not null,
  primary key (organization_id, kind)
);

create function raise_kept_data_version(ids uuid[], raised_kind text) returns void language plpgsql as $$
begin
  insert into kept_data_version as v (organization_id, kind, version)
  select distinct id, raised_kind, 2 from unnest(ids) as id where id is not null order by id
  on conflict (organization_id, kind) do update set version = v.version + 1;
end $$;
`.execute(db);
  for (const [table, { kind, districts, across }] of Object.entries(RAISES)) {
    const ids = across ? `${districts} union all select '${ACROSS_DISTRICTS}'::uuid where ${across}` : districts;
    await sql
      .raw(
        `create function raise_kept_data_version_of_${table}() returns trigger language plpgsql as $$
begin
  perform raise_kept_data_version(array(${ids}), '${kind}');
  return null;
end $$`,
      )
      .execute(db);
    const trigger = (suffix: string, event: string, rows: "new" | "old") =>
      sql
        .raw(
          `create trigger ${table}_kept_${suffix} after ${event} on ${table} referencing ${rows} table as changed for each statement execute function raise_kept_data_version_of_${table}()`,
        )
        .execute(db);
    await trigger("ins", "insert", "new");
    await trigger("upd", "update", "new");
    if (MOVABLE.has(table)) await trigger("upd_old", "update", "old");
    await trigger("del", "delete", "old");
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(RAISES)) {
    for (const suffix of ["ins", "upd", "upd_old", "del"])
      await sql.raw(`drop trigger if exists ${table}_kept_${suffix} on ${table}`).execute(db);
    await sql.raw(`drop function raise_kept_data_version_of_${table}()`).execute(db);
  }
  await sql`
drop function raise_kept_data_version(uuid[], text);
drop table kept_data_version;
`.execute(db);
}
