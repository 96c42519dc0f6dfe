import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { benchDistrict } from "../../scripts/bench/roster";
import { migrateToLatest, openDatabase, type DbHandle } from "#app/db/connect.server";
import { exportZip, oneRosterFiles } from "../support/oneroster-export";
import { applyRoster, stagedRoster } from "./support/roster";
import { makeDistrict, makeUser } from "./support/fixtures";
import { createTestApi, useTempDataDir } from "./support/test-api";

// Issue 35 item 4: undoing a district's first import failed with 'Unexpected Server Error' on
// PGlite after a server restart (prepared statement "k132" does not exist). The import is applied
// by one server process, the database closed and opened again (a restart), and the import undone
// by the new process, at 2,000 and 20,000 students; on PostgreSQL the same on a new pool.

const data = useTempDataDir();
const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  data.cleanup();
});

/** A database that outlives its first handle: a PGlite folder, or a PostgreSQL database opened again by URL. */
async function restartable(): Promise<{ open: () => Promise<DbHandle>; drop: () => Promise<void> }> {
  if (engine !== "postgres") {
    const dir = mkdtempSync(path.join(tmpdir(), "roster-restart-"));
    dirs.push(dir);
    return {
      open: async () => {
        const handle = await openDatabase({ dir });
        await migrateToLatest(handle.db);
        return handle;
      },
      drop: async () => {},
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_restart_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    open: async () => {
      const handle = await openDatabase({ url: url.toString() });
      await migrateToLatest(handle.db);
      return handle;
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe(`undo of a first import after a restart (${engine})`, () => {
  it.each([2_000, 20_000])("puts a %i-student district back as it was", { timeout: 600_000 }, async (students) => {
    const db = await restartable();
    let handle = await db.open();
    const d = await makeDistrict(handle.db);
    const admin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: d.organization_id });
    let t = createTestApi(handle.db);
    let token = await t.login(admin.email);
    const zip = exportZip(oneRosterFiles(benchDistrict({ students, classes: students / 20, enrollments: students })));
    const staged = { rosterImportId: await stagedRoster(t, { id: d.organization_id, name: d.name }, zip, "first.zip") };
    const applied = await applyRoster(t, { id: d.organization_id, token }, staged.rosterImportId);
    expect(applied.status, await applied.clone().text()).toBe(200);
    await handle.close();

    handle = await db.open();
    try {
      t = createTestApi(handle.db);
      token = await t.login(admin.email);
      const undone = await t.call("POST", `/roster-imports/${staged.rosterImportId}/undo`, { token });
      expect(undone.status, await undone.clone().text()).toBe(200);
      const live = await handle.db
        .selectFrom("participant as p")
        .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("ou.organization_id", "=", d.organization_id)
        .where("p.deleted_at", "is", null)
        .executeTakeFirstOrThrow();
      expect(Number(live.n)).toBe(0);
    } finally {
      await handle.close();
      await db.drop();
    }
  });
});
