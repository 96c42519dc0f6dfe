import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { KyselyConfig } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { migrateToLatest, openDatabase, type DbHandle } from "#app/db/connect.server";

let template: Blob | undefined;
/** The dump vitest's global set-up made (pglite-template.ts), read once per file: some files make a database per test. */
function migratedTemplate(): Blob | undefined {
  const file = inject("pgliteTemplate");
  if (file) template ??= new Blob([readFileSync(file)]);
  return template;
}

/**
 * A fresh, migrated database for one test file, on the engine of the vitest project:
 * an in-memory PGlite, or a new PostgreSQL database dropped again afterwards, so no
 * test sees another's rows and nothing is left behind.
 */
export async function createTestDb(options: { log?: KyselyConfig["log"] } = {}): Promise<DbHandle> {
  if (process.env.TEST_DB_ENGINE !== "postgres") {
    const handle = await openDatabase({ log: options.log, pgliteDataDir: migratedTemplate() });
    // Nothing to do on the template; a run without it (a file outside the API projects) migrates here.
    await migrateToLatest(handle.db);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set for the PostgreSQL API suite");
  const name = `t_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), log: options.log });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Where another process (a served app, a second pool) reaches the test's PostgreSQL database. */
export async function databaseUrlOf(handle: DbHandle): Promise<string> {
  const { name } = await handle.db.selectNoFrom((eb) => eb.fn<string>("current_database", []).as("name")).executeTakeFirstOrThrow();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
