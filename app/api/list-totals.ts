import type { Db } from "#app/db/connect.server";
import type { KeptTotals } from "#app/db/queries/lists";
import { dataGeneration } from "./data-changes";

// The totals of the paged lists ("1–50 of 4,201"), kept per database and list (issue 15). Counting
// a district's users is an index scan over all of them on every page, the one cost of the Users
// tab that grew with the district (0.44 ms a page at 100,000 students on PostgreSQL). Paging
// through a list, or coming back to it, keeps its total; the page's rows are read every time.
//
// - Any change through the API, in this process or another worker, makes every kept total stale
//   (data-changes.ts): a user who adds someone sees the count go up at once.
// - A total is kept under the generation read before it was counted: a change that lands while
//   it is counted leaves it stale, never newer than it looks.
// - A total older than LIST_TOTAL_MS is counted again, for changes made past the API (SQL by
//   hand, a script).

export const LIST_TOTAL_MS = 60_000;
const MAX_ENTRIES = 1000;

type Entry = { total: number; at: number; generation: number };

const stores = new WeakMap<Db, Map<string, Entry>>();

/** The kept totals of `db` as one request sees them: `now` is the API's clock (tests move it). */
export function listTotals(db: Db, now: number): KeptTotals {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new Map()));
  const entries = store;
  const generation = dataGeneration(db);
  return {
    get(key) {
      const kept = entries.get(key);
      return kept && kept.generation === dataGeneration(db) && now - kept.at <= LIST_TOTAL_MS ? kept.total : undefined;
    },
    set(key, total) {
      // A total counted after a later change is newer than this one: keep it.
      if ((entries.get(key)?.generation ?? -1) > generation) return;
      entries.delete(key);
      entries.set(key, { total, at: now, generation });
      // The oldest keys go first (Map keeps insertion order).
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
  };
}
