import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { createTestDb } from "./support/test-db";

// PostgreSQL keeps a page's statements prepared per connection (app/db/prepared-pool.ts). What a
// user would notice if it went wrong: a query that fails, or answers with stale columns.
describe.skipIf(process.env.TEST_DB_ENGINE !== "postgres")("prepared statements (postgres)", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle?.close());

  it("prepares a statement once on its connection and answers every run", async () => {
    await handle.db.connection().execute(async (db) => {
      for (const n of [1, 2, 3]) expect((await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(db)).rows[0].n).toBe(n + 1);
      const prepared = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements where statement = ${"select $1::int + 1 as n"}`.execute(db);
      expect(prepared.rows[0].n).toBe(1);
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
      expect((await sql<{ ok: boolean }>`select true as ok`.execute(db)).rows[0].ok).toBe(true);
    });
  });
});
