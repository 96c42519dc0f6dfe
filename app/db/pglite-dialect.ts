import type { PGlite } from "@electric-sql/pglite";
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

// PGlite is one in-process connection, so the driver hands it out to one
// caller at a time: a transaction must never interleave with other queries.
class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Migrations send several statements at once, which only the simple protocol accepts.
    if (query.query.kind === "RawNode" && query.parameters.length === 0) {
      const results = await this.pg.exec(query.sql);
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[] };
    }
    const res = await this.pg.query<R>(query.sql, [...query.parameters]);
    const kind = query.query.kind;
    const isWrite = kind === "InsertQueryNode" || kind === "UpdateQueryNode" || kind === "DeleteQueryNode" || kind === "MergeQueryNode";
    return {
      rows: res.rows,
      ...(isWrite && res.affectedRows !== undefined ? { numAffectedRows: BigInt(res.affectedRows) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported on PGlite");
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.releases.push(release);
    return this.connection;
  }

  private releases: Array<() => void> = [];

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const iso = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : "";
    await conn.executeQuery(CompiledQuery.raw(`begin${iso}`));
  }

  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection() {
    this.releases.shift()?.();
  }

  async destroy() {}
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteDriver(this.pg);
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
