import cluster from "node:cluster";
import type { Db } from "#app/db/connect.server";

// What this process keeps from the database in memory for speed (the completion counts,
// report-cache.ts; the lists' totals, list-totals.ts) is kept under a generation: a number that
// any change through the API raises. A kept value of an older generation is not answered again.
//
// Under `npm start` on PostgreSQL several server processes share the database
// (scripts/lib/cluster.mjs), and a user's next request may reach another one. So a worker that
// saw a change tells the cluster's primary, which tells every other worker: their kept values
// go stale too. The message leaves before the change's answer does, so the user's next request
// finds it already there. Changes made past the API (SQL by hand, a script) are caught by each
// cache's age limit instead.

export const DATA_CHANGED = "lsd:data-changed";

/** Changes whose answers never change kept data (the report and dashboard reads, which POST their queries). */
export const changesData = (method: string, path: string, status: number) =>
  !["GET", "HEAD", "OPTIONS"].includes(method) && status < 400 && !/^\/api\/(report|dashboard)\//.test(path);

const local = new WeakMap<Db, number>();
/** Raised by the other processes' changes, which name no database: every database of this one. */
let elsewhere = 0;

/** The generation of `db`'s data in this process: equal numbers, no change between them. */
export const dataGeneration = (db: Db): number => (local.get(db) ?? 0) + elsewhere;

/** A change went through this process's API: everything kept from `db` is stale, here and in the other workers. */
export function markDataChanged(db: Db): void {
  local.set(db, (local.get(db) ?? 0) + 1);
  if (cluster.isWorker) process.send?.({ type: DATA_CHANGED });
}

/** A message from the primary: another worker changed data. */
export function onClusterMessage(message: unknown): void {
  if ((message as { type?: unknown } | null)?.type === DATA_CHANGED) elsewhere++;
}

if (cluster.isWorker) process.on("message", onClusterMessage);
