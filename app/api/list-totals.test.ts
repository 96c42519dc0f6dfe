import { describe, expect, it } from "vitest";
import type { Db } from "#app/db/connect.server";
import { DATA_CHANGED, markDataChanged, onClusterMessage } from "./data-changes";
import { LIST_TOTAL_MS, listTotals } from "./list-totals";

// A database object is only a key here: a fresh one per test keeps their totals apart.
const newDb = () => ({}) as Db;
const T0 = 1_000_000;

describe("listTotals", () => {
  it("answers a kept total for LIST_TOTAL_MS, then counts again", () => {
    const db = newDb();
    listTotals(db, T0).set("users", 4201);
    expect(listTotals(db, T0 + LIST_TOTAL_MS).get("users")).toBe(4201);
    expect(listTotals(db, T0 + LIST_TOTAL_MS + 1).get("users")).toBeUndefined();
    expect(listTotals(db, T0).get("schools")).toBeUndefined();
  });

  it("drops every total of a database changed through the API, and only of that one", () => {
    const [db, other] = [newDb(), newDb()];
    listTotals(db, T0).set("users", 10);
    listTotals(other, T0).set("users", 20);
    markDataChanged(db);
    expect(listTotals(db, T0).get("users")).toBeUndefined();
    expect(listTotals(other, T0).get("users")).toBe(20);
  });

  it("drops every total when another worker says its data changed", () => {
    const db = newDb();
    listTotals(db, T0).set("users", 10);
    onClusterMessage({ type: "something else" });
    onClusterMessage(null);
    expect(listTotals(db, T0).get("users")).toBe(10);
    onClusterMessage({ type: DATA_CHANGED });
    expect(listTotals(db, T0).get("users")).toBeUndefined();
  });

  it("never keeps a total counted across a change, nor lets it replace a newer one", () => {
    const db = newDb();
    const slow = listTotals(db, T0); // its count started before the change
    markDataChanged(db);
    const fresh = listTotals(db, T0);
    fresh.set("users", 11);
    slow.set("users", 10);
    expect(listTotals(db, T0).get("users")).toBe(11);
    const late = listTotals(db, T0);
    markDataChanged(db);
    late.set("schools", 3);
    expect(listTotals(db, T0).get("schools")).toBeUndefined();
  });
});
