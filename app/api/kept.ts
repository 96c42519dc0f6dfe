import type { Db } from "#app/db/connect.server";
import type { KeptTotals } from "#app/db/queries/lists";
import { outsideRequestScope } from "#app/db/request-scope";
import type { PeriodListRow } from "#app/domain/assessment-config";
import type { EffectiveStandards } from "#app/domain/screening-standards";
import type { GridResults } from "./classroom-results";

// Everything a server process keeps from the database in memory lives here (issue 36 §4;
// docs/decisions/0022-kept-data.md has the table: what is kept, its key, what makes it stale, for how
// long). Each copy is kept under a version that the database raises in the writer's own
// transaction (triggers of migrations 0008, 0009, 0014, 0015, 0016), and is answered only to a
// caller that read that same version for this request. A write through any server on any machine, a
// roster import, the seed or SQL by hand is therefore seen by every process on its next request,
// with no message between processes and no expiry. Reading the version costs nothing more where
// it rides on a read the request makes anyway (the scope check, the page's own statement), one
// primary-key read elsewhere.
//
// A copy is kept under the version read *before* (or in the same statement as) the data it was
// made from: data read after a version can only be newer than it, so a copy is never older than
// its version says; at worst it is made again.

type Entry<V> = { version: string; variants: Map<string, V> };

/**
 * One kind of kept data: by key (a district, a classroom, a list's count), then by database (tests
 * open several in one process; a copy never crosses them), then by variant (ways to look at the
 * same data). At most `max` keys; the least recently read goes first.
 */
export class KeptStore<V> {
  private readonly keys = new Map<string, WeakMap<Db, Entry<V>>>();
  constructor(readonly max: number) {}

  /** The copy made under `version`, if any; reading marks the key as recent. */
  get(db: Db, key: string, version: string, variant = ""): V | undefined {
    const entry = this.touch(key)?.get(db);
    return entry && entry.version === version ? entry.variants.get(variant) : undefined;
  }

  /** The copy kept for `variant`, whatever its version, with that version. */
  latest(db: Db, key: string, variant = ""): { version: string; value: V } | undefined {
    const entry = this.touch(key)?.get(db);
    const value = entry?.variants.get(variant);
    return entry && value !== undefined ? { version: entry.version, value } : undefined;
  }

  /** Keeps `value` under `version`; a copy of another version of the key goes, with all its variants. */
  set(db: Db, key: string, version: string, variant: string, value: V): void {
    let byDb = this.touch(key);
    if (!byDb) {
      this.keys.set(key, (byDb = new WeakMap()));
      while (this.keys.size > this.max) this.keys.delete(this.keys.keys().next().value as string);
    }
    let entry = byDb.get(db);
    if (!entry || entry.version !== version) byDb.set(db, (entry = { version, variants: new Map() }));
    entry.variants.set(variant, value);
  }

  /** Drops `value` if it is still the copy kept for `variant` under `version` (a failed build). */
  drop(db: Db, key: string, version: string, variant: string, value: V): void {
    const entry = this.keys.get(key)?.get(db);
    if (entry?.version === version && entry.variants.get(variant) === value) entry.variants.delete(variant);
  }

  /** Frees the memory of a key in every database. Never needed for correctness: a copy of an old version is never answered. */
  forget(key: string): void {
    this.keys.delete(key);
  }

  private touch(key: string): WeakMap<Db, Entry<V>> | undefined {
    const byDb = this.keys.get(key);
    // A Map iterates in insertion order: re-inserting marks the key as recent.
    if (byDb) {
      this.keys.delete(key);
      this.keys.set(key, byDb);
    }
    return byDb;
  }
}

/**
 * The copy of `key` made under `version`, or `build()`'s, kept under it. Callers arriving while a
 * build runs share it; a failed build is not kept (the next caller tries again).
 */
function through<T>(store: KeptStore<Promise<T>>, db: Db, key: string, version: string, variant: string, build: () => Promise<T>) {
  const hit = store.get(db, key, version, variant);
  if (hit) return hit;
  const made = build();
  store.set(db, key, version, variant, made);
  made.catch(() => store.drop(db, key, version, variant, made));
  return made;
}

