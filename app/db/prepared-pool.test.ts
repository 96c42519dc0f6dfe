import { describe, expect, it } from "vitest";
import { MAX_PREPARED, preparedName, renamePrepared } from "./prepared-pool";

describe("preparedName", () => {
  it.each([
    ["select 1", true],
    ["  WITH x as (select 1) select * from x", true],
    ["insert into t values ($1)", true],
    ["update t set a = $1", true],
    ["delete from t", true],
    ["create table t (a int)", false],
    ["alter table t add column b int", false],
    ["begin", false],
    ["set local statement_timeout = 1000", false],
  ])("%s: prepared %s", (sql, prepared) => {
    expect(preparedName({}, sql) !== undefined).toBe(prepared);
  });

  it("gives one text one name on a connection, and another connection its own", () => {
    const a = {};
    const b = {};
    const name = preparedName(a, "select $1::int");
    expect(preparedName(a, "select $1::int")).toBe(name);
    expect(preparedName(a, "select $1::text")).not.toBe(name);
    expect(preparedName(b, "select $1::int")).toBeDefined();
  });

  it(`prepares at most ${MAX_PREPARED} texts a connection; the rest run unnamed, the first stay prepared`, () => {
    const client = {};
    const first = preparedName(client, "select 0");
    for (let i = 1; i < MAX_PREPARED; i++) expect(preparedName(client, `select ${i}`)).toBeDefined();
    expect(preparedName(client, `select ${MAX_PREPARED}`)).toBeUndefined();
    expect(preparedName(client, "select 0")).toBe(first);
  });

  it("renames a refused statement: the next run prepares it again", () => {
    const client = {};
    const old = preparedName(client, "select * from t");
    const fresh = renamePrepared(client, "select * from t");
    expect(fresh).not.toBe(old);
    expect(preparedName(client, "select * from t")).toBe(fresh);
  });
});
