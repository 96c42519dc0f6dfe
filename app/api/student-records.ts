import { strToU8, zipSync, type Zippable } from "fflate";
import type { Db } from "#app/db/connect.server";
import {
  auditEntriesAboutStudent,
  auditEntriesMentioning,
  classroomsOfStudent,
  deleteKeptAnswersNaming,
  districtForRecords,
  eraseDistrictRows,
  eraseStudentRows,
  erasureReceipts,
  insertErasureReceipt,
  lockDistrictForErasure,
  lockDistrictStudentsForErasure,
  lockStudentForErasure,
  otherStudentColumns,
  recordCounts,
  responsesOfStudent,
  riskScoresOfStudent,
  rosterImportsMentioning,
  rowsOfStudentIn,
  saveRosterImportRecords,
  scoringEventsOfStudent,
  setAuditDetails,
  storedFilesOf,
  studentForRecords,
  studentIdsIn,
  testsOfStudent,
  type RecordScope,
} from "#app/db/queries/student-records";
import { deleteParticipantRecordAccess, listParticipantRecordAccess } from "#app/db/queries/record-access";
import { audioStorageFolder } from "#app/domain/ran-audio-name";
import {
  DISTRICT_COUNT_KEYS,
  ERASURE_MESSAGES,
  redactMentions,
  rosterImportWithoutStudent,
  sameCounts,
  STUDENT_COUNT_KEYS,
  type DistrictRecordCounts,
  type StudentRecordCounts,
} from "#app/domain/student-records";
import { exportReadme, EXPORT_FILES } from "#app/domain/student-export";
import { fileStore, type FileStore } from "#app/server/file-store.server";
import type { Actor } from "./env";
import { notFound } from "./errors";
import {
  toClassroomPlace,
  toExportedAccess,
  toExportedAuditEntry,
  toExportedResponse,
  toExportedRiskScore,
  toExportedScoringEvent,
  toExportedStoredFile,
  toExportedTest,
  toStudentDetails,
  type ErasureReceipt,
} from "./student-records-mappers";

// Deletion and export on request (issue 41 item 3; docs/features/student-records.md): one
// student's records as a zip, and deleting a student or a whole district for good with a receipt.
// The routes (resources/student-records.ts) check who may; this module does it, and the restore
// replay (scripts/erasures.ts) reuses the deletion.

/** A caller whose counts no longer match: the answer is 409 with the counts there are now. */
export class CountsChanged extends Error {
  constructor(
    message: string,
    readonly counts: StudentRecordCounts | DistrictRecordCounts,
  ) {
    super(message);
  }
}

const RAN_AUDIO_ROOT = "ran-audio/";

/** The recordings in the file store of these students (one folder each, app/domain/ran-audio-name.ts). */
async function recordingKeysOf(store: FileStore, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 1) return store.list(audioStorageFolder(ids[0]!));
  // A district: one listing of the recordings folder, kept to the district's students.
  const folders = new Set(ids.map(audioStorageFolder));
  return (await store.list(RAN_AUDIO_ROOT)).filter((key) => folders.has(key.slice(0, key.lastIndexOf("/") + 1)));
}

async function countsOf(db: Db, store: FileStore, scope: RecordScope, ids: readonly string[]) {
  const [rows, stored, recordings] = await Promise.all([recordCounts(db, scope), storedFilesOf(db, scope), recordingKeysOf(store, ids)]);
  return {
    results: rows.results,
    scores: rows.responses + rows.scoringEvents + rows.riskScores,
    recordings: recordings.length + stored.length,
    schools: rows.schools,
    classrooms: rows.classrooms,
    students: rows.students,
    staff: rows.staff,
  };
}

export async function studentRecordCounts(db: Db, participantId: string): Promise<StudentRecordCounts> {
  const c = await countsOf(db, fileStore(), { kind: "student", participantId }, [participantId]);
  return { results: c.results, scores: c.scores, recordings: c.recordings };
}

export async function districtRecordCounts(db: Db, organizationId: string): Promise<DistrictRecordCounts> {
  const scope: RecordScope = { kind: "district", organizationId };
  return countsOf(db, fileStore(), scope, await studentIdsIn(db, scope));
}

/** The student's summary for the records page and the confirmation; 404 when there is no such student. */
export async function studentRecordsSummary(db: Db, participantId: string) {
  const p = await studentForRecords(db, participantId);
  if (!p) throw notFound("Student");
  const [classrooms, counts] = await Promise.all([classroomsOfStudent(db, participantId), studentRecordCounts(db, participantId)]);
  return {
    participantId: p.participant_id,
    name: [p.first_name, p.last_name].join(" "),
    participantCode: p.participant_code,
    organizationId: p.organization_id,
    organizationName: p.organization_name,
    school: { organizationUnitId: p.organization_unit_id, name: p.school_name, deleted: p.school_deleted_at !== null },
    classrooms: classrooms.map((g) => ({ participantGroupId: g.participant_group_id, name: g.name, deleted: g.deleted_at !== null })),
    deleted: p.deleted_at !== null,
    counts,
  };
}

