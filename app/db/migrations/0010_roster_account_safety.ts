import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// Roster imports and accounts (issue 33): an import may change only the accounts it created
// itself; one it adopted (an account made by hand, matched by e-mail) only with a district
// admin's confirmation. roster_created says which is which, so the rule survives later imports.
// The accounts earlier imports created are read back from their kept changes.
// roster_import.applied_by keeps who applied an import (applying needs a signed-in admin now).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
alter table app_user add column roster_created boolean not null default false;
update app_user set roster_created = true
 where user_id::text in (
   select jsonb_array_elements_text(changes->'created'->'teachers') from roster_import where changes is not null);
alter table roster_import add column applied_by uuid references app_user;
`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
alter table roster_import drop column applied_by;
alter table app_user drop column roster_created;
`.execute(db);
}
