// What /readyz answers a load balancer (README, "More than one core, more than one machine"): a
// server is ready when its database answers and the migrations recorded there are exactly the ones
// this build ships. Anything else is 503 with the failed check named, so whoever reads the answer
// knows what to fix without the server's log.

/** What the probe of the database found (app/lib/readiness.server.ts). */
export type DatabaseProbe =
  /** The database answered; `recorded` are the migration names it holds. */
  | { kind: "answered"; recorded: readonly string[] }
  /** No connection, or the query failed. */
  | { kind: "unreachable" }
  /** No answer within the probe's time bound. */
  | { kind: "timeout" }
  /** The process could not open its database because migrating it failed (a migration broke, or the database holds one this build does not ship). */
  | { kind: "migration-failed" };

export type ReadinessBody =
  | { status: "ready"; database: "reachable"; migrations: "current" }
  | { status: "not ready"; database: "unreachable" | "timeout" }
  | { status: "not ready"; database: "reachable"; migrations: "failed" }
  | { status: "not ready"; database: "reachable"; migrations: "pending" | "unknown"; pending?: string[]; unknown?: string[] };

export interface Readiness {
  ready: boolean;
  body: ReadinessBody;
}

/**
 * Ready, or which check failed. Migrations are compared as sets of names: `pending` are shipped
 * and not recorded (the database is behind this build), `unknown` recorded and not shipped (a
 * newer release migrated it: this build does not know the schema it would run on).
 */
export function readinessOf(probe: DatabaseProbe, shipped: readonly string[]): Readiness {
  if (probe.kind === "unreachable" || probe.kind === "timeout")
    return { ready: false, body: { status: "not ready", database: probe.kind } };
  if (probe.kind === "migration-failed")
    return { ready: false, body: { status: "not ready", database: "reachable", migrations: "failed" } };
  const recorded = new Set(probe.recorded);
  const known = new Set(shipped);
  const pending = shipped.filter((name) => !recorded.has(name)).sort();
  const unknown = [...recorded].filter((name) => !known.has(name)).sort();
  if (pending.length === 0 && unknown.length === 0)
    return { ready: true, body: { status: "ready", database: "reachable", migrations: "current" } };
  return {
    ready: false,
    body: {
      status: "not ready",
      database: "reachable",
      migrations: pending.length > 0 ? "pending" : "unknown",
      ...(pending.length > 0 ? { pending } : {}),
      ...(unknown.length > 0 ? { unknown } : {}),
    },
  };
}

/**
 * Why the process's database did not open, from the error opening it threw (migrateToLatest in
 * app/db/connect.server.ts): a named migration that failed, or Kysely refusing to migrate a
 * database that holds migrations this build lacks, is a migration failure on a database that
 * answered; anything else (a refused connection, an unknown host, a failed login) is unreachable.
 */
export function openFailureOf(message: string): "migration-failed" | "unreachable" {
  return /^Migration \S+ failed|corrupted migrations/.test(message) ? "migration-failed" : "unreachable";
}
