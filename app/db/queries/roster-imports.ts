import type { Db } from "../connect.server";

// The rows of roster imports (roster_import): staged previews, applied and undone imports
// (app/api/resources/rostering.ts). What an import changes is app/api/roster-import.ts's.

/** What an import's answer is built from. */
export const IMPORT_COLUMNS = [
  "roster_import_id",
  "organization_id",
  "status",
  "file_name",
  "size_bytes",
  "report",
  "created_at",
  "applied_at",
  "undone_at",
] as const;

/** A live district's id and name. */
export function liveDistrictName(db: Db, districtId: string) {
  return db
    .selectFrom("organization")
    .select(["organization_id", "name"])
    .where("organization_id", "=", districtId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Locks a live district's row until the transaction ends (one import or undo at a time); false when it is gone. */
export async function lockLiveDistrict(tx: Db, districtId: string): Promise<boolean> {
  const row = await tx
    .selectFrom("organization")
    .select("organization_id")
    .where("organization_id", "=", districtId)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  return Boolean(row);
}

export function insertRosterImport(
  db: Db,
  values: {
    organization_id: string;
    status: "staged" | "rejected";
    file_name: string;
    size_bytes: number;
    sha256: string;
    report: string;
    roster: string | null;
  },
) {
  return db.insertInto("roster_import").values(values).returning(IMPORT_COLUMNS).executeTakeFirstOrThrow();
}

/** An import of the district, with what applying it reads. */
export function importToApply(tx: Db, rosterImportId: string, districtId: string) {
  return tx
    .selectFrom("roster_import")
    .select(["status", "roster", "report", "created_at"])
    .where("roster_import_id", "=", rosterImportId)
    .where("organization_id", "=", districtId)
    .executeTakeFirst();
}

/** Records an import as applied, with its changes (what Undo reverses) and its report. */
export function markImportApplied(
  tx: Db,
  rosterImportId: string,
  applied: { now: Date; by: string | null; changes: string; report: string },
) {
  return tx
    .updateTable("roster_import")
    .set({
      status: "applied",
      applied_at: applied.now,
      applied_by: applied.by,
      roster: null,
      changes: applied.changes,
      report: applied.report,
    })
    .where("roster_import_id", "=", rosterImportId)
    .returning(IMPORT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Turns a staged import into a rejected one with this report (its roster is dropped). */
export async function rejectStagedImport(db: Db, rosterImportId: string, report: string): Promise<void> {
  await db
    .updateTable("roster_import")
    .set({ status: "rejected", roster: null, report })
    .where("roster_import_id", "=", rosterImportId)
    .where("status", "=", "staged")
    .execute();
}

/** The district's latest imports, newest first. */
export function recentImports(db: Db, organizationId: string, limit: number) {
  return db
    .selectFrom("roster_import")
    .select(IMPORT_COLUMNS)
    .where("organization_id", "=", organizationId)
    .orderBy("created_at", "desc")
    .orderBy("roster_import_id")
    .limit(limit)
    .execute();
}

/** An import with what an Undo preview reads. */
export function importForUndoPreview(db: Db, rosterImportId: string) {
  return db
    .selectFrom("roster_import")
    .select(["organization_id", "status", "changes", "file_name"])
    .where("roster_import_id", "=", rosterImportId)
    .executeTakeFirst();
}

/** The district of an import. */
export function importDistrict(db: Db, rosterImportId: string) {
  return db.selectFrom("roster_import").select(["organization_id"]).where("roster_import_id", "=", rosterImportId).executeTakeFirst();
}

/** An existing import with what undoing it reads. */
export function importToUndo(tx: Db, rosterImportId: string) {
  return tx
    .selectFrom("roster_import")
    .select(["status", "changes", "report"])
    .where("roster_import_id", "=", rosterImportId)
    .executeTakeFirstOrThrow();
}

export function markImportUndone(tx: Db, rosterImportId: string, undone: { now: Date; by: string; report: string }) {
  return tx
    .updateTable("roster_import")
    .set({ status: "undone", undone_at: undone.now, undone_by: undone.by, report: undone.report })
    .where("roster_import_id", "=", rosterImportId)
    .returning(IMPORT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The district's latest applied import (once it is undone, the one before), or null. */
export async function latestAppliedImport(db: Db, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom("roster_import")
    .select("roster_import_id")
    .where("organization_id", "=", organizationId)
    .where("status", "=", "applied")
    .orderBy("applied_at", "desc")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.roster_import_id ?? null;
}

/** The district's other applied imports, latest first, with their changes. */
export function otherAppliedImports(tx: Db, organizationId: string, exceptImportId: string) {
  return tx
    .selectFrom("roster_import")
    .select(["roster_import_id", "changes"])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "applied")
    .where("roster_import_id", "!=", exceptImportId)
    .orderBy("applied_at", "desc")
    .orderBy("created_at", "desc")
    .execute();
}

export async function saveImportChanges(tx: Db, rosterImportId: string, changes: string): Promise<void> {
  await tx.updateTable("roster_import").set({ changes }).where("roster_import_id", "=", rosterImportId).execute();
}