// ── What is kept ────────────────────────────────────────────────────────────────────────────

/** A district's calendar (periods with their grade lists) and the norms and cutoffs in force there. */
export type DistrictConfig = { rows: readonly PeriodListRow[]; standards: EffectiveStandards };

/** By district; version: organization.config_version (migrations 0008, 0014). */
const districtConfigs = new KeptStore<DistrictConfig>(1000);

/** The district's configuration kept under `knownVersion` (its config_version as this request read it), if any. */
export function keptDistrictConfig(db: Db, districtId: string, knownVersion: number | undefined): DistrictConfig | undefined {
  return knownVersion === undefined ? undefined : districtConfigs.get(db, districtId, String(knownVersion));
}

/** Keeps a district's configuration read in one statement with its version; an older one never replaces a newer. */
export function keepDistrictConfig(db: Db, districtId: string, version: number, config: DistrictConfig): void {
  const current = districtConfigs.latest(db, districtId);
  if (!current || Number(current.version) <= version) districtConfigs.set(db, districtId, String(version), "", config);
}

/** Frees this process's copies of a district's configuration; never needed for correctness. */
export function forgetDistrictConfig(districtId: string): void {
  districtConfigs.forget(districtId);
}

/** Classrooms kept; a 30-student grid is about 100 KB in memory. */
export const KEPT_CLASSROOMS = 200;
const classroomGrids = new KeptStore<Promise<GridResults>>(KEPT_CLASSROOMS);

/**
 * A classroom's results for `variant` (period, mode, flags, day) as kept under `version` (the
 * classroom's results version, migration 0009, and its district's config_version, read by the
 * classroom's scope check before this call), or `build()`'s.
 */
export function keptClassroomResults(
  db: Db,
  classroomId: string,
  version: string,
  variant: string,
  build: () => Promise<GridResults>,
): Promise<GridResults> {
  return through(classroomGrids, db, classroomId, version, variant, build);
}

const classroomLetters = new KeptStore<Promise<unknown>>(KEPT_CLASSROOMS);

/**
 * A classroom's letters to work on (issue 40 item 3) as kept under `version`, the grid's own
 * (its results version, which probes raise too, migration 0024, and its district's config_version),
 * for `day` (the school year it reads), or `build()`'s.
 */
export function keptClassroomLetters<T>(db: Db, classroomId: string, version: string, day: string, build: () => Promise<T>): Promise<T> {
  return through(classroomLetters as KeptStore<Promise<T>>, db, classroomId, version, day, build);
}

const listTotals = new KeptStore<number>(1000);

/**
 * The lists' totals ("1–50 of 4,201"), by the count's SQL and parameters; version: the list's
 * district 'roster' version (migration 0015), read in the same statement as the count or the page.
 */
export function keptListTotals(db: Db): KeptTotals {
  return {
    get(key) {
      const kept = listTotals.latest(db, key);
      return kept && { total: kept.value, version: Number(kept.version) };
    },
    set(key, total, version) {
      const current = listTotals.latest(db, key);
      // A count read in an older snapshot than the kept one must not replace it.
      if (!current || Number(current.version) <= version) listTotals.set(db, key, String(version), "", total);
    },
  };
}

/** A district's schools and classrooms, and each school's counts, per report period: 20 schools × 3 periods is 63 keys. */
const completionCounts = new KeptStore<Promise<unknown>>(2000);

/**
 * A piece of the completion report of a district (its schools and classrooms, or one school's
 * counts) by report period, under the versions that name it (read before the count). Everyone
 * asking while a piece is counted shares that count; it runs outside the request of the visitor
 * who started it (outsideRequestScope), so that visitor leaving does not stop it.
 */
export function keptCompletionCounts<T>(db: Db, key: string, version: string, count: () => Promise<T>): Promise<T> {
  return through(completionCounts as KeptStore<Promise<T>>, db, key, version, "", () => outsideRequestScope(count));
}
