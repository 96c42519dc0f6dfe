import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { createTestDb } from "./support/test-db";

// Both engines keep a page's statements prepared per connection (app/db/prepared-pool.ts,
// app/db/pglite-dialect.ts). What a user would notice if it went wrong: a query that fails, or
// answers with stale columns or wrongly typed values.
describe(`prepared statements (${process.env.TEST_DB_ENGINE})`, () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  it("prepares a statement once on its connection and answers every run", async () => {
    await handle.db.connection().execute(async (db) => {
      for (const n of [1, 2, 3]) expect((await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(db)).rows[0]?.n).toBe(n + 1);
      const prepared = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where statement = ${"select $1::int + 1 as n"}`.execute(db);
      expect(prepared.rows[0]?.n).toBe(1);
    });
  });

  it("answers with a table's new columns after a migration changed it under a prepared select *", async () => {
    await handle.db.connection().execute(async (db) => {
      await sql`create table shape_change (a int)`.execute(db);
      await sql`insert into shape_change values (1)`.execute(db);
      const read = () => sql<Record<string, number>>`select * from shape_change`.execute(db);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`alter table shape_change add column b int not null default 2`.execute(db);
      expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
      expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
      await sql`drop table shape_change`.execute(db);
    });
  });

  it("fails a bad statement cleanly, every time, and the connection goes on", async () => {
    await handle.db.connection().execute(async (db) => {
      for (let i = 0; i < 2; i++) await expect(sql`select no_such_column from app_user`.execute(db)).rejects.toThrow(/no_such_column/);
      expect((await sql<{ ok: boolean }>`select true as ok`.execute(db)).rows[0]?.ok).toBe(true);
    });
  });

  it("sends every kind of value a page sends and reads it back as it went in", async () => {
    await handle.db.connection().execute(async (db) => {
      const ids = ["6b8f1f43-5f0e-4c1e-9a51-1d0c1f6f1a01", "6b8f1f43-5f0e-4c1e-9a51-1d0c1f6f1a02"];
      const when = new Date("2026-11-26T10:30:00.000Z");
      for (let i = 0; i < 7; i++) {
        // Seven runs: PostgreSQL may switch a prepared statement to its generic plan after five.
        const row = (
          await sql<{
            ids: string[];
            n: number;
            at: Date;
            day: string;
            flag: boolean;
            none: string | null;
            doc: { a: number[] };
          }>`select ${ids}::uuid[] as ids, ${i}::int as n, ${when}::timestamptz as at, ${"2026-11-26"}::date as day,
            ${i % 2 === 0}::boolean as flag, ${null}::text as none, ${JSON.stringify({ a: [i] })}::jsonb as doc`.execute(db)
        ).rows[0];
        expect(row).toEqual({ ids, n: i, at: when, day: "2026-11-26", flag: i % 2 === 0, none: null, doc: { a: [i] } });
      }
    });
  });

  it("keeps a transaction's writes only when it commits", async () => {
    await sql`create table prepared_tx (a int)`.execute(handle.db);
    const insert = (db: typeof handle.db, a: number) => sql`insert into prepared_tx (a) values (${a})`.execute(db);
    await handle.db.transaction().execute((tx) => insert(tx, 1));
    await expect(
      handle.db.transaction().execute(async (tx) => {
        await insert(tx, 2);
        throw new Error("cancelled");
      }),
    ).rejects.toThrow("cancelled");
    // A failed statement inside a transaction aborts it; the connection serves the next one.
    await expect(
      handle.db.transaction().execute(async (tx) => {
        await insert(tx, 3);
        await sql`select no_such_column from prepared_tx`.execute(tx);
      }),
    ).rejects.toThrow(/no_such_column/);
    await handle.db.transaction().execute((tx) => insert(tx, 4));
    const rows = await sql<{ a: number }>`select a from prepared_tx order by a`.execute(handle.db);
    expect(rows.rows.map((r) => r.a)).toEqual([1, 4]);
    await sql`drop table prepared_tx`.execute(handle.db);
  });
});
