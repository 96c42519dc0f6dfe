import type { Db } from "#app/db/connect.server";
import { districtCalendarRows } from "#app/db/queries/results";
import type { PeriodListRow } from "#app/domain/assessment-config";
import { effectiveStandards, type EffectiveStandards } from "#app/domain/screening-standards";
import { storedStandards } from "./standards-mappers";

// Each process keeps every district's calendar (periods with their grade lists) in memory, the
// per-request configuration of every results page (issue 15; docs/decisions/pglite-under-load.md).
// A copy is named by organization.config_version, which the database raises on any write to
// assessment_period or grade_assessment_list (migration 0008), whoever makes it. A request that
// has read the district row already (its scope check) knows the current version and uses the copy
// only when the versions match: a calendar change is seen by every process on its next request,
// with no message between processes. Without a known version the calendar is read again, with
// its version in the same statement, and the copy replaced. The norms and cutoffs in force
// (migration 0014) ride along: a change to them raises the same version. Feature flags
// (environment) and the spec's cutoff tables (code, app/domain) are in memory already.

type Entry = { version: number; rows: readonly PeriodListRow[]; standards: EffectiveStandards };

/** By district, then by database (tests open several in one process; a copy never crosses them). */
const cached = new Map<string, WeakMap<Db, Entry>>();

/**
 * Drops this process's copy of a district's calendar. Never needed for correctness (a stale copy's
 * version no longer matches); for a writer that wants the memory back, and for tests.
 */
export function invalidateDistrictConfig(districtId: string): void {
  cached.delete(districtId);
}

/**
 * The district's calendar rows (as periodListRows). `knownVersion` is the district's
 * config_version as this request read it: with it, a current copy answers without a query.
 */
export async function districtPeriodRows(db: Db, districtId: string, knownVersion?: number): Promise<readonly PeriodListRow[]> {
  return (await districtConfigRows(db, districtId, knownVersion)).rows;
}

/** The district's calendar rows and the norms and cutoffs in force there, as one kept copy. */
export async function districtConfigRows(
  db: Db,
  districtId: string,
  knownVersion?: number,
): Promise<{ rows: readonly PeriodListRow[]; standards: EffectiveStandards }> {
  const hit = cached.get(districtId)?.get(db);
  if (hit && knownVersion !== undefined && hit.version === knownVersion) return hit;
  const read = await districtCalendarRows(db, districtId);
  const standards = effectiveStandards(storedStandards(read.standards.district), storedStandards(read.standards.product));
  if (read.version === null) return { rows: read.rows, standards };
  const entry: Entry = {
    version: read.version,
    rows: Object.freeze(read.rows.map((r) => Object.freeze(r))),
    standards,
  };
  let byDb = cached.get(districtId);
  if (!byDb) cached.set(districtId, (byDb = new WeakMap()));
  // A slower reader of an older version must not replace a newer copy.
  const current = byDb.get(db);
  if (!current || current.version <= read.version) byDb.set(db, entry);
  return entry;
}
