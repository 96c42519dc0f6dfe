import type { Context } from "hono";
import type { Db } from "#app/db/connect.server";
import { outsideRequestScope } from "#app/db/request-scope";
import { insertRecordAccessRows, pruneRecordAccess, type NewRecordAccess } from "#app/db/queries/record-access";
import {
  keptUserAgent,
  parseRetention,
  PRUNE_INTERVAL_MS,
  pruneDue,
  retentionCutoff,
  RETENTION_SETTING,
  type AccessScopeKind,
  type RecordAccessKind,
  type Retention,
} from "#app/domain/record-access";
import { requestClientAddress } from "#app/server/client-address.server";
import { requestLogOn } from "#app/server/request-log.server";
import type { ApiDeps, ApiEnv } from "./env";

// Who looked at a child's record (issue 41 item 2). Every handler that answers a student's
// profile, family report(s), RAN recording, or a CSV or export with student rows calls
// `recordAccess` once, after its scope check passed and before it answers. The row is not written
// in the request: it joins this process's queue, and the queue is written in one multi-row insert
// every FLUSH_MS or as soon as BATCH_ROWS are waiting, so a page view pays no database round trip
// for its log row. What that costs, and what can be lost, is in docs/features/record-access.md.

/** How long a row waits in memory at most before it is written (the loss window of a crash). */
export const FLUSH_MS = 1_000;
/** This many waiting rows are written at once, without waiting for the timer. */
export const BATCH_ROWS = 200;
/** After a failed write, the rows are tried again this much later (the database is away or busy). */
export const RETRY_MS = 5_000;
/**
 * Rows kept while the database refuses them. Past this the oldest are dropped and counted in the
 * log: memory must stay bounded while the database is away, and the requests themselves never fail
 * for their log row.
 */
export const MAX_QUEUED = 20_000;

export type FlushOutcome = { written: number; failed: boolean; pruned: number | null };

