import type { Db } from "#app/db/connect.server";
import { outsideRequestScope } from "#app/db/request-scope";
import { dataGeneration } from "./data-changes";

// The completion report's counts, kept per database, district and period (issue 15; ADR
// docs/decisions/streamed-reports.md). Counting a district is one GROUP BY over every test of
// the year: seconds at 10,000 students on PGlite, and a page must not wait that long on every
// load, nor twenty visitors count the same district twenty times at once.
//
// - One count at a time per key: callers arriving while it runs share it.
// - Any change through this API, in this process or another worker (data-changes.ts), marks every
//   kept count stale: the next reader waits for a fresh count, so what a user changed shows at once.
// - A count older than REPORT_CACHE_MS (changes made past this API: SQL by hand, a script)
//   is still answered once, while a fresh one is made behind it.
// - A count is shared work: it runs outside the request of the visitor who started it
//   (outsideRequestScope), so that visitor leaving does not stop it.

export const REPORT_CACHE_MS = 10 * 60_000;
const MAX_ENTRIES = 200;

type Entry<T> = { value: Promise<T>; at: number; generation: number; refreshing: boolean };
type Store = { entries: Map<string, Entry<unknown>> };

const stores = new WeakMap<Db, Store>();
const storeOf = (db: Db): Store => {
  let s = stores.get(db);
  if (!s) stores.set(db, (s = { entries: new Map() }));
  return s;
};

/**
 * The kept value for `key`, or `compute()`'s. `now` is the API's clock (tests move it). A failed
 * count is not kept: the next caller tries again.
 */
export function cachedReport<T>(db: Db, key: string, now: number, compute: () => Promise<T>): Promise<T> {
  const store = storeOf(db);
  const generation = dataGeneration(db);
  const kept = store.entries.get(key) as Entry<T> | undefined;
  const start = (): Entry<T> => {
    const entry: Entry<T> = { value: outsideRequestScope(compute), at: now, generation, refreshing: false };
    entry.value.catch(() => {
      if (store.entries.get(key) === entry) store.entries.delete(key);
    });
    store.entries.delete(key);
    store.entries.set(key, entry);
    // The oldest keys go first when many districts were counted (Map keeps insertion order).
    while (store.entries.size > MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value as string);
    return entry;
  };
  if (!kept || kept.generation !== generation) return start().value;
  if (now - kept.at > REPORT_CACHE_MS && !kept.refreshing) {
    // Old but not known to be wrong: answer it, and replace it once the new count is ready.
    kept.refreshing = true;
    outsideRequestScope(compute).then(
      (value) => {
        if (store.entries.get(key) === kept && dataGeneration(db) === generation)
          store.entries.set(key, { value: Promise.resolve(value), at: now, generation, refreshing: false });
      },
      () => {
        kept.refreshing = false;
      },
    );
  }
  return kept.value;
}