// ── Export ──────────────────────────────────────────────────────────────────────────────────

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Everything the product holds about one student, as a zip (built in memory: one student's
 * records are small, their recordings a few MB). The access history is the record-access log's
 * rows for the student (issue 41 item 2).
 */
export async function studentExportZip(db: Db, participantId: string, now: Date): Promise<{ zip: Uint8Array; fileName: string }> {
  const p = await studentForRecords(db, participantId);
  if (!p) throw notFound("Student");
  const store = fileStore();
  const scope: RecordScope = { kind: "student", participantId };
  const [classrooms, tests, responses, events, risk, audit, stored, others, recordingKeys, access] = await Promise.all([
    classroomsOfStudent(db, participantId),
    testsOfStudent(db, participantId),
    responsesOfStudent(db, participantId),
    scoringEventsOfStudent(db, participantId),
    riskScoresOfStudent(db, participantId),
    auditEntriesAboutStudent(db, participantId),
    storedFilesOf(db, scope),
    otherStudentColumns(db),
    recordingKeysOf(store, [participantId]),
    listParticipantRecordAccess(db, participantId),
  ]);
  const otherRows: Record<string, unknown[]> = {};
  // The access log is read through its own module (access-history.json); any other table found in the catalog goes to other-records.json.
  for (const other of others.filter((o) => o.table !== "record_access")) {
    const rows = await rowsOfStudentIn(db, other, participantId);
    if (rows.length > 0) otherRows[other.table] = rows;
  }
  const files: Zippable = {};
  const recordings: { file: string; storedAs: string; bytes: number }[] = [];
  const mtime = now;
  for (const key of [...recordingKeys.sort(), ...stored.map((f) => f.storage_key)]) {
    const bytes = await store.readAll(key).catch(() => null);
    if (bytes === null) continue;
    const name = `${EXPORT_FILES.recordingsFolder}${key.slice(key.lastIndexOf("/") + 1)}`;
    // WAV does not deflate much: stored as is, the zip is built faster and opens anywhere.
    files[name] = [bytes, { level: 0, mtime }];
    recordings.push({ file: name, storedAs: key, bytes: bytes.length });
  }
  const details = toStudentDetails(p);
  files[EXPORT_FILES.student] = json({ ...details, classrooms: classrooms.map(toClassroomPlace) });
  files[EXPORT_FILES.results] = json(tests.map(toExportedTest));
  files[EXPORT_FILES.scores] = json({
    itemScores: responses.map(toExportedResponse),
    scoringEntries: events.map(toExportedScoringEvent),
    riskScores: risk.map(toExportedRiskScore),
  });
  files[EXPORT_FILES.recordings] = json({ recordings, storedFiles: stored.map(toExportedStoredFile) });
  files[EXPORT_FILES.accessHistory] = json(access.map(toExportedAccess));
  files[EXPORT_FILES.changes] = json(audit.map(toExportedAuditEntry));
  const rest = otherRows;
  if (Object.keys(rest).length > 0) files[EXPORT_FILES.other] = json(rest);
  files[EXPORT_FILES.readme] = strToU8(
    exportReadme({
      name: [p.first_name, p.last_name].join(" "),
      participantCode: p.participant_code,
      exportedAt: now.toISOString(),
      recordings: recordings.length,
      otherTables: Object.keys(rest),
    }),
  );
  const zip = zipSync(files, { level: 6, mtime });
  return { zip, fileName: `student-records-${p.participant_code}.zip` };
}

// ── Erasure ─────────────────────────────────────────────────────────────────────────────────

type RowCount = ErasureReceipt["rows"][number];

const rowList = (counts: Record<string, number>, change: RowCount["change"]): RowCount[] =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([table, count]) => ({ table, count, change }));

function merge(...parts: Record<string, number>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of parts) for (const [k, n] of Object.entries(part)) out[k] = (out[k] ?? 0) + n;
  return out;
}

/** Redacts the student (or district) from audit entries kept about something else; how many entries changed. */
async function redactAudit(tx: Db, needle: string): Promise<number> {
  let n = 0;
  for (const entry of await auditEntriesMentioning(tx, needle)) {
    const redacted = redactMentions(entry.details, [needle]);
    if (!redacted.changed) continue;
    await setAuditDetails(tx, entry.audit_log_id, redacted.value);
    n += 1;
  }
  return n;
}