export class RecordAccessWriter {
  private queue: NewRecordAccess[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<FlushOutcome> = Promise.resolve({ written: 0, failed: false, pruned: null });
  private lastPrunedAt: number | null = null;
  private stopping = false;
  /** Rows dropped since start: the queue was full, or the last write on stopping failed. */
  lost = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    readonly retention: Retention,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  add(row: NewRecordAccess): void {
    this.queue.push(row);
    if (this.queue.length > MAX_QUEUED) this.drop(this.queue.length - MAX_QUEUED, "the queue is full");
    // Once the server is stopping nothing waits: the database closes as soon as it is idle.
    if (this.stopping || this.queue.length >= BATCH_ROWS) void this.flush();
    else this.schedule(FLUSH_MS);
  }

  /**
   * Writes every waiting row, then prunes when due. One flush at a time: a flush asked for while
   * another runs starts after it, so `await flush()` returns once every row added before the call
   * has been written (or has failed). Never rejects.
   */
  flush(): Promise<FlushOutcome> {
    // The rows are everyone's, not the request's that happened to add the last one: outside its
    // scope, the embedded database does not skip the write once that visitor has gone.
    this.chain = this.chain.then(() => outsideRequestScope(() => this.flushOnce()));
    return this.chain;
  }

  /** The server is stopping: write what waits now, and from here on each row as it comes. */
  stop(): Promise<FlushOutcome> {
    this.stopping = true;
    return this.flush();
  }

  private schedule(ms: number) {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    // A waiting flush must not keep a stopping process alive: stop() writes the rows instead.
    this.timer.unref?.();
  }

  private drop(count: number, why: string) {
    this.queue.splice(0, count);
    this.lost += count;
    console.error(`[record-access] ${count} access-log rows dropped (${why}); ${this.lost} since the server started`);
  }

  private async flushOnce(): Promise<FlushOutcome> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    let written = 0;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.queue.length);
      try {
        await insertRecordAccessRows(this.db, batch);
        written += batch.length;
      } catch (error) {
        if (refusesRows(error)) {
          // The table refused a row (bad data, a constraint): the batch is written row by row so
          // that one such row costs only itself, never the others' place in the log.
          written += await this.writeOneByOne(batch);
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        if (this.stopping || closedForGood(error)) {
          this.lost += batch.length;
          this.stopping = true;
          console.error(`[record-access] ${batch.length} access-log rows lost on stopping: ${message}`);
        } else {
          // The database is away or busy: back in front of any rows that came meanwhile, in their
          // order, and tried again later (MAX_QUEUED bounds how many wait).
          this.queue.unshift(...batch);
          if (this.queue.length > MAX_QUEUED) this.drop(this.queue.length - MAX_QUEUED, "the database refused them too long");
          console.error(
            `[record-access] could not write ${batch.length} access-log rows, trying again in ${RETRY_MS / 1000} s: ${message}`,
          );
          this.schedule(RETRY_MS);
        }
        return { written, failed: true, pruned: null };
      }
    }
    return { written, failed: false, pruned: await this.pruneIfDue() };
  }

  private async writeOneByOne(batch: NewRecordAccess[]): Promise<number> {
    let written = 0;
    for (const [i, row] of batch.entries()) {
      try {
        await insertRecordAccessRows(this.db, [row]);
        written += 1;
      } catch (error) {
        if (!refusesRows(error)) {
          // The database went away meanwhile: the rest wait for the next try.
          this.queue.unshift(...batch.slice(i));
          this.schedule(RETRY_MS);
          return written;
        }
        this.lost += 1;
        console.error(`[record-access] an access-log row of ${row.what} by ${row.actorUserId} was refused and dropped: ${String(error)}`);
      }
    }
    return written;
  }

  private async pruneIfDue(): Promise<number | null> {
    const days = this.retention.days;
    if (days === null || this.stopping) return null;
    const now = this.now();
    if (!pruneDue(this.lastPrunedAt, now.getTime())) return null;
    this.lastPrunedAt = now.getTime();
    try {
      return await pruneRecordAccess(this.db, retentionCutoff(now, days));
    } catch (error) {
      // Tried again at the next hour: the rows are only older than they need be.
      console.error(
        `[record-access] pruning rows older than ${days} days failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
}

/**
 * The database handle this writer was given has been closed (Kysely destroys its driver on close):
 * no later try can succeed, and a writer retrying forever would outlive its handle.
 */
function closedForGood(error: unknown): boolean {
  return error instanceof Error && error.message === "driver has already been destroyed";
}

/** A data exception (SQLSTATE class 22) or a constraint violation (23): the rows, not the database, are the trouble. */
function refusesRows(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
}

/** The retention setting of an API: its config's, or RECORD_ACCESS_RETENTION_DAYS. */
export function retentionOf(deps: ApiDeps): Retention {
  const raw = deps.config.recordAccessRetentionDays;
  return parseRetention(raw === undefined ? process.env[RETENTION_SETTING] : raw);
}

const writers = new WeakMap<ApiDeps, RecordAccessWriter>();

/** The writer of one API (one per process in the server; one per test API in the tests). */
export function recordAccessWriter(deps: ApiDeps): RecordAccessWriter {
  let writer = writers.get(deps);
  if (!writer) {
    writer = new RecordAccessWriter(deps.db, deps.now, retentionOf(deps));
    writers.set(deps, writer);
    const { problem } = writer.retention;
    if (problem) console.error(`[record-access] ${problem}`);
  }
  return writer;
}

/** Writes the API's waiting rows now (the log's readers, and tests, see every read made before). */
export const flushRecordAccess = (deps: ApiDeps): Promise<FlushOutcome> => recordAccessWriter(deps).flush();

/**
 * For the server's own API (app/lib/api-app.server.ts): prune once at start and then every hour
 * even when nothing is read, and on SIGTERM or SIGINT write what waits before the database closes
 * (closeDatabaseOnStop waits for it to be idle). Only the server does this: a script that makes an
 * API must not have its Ctrl-C caught.
 */
export function runRecordAccess(deps: ApiDeps): void {
  const writer = recordAccessWriter(deps);
  if (writer.retention.days !== null) {
    setTimeout(() => void writer.flush(), 0).unref();
    setInterval(() => void writer.flush(), PRUNE_INTERVAL_MS).unref();
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void writer.stop());
}

/**
 * The request's id when the server gives ids (REQUEST_LOG=json): its preload writes X-Request-Id
 * over any client's, and a page's in-process calls bring the page's as a binding. Without the
 * request log the header is the client's own word, not kept.
 */
function requestIdOf(c: Context<ApiEnv>): string | null {
  if (!requestLogOn()) return null;
  const id = (c.env as ApiEnv["Bindings"] | undefined)?.requestId ?? c.req.header("x-request-id") ?? null;
  return id ? id.slice(0, 64) : null;
}

export type StudentRead = { what: RecordAccessKind; organizationId: string; participantId: string; detail?: string };
export type ListRead = { what: RecordAccessKind; organizationId: string; scope: { kind: AccessScopeKind; id: string }; rows: number };

/**
 * Records one read of student data by the caller (or by `actorUserId`, for a recording fetched
 * with a token minted for them): when, who, what, and from where (the address the rate limits
 * use: the socket, or what a trusted proxy appended; and the browser's user agent).
 */
export function recordAccess(c: Context<ApiEnv>, read: StudentRead | ListRead, actorUserId?: string): void {
  const actor = actorUserId ?? c.var.actor?.userId;
  // A read reaches here only past its scope check, which needs a caller: no caller is a bug here.
  if (!actor) throw new Error(`recordAccess(${read.what}) without a caller`);
  const deps = c.var.deps;
  recordAccessWriter(deps).add({
    occurredAt: deps.now(),
    actorUserId: actor,
    organizationId: read.organizationId,
    what: read.what,
    participantId: "participantId" in read ? read.participantId : null,
    scopeKind: "scope" in read ? read.scope.kind : null,
    scopeId: "scope" in read ? read.scope.id : null,
    rowCount: "rows" in read ? read.rows : null,
    clientIp: requestClientAddress(c.req.raw.headers),
    userAgent: keptUserAgent(c.req.header("user-agent")),
    detail: "detail" in read ? (read.detail ?? null) : null,
    requestId: requestIdOf(c),
  });
}
