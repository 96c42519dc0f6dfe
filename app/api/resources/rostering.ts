import { createHash, randomBytes } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import {
  importDistrict,
  importForUndoPreview,
  importToApply,
  importToUndo,
  insertRosterImport,
  latestAppliedImport,
  liveDistrictName,
  lockLiveDistrict,
  markImportApplied,
  markImportUndone,
  recentImports,
  rejectStagedImport,
} from "#app/db/queries/roster-imports";
import type { Db } from "#app/db/connect.server";
import { deleteRosterKey, districtOfRosterKey, districtTotals, putRosterKey, rosterKeyOf } from "#app/db/queries/roster-safety";
import { formatRowError, readOneRosterTables, type CsvTable, type Roster, type RowError, type Skipped } from "#app/domain/oneroster";
import {
  CONFIRMATION_KINDS,
  confirmationsKey,
  fullConfirmation,
  planCounts,
  skipRefusedRows,
  type AccountConfirmation,
  type Plan,
  type PlanCounts,
} from "#app/domain/oneroster-plan";
import { planKeyPieces } from "#app/domain/roster-plan-key";
import {
  GUARDED_KINDS,
  MASS_DEACTIVATION,
  massDeactivations,
  massDeactivationsKey,
  massDeactivationText,
  type MassDeactivation,
} from "#app/domain/roster-deactivation";
import { retryAfterSeconds, tooManyAttempts } from "#app/domain/rate-limit";
import { text, TEXT_MAX } from "#app/domain/text";
import { errorResponses, jsonBody, jsonResponse, type Actor, type Router } from "../env";
import { audit } from "../audit";
import { ApiError, notFound } from "../errors";
import { clientIp, reserveOrWait, type Limit } from "../rate-limit";
import { applyPlan, planFor, planUndo, undoChanges, type Changes } from "../roster-import";
import { MAX_ZIP_BYTES, readRosterZip, RosterZipError } from "../roster-zip";
import { idParam, pathUuid } from "../params";
import { assertOrganization, assertReadableOrganization, canSeeOrganization, requireCapability } from "../scope";
import { may } from "#app/domain/permissions";

// OneRoster roster uploads (issue 16; spec 001 §2 'Rostering page', §7 check-district and
// process-roster-file). The rostering page is public: whoever holds a district's link (its id,
// a random UUID) may upload and preview, within rate limits per district and per address.
// Applying needs a signed-in district admin of the district or a super admin (issue 33), or the
// district's rostering key (issue 35 item 1: a secret for automated exports, which the district's
// admins create, rotate and revoke); an upload that deactivates more than MASS_DEACTIVATION.share
// of the district's students, classrooms or teachers needs a signed-in admin's confirmation of the
// counts even with the key. An upload is validated and staged (nothing changes); applying it is one
// transaction under the district's lock, so either every change lands or none. District admins and
// super admins list past imports and undo the latest one.

/**
 * Uploads per district and per address each hour, counted only for anonymous callers (issue 35
 * item 8: the district's budget blocked its own admin fixing a file, and a stranger could spend it).
 * A signed-in admin of the district and a holder of its rostering key are not counted.
 */