/** Takes the student out of their district's roster imports (staged file, undo data, report); how many imports changed. */
async function scrubRosterImports(tx: Db, organizationId: string, participantId: string, sourcedId: string | null): Promise<number> {
  let n = 0;
  for (const row of await rosterImportsMentioning(tx, organizationId, [participantId, sourcedId ?? ""])) {
    const out = rosterImportWithoutStudent({ roster: row.roster, changes: row.changes, report: row.report }, { participantId, sourcedId });
    if (out.removed === 0) continue;
    await saveRosterImportRecords(tx, row.roster_import_id, out);
    n += 1;
  }
  return n;
}

/** Removes stored files after the rows went; what the store could not remove is named, for a replay. */
async function removeFiles(store: FileStore, keys: readonly string[], folders: readonly string[]) {
  let removed = 0;
  const notRemoved: string[] = [];
  for (const key of [...new Set(keys)]) {
    try {
      if ((await store.stat(key)) === null) continue;
      await store.delete(key);
      removed += 1;
    } catch (error) {
      console.error(`[erasure] could not remove stored file ${key}: ${error instanceof Error ? error.message : String(error)}`);
      notRemoved.push(key);
    }
  }
  for (const folder of folders) await store.deleteFolder(folder).catch(() => undefined);
  return { removed, notRemoved };
}

const who = (actor: Actor) => ({ userId: actor.userId, name: `${actor.firstName} ${actor.lastName}`.trim(), email: actor.email });

/**
 * Deletes one student for good: in one transaction every row about them (eraseStudentRows), the
 * kept answers that returned them, their mentions in other audit entries and roster imports, and
 * the receipt written to the audit log without their name; then their files. `confirmed` must be
 * the counts there are now (the confirmation the caller saw).
 */
export async function eraseStudent(
  db: Db,
  actor: Actor,
  participantId: string,
  confirmed: StudentRecordCounts,
  now: Date,
): Promise<ErasureReceipt> {
  const store = fileStore();
  const p = await studentForRecords(db, participantId);
  if (!p) throw notFound("Student");
  const done = await db.transaction().execute(async (tx) => {
    const locked = await lockStudentForErasure(tx, participantId);
    if (!locked) throw notFound("Student");
    const counts = await countsOf(tx, store, { kind: "student", participantId }, [participantId]);
    const current = { results: counts.results, scores: counts.scores, recordings: counts.recordings };
    if (!sameCounts(STUDENT_COUNT_KEYS, confirmed, current)) throw new CountsChanged(ERASURE_MESSAGES.studentChanged(current), current);
    const recordingKeys = await recordingKeysOf(store, [participantId]);
    const access = await deleteParticipantRecordAccess(tx, participantId);
    const erased = await eraseStudentRows(tx, [participantId]);
    const keptAnswers = await deleteKeptAnswersNaming(tx, participantId);
    const deletedRows = merge(
      erased.rows,
      keptAnswers > 0 ? { idempotency_key: keptAnswers } : {},
      access > 0 ? { record_access: access } : {},
    );
    const edited: Record<string, number> = {};
    const auditEdited = await redactAudit(tx, participantId);
    if (auditEdited > 0) edited.audit_log = auditEdited;
    const importsEdited = await scrubRosterImports(tx, p.organization_id, participantId, locked.sourced_id);
    if (importsEdited > 0) edited.roster_import = importsEdited;
    const fileKeys = [...recordingKeys, ...erased.fileKeys];
    const rows = [...rowList(deletedRows, "deleted"), ...rowList(edited, "edited")];
    const details = {
      organizationId: p.organization_id,
      organizationUnitId: p.organization_unit_id,
      counts: current,
      rows,
      files: fileKeys.length,
    };
    const receiptId = await insertErasureReceipt(tx, {
      actorUserId: actor.userId,
      entityType: "participant",
      entityId: participantId,
      details,
      at: now,
    });
    return { receiptId, counts: current, rows, fileKeys };
  });
  const files = await removeFiles(store, done.fileKeys, [audioStorageFolder(participantId)]);
  return {
    receiptId: done.receiptId,
    kind: "student",
    participantId,
    organizationId: p.organization_id,
    organizationUnitId: p.organization_unit_id,
    erasedAt: now.toISOString(),
    erasedBy: who(actor),
    counts: done.counts,
    rows: done.rows,
    files,
    subject: { name: [p.first_name, p.last_name].join(" "), code: p.participant_code },
  };
}

