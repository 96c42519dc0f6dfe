import { DEFAULT_MIGRATION_TABLE, sql } from "kysely";
import type { Db } from "../connect.server";

// The two reads of /readyz (app/lib/readiness.server.ts): the database answers, and which
// migrations it records. Kysely's Migrator (migrateToLatest) writes one row per migration run,
// named as in app/db/migrations/index.ts, into its own table.

/** The cheapest round trip: it fails when no connection can be had or the server does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** PostgreSQL's undefined_table: a database no migration has run on. */
const UNDEFINED_TABLE = "42P01";

/** The names of the migrations the database records as run; none on a database never migrated. */
export async function recordedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(db);
    return rows.map((r) => r.name);
  } catch (err) {
    if ((err as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw err;
  }
}