export const ROSTER_LIMITS = {
  district: { max: 30, windowMs: 60 * 60_000 },
  ip: { max: 60, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** How many refused rows a report keeps (the count says how many there were). */
export const MAX_REPORTED_ERRORS = 10_000;

export const ROSTER_MESSAGES = {
  districtNotFound: "District not found",
  notZipName: "Only .zip files can be uploaded.",
  notBase64: "The file is not valid base64.",
  tooLarge: `The file is larger than ${MAX_ZIP_BYTES.toLocaleString("en-US")} bytes.`,
  emptyFile: "The file is empty.",
  wrongDistrict: "The district name does not match this district.",
  importNotFound: "Import not found",
  notStaged: "This upload can no longer be applied: upload the file again.",
  hasErrors: "This upload has errors and cannot be applied: correct the file and upload it again.",
  notLatest: "Only the latest applied import can be undone: undo the later ones first.",
  notApplied: "Only an applied import can be undone.",
  undoConflict: "The import cannot be undone: the district has changed since (an email is taken by another account).",
  applyFailed: "The upload could not be applied. Nothing was changed; please try again or contact support.",
  applyConflict: "The upload could not be applied: a teacher's email is taken by another account. Nothing was changed.",
  confirmNeeded: (n: number) =>
    `This upload changes ${n} existing ${n === 1 ? "record" : "records"} (accounts, schools, classrooms or students listed in the preview): a district administrator must confirm ${n === 1 ? "it" : "them"} to apply it.`,
  changedSincePreview: "The district has changed since this preview: upload the file again to see what it would change now.",
  previewExpired: "This preview is more than 24 hours old: upload the file again to see what it would change now.",
  badKey:
    "This rostering link's key is not valid (it may have been rotated or revoked): ask a district administrator for the current link.",
  massNeedsConfirmation: (list: readonly MassDeactivation[]) =>
    `This upload would deactivate ${list.map(massDeactivationText).join(", ")}: a district administrator must sign in and confirm these counts to apply it.`,
} as const;

const DistrictIdParam = z.object({ districtId: pathUuid("districtId", { error: ROSTER_MESSAGES.districtNotFound }) });
const IdParam = idParam({ error: ROSTER_MESSAGES.importNotFound });

const KindCounts = z.object({
  created: z.number(),
  updated: z.number(),
  deactivated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
  skippedBy: z
    .array(z.object({ reason: z.string(), count: z.number() }))
    .optional()
    .openapi({ description: "Why the skipped records were skipped (absent in reports made before issue 35)" }),
  withoutBirthDate: z.number().optional().openapi({
    description: "Students only: how many the district holds without a birth date after this upload, for an admin to complete",
  }),
});
const RowErrorSchema = z.object({ file: z.string(), line: z.number(), column: z.string(), reason: z.string() }).openapi("RosterRowError");
const LeftAloneSchema = z
  .object({ kind: z.enum(["schools", "classrooms", "teachers", "students"]), id: z.string(), name: z.string() })
  .openapi("RosterLeftAlone");
const UndoCounts = z.object({ created: z.number(), updated: z.number(), deactivated: z.number() });
const UndoPreview = z
  .object({
    rosterImportId: z.string(),
    fileName: z.string(),
    undoable: z.boolean().openapi({ description: "Whether this is the import Undo applies to now" }),
    counts: z.object({ schools: UndoCounts, classrooms: UndoCounts, teachers: UndoCounts, students: UndoCounts }).openapi({
      description: "Per kind, rows the undo would deactivate (created), put back (updated) and bring back (deactivated)",
    }),
    memberships: z.number(),
    leftAlone: z.array(LeftAloneSchema),
  })
  .openapi("RosterUndoPreview");

const ConfirmationSchema = z
  .object({
    kind: z.enum(CONFIRMATION_KINDS).openapi({
      description:
        "adopt, email, deactivate: an account (issue 33); adoptSchool, adoptClassroom, adoptStudent: a record made by hand that a row " +
        "of the file matches (a school by name, a classroom by name in its school, a student by Student ID, else by name and birth " +
        "date) and that takes the row's sourcedId and fields",
    }),
    userId: z.string().nullable().openapi({ description: "The account (adopt, email, deactivate); null for other records" }),
    recordId: z.string().openapi({ description: "The account's, school's, classroom's or student's id" }),
    sourcedId: z.string(),
    line: z.number().nullable().openapi({ description: "The row's line (users.csv, orgs.csv for schools, classes.csv for classrooms)" }),
    name: z.string().openapi({ description: "The record's name now" }),
    email: z.string().nullable().openapi({ description: "Accounts only" }),
    previousEmail: z.string().nullable(),
    matchedBy: z.string().nullable().openapi({ description: "Records made by hand: what matched them to the row" }),
  })
  .openapi("RosterConfirmation");
const Report = z
  .object({
    counts: z
      .object({ schools: KindCounts, classrooms: KindCounts, teachers: KindCounts, students: KindCounts, enrollments: KindCounts })
      .nullable()
      .openapi({ description: "What applying it would change (staged) or changed (applied); null when the zip could not be read" }),
    errors: z.array(RowErrorSchema).openapi({ description: `Refused rows, at most ${MAX_REPORTED_ERRORS}` }),
    errorCount: z.number(),
    message: z.string().nullable().openapi({ description: "Why a zip was refused whole (unsafe or unreadable)" }),
    confirmations: z.array(ConfirmationSchema).openapi({
      description:
        "Changes to existing records a district admin confirms when applying (adopting an account, school, classroom or student made " +
        "by hand, an e-mail change, deactivating an account the import did not create); listed only to a district admin or super " +
        "admin of the district",
    }),
    confirmationCount: z.number(),
    notices: z.array(RowErrorSchema).openapi({
      description:
        "Rows skipped, with file, line, column and why: row problems (issue 35: the row is skipped and the record it names left as it is), " +
        "then teacher rows whose account is an administrator's",
    }),
    massDeactivations: z
      .array(z.object({ kind: z.enum(GUARDED_KINDS), deactivated: z.number(), total: z.number() }).openapi("RosterMassDeactivation"))
      .openapi({
        description:
          `Kinds the upload would deactivate more than ${MASS_DEACTIVATION.share * 100}% of (${MASS_DEACTIVATION.source}), with the ` +
          "district's active count before it: applying needs a signed-in admin's confirmDeactivations",
      }),
    accountsReset: z
      .number()
      .optional()
      .openapi({ description: "After an undo: accounts whose e-mail it put back, signed out and asked to set a new password" }),
    leftAlone: z
      .array(LeftAloneSchema)
      .optional()
      .openapi({ description: "After an undo: rows edited after the import, which the undo left as they were" }),
  })
  .openapi("RosterReport");
type ReportT = z.infer<typeof Report>;

const RosterImport = z
  .object({
    rosterImportId: z.string(),
    organizationId: z.string(),
    status: z.enum(["staged", "rejected", "applied", "undone"]),
    fileName: z.string(),
    sizeBytes: z.number(),
    createdAt: z.string(),
    appliedAt: z.string().nullable(),
    undoneAt: z.string().nullable(),
    report: Report,
  })
  .openapi("RosterImport");
type RosterImportT = z.infer<typeof RosterImport>;

const checkDistrict = createRoute({
  method: "get",
  path: "/roster-stream-old/check-district/{districtId}",
  summary: "The district a rostering link names (public)",
  security: [],
  request: { params: DistrictIdParam },
  responses: {
    200: jsonResponse(z.object({ organizationId: z.string(), name: z.string() }), "The district"),
    400: errorResponses[400],
    404: errorResponses[404],
  },
});

const RosterKeyField = z.string().max(200).optional().openapi({
  description:
    "The district's rostering key (the ?key= of its rostering link): uploads with it are not rate limited; an invalid one answers 403",
});

const UploadBody = z
  .object({
    file: z
      .string({ error: "file is required" })
      .openapi({ description: "The zip, base64 (the body limit caps it; over 15,000,000 bytes answers 413)" }),
    fileName: text(255, { label: "fileName", error: "fileName is required" }).pipe(z.string().min(1, "fileName is required")),
    districtName: text(TEXT_MAX.name, { label: "districtName", error: "districtName is required" }),
    districtId: z.string({ error: "districtId is required" }).uuid(ROSTER_MESSAGES.districtNotFound),
    rosterKey: RosterKeyField,
  })
  .openapi("RosterUpload");

const processRosterFile = createRoute({
  method: "post",
  path: "/roster-stream-old/process-roster-file",
  summary: "Validate and stage a OneRoster zip (public); nothing changes until it is applied",
  description:
    "JSON {file (base64 of the zip), fileName, districtName} as spec 001 §7 gives it, plus districtId (the rostering link's id). " +
    "A zip that is unsafe or unreadable answers 422 with the reason; a readable one answers 200 with the import: status staged " +
    "(its preview) or rejected (every refused row). Anonymous uploads are rate limited per district and per address (429 with " +
    "Retry-After and the wait in the message); a signed-in admin of the district or a valid rostering key is not.",
  security: [],
  request: { body: jsonBody(UploadBody) },
  responses: {
    200: jsonResponse(RosterImport, "The staged or rejected import"),
    400: errorResponses[400],
    404: errorResponses[404],
    413: jsonResponse(z.object({ message: z.string() }), "Larger than 15,000,000 bytes"),
    403: errorResponses[403],
    422: jsonResponse(z.object({ message: z.string() }), "Unsafe or unreadable zip"),
    429: {
      content: { "application/json": { schema: z.object({ message: z.string() }) } },
      description: "Too many anonymous uploads: try again after Retry-After seconds (the message says the wait)",
      headers: z.object({ "Retry-After": z.string().openapi({ description: "Seconds to wait" }) }),
    },
  },
});

const applyImport = createRoute({
  method: "post",
  path: "/roster-stream-old/apply",
  summary: "Apply a staged upload in one transaction (district admins, super admins, or the district's rostering key)",
  description:
    "Applying changes the district, so it needs a signed-in district admin of the district or a super admin, or the district's " +
    "rostering key (uploading and previewing stay public). An upload that changes existing accounts (report.confirmations) is " +
    "applied only with a signed-in admin's confirmAccounts, and one that deactivates more than " +
    `${MASS_DEACTIVATION.share * 100}% of the district's students, classrooms or teachers (report.massDeactivations) only with a ` +
    "signed-in admin's confirmDeactivations: the key alone applies neither.",
  request: {
    body: jsonBody(
      z.object({
        districtId: z.string().uuid(ROSTER_MESSAGES.districtNotFound),
        rosterImportId: z.string().uuid(ROSTER_MESSAGES.importNotFound),
        confirmAccounts: z.boolean().optional().openapi({
          description: "The signed-in admin confirms the preview's account changes (report.confirmations); required when there are any",
        }),
        confirmDeactivations: z.boolean().optional().openapi({
          description:
            "The signed-in admin confirms the preview's mass deactivations (report.massDeactivations); required when there are any",
        }),
        rosterKey: RosterKeyField.openapi({ description: "The district's rostering key, for an automated export with nobody signed in" }),
      }),
    ),
  },
  responses: {
    200: jsonResponse(RosterImport, "The applied import"),
    ...errorResponses,
    409: jsonResponse(
      z.object({ message: z.string() }),
      "Not staged, has errors, account changes or mass deactivations not confirmed, or conflicts with the district",
    ),
  },
});

const RosterKeyState = z
  .object({
    hasKey: z.boolean(),
    createdAt: z.string().nullable(),
    createdBy: z.string().nullable().openapi({ description: "Who made the current key, when the account still exists" }),
  })
  .openapi("RosterKeyState");

const listImports = createRoute({
  method: "get",
  path: "/organization/{id}/roster-imports",
  summary: "A district's roster imports, newest first, with their reports (district admins, super admins)",
  request: { params: idParam() },
  responses: {
    200: jsonResponse(
      z.object({ imports: z.array(RosterImport), undoableId: z.string().nullable(), rosterKey: RosterKeyState }),
      "Imports; undoableId is the one Undo applies to; rosterKey, the district's key as GET …/roster-key gives it",
    ),
    ...errorResponses,
  },
});

const undoPreview = createRoute({
  method: "get",
  path: "/roster-imports/{id}/undo-preview",
  summary: "What undoing an import would change, and the rows edited since that it would leave alone (district admins, super admins)",
  request: { params: IdParam },
  responses: { 200: jsonResponse(UndoPreview, "The undo's counts"), ...errorResponses },
});

const undoImport = createRoute({
  method: "post",
  path: "/roster-imports/{id}/undo",
  summary: "Undo the district's latest applied import (district admins, super admins)",
  request: { params: IdParam },
  responses: {
    200: jsonResponse(RosterImport, "The undone import"),
    ...errorResponses,
    409: jsonResponse(z.object({ message: z.string() }), "Not the latest applied import, or the district changed since"),
  },
});

const OrganizationIdParam = idParam({ error: ROSTER_MESSAGES.districtNotFound });

const keyState = (key: Awaited<ReturnType<typeof rosterKeyOf>>): z.infer<typeof RosterKeyState> => ({
  hasKey: key !== null,
  createdAt: key ? key.createdAt.toISOString() : null,
  createdBy: key?.createdBy ?? null,
});

const getRosterKey = createRoute({
  method: "get",
  path: "/organization/{id}/roster-key",
  summary: "Whether the district has a rostering key, and when it was made (district admins, super admins); never the key",
  request: { params: OrganizationIdParam },
  responses: { 200: jsonResponse(RosterKeyState, "The key's state"), ...errorResponses },
});

const makeRosterKey = createRoute({
  method: "post",
  path: "/organization/{id}/roster-key",
  summary: "Make the district's rostering key, replacing any earlier one at once (district admins, super admins)",
  description:
    "The key is answered once and kept only as its SHA-256: copy it then. With it an automated export uploads and applies " +
    "without a person signed in, but account changes and mass deactivations still need a signed-in admin. Audited.",
  request: { params: OrganizationIdParam },
  responses: {
    201: jsonResponse(
      z.object({
        key: z.string(),
        link: z
          .string()
          .openapi({ description: "The district's rostering page at PUBLIC_URL with the key (?key=), to hand to the export" }),
        createdAt: z.string(),
        rotated: z.boolean().openapi({ description: "An earlier key was replaced" }),
      }),
      "The new key, shown this once",
    ),
    ...errorResponses,
  },
});

const revokeRosterKey = createRoute({
  method: "delete",
  path: "/organization/{id}/roster-key",
  summary: "Revoke the district's rostering key: its link stops applying at once (district admins, super admins). Audited.",
  request: { params: OrganizationIdParam },
  responses: {
    200: jsonResponse(z.object({ revoked: z.boolean().openapi({ description: "false when there was no key" }) }), "Revoked"),
    ...errorResponses,
  },
});

interface ImportRow {
  roster_import_id: string;
  organization_id: string;
  status: RosterImportT["status"];
  file_name: string;
  size_bytes: number;
  report: unknown;
  created_at: Date;
  applied_at: Date | null;
  undone_at: Date | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** jsonb arrives parsed from both engines; a string is parsed here in case a driver hands it over raw. */
const json = <T>(value: unknown): T => (typeof value === "string" ? (JSON.parse(value) as T) : (value as T));

function toImport(row: ImportRow): RosterImportT {
  return {
    rosterImportId: row.roster_import_id,
    organizationId: row.organization_id,
    status: row.status,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    createdAt: iso(row.created_at)!,
    appliedAt: iso(row.applied_at),
    undoneAt: iso(row.undone_at),
    report: fullReport(json<Partial<ReportT>>(row.report)),
  };
}

const reportOf = (
  counts: PlanCounts | null,
  errors: RowError[],
  message: string | null = null,
  confirmations: AccountConfirmation[] = [],
  notices: RowError[] = [],
  errorCount = errors.length,
  mass: MassDeactivation[] = [],
): ReportT => ({
  counts,
  errors: errors.slice(0, MAX_REPORTED_ERRORS),
  errorCount,
  message,
  confirmations: confirmations.slice(0, MAX_REPORTED_ERRORS),
  confirmationCount: confirmations.length,
  notices: notices.slice(0, MAX_REPORTED_ERRORS),
  massDeactivations: mass,
});

/** Reports stored before the account rules (issue 33) lack their fields. */
const fullReport = (report: Partial<ReportT>): ReportT => ({
  counts: null,
  errors: [],
  errorCount: 0,
  message: null,
  ...report,
  confirmations: (report.confirmations ?? []).map(fullConfirmation),
  confirmationCount: report.confirmationCount ?? report.confirmations?.length ?? 0,
  notices: report.notices ?? [],
  massDeactivations: report.massDeactivations ?? [],
});

/**
 * What a caller who is not an admin of the district sees of an import: the counts, not which
 * existing accounts the file matched (that would tell a stranger with the link who has an account).
 */
const forCaller = (item: RosterImportT, actor: Actor | null): RosterImportT =>
  actor && may(actor.role, "manageRosterImports") && canSeeOrganization(actor, item.organizationId)
    ? item
    : { ...item, report: { ...item.report, confirmations: [] } };

async function liveDistrict(db: Db, districtId: string) {
  const org = await liveDistrictName(db, districtId);
  if (!org) throw new ApiError(404, ROSTER_MESSAGES.districtNotFound);
  return org;
}

/** The anonymous budgets this upload would be counted in, or the wait until they have room again. */
async function anonymousBudget(db: Db, districtId: string, ip: string | null, now: Date) {
  return reserveOrWait(
    db,
    [
      { bucket: `roster:district:${districtId}`, limit: ROSTER_LIMITS.district },
      ...(ip ? [{ bucket: `roster:ip:${ip}`, limit: ROSTER_LIMITS.ip }] : []),
    ],
    now,
  );
}

const isDistrictAdmin = (actor: Actor | null, districtId: string) =>
  actor !== null && may(actor.role, "manageRosterImports") && canSeeOrganization(actor, districtId);

/** A rostering key is a random secret, so its SHA-256 is enough to find it and worthless to a reader of the table. */
const hashRosterKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** Whether `key` is the district's rostering key; a key given for another district, rotated or revoked answers 403. */
async function checkRosterKey(db: Db, districtId: string, key: string | undefined): Promise<boolean> {
  if (key === undefined || key === "") return false;
  if ((await districtOfRosterKey(db, hashRosterKey(key))) !== districtId) throw new ApiError(403, ROSTER_MESSAGES.badKey);
  return true;
}

/** What the preview states and the apply checks: the guarded kinds the plan deactivates too much of. */
async function massOf(db: Db, districtId: string, counts: PlanCounts): Promise<MassDeactivation[]> {
  const deactivated = {
    students: counts.students.deactivated,
    classrooms: counts.classrooms.deactivated,
    teachers: counts.teachers.deactivated,
  };
  if (GUARDED_KINDS.every((k) => deactivated[k] === 0)) return [];
  return massDeactivations(deactivated, await districtTotals(db, districtId));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Locks the district row for the length of the transaction: one import or undo at a time per district. */
async function lockDistrict(tx: Db, districtId: string) {
  if (!(await lockLiveDistrict(tx, districtId))) throw new ApiError(404, ROSTER_MESSAGES.districtNotFound);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

interface Staged {
  roster: Roster;
  skipped: Skipped;
  /** What the preview promised (planKey); absent in previews staged before issue 35. */
  planKey?: string;
}

/**
 * The plan's key (planKey), giving the event loop a turn between the plan's kinds: a 100,000-student
 * plan's key is more than a second of work, which every other request would otherwise wait on.
 */
async function planKeyYielding(plan: Plan): Promise<string> {
  const hash = createHash("sha256");
  for (const piece of planKeyPieces(plan)) {
    hash.update(piece);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return hash.digest("hex");
}

/** How long a preview may be applied (issue 35 item 2): a day, then the file is uploaded again. */
export const PREVIEW_TTL_MS = 24 * 60 * 60_000;

export function registerRostering(app: Router) {
  app.openapi(checkDistrict, async (c) => {
    const { db } = c.get("deps");
    const org = await liveDistrict(db, c.req.valid("param").districtId);
    return c.json({ organizationId: org.organization_id, name: org.name }, 200);
  });

  app.openapi(processRosterFile, async (c) => {
    const { db, now } = c.get("deps");
    const body = c.req.valid("json");
    const org = await liveDistrict(db, body.districtId);
    if (body.districtName.trim() !== org.name.trim()) throw new ApiError(400, ROSTER_MESSAGES.wrongDistrict);
    const keyed = await checkRosterKey(db, org.organization_id, body.rosterKey);
    if (!keyed && !isDistrictAdmin(c.get("actor"), org.organization_id)) {
      const over = await anonymousBudget(db, org.organization_id, clientIp(c), now());
      if (over) return c.json({ message: tooManyAttempts(over.waitMs) }, 429, { "Retry-After": String(retryAfterSeconds(over.waitMs)) });
    }
    if (!/\.zip$/i.test(body.fileName.trim())) throw new ApiError(400, ROSTER_MESSAGES.notZipName);
    if (body.file.length > Math.ceil(MAX_ZIP_BYTES / 3) * 4) throw new ApiError(413, ROSTER_MESSAGES.tooLarge);
    if (body.file.length % 4 !== 0 || !BASE64.test(body.file)) throw new ApiError(400, ROSTER_MESSAGES.notBase64);
    const bytes = Buffer.from(body.file, "base64");
    if (bytes.length === 0) throw new ApiError(400, ROSTER_MESSAGES.emptyFile);
    if (bytes.length > MAX_ZIP_BYTES) throw new ApiError(413, ROSTER_MESSAGES.tooLarge);
    const record = async (status: "staged" | "rejected", report: ReportT, staged: Staged | null) =>
      insertRosterImport(db, {
        organization_id: org.organization_id,
        status,
        file_name: body.fileName.trim(),
        size_bytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        report: JSON.stringify(report),
        roster: staged ? JSON.stringify(staged) : null,
      });

    let files: Map<string, CsvTable | RowError>;
    try {
      files = await readRosterZip(bytes);
    } catch (error) {
      if (!(error instanceof RosterZipError)) throw error;
      await record("rejected", reportOf(null, [], error.message), null);
      throw new ApiError(422, error.message);
    }
    const read = readOneRosterTables(files);
    if (read.errors.length > 0)
      return c.json(
        forCaller(toImport(await record("rejected", reportOf(null, read.errors, null, [], [], read.errorCount), null)), c.get("actor")),
        200,
      );
    // Row problems were skipped by the reader; a teacher row the plan refuses (an e-mail held by
    // another account) is skipped the same way, and the rest planned again (issue 35).
    let { roster, skipped } = read;
    let { plan, errors } = await planFor(db, org.organization_id, roster, skipped);
    const skipping = errors.length > 0 ? skipRefusedRows(roster, skipped, errors) : null;
    if (skipping) {
      ({ roster, skipped } = skipping);
      ({ plan, errors } = await planFor(db, org.organization_id, roster, skipped));
    }
    const counts = planCounts(plan);
    const mass = errors.length > 0 ? [] : await massOf(db, org.organization_id, counts);
    const row =
      errors.length > 0
        ? await record("rejected", reportOf(counts, errors, null, plan.confirmations, plan.notices), null)
        : await record("staged", reportOf(counts, [], null, plan.confirmations, plan.notices, 0, mass), {
            roster,
            skipped,
            planKey: await planKeyYielding(plan),
          });
    return c.json(forCaller(toImport(row), c.get("actor")), 200);
  });

  app.openapi(applyImport, async (c) => {
    const { db, now } = c.get("deps");
    const { districtId, rosterImportId, confirmAccounts, confirmDeactivations, rosterKey } = c.req.valid("json");
    // Applying changes the district: a signed-in admin of it or its rostering key, never the public link alone (issues 33, 35).
    const keyed = await checkRosterKey(db, districtId, rosterKey);
    const actor = keyed && !isDistrictAdmin(c.get("actor"), districtId) ? null : requireCapability(c.get("actor"), "manageRosterImports");
    if (actor) await assertOrganization(db, actor, districtId);
    else await liveDistrict(db, districtId);
    try {
      const row = await db.transaction().execute(async (tx) => {
        await lockDistrict(tx, districtId);
        const found = await importToApply(tx, rosterImportId, districtId);
        if (!found) throw new ApiError(404, ROSTER_MESSAGES.importNotFound);
        if (found.status === "rejected") throw new ApiError(409, ROSTER_MESSAGES.hasErrors);
        if (found.status !== "staged") throw new ApiError(409, ROSTER_MESSAGES.notStaged);
        if (now().getTime() - new Date(found.created_at).getTime() > PREVIEW_TTL_MS)
          throw new ApiError(409, ROSTER_MESSAGES.previewExpired);
        const staged = json<Staged>(found.roster);
        // The plan is made again under the lock: the district may have changed since the preview.
        const { plan, errors } = await planFor(tx, districtId, staged.roster, staged.skipped);
        if (errors.length > 0) {
          return { rejected: reportOf(null, errors), row: null };
        }
        // Account changes are applied only as the admin saw and confirmed them in the preview.
        const previewed = fullReport(json<Partial<ReportT>>(found.report)).confirmations;
        if (confirmationsKey(plan.confirmations) !== confirmationsKey(previewed)) {
          throw new ApiError(409, ROSTER_MESSAGES.changedSincePreview);
        }
        // Nor anything else it would write: a newer import or an edit by hand since the preview would be rolled back.
        if (staged.planKey !== undefined && staged.planKey !== (await planKeyYielding(plan)))
          throw new ApiError(409, ROSTER_MESSAGES.changedSincePreview);
        if (plan.confirmations.length > 0 && (confirmAccounts !== true || !actor)) {
          throw new ApiError(409, ROSTER_MESSAGES.confirmNeeded(plan.confirmations.length));
        }
        // A mass deactivation is applied only as a signed-in admin saw and confirmed its counts.
        const mass = await massOf(tx, districtId, planCounts(plan));
        const previewedMass = fullReport(json<Partial<ReportT>>(found.report)).massDeactivations;
        if (mass.length > 0 && (confirmDeactivations !== true || !actor))
          throw new ApiError(409, ROSTER_MESSAGES.massNeedsConfirmation(mass));
        if (mass.length > 0 && massDeactivationsKey(mass) !== massDeactivationsKey(previewedMass)) {
          throw new ApiError(409, ROSTER_MESSAGES.changedSincePreview);
        }
        const { changes, counts } = await applyPlan(tx, districtId, plan, now());
        return {
          rejected: null,
          row: await markImportApplied(tx, rosterImportId, {
            now: now(),
            by: actor?.userId ?? null,
            changes: JSON.stringify(changes),
            report: JSON.stringify(reportOf(counts, [], null, plan.confirmations, plan.notices, 0, mass)),
          }),
        };
      });
      if (row.rejected) {
        await rejectStagedImport(db, rosterImportId, JSON.stringify(row.rejected));
        throw new ApiError(409, ROSTER_MESSAGES.hasErrors, row.rejected.errors.map(formatRowError));
      }
      return c.json(forCaller(toImport(row.row), actor), 200);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isUniqueViolation(error)) throw new ApiError(409, ROSTER_MESSAGES.applyConflict);
      // The transaction rolled back: nothing changed. The log has the cause; the uploader a clear message.
      console.error("[rostering] apply failed", rosterImportId, error instanceof Error ? error.message : error);
      throw new ApiError(500, ROSTER_MESSAGES.applyFailed);
    }
  });

  app.openapi(getRosterKey, async (c) => {
    const { db } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageRosterImports");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    return c.json(keyState(await rosterKeyOf(db, org.organization_id)), 200);
  });

  app.openapi(makeRosterKey, async (c) => {
    const { db, now } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageRosterImports");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const key = randomBytes(32).toString("base64url");
    const at = now();
    const rotated = await db.transaction().execute(async (tx) => {
      const replaced = await putRosterKey(tx, org.organization_id, hashRosterKey(key), actor.userId, at);
      await audit(tx, actor, "update", "organization", org.organization_id, { rosterKey: replaced ? "rotated" : "created" });
      return replaced;
    });
    const link = new URL(`/rostering/${org.organization_id}`, c.get("deps").config.publicUrl);
    link.searchParams.set("key", key);
    return c.json({ key, link: link.toString(), createdAt: at.toISOString(), rotated }, 201);
  });

  app.openapi(revokeRosterKey, async (c) => {
    const { db } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageRosterImports");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const revoked = await db.transaction().execute(async (tx) => {
      const done = await deleteRosterKey(tx, org.organization_id);
      if (done) await audit(tx, actor, "update", "organization", org.organization_id, { rosterKey: "revoked" });
      return done;
    });
    return c.json({ revoked }, 200);
  });

  app.openapi(listImports, async (c) => {
    const { db } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageRosterImports");
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    const rows = await recentImports(db, org.organization_id, 50);
    const undoable = await latestAppliedImport(db, org.organization_id);
    return c.json(
      { imports: rows.map(toImport), undoableId: undoable, rosterKey: keyState(await rosterKeyOf(db, org.organization_id)) },
      200,
    );
  });

  app.openapi(undoPreview, async (c) => {
    const { db } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageRosterImports");
    const id = c.req.valid("param").id;
    const found = await importForUndoPreview(db, id);
    if (!found) throw notFound("Import");
    await assertOrganization(db, actor, found.organization_id);
    if (found.status !== "applied") throw new ApiError(409, ROSTER_MESSAGES.notApplied);
    const plan = await planUndo(db, json<Changes>(found.changes));
    const undoable = (await latestAppliedImport(db, found.organization_id)) === id;
    return c.json({ rosterImportId: id, fileName: found.file_name, undoable, ...plan }, 200);
  });

  app.openapi(undoImport, async (c) => {
    const { db, now } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageRosterImports");
    const id = c.req.valid("param").id;
    const found = await importDistrict(db, id);
    if (!found) throw notFound("Import");
    await assertOrganization(db, actor, found.organization_id);
    try {
      const row = await db.transaction().execute(async (tx) => {
        await lockDistrict(tx, found.organization_id);
        const current = await importToUndo(tx, id);
        if (current.status !== "applied") throw new ApiError(409, ROSTER_MESSAGES.notApplied);
        if ((await latestAppliedImport(tx, found.organization_id)) !== id) throw new ApiError(409, ROSTER_MESSAGES.notLatest);
        const { reset, plan } = await undoChanges(tx, found.organization_id, id, json<Changes>(current.changes), now());
        const report = { ...fullReport(json<Partial<ReportT>>(current.report)), accountsReset: reset.length, leftAlone: plan.leftAlone };
        return markImportUndone(tx, id, { now: now(), by: actor.userId, report: JSON.stringify(report) });
      });
      return c.json(toImport(row), 200);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, ROSTER_MESSAGES.undoConflict);
      throw error;
    }
  });
}