/** Deletes a district for good: every student as eraseStudent does, then its schools, classrooms, staff and settings (eraseDistrictRows). */
export async function eraseDistrict(
  db: Db,
  actor: Actor,
  organizationId: string,
  confirmed: DistrictRecordCounts,
  now: Date,
): Promise<ErasureReceipt> {
  const store = fileStore();
  const org = await districtForRecords(db, organizationId);
  if (!org) throw notFound("District");
  const scope: RecordScope = { kind: "district", organizationId };
  const done = await db.transaction().execute(async (tx) => {
    if (!(await lockDistrictForErasure(tx, organizationId))) throw notFound("District");
    await lockDistrictStudentsForErasure(tx, organizationId);
    const ids = await studentIdsIn(tx, scope);
    const counts = await countsOf(tx, store, scope, ids);
    if (!sameCounts(DISTRICT_COUNT_KEYS, confirmed, counts)) throw new CountsChanged(ERASURE_MESSAGES.districtChanged(counts), counts);
    const recordingKeys = await recordingKeysOf(store, ids);
    const students = await eraseStudentRows(tx, ids);
    const rest = await eraseDistrictRows(tx, organizationId);
    const auditEdited = await redactAudit(tx, organizationId);
    const rows = [
      ...rowList(merge(students.rows, rest.rows), "deleted"),
      ...rowList(auditEdited > 0 ? { audit_log: auditEdited } : {}, "edited"),
    ];
    const fileKeys = [...recordingKeys, ...students.fileKeys, ...rest.fileKeys];
    const details = { organizationId, counts, rows, files: fileKeys.length, studentIds: ids.length };
    const receiptId = await insertErasureReceipt(tx, {
      actorUserId: actor.userId,
      entityType: "organization",
      entityId: organizationId,
      details,
      at: now,
    });
    return { receiptId, counts, rows, fileKeys, ids };
  });
  const files = await removeFiles(store, done.fileKeys, done.ids.map(audioStorageFolder));
  return {
    receiptId: done.receiptId,
    kind: "district",
    participantId: null,
    organizationId,
    organizationUnitId: null,
    erasedAt: now.toISOString(),
    erasedBy: who(actor),
    counts: done.counts,
    rows: done.rows,
    files,
    subject: { name: org.name, code: null },
  };
}

// ── Replay after a restore ──────────────────────────────────────────────────────────────────

/** An erasure receipt as the audit log keeps it and `scripts/erasures.ts export` writes it. */
export interface StoredReceipt {
  audit_log_id: string;
  actor_user_id: string | null;
  entity_type: string;
  entity_id: string | null;
  details: unknown;
  created_at: Date | string;
}

export const listErasureReceipts = (db: Db) => erasureReceipts(db);

/**
 * Applies one receipt again to a database restored from a backup older than it: whatever of the
 * student or district the backup brought back is deleted the same way (no confirmation: the
 * receipt is it), their files too, and the receipt is written back when the restored audit log
 * lacks it. Returns what it found to delete (0 when the backup had nothing of them).
 */
export async function replayErasure(db: Db, receipt: StoredReceipt): Promise<{ rows: number; files: number }> {
  const store = fileStore();
  const id = receipt.entity_id;
  if (id === null || (receipt.entity_type !== "participant" && receipt.entity_type !== "organization")) return { rows: 0, files: 0 };
  const done = await db.transaction().execute(async (tx) => {
    let rows: Record<string, number> = {};
    let fileKeys: string[] = [];
    let ids: string[] = [];
    if (receipt.entity_type === "participant") {
      ids = [id];
      const p = await studentForRecords(tx, id);
      const locked = p ? await lockStudentForErasure(tx, id) : undefined;
      fileKeys = await recordingKeysOf(store, ids);
      const erased = await eraseStudentRows(tx, ids);
      const kept = await deleteKeptAnswersNaming(tx, id);
      rows = merge(erased.rows, { idempotency_key: kept, audit_log: await redactAudit(tx, id) });
      if (p) rows.roster_import = await scrubRosterImports(tx, p.organization_id, id, locked?.sourced_id ?? null);
      fileKeys.push(...erased.fileKeys);
    } else if (await districtForRecords(tx, id)) {
      await lockDistrictForErasure(tx, id);
      ids = await studentIdsIn(tx, { kind: "district", organizationId: id });
      fileKeys = await recordingKeysOf(store, ids);
      const students = await eraseStudentRows(tx, ids);
      const rest = await eraseDistrictRows(tx, id);
      rows = merge(students.rows, rest.rows, { audit_log: await redactAudit(tx, id) });
      fileKeys.push(...students.fileKeys, ...rest.fileKeys);
    }
    const known = (await erasureReceipts(tx)).some((r) => r.entity_type === receipt.entity_type && r.entity_id === id);
    if (!known) {
      await insertErasureReceipt(tx, {
        actorUserId: null,
        entityType: receipt.entity_type,
        entityId: id,
        details: { ...(receipt.details as object), replayedFrom: String(receipt.audit_log_id) },
        at: new Date(receipt.created_at),
      });
    }
    return { rows: Object.values(rows).reduce((a, b) => a + b, 0), fileKeys, ids };
  });
  const folders = receipt.entity_type === "participant" ? [audioStorageFolder(id)] : done.ids.map(audioStorageFolder);
  const files = await removeFiles(store, done.fileKeys, folders);
  return { rows: done.rows, files: files.removed };
}
