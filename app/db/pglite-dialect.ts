import { parse, protocol, type PGlite, type Results } from "@electric-sql/pglite";
import { itemAt } from "#app/domain/presence";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { isStalePlan, preparedName, renamePrepared } from "./prepared-pool";
import { readResults } from "./pglite-results";
import { currentRequestScope, keepRequestScopes, RequestAbandoned } from "./request-scope";

/**
 * PGlite runs in this thread and settles its promises without any I/O, so a run of queries (an
 * import, a seed, a long test file) is one unbroken chain of microtasks: no timer fires, no
 * socket is read, no request is accepted until it ends. Vitest's worker, whose 60 s RPC time-out
 * fires before it reads the reply that came meanwhile, failed a green run on a busy machine that
 * way. A query therefore first lets the event loop turn when it has not for YIELD_AFTER_MS.
 */
export const YIELD_AFTER_MS = 20;
let lastTurn = performance.now();

async function letEventLoopTurn() {
  if (performance.now() - lastTurn < YIELD_AFTER_MS) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  lastTurn = performance.now();
}

const { serialize } = protocol;

/** Protocol messages sent as one buffer: PGlite answers them in one call into PostgreSQL. */
function batch(...messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    out.set(m, at);
    at += m.length;
  }
  return out;
}

/** A statement PGlite neither parsed nor refused: never run, so never a silent no-op. */
export class PGliteCannotParse extends Error {
  constructor(text: string) {
    super(`PGlite could not parse a statement of ${text.length} characters: ${text.slice(0, 120)}…`);
  }
}

// PGlite is one in-process connection, so the driver hands it out to one
// caller at a time: a transaction must never interleave with other queries.
class PGliteConnection implements DatabaseConnection {
  /** Set by the driver between `begin` and `commit`/`rollback`. */
  inTransaction = false;
  /** The parameter types PostgreSQL gave each prepared statement, by name. */
  private readonly paramTypes = new Map<string, number[]>();
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await letEventLoopTurn();
    // Migrations send several statements at once, which only the simple protocol accepts.
    if (query.query.kind === "RawNode" && query.parameters.length === 0) {
      const results = await this.pg.exec(query.sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[] };
    }
    const res = await this.run(query.sql, [...query.parameters]);
    const kind = query.query.kind;
    const isWrite = kind === "InsertQueryNode" || kind === "UpdateQueryNode" || kind === "DeleteQueryNode" || kind === "MergeQueryNode";
    return {
      rows: res.rows as R[],
      ...(isWrite && res.affectedRows !== undefined ? { numAffectedRows: BigInt(res.affectedRows) } : {}),
    };
  }

  /**
   * Statements stay prepared, as on PostgreSQL (./prepared-pool.ts, same names and bounds).
   * PGlite's query() parses, plans and describes every statement again, in four calls into
   * PostgreSQL: the session look-up every page makes took 5.2 ms that way against 1.2 ms prepared
   * (20k district, busy machine); on one connection that time is every waiting page's.
   */
  private async run(sql: string, params: unknown[]): Promise<Results> {
    const name = preparedName(this, sql);
    if (name === undefined) return this.pg.query(sql, params);
    const inTransaction = this.inTransaction;
    try {
      return await this.runPrepared(name, sql, params);
    } catch (e) {
      if (!isStalePlan(e)) throw e;
      const fresh = renamePrepared(this, sql);
      // Inside a transaction the error has aborted it: the caller's retry, not this one.
      if (inTransaction) throw e;
      return this.runPrepared(fresh, sql, params);
    }
  }

  private async runPrepared(name: string, text: string, params: unknown[]): Promise<Results> {
    let types = this.paramTypes.get(name);
    if (!types) {
      const parsed = await this.pg.execProtocol(batch(serialize.parse({ name, text, types: [] }), serialize.sync()), { syncToFs: false });
      // PGlite answers the Parse of some statements with neither ParseComplete nor an error (a
      // list of a few hundred row constructors, `(a, b) in ((…), …)`; run unnamed, the same text
      // changes nothing). Sent with the Describe, that showed only as 'prepared statement "k132"
      // does not exist' (issue 35 item 4); alone, it is said for what it is.
      if (!parsed.messages.some((m) => m.name === "parseComplete")) throw new PGliteCannotParse(text);
      const described = await this.pg.execProtocol(batch(serialize.describe({ type: "S", name }), serialize.sync()), { syncToFs: false });
      types = parse.parseDescribeStatementResults(described.messages);
      this.paramTypes.set(name, types);
    }
    // Values as PGlite's query() serialises them, by the type PostgreSQL expects.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[itemAt(types, i, "the type of each parameter")];
      return serializer ? serializer(value) : String(value);
    });
    // The answer's bytes, read by ./pglite-results.ts (PGlite's parser costs about 1 µs a value).
    // The chunks are views into PGlite's memory, copied before the next one overwrites them.
    const chunks: Uint8Array[] = [];
    await this.pg.execProtocolRawStream(
      batch(serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()),
      { syncToFs: true, onRawData: (data) => chunks.push(data.slice()) },
    );
    const [only, ...more] = chunks;
    return readResults(only && more.length === 0 ? only : batch(...chunks), this.pg.parsers);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported on PGlite");
  }
}

