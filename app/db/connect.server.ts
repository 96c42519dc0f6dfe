import { mkdirSync } from "node:fs";
import type { Pool } from "pg";
import { Kysely, Migrator, PostgresDialect, type KyselyConfig } from "kysely";
import { databaseOptions } from "#app/server/config.server";
import type { Database } from "./schema";
import { migrations } from "./migrations";
import { PGliteDialect } from "./pglite-dialect";
import { preparedPool } from "./prepared-pool";
import { refreshPlannerStatistics } from "./queries/planner-statistics";

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
  /** No query runs and none waits for a connection. */
  idle(): boolean;
}

// The same values come back from both engines: calendar dates as 'YYYY-MM-DD'
// (never shifted by a timezone), counts and numerics as numbers.
const DATE_OID = 1082;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const asIs = (v: string) => v;
const asNumber = (v: string) => Number(v);

const openPools = new Set<Pool>();

/**
 * How long a query waits for a free connection of the pool before it fails (DATABASE_POOL_WAIT_MS).
 * The pool's queue was unbounded: with every connection held (a slow database, long
 * transactions) requests waited for as long as it lasted. 10 s is the longest a visitor's request
 * may take in all under overload (issue 36): past it the answer is no use to anyone. Each process
 * admits at most SHED_MAX_IN_FLIGHT requests (scripts/lib/admission.mjs), so an admitted request
 * waits this long only when the database has stalled, not because of the crowd; the bound is not
 * lower so that a burst of work outside the admission (a test firing a hundred sign-ins at once, a
 * script) is not failed by it. The query fails with 503 and the busy message (isPoolWaitTimeout,
 * app/api/app.ts) having run nothing.
 */
export const DEFAULT_POOL_WAIT_MS = 10_000;

export function poolWaitMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.DATABASE_POOL_WAIT_MS?.trim();
  if (!raw) return DEFAULT_POOL_WAIT_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1)
    throw new Error(`DATABASE_POOL_WAIT_MS must be a whole number of milliseconds (1 or more), not "${raw}"`);
  return ms;
}

/** pg-pool's error for a caller that waited DATABASE_POOL_WAIT_MS without getting a connection. */
export function isPoolWaitTimeout(err: unknown): boolean {
  return err instanceof Error && err.message === "timeout exceeded when trying to connect";
}

/**
 * Closes the idle connections of every PostgreSQL pool of this process. After one connection was
 * found lost (a failover, pg_terminate_backend, a server restart), the idle ones were most likely
 * cut too, and their sockets may not have said so yet: a retry must get a new connection, not
 * one of them. Each idle client is checked out and released as broken, which closes it.
 */
export async function dropIdleConnections(): Promise<void> {
  await Promise.all(
    [...openPools].map(async (pool) => {
      const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect().catch(() => null)));
      for (const client of idle) client?.release(true);
    }),
  );
}

/**
 * `log` is Kysely's log hook; the query-count test counts through it. `pgliteDataDir` starts an
 * embedded database from a dump of another (PGlite's dumpDataDir): the API suites copy one
 * migrated database instead of running initdb for every file, which costs a second each.
 */
