// What counts as a lost database connection, as opposed to a query that failed on its own merits.
// A backend terminated by an administrator or a failover (pg_terminate_backend: 57P01), a server
// shutting down or refusing connections, or a socket that dropped mid-query: the same statement
// on a fresh connection would most likely succeed. Anything else (a constraint, a syntax error, a
// serialization failure) is the query's own answer and is never retried here.

import { dropIdleConnections } from "./connect.server";

/** SQLSTATE codes of a lost or refused connection (classes 08 and 57P). */
const LOST_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
/** Node socket errors of a connection that is gone. */
const SOCKET_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "ENOTCONN"]);
/** pg's own words when a connection ends under a query, or a broken client is used again. */
const LOST_MESSAGES = [/connection terminated/i, /not queryable/i, /connection.*(ended|closed)/i];

export function isConnectionLoss(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === "string" && (LOST_CODES.has(code) || SOCKET_CODES.has(code))) return true;
  return typeof message === "string" && LOST_MESSAGES.some((re) => re.test(message));
}

/**
 * Runs `read` once more when it failed because its connection was lost. Only for work that is
 * safe to repeat (a read, a look-up). The idle connections, probably cut too, are closed first
 * (`beforeRetry`), so the second try runs on a new one. A second loss is thrown to the caller.
 */
export async function retryOnConnectionLoss<T>(
  read: () => Promise<T>,
  what = "read",
  beforeRetry: () => Promise<void> = dropIdleConnections,
): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!isConnectionLoss(err)) throw err;
    console.warn(`Database connection lost during a ${what}; trying once more: ${(err as Error).message}`);
    await beforeRetry();
    return read();
  }
}
