import type { PGlite } from "@electric-sql/pglite";
import { CompiledQuery, type Driver } from "kysely";
import { describe, expect, it } from "vitest";
import { PGliteCannotParse, PGliteDialect, YIELD_AFTER_MS } from "./pglite-dialect";
import { inRequestScope, outsideRequestScope, RequestAbandoned } from "./request-scope";

// The embedded database's one connection under load (issue 15, docs/decisions/0018-pglite-under-load.md):
// waiting callers are served oldest visitor request first, and a gone visitor's turn is skipped.
// The driver lends the connection without touching PGlite, so none is started here.

const driver = (): Driver => new PGliteDialect({} as PGlite).createDriver();
const visitor = (signal?: AbortSignal) => {
  const request = new Request("http://localhost/", signal ? { signal } : {});
  inRequestScope(request, () => undefined); // the request's start is noted at first sight
  return request;
};

describe("PGlite driver: who gets the connection next", () => {
  it("serves the request that began first, not the query that asked first", async () => {
    const d = driver();
    const held = await d.acquireConnection();
    const older = visitor();
    const newer = visitor();
    const order: string[] = [];
    const b = inRequestScope(newer, () => d.acquireConnection()).then(() => order.push("newer"));
    const a = inRequestScope(older, () => d.acquireConnection()).then(() => order.push("older"));
    const c = d.acquireConnection().then(() => order.push("outside a request"));
    await d.releaseConnection(held);
    await a;
    expect(order).toEqual(["older"]);
    await d.releaseConnection(held);
    await b;
    await d.releaseConnection(held);
    await c;
    expect(order).toEqual(["older", "newer", "outside a request"]);
  });

  it("keeps arrival order among the queries of one request", async () => {
    const d = driver();
    const held = await d.acquireConnection();
    const one = visitor();
    const order: number[] = [];
    const waits = [1, 2, 3].map((n) => inRequestScope(one, () => d.acquireConnection()).then(() => order.push(n)));
    for (const w of waits) {
      await d.releaseConnection(held);
      await w;
    }
    expect(order).toEqual([1, 2, 3]);
  });

  it("skips a request whose visitor has gone, and hands the connection on", async () => {
    const d = driver();
    const held = await d.acquireConnection();
    const leaving = new AbortController();
    const gone = visitor(leaving.signal);
    const staying = visitor();
    const refused = inRequestScope(gone, () => d.acquireConnection());
    const served = inRequestScope(staying, () => d.acquireConnection());
    leaving.abort();
    await d.releaseConnection(held);
    await expect(refused).rejects.toBeInstanceOf(RequestAbandoned);
    await expect(served).resolves.toBe(held);
    // Already gone before asking: refused at once, the connection untouched.
    await expect(inRequestScope(gone, () => d.acquireConnection())).rejects.toBeInstanceOf(RequestAbandoned);
    await d.releaseConnection(held);
    await expect(d.acquireConnection()).resolves.toBe(held);
  });

  it("serves work shared out of a request (a report count) even once that visitor has gone, after the requests begun before it asked", async () => {
    const d = driver();
    const held = await d.acquireConnection();
    const leaving = new AbortController();
    const starter = visitor(leaving.signal);
    const other = visitor();
    const order: string[] = [];
    // Asked from the starter's request, but as shared work: ranked by when it asks, not as the starter.
    const shared = inRequestScope(starter, () => outsideRequestScope(() => d.acquireConnection())).then(() => order.push("shared"));
    const page = inRequestScope(other, () => d.acquireConnection()).then(() => order.push("page"));
    leaving.abort();
    await d.releaseConnection(held);
    await page;
    await d.releaseConnection(held);
    await shared;
    expect(order).toEqual(["page", "shared"]);
  });
});

describe("PGlite driver: a long run of queries", () => {
  it("lets timers and I/O run while it lasts", async () => {
    // A stand-in that answers at once, as PGlite does: without I/O, by settling a promise.
    const pg = { exec: async () => [{ rows: [] }] } as unknown as PGlite;
    const d: Driver = new PGliteDialect(pg).createDriver();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const started = performance.now();
    while (performance.now() - started < 10 * YIELD_AFTER_MS) {
      const conn = await d.acquireConnection();
      await conn.executeQuery(CompiledQuery.raw("select 1"));
      await d.releaseConnection(conn);
    }
    clearInterval(timer);
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});

describe("PGlite driver: a statement PGlite will not prepare", () => {
  it(
    "fails saying so, not as 'prepared statement … does not exist', and never as a silent no-op (issue 35 item 4)",
    { timeout: 60_000 },
    async () => {
      const { PGlite } = await import("@electric-sql/pglite");
      const { Kysely, sql } = await import("kysely");
      const pg = await PGlite.create();
      const db = new Kysely<Record<string, never>>({ dialect: new PGliteDialect(pg) });
      try {
        await sql`create table pair (g int, m int)`.execute(db);
        await sql`insert into pair select i, i from generate_series(1, 400) i`.execute(db);
        const left = async () => (await sql<{ n: number }>`select count(*)::int as n from pair`.execute(db)).rows[0]?.n;
        // PGlite answers the Parse of a 300-row list of row constructors with neither ParseComplete nor an error.
        const rows = Array.from({ length: 300 }, (_, i) => sql`(${i + 1}::int, ${i + 1}::int)`);
        await expect(sql`delete from pair where (g, m) in (${sql.join(rows)})`.execute(db)).rejects.toThrow(PGliteCannotParse);
        expect(await left()).toBe(400);
        // The same pairs as two arrays, as the roster import deletes them, run.
        const ids = Array.from({ length: 300 }, (_, i) => i + 1);
        await sql`delete from pair where (g, m) in (select * from unnest(${ids}::int[], ${ids}::int[]))`.execute(db);
        expect(await left()).toBe(100);
      } finally {
        await db.destroy();
        await pg.close();
      }
    },
  );
});