export async function openDatabase(
  options: { url?: string; dir?: string; log?: KyselyConfig["log"]; pgliteDataDir?: Blob } = {},
): Promise<DbHandle> {
  if (options.url) {
    const pg = await import("pg");
    const { Pool, types } = pg.default;
    const pool = new Pool({
      connectionString: options.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      connectionTimeoutMillis: poolWaitMs(),
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") => {
          if (oid === DATE_OID) return asIs;
          if (oid === INT8_OID || oid === NUMERIC_OID) return asNumber;
          return types.getTypeParser(oid, format);
        }) as typeof types.getTypeParser,
      },
    });
    // An idle connection the server closes (restart, failover, admin) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    pool.on("error", (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    // pg-pool takes its own 'error' listener off a client while it is checked out, so a backend
    // terminated mid-query would emit an unhandled 'error' and kill the process: every client
    // keeps a listener of its own for its whole life (the query in flight still fails cleanly).
    pool.on("connect", (client) => {
      client.on("error", (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    });
    // Statements stay prepared per connection (./prepared-pool.ts); a pooler that cannot keep them
    // (PgBouncer before 1.21 in transaction mode) turns this off.
    const prepared = process.env.DATABASE_PREPARED_STATEMENTS !== "off";
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: prepared ? preparedPool(pool) : pool }), log: options.log });
    openPools.add(pool);
    return {
      db,
      engine: "postgres",
      idle: () => pool.idleCount === pool.totalCount && pool.waitingCount === 0,
      close: () => {
        openPools.delete(pool);
        return db.destroy();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const dir = options.dir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, {
    loadDataDir: options.pgliteDataDir,
    parsers: { [DATE_OID]: asIs, [INT8_OID]: asNumber, [NUMERIC_OID]: asNumber },
  });
  const dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect, log: options.log });
  return {
    db,
    engine: "pglite",
    idle: () => dialect.idle,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** How long a stopping server waits for the queries under way before it exits anyway. */
export const STOP_GRACE_MS = 8_000;
const QUIET_CHECKS = 3;

/**
 * remix-serve answers SIGTERM and SIGINT by accepting no more requests and letting those under
 * way finish, then waits for the event loop to empty. The database kept it from emptying:
 * PGlite's PostgreSQL re-arms a statistics timer (setitimer, about 10 s), and the PostgreSQL
 * pool keeps idle connections open, so a server stopped by one signal never ended (a supervisor's
 * stop, a container's, Ctrl-C of `npm start`). On a stop signal the database is closed once no
 * query has run or waited for QUIET_CHECKS checks 100 ms apart; a process still alive after
 * STOP_GRACE_MS exits.
 */
export function closeDatabaseOnStop(handle: DbHandle, signals: NodeJS.Signals[] = ["SIGTERM", "SIGINT"]) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`Stopped by ${signal}: work still under way after ${STOP_GRACE_MS / 1000} s was cut off.`);
      process.exit(0);
    }, STOP_GRACE_MS).unref();
    let quiet = 0;
    const poll = setInterval(() => {
      quiet = handle.idle() ? quiet + 1 : 0;
      if (quiet < QUIET_CHECKS) return;
      clearInterval(poll);
      handle.close().catch((err: unknown) => console.error(`Closing the database: ${err instanceof Error ? err.message : String(err)}`));
    }, 100);
  };
  for (const signal of signals) process.once(signal, () => stop(signal));
}

let shared: Promise<DbHandle> | undefined;

/** How long the process's database may take to open before the log says which step it waits on. */
export const SLOW_OPEN_MS = 10_000;
let stage = "not started";

/** Where opening the process's database has got to, for /readyz's log line while it has not finished. */
export function openingStage(): string {
  return stage;
}

/** The process-wide database, opened and migrated once on first use, and closed when the process is asked to stop. */
export function getDatabase(): Promise<DbHandle> {
  shared ??= (async () => {
    const started = Date.now();
    // A server whose database never opens answers nothing but "not ready": its log names the step.
    const slow = setInterval(
      () => console.warn(`[database] still ${stage} after ${Math.round((Date.now() - started) / 1000)} s`),
      SLOW_OPEN_MS,
    );
    slow.unref();
    try {
      stage = "connecting";
      const handle = await openDatabase(databaseOptions());
      stage = "migrating";
      await migrateToLatest(handle.db);
      // No autovacuum in the embedded database: the planner's statistics are gathered at each start.
      if (handle.engine === "pglite") {
        stage = "gathering the planner's statistics";
        await refreshPlannerStatistics(handle.db);
      }
      stage = "open";
      closeDatabaseOnStop(handle);
      return handle;
    } finally {
      clearInterval(slow);
    }
  })().catch((err) => {
    stage = "not started";
    shared = undefined;
    throw err;
  });
  return shared;
}
