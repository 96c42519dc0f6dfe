// The API suite on PGlite starts every file from one migrated database. Creating an embedded
// database runs initdb (about a second, more on a busy machine) and the suite makes some eighty;
// loading a dump of one already migrated takes a third of that. The dump is made once per run,
// here in vitest's global set-up, and each file's createTestDb copies it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Kysely } from "kysely";
import type { TestProject } from "vitest/node";
import { migrateToLatest } from "#app/db/connect.server";
import { PGliteDialect } from "#app/db/pglite-dialect";
import type { Database } from "#app/db/schema";

declare module "vitest" {
  export interface ProvidedContext {
    /** The file holding the migrated database's dump; unset outside the PGlite API project. */
    pgliteTemplate?: string;
  }
}

export default async function setup(project: TestProject) {
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create("memory://");
  await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const dir = mkdtempSync(path.join(tmpdir(), "pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
