import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

// A progress probe (migration 0021) raises its student's classrooms' results version, as a test
// does (migration 0009): the classroom's letters to work on (issue 40 item 3) are the latest letter
// entries of tests and probes, kept in each process under that version (app/api/kept.ts), so a
// probe saved through any server is on every server's next classroom page.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [suffix, event, rows] of [
    ["ins", "insert", "new"],
    ["upd", "update", "new"],
    ["del", "delete", "old"],
  ] as const) {
    await sql
      .raw(
        `create trigger progress_probe_results_${suffix} after ${event} on progress_probe referencing ${rows} table as changed for each statement execute function raise_results_version_of_students()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const suffix of ["ins", "upd", "del"])
    await sql.raw(`drop trigger if exists progress_probe_results_${suffix} on progress_probe`).execute(db);
}
