import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

// The seeded demo district as the e2e server started with it: scripts/e2e-server.mjs seeds a
// template database once and copies it for the server, so a copy of the template has the same rows
// and ids. Specs read the ids they need (a classroom, a student, a test) from it before their tests.

/** Runs `read` on a throw-away copy of the demo district's template database. */
export async function readDemoDb<T>(read: (db: PGlite) => Promise<T>): Promise<T> {
  // A server started beside another (the accounts server) seeds nothing: it copies the first one's template.
  const port = process.env.E2E_BUILD_PORT ?? process.env.E2E_PORT ?? "3210";
  const dir = mkdtempSync(path.join(tmpdir(), "demo-db-e2e-"));
  cpSync(path.resolve(`.tmp/e2e-template-${port}/pglite`), dir, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(dir);
  try {
    return await read(db);
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The demo district's classroom ids by name. */
export const demoClassroomIds = (db: PGlite) =>
  db
    .query<{ name: string; participant_group_id: string }>("select name, participant_group_id from participant_group")
    .then(({ rows }) => Object.fromEntries(rows.map((r) => [r.name, r.participant_group_id])));
