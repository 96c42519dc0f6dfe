import { describe, expect, it } from "vitest";
import { openFailureOf, readinessOf, type DatabaseProbe, type Readiness } from "./readiness";

const SHIPPED = ["0001_initial", "0002_ran_scoring", "0003_idempotency"];

describe("readinessOf", () => {
  it.each<[string, DatabaseProbe, Readiness]>([
    [
      "every shipped migration recorded",
      { kind: "answered", recorded: ["0003_idempotency", "0001_initial", "0002_ran_scoring"] },
      { ready: true, body: { status: "ready", database: "reachable", migrations: "current" } },
    ],
    [
      "the last one not recorded yet",
      { kind: "answered", recorded: ["0001_initial", "0002_ran_scoring"] },
      { ready: false, body: { status: "not ready", database: "reachable", migrations: "pending", pending: ["0003_idempotency"] } },
    ],
    [
      "a database never migrated",
      { kind: "answered", recorded: [] },
      { ready: false, body: { status: "not ready", database: "reachable", migrations: "pending", pending: SHIPPED } },
    ],
    [
      "a newer release migrated the database",
      { kind: "answered", recorded: [...SHIPPED, "0004_row_versions"] },
      { ready: false, body: { status: "not ready", database: "reachable", migrations: "unknown", unknown: ["0004_row_versions"] } },
    ],
    [
      "both behind and ahead",
      { kind: "answered", recorded: ["0001_initial", "0002_ran_scoring", "0009_other_branch"] },
      {
        ready: false,
        body: {
          status: "not ready",
          database: "reachable",
          migrations: "pending",
          pending: ["0003_idempotency"],
          unknown: ["0009_other_branch"],
        },
      },
    ],
    ["no connection", { kind: "unreachable" }, { ready: false, body: { status: "not ready", database: "unreachable" } }],
    ["no answer in time", { kind: "timeout" }, { ready: false, body: { status: "not ready", database: "timeout" } }],
    [
      "migrating at open failed",
      { kind: "migration-failed" },
      { ready: false, body: { status: "not ready", database: "reachable", migrations: "failed" } },
    ],
  ])("%s", (_, probe, expected) => {
    expect(readinessOf(probe, SHIPPED)).toEqual(expected);
  });
});

describe("openFailureOf", () => {
  it.each([
    // migrateToLatest's wording (app/db/connect.server.ts) around Kysely's.
    ['Migration 0018_record_access failed: error: column "x" does not exist', "migration-failed"],
    ["Migration  failed: Error: corrupted migrations: previously executed migration 0019_next is missing", "migration-failed"],
    ["Migration  failed: Error: connect ECONNREFUSED 127.0.0.1:1", "unreachable"],
    ["Migration  failed: Error: getaddrinfo ENOTFOUND db.internal", "unreachable"],
    ['Migration  failed: error: password authentication failed for user "app"', "unreachable"],
    ['DATABASE_POOL_WAIT_MS must be a whole number of milliseconds (1 or more), not "x"', "unreachable"],
  ] as const)("%s -> %s", (message, expected) => {
    expect(openFailureOf(message)).toBe(expected);
  });
});
