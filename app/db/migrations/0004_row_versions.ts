import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Optimistic concurrency (issue 14, DESIGN "Writes that can race"): every row an edit form
// changes carries a version, read with the data and sent back with the save. A save made over an
// older version answers 409 with the newer data instead of silently overwriting it. A counter,
// not updated_at: two saves in the same clock tick (a frozen test clock, a coarse clock) still
// differ, and the value is an exact integer in JSON.
const TABLES = ["organization", "organization_unit", "participant_group", "app_user", "participant"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} add column version integer not null default 1 check (version > 0)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`alter table ${sql.table(table)} drop column version`.execute(db);
}
