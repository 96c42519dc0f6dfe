import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// A student may be held without a birth date (issue 35): demographics.csv is optional in OneRoster
// and often sent late or header-only, so a roster import takes such students without one, for an
// administrator to complete on the student's form. The partial index answers "how many students of
// this school lack a birth date" (the school's student list shows it) without reading the others.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
alter table participant alter column date_of_birth drop not null;
create index participant_unit_no_birth_date_idx on participant (organization_unit_id) where date_of_birth is null and deleted_at is null;
`.execute(db);
}

// Going back needs a date for every student: those without one get 1900-01-01, the earliest the
// product accepts, so they stand out and can be corrected.
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
drop index participant_unit_no_birth_date_idx;
update participant set date_of_birth = date '1900-01-01' where date_of_birth is null;
alter table participant alter column date_of_birth set not null;
`.execute(db);
}
