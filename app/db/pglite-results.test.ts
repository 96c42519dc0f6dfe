import { messages, PGlite } from "@electric-sql/pglite";
import { CompiledQuery, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteDialect } from "./pglite-dialect";

// The driver reads a prepared statement's answer itself (./pglite-results.ts). It must give what
// PGlite's own query() gives, value for value, and PGlite's own errors. (Statements with
// parameters: the driver sends one without any through exec(), as a migration.)

let pg: PGlite;
let db: Kysely<{ t: { id: number; name: string; ok: boolean | null } }>;
const parsers = { 1082: (v: string) => v, 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

beforeAll(async () => {
  pg = await PGlite.create({ parsers });
  db = new Kysely({ dialect: new PGliteDialect(pg) });
  await pg.exec(`create table t (id int primary key, name text not null unique, born date, seen timestamptz, ok boolean, big bigint,
    amount numeric, tags text[], doc json, bin bytea, u uuid)`);
  await pg.exec(`insert into t values
    (1, 'Ada', '2019-05-04', '2026-11-27 08:00:00+00', true, 9007199254740993, 12.50, '{a,"b c",null}', '{"k":[1,"x"]}', '\\x00ff', 'a3bb189e-8bf9-3888-9912-ace4e6543002'),
    (2, 'Zoë', null, null, null, null, null, null, null, null, null)`);
}, 60_000);
afterAll(async () => {
  await db.destroy();
});

const run = async (sql: string, params: unknown[] = []) => {
  const mine = await db.executeQuery(CompiledQuery.raw(sql, params));
  const theirs = await pg.query(sql, params);
  return { mine, theirs };
};

describe("PGlite driver: reading an answer", () => {
  it.each([
    ["rows of every type the app reads, nulls, and text beyond ASCII", "select * from t where id > $1 order by id", [0]],
    ["a parameter and an expression", "select id, name || $1 as greeting, id * 2 as twice from t where id >= $2 order by id", [" ✓", 1]],
    ["no rows", "select id, name from t where id < $1", [0]],
    ["two columns of one name: the last wins, as in PGlite", "select 1 as x, $1::int as x", [2]],
    [
      "an aggregate over the table",
      "select count(*)::int as n, sum(big) as total, json_agg(name order by id) as names from t where id > $1",
      [0],
    ],
  ])("%s", async (_, sql, params) => {
    const { mine, theirs } = await run(sql as string, params as unknown[]);
    expect(mine.rows).toEqual(theirs.rows);
  });

  it("counts the rows a write changed", async () => {
    const r = await db.updateTable("t").set({ name: "Zoë" }).where("id", "=", 2).executeTakeFirst();
    expect(r.numUpdatedRows).toBe(1n);
    const none = await db.deleteFrom("t").where("id", "<", 0).executeTakeFirst();
    expect(none.numDeletedRows).toBe(0n);
  });

  it("throws PGlite's own error, with its code and detail, and the connection goes on", async () => {
    const insert = "insert into t (id, name) values ($1, $2)";
    const err = await db.executeQuery(CompiledQuery.raw(insert, [3, "Zoë"])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(messages.DatabaseError);
    expect(err).toMatchObject({ code: "23505", constraint: "t_name_key", detail: "Key (name)=(Zoë) already exists." });
    const theirs = await pg.query(insert, [3, "Zoë"]).catch((e: unknown) => e);
    // query() adds the statement and its values to the error; the driver never did.
    const { query: _q, params: _p, queryOptions: _o, ...fields } = theirs as Record<string, unknown>;
    expect({ ...(err as object), message: (err as Error).message }).toEqual({ ...fields, message: (theirs as Error).message });
    const { mine } = await run("select name from t where id = $1", [2]);
    expect(mine.rows).toEqual([{ name: "Zoë" }]);
  });

  it("reads an answer of many chunks (a large result)", async () => {
    const { mine, theirs } = await run("select g as n, repeat('é', g % 300) as s from generate_series(1, $1::int) g", [5000]);
    expect(mine.rows).toHaveLength(5000);
    expect(mine.rows).toEqual(theirs.rows);
  });
});
