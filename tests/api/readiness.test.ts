import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it, inject } from "vitest";
import { getDatabase, migrateToLatest, openDatabase, type DbHandle } from "#app/db/connect.server";
import { migrations } from "#app/db/migrations";
import { inProcessApi, setApiAppForTests } from "#app/lib/api-app.server";
import { FRESH_MS, TIMEOUT_MS } from "#app/lib/readiness.server";
import { loader as healthz } from "#app/routes/healthz";
import { loader as readyz } from "#app/routes/readyz";
import { loader as api } from "#app/routes/api.$";
import { DATABASE_UNAVAILABLE } from "#app/api/app";
import { createTestApi } from "./support/test-api";
import { createTestDb, databaseUrlOf } from "./support/test-db";

// Issue 41 item 4: /healthz says the process is up; /readyz says whether a load balancer should
// send it requests: 200 when its database answers and records exactly the migrations this build
// ships, else 503 naming the check that failed. On both engines, through the route modules.

const engine = process.env.TEST_DB_ENGINE ?? "pglite";
const SHIPPED = Object.keys(migrations);
const LAST = SHIPPED.at(-1)!;
const NEWER = "9999_from_a_newer_release";
const UNREACHABLE = "postgres://postgres@127.0.0.1:1/unreachable";

const call = async (loader: () => Promise<Response> | Response) => {
  const res = await loader();
  return {
    status: res.status,
    body: (await res.json()) as unknown,
    cache: res.headers.get("cache-control"),
    cookie: res.headers.get("set-cookie"),
  };
};
const ready = () => call(readyz);
const afterFresh = () => new Promise((r) => setTimeout(r, FRESH_MS + 50));
const recordNewer = (db: DbHandle["db"]) => sql`insert into kysely_migration (name, timestamp) values (${NEWER}, now()::text)`.execute(db);

const READY = { status: "ready", database: "reachable", migrations: "current" };

const closeLater: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closeLater.reverse()) await close().catch(() => undefined);
});