type Waiter = { rank: number; seq: number; resolve: () => void };

/**
 * One connection, lent to one caller at a time. Waiting callers are served oldest request first
 * (the time their visitor's request began, app/db/request-scope.ts; work outside a request ranks
 * by when it asked), not query by query in arrival order: under load a page's tenth query no
 * longer queues behind the first query of every page that arrived after it, so pages finish one
 * after another instead of all late together. A caller whose visitor has gone is not served: its
 * queries would only delay everyone still waiting. See docs/decisions/0018-pglite-under-load.md.
 */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private busy = false;
  private seq = 0;
  /** Sorted by (rank, seq): the head is served next. */
  private readonly waiting: Waiter[] = [];

  constructor(pg: PGlite) {
    this.connection = new PGliteConnection(pg);
    keepRequestScopes();
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = currentRequestScope();
    if (scope?.signal?.aborted) throw new RequestAbandoned();
    if (this.busy) {
      const seq = this.seq++;
      const rank = scope?.startedAt ?? performance.now();
      await new Promise<void>((resolve) => {
        const waiter = { rank, seq, resolve };
        const after = (w: { rank: number; seq: number } | undefined) =>
          w !== undefined && (w.rank > rank || (w.rank === rank && w.seq > seq));
        let i = this.waiting.length;
        while (i > 0 && after(this.waiting[i - 1])) i--;
        this.waiting.splice(i, 0, waiter);
      });
      // Handed over by releaseConnection: the connection is ours (busy stayed true).
      if (scope?.signal?.aborted) {
        this.handOver();
        throw new RequestAbandoned();
      }
    } else {
      this.busy = true;
    }
    return this.connection;
  }

  /** Gives the connection to the next waiter, or marks it free. */
  private handOver() {
    const next = this.waiting.shift();
    if (next) next.resolve();
    else this.busy = false;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const iso = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    await conn.executeQuery(CompiledQuery.raw(`begin${iso}`));
    this.connection.inTransaction = true;
  }

  async commitTransaction(conn: DatabaseConnection) {
    this.connection.inTransaction = false;
    await conn.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(conn: DatabaseConnection) {
    this.connection.inTransaction = false;
    await conn.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection() {
    this.handOver();
  }

  async destroy() {}

  /** No query runs and none waits. */
  get idle() {
    return !this.busy && this.waiting.length === 0;
  }
}

export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | undefined;
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return (this.driver = new PGliteDriver(this.pg));
  }
  /** No query runs and none waits (a stopping server closes the database then). */
  get idle() {
    return this.driver?.idle ?? true;
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // Kysely's Dialect interface declares the introspector over an untyped database.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
