import { AsyncLocalStorage } from "node:async_hooks";

// Which visitor's request a database query serves (issue 15, docs/decisions/0018-pglite-under-load.md).
// The API runs every call of one page (in-process, or an HTTP call to /api) inside the scope of
// the visitor's request: when it began, and its signal, which aborts when the visitor has gone
// (a closed tab, a client that timed out). The embedded database reads it to serve the oldest
// request's queries first and to skip the queries of a request nobody waits for any more.

export type RequestScope = { signal: AbortSignal | null; startedAt: number };

const storage = new AsyncLocalStorage<RequestScope>();
const scopes = new WeakMap<Request, RequestScope>();

// Only the embedded database reads the scope. An AsyncLocalStorage in use makes Node track every
// promise of the process (async hooks), a cost PostgreSQL pages should not pay for nothing: scopes
// are kept once a PGlite driver exists (app/db/pglite-dialect.ts), and never before.
let kept = false;

/** Called by the embedded database's driver: from now on requests carry their scope. */
export function keepRequestScopes(): void {
  kept = true;
}

/** Runs `work` in the scope of `request`, unless it already runs in one (the visitor's, outermost). */
export function inRequestScope<T>(request: Request, work: () => T): T {
  if (!kept || storage.getStore()) return work();
  let scope = scopes.get(request);
  if (!scope) scopes.set(request, (scope = { signal: request.signal ?? null, startedAt: performance.now() }));
  return storage.run(scope, work);
}

/**
 * Runs `work` outside any visitor's request, for work several visitors share (a district's report
 * count): it is not skipped when the visitor who started it leaves while others wait on it, and
 * on PGlite each of its statements ranks by when it asked, after the requests that came before
 * it, not as the first visitor's (a count refreshed behind a kept one would otherwise go ahead of
 * every page requested while it runs).
 */
export function outsideRequestScope<T>(work: () => T): T {
  return kept ? storage.exit(work) : work();
}

/**
 * Runs `work` for the same visitor, in its place in the queue, but never skipped when the visitor
 * has gone: a save that has begun must finish (and say so) whether or not anyone waits for it.
 */
export function unskippable<T>(work: () => T): T {
  const scope = kept ? storage.getStore() : undefined;
  return scope ? storage.run({ ...scope, signal: null }, work) : work();
}

export function currentRequestScope(): RequestScope | undefined {
  return storage.getStore();
}

/** A query not run because the visitor it was for has gone. */
export class RequestAbandoned extends Error {
  readonly abandoned = true;
  constructor() {
    super("The visitor closed the request before its database work began");
    this.name = "RequestAbandoned";
  }
}

export const isRequestAbandoned = (err: unknown): err is RequestAbandoned => err instanceof RequestAbandoned;