// A server whose database takes the connection and never answers: /readyz still answers in time.
describe.runIf(engine === "postgres")("the process's own database, opening and never answering", () => {
  it(
    `/readyz answers 503, timeout, within ${TIMEOUT_MS / 1000} s, and again while it still has not opened`,
    { timeout: 30_000 },
    async () => {
      const silent = await silentServer();
      const saved = process.env.DATABASE_URL;
      try {
        process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${silent.port}/silent`;
        for (let round = 0; round < 2; round++) {
          const started = Date.now();
          expect(await ready()).toEqual({
            status: 503,
            body: { status: "not ready", database: "timeout" },
            cache: "no-store",
            cookie: null,
          });
          expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
        }
      } finally {
        process.env.DATABASE_URL = saved;
        if (saved === undefined) delete process.env.DATABASE_URL;
        silent.close();
        // The opening fails once the silent server is gone; the next test opens its own.
        await inProcessApi().catch(() => undefined);
      }
    },
  );
});

// First, with no test API set: the route reaches the process's own database as a page would
// (getDatabase, from DATABASE_URL or PGLITE_DIR), so a server that started without it must come
// back by itself once it is there.
describe(`the process's own database (${engine})`, () => {
  it("unreachable at start: 503 naming the database, then ready once it is there", { timeout: 60_000 }, async () => {
    const saved = { DATABASE_URL: process.env.DATABASE_URL, PGLITE_DIR: process.env.PGLITE_DIR };
    try {
      process.env.DATABASE_URL = UNREACHABLE;
      await expect(inProcessApi()).rejects.toThrow();
      const down = await ready();
      expect(down).toEqual({ status: 503, body: { status: "not ready", database: "unreachable" }, cache: "no-store", cookie: null });
      // The REST API says so in its own words, not with a 500.
      const apiDown = await api({ request: new Request("http://localhost/api/participantGroups"), params: {}, context: {} });
      expect(apiDown.status).toBe(503);
      expect(await apiDown.json()).toEqual({ message: DATABASE_UNAVAILABLE });

      // A database that a newer release has migrated: this build refuses to run on it.
      let newer: { url?: string; dir?: string };
      if (engine === "postgres") {
        const handle = await createTestDb();
        closeLater.push(() => handle.close());
        await recordNewer(handle.db);
        newer = { url: await databaseUrlOf(handle) };
      } else {
        const dir = mkdtempSync(path.join(tmpdir(), "readyz-"));
        closeLater.push(async () => rmSync(dir, { recursive: true, force: true }));
        const template = inject("pgliteTemplate");
        const handle = await openDatabase({ dir, pgliteDataDir: template ? new Blob([readFileSync(template)]) : undefined });
        await migrateToLatest(handle.db);
        await recordNewer(handle.db);
        await handle.close();
        newer = { dir };
      }
      if (newer.url) process.env.DATABASE_URL = newer.url;
      else {
        delete process.env.DATABASE_URL;
        process.env.PGLITE_DIR = newer.dir;
      }
      // Opening it may take longer than one check waits (it answers "timeout" meanwhile): asked again.
      await afterFresh();
      await expect
        .poll(ready, { timeout: 30_000, interval: FRESH_MS })
        .toMatchObject({ status: 503, body: { status: "not ready", database: "reachable", migrations: "failed" } });

      // A database this build migrates: ready, and the pages' API is back too.
      if (engine === "postgres") {
        const handle = await createTestDb();
        closeLater.push(() => handle.close());
        process.env.DATABASE_URL = await databaseUrlOf(handle);
      } else {
        delete process.env.DATABASE_URL;
        process.env.PGLITE_DIR = "memory://";
      }
      // Opening and migrating it may take longer than one check waits (TIMEOUT_MS): a balancer asks again.
      await afterFresh();
      await expect
        .poll(ready, { timeout: 30_000, interval: FRESH_MS })
        .toEqual({ status: 200, body: READY, cache: "no-store", cookie: null });
      await expect(inProcessApi()).resolves.toBeDefined();
      closeLater.push(async () => (await getDatabase()).close());
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

describe(`/healthz and /readyz (${engine})`, () => {
  it("/healthz: up, never cached, no cookie, no database", async () => {
    setApiAppForTests(...apiOn(await openDatabase({ url: UNREACHABLE })));
    expect(await call(healthz)).toEqual({ status: 200, body: { status: "up" }, cache: "no-store", cookie: null });
  });

  it(
    "ready while every shipped migration is recorded; 503 with the names once one is missing or unknown",
    { timeout: 30_000 },
    async () => {
      const handle = await createTestDb();
      closeLater.push(() => handle.close());
      setApiAppForTests(...apiOn(handle));
      expect(await ready()).toEqual({ status: 200, body: READY, cache: "no-store", cookie: null });

      await sql`delete from kysely_migration where name = ${LAST}`.execute(handle.db);
      // The answer is reused for FRESH_MS: a balancer's checks cost the database little.
      expect((await ready()).status).toBe(200);
      await afterFresh();
      expect(await ready()).toEqual({
        status: 503,
        body: { status: "not ready", database: "reachable", migrations: "pending", pending: [LAST] },
        cache: "no-store",
        cookie: null,
      });

      await sql`insert into kysely_migration (name, timestamp) values (${LAST}, now()::text)`.execute(handle.db);
      await recordNewer(handle.db);
      await afterFresh();
      expect((await ready()).body).toEqual({ status: "not ready", database: "reachable", migrations: "unknown", unknown: [NEWER] });

      await sql`delete from kysely_migration where name = ${NEWER}`.execute(handle.db);
      await afterFresh();
      expect((await ready()).status).toBe(200);
    },
  );

  it("a database nobody listens for: 503, unreachable", async () => {
    const handle = await openDatabase({ url: UNREACHABLE });
    closeLater.push(() => handle.close());
    setApiAppForTests(...apiOn(handle));
    expect(await ready()).toEqual({ status: 503, body: { status: "not ready", database: "unreachable" }, cache: "no-store", cookie: null });
  });

  it("a database that was closed: 503, unreachable", async () => {
    const handle = await createTestDb();
    setApiAppForTests(...apiOn(handle));
    await handle.close();
    expect((await ready()).body).toEqual({ status: "not ready", database: "unreachable" });
  });

  it(
    `a database that accepts the connection and never answers: 503, timeout, after ${TIMEOUT_MS / 1000} s`,
    { timeout: 30_000 },
    async () => {
      const silent = await silentServer();
      const saved = process.env.DATABASE_POOL_WAIT_MS;
      process.env.DATABASE_POOL_WAIT_MS = String(TIMEOUT_MS * 2);
      const handle = await openDatabase({ url: `postgres://postgres@127.0.0.1:${silent.port}/silent` });
      if (saved === undefined) delete process.env.DATABASE_POOL_WAIT_MS;
      else process.env.DATABASE_POOL_WAIT_MS = saved;
      closeLater.push(async () => {
        silent.close();
        await handle.close();
      });
      setApiAppForTests(...apiOn(handle));
      const started = Date.now();
      const [first, second] = await Promise.all([ready(), ready()]);
      const waited = Date.now() - started;
      for (const answer of [first, second])
        expect(answer).toMatchObject({ status: 503, body: { status: "not ready", database: "timeout" } });
      expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(TIMEOUT_MS * 2);
      // Both callers waited on one probe: the silent server saw one connection.
      expect(silent.connections()).toBe(1);
    },
  );
});

function apiOn(handle: DbHandle): Parameters<typeof setApiAppForTests> {
  const t = createTestApi(handle.db);
  return [t.api, t.deps];
}

/** A TCP server that takes connections and never says a word, as a hung database server. */
async function silentServer(): Promise<{ port: number; connections: () => number; close: () => void }> {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    port: address.port,
    connections: () => sockets.length,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
