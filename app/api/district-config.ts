import type { Db } from "#app/db/connect.server";
import { districtCalendarRows } from "#app/db/queries/results";
import type { PeriodListRow } from "#app/domain/assessment-config";
import { effectiveStandards } from "#app/domain/screening-standards";
import { forgetDistrictConfig, keepDistrictConfig, keptDistrictConfig, type DistrictConfig } from "./kept";
import { storedStandards } from "./standards-mappers";

// Each process keeps every district's calendar (periods with their grade lists) and the norms and
// cutoffs in force there, the per-request configuration of every results page, in app/api/kept.ts
// under organization.config_version, which the database raises on any write to assessment_period,
// grade_assessment_list (migration 0008) or screening_standard (migration 0014), whoever makes it.
// A request that has read the district row already (its scope check) knows the current version
// and uses the copy only when the versions match. Without a known version the calendar is read
// again, with its version in the same statement, and the copy replaced. Feature flags
// (environment) and the spec's cutoff tables (code, app/domain) are in memory already.

/** Frees this process's copy of a district's calendar; never needed for correctness (a copy of an old version is not answered). */
export function invalidateDistrictConfig(districtId: string): void {
  forgetDistrictConfig(districtId);
}

/**
 * The district's calendar rows (as periodListRows). `knownVersion` is the district's
 * config_version as this request read it: with it, a current copy answers without a query.
 */
export async function districtPeriodRows(db: Db, districtId: string, knownVersion?: number): Promise<readonly PeriodListRow[]> {
  return (await districtConfigRows(db, districtId, knownVersion)).rows;
}

/** The district's calendar rows and the norms and cutoffs in force there, as one kept copy. */
export async function districtConfigRows(db: Db, districtId: string, knownVersion?: number): Promise<DistrictConfig> {
  const hit = keptDistrictConfig(db, districtId, knownVersion);
  if (hit) return hit;
  const read = await districtCalendarRows(db, districtId);
  const standards = effectiveStandards(storedStandards(read.standards.district), storedStandards(read.standards.product));
  if (read.version === null) return { rows: read.rows, standards };
  const entry: DistrictConfig = { rows: Object.freeze(read.rows.map((r) => Object.freeze(r))), standards };
  keepDistrictConfig(db, districtId, read.version, entry);
  return entry;
}
