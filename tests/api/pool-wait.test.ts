import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_BUSY } from "#app/api/app";
import { DEFAULT_POOL_WAIT_MS, poolWaitMs, type DbHandle } from "#app/db/connect.server";
import { makeWorld } from "./support/fixtures";
import { createTestApi, type TestApi } from "./support/test-api";
import { createTestDb } from "./support/test-db";

// Issue 36 §2, overload: the PostgreSQL pool's queue is bounded in time as well. With every
// connection held past DATABASE_POOL_WAIT_MS, a request fails at once with 503 and the busy
// message, having run nothing, instead of waiting for as long as the database is stuck. Here
// the pool has one connection, held by an open transaction, and a 300 ms bound.

const postgres = process.env.TEST_DB_ENGINE === "postgres";

describe("DATABASE_POOL_WAIT_MS", () => {
  it.each([
    [undefined, DEFAULT_POOL_WAIT_MS],
    ["", DEFAULT_POOL_WAIT_MS],
    [" 250 ", 250],
  ])("%j → %i ms", (raw, ms) => {
    expect(poolWaitMs({ DATABASE_POOL_WAIT_MS: raw })).toBe(ms);
  });
  it.each(["0", "-5", "1.5", "soon"])("refuses %j", (raw) => {
    expect(() => poolWaitMs({ DATABASE_POOL_WAIT_MS: raw })).toThrow(/DATABASE_POOL_WAIT_MS must be a whole number/);
  });
});

describe.runIf(postgres)("a request that finds no free connection in time", () => {
  let handle: DbHandle;
  let t: TestApi;
  let w: Awaited<ReturnType<typeof makeWorld>>;
  const saved = { size: process.env.DATABASE_POOL_SIZE, wait: process.env.DATABASE_POOL_WAIT_MS };

  beforeAll(async () => {
    process.env.DATABASE_POOL_SIZE = "1";
    process.env.DATABASE_POOL_WAIT_MS = "300";
    handle = await createTestDb();
    w = await makeWorld(handle.db);
    t = createTestApi(handle.db);
  });
  afterAll(async () => {
    process.env.DATABASE_POOL_SIZE = saved.size;
    process.env.DATABASE_POOL_WAIT_MS = saved.wait;
    if (saved.size === undefined) delete process.env.DATABASE_POOL_SIZE;
    if (saved.wait === undefined) delete process.env.DATABASE_POOL_WAIT_MS;
    await handle?.close();
  });

  it("answers 503 with the busy message while the only connection is held, and serves once it is free", async () => {
    const token = await t.login(w.teacher.email);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let began!: () => void;
    const inside = new Promise<void>((r) => (began = r));
    const holder = handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom("organization").select("organization_id").limit(1).execute();
      began();
      await held;
    });
    await inside;
    const started = performance.now();
    const res = await t.call("GET", "/dashboard/current-user", { token });
    const waited = performance.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: SERVER_BUSY });
    expect(res.headers.get("retry-after")).toBeNull();
    // It gave up at the bound (plus this machine's noise), not after some other time-out.
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(5_000);
    release();
    await holder;
    expect((await t.call("GET", "/dashboard/current-user", { token })).status).toBe(200);
  });
});
