import { dayNumber, type IsoDate } from "./calendar-date";
import { decodeCursor, pageNumber, type Cursor } from "./paging";
import { isUuid } from "./uuid";

// Who looked at a child's record (issue 41 item 2): the kinds of read the access log records,
// their words, the retention setting, and the access-log page's search as the URL holds it.
// Pure: the API (app/api/record-access.ts) writes and reads the rows, the pages show them.

/**
 * Every read the log records (docs/features/record-access.md). A single student's read names the
 * student; the list reads (classroom family reports, the CSVs and exports) name their scope and
 * how many students they held.
 */
export const RECORD_ACCESS_KINDS = [
  "student-profile",
  "family-report",
  "classroom-family-reports",
  "ran-recording",
  "classroom-csv",
  "classroom-details-csv",
  "school-csv",
  "district-csv",
  "district-export",
  "completion-report",
  "student-export",
  "follow-ups",
  "follow-up-list",
  "progress-probes",
] as const;
export type RecordAccessKind = (typeof RECORD_ACCESS_KINDS)[number];

export const RECORD_ACCESS_LABELS: Readonly<Record<RecordAccessKind, string>> = {
  // The student page, and the classroom's letter-score dialog, which reads the same profile.
  "student-profile": "Student profile",
  "family-report": "Family report",
  "classroom-family-reports": "Family reports of a classroom",
  "ran-recording": "RAN recording",
  "classroom-csv": "Classroom results CSV",
  "classroom-details-csv": "Classroom student details CSV",
  "school-csv": "School CSV",
  "district-csv": "District CSV",
  "district-export": "District data export",
  "completion-report": "Completion report CSV",
  "student-export": "Student records export (zip)",
  // Issue 38: a student's follow-ups after a flag (timeline, notes), and a page of a scope's follow-ups.
  "follow-ups": "Follow-ups after a flag",
  "follow-up-list": "Follow-up list",
  // Issue 39 items 5, 6: a student's probes between benchmarks and their charts.
  "progress-probes": "Progress probes",
};

export type AccessScopeKind = "classroom" | "school" | "district";
export const SCOPE_LABELS: Readonly<Record<AccessScopeKind, string>> = { classroom: "Classroom", school: "School", district: "District" };

// ── Retention ───────────────────────────────────────────────────────────────────────────────

export const RETENTION_SETTING = "RECORD_ACCESS_RETENTION_DAYS";
/** Pruning runs at most this often per server process: the rows it removes are days old, an hour more changes nothing. */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const MS_PER_DAY = 86_400_000;

/** How long rows are kept: a number of days, or null (kept until deleted), with the setting's problem when it could not be read. */
export type Retention = { days: number | null; problem: string | null };

/**
 * RECORD_ACCESS_RETENTION_DAYS as the server uses it. Unset or blank: no period, nothing is
 * deleted (the product has no figure of its own to invent). A value that is not a whole number of
 * days is not guessed at either: nothing is deleted, and the log page says why.
 */
export function parseRetention(raw: string | undefined | null): Retention {
  const value = (raw ?? "").trim();
  if (value === "") return { days: null, problem: null };
  // Six digits: 999,999 days reach back to the 8th century, within what both engines' dates hold.
  if (/^\d{1,6}$/.test(value) && Number(value) >= 1) return { days: Number(value), problem: null };
  return {
    days: null,
    problem: `${RETENTION_SETTING} is set to “${value.slice(0, 40)}”, which is not a whole number of days (1 or more): nothing is deleted until it is corrected.`,
  };
}

/** The access-log pages' sentence about how long rows are kept. */
export function retentionText(retention: Retention): string {
  if (retention.problem) return `Kept until deleted: ${retention.problem}`;
  if (retention.days === null) return "Kept until deleted: no retention period is configured.";
  return `Kept for ${retention.days === 1 ? "1 day" : `${retention.days.toLocaleString("en-US")} days`}, then deleted by the server.`;
}

/** Rows that occurred before this instant are past the retention period. */
export const retentionCutoff = (now: Date, days: number): Date => new Date(now.getTime() - days * MS_PER_DAY);

/** Whether a prune is due: never run in this process, at least PRUNE_INTERVAL_MS ago, or a clock that went back. */
export function pruneDue(lastPrunedAt: number | null, now: number): boolean {
  return lastPrunedAt === null || now - lastPrunedAt >= PRUNE_INTERVAL_MS || now < lastPrunedAt;
}

// ── What a row keeps of the request ─────────────────────────────────────────────────────────

/** User agents are kept to this length: enough to tell browsers and devices apart, never a client's essay. */
export const USER_AGENT_MAX = 300;

/** The User-Agent header as kept: control characters gone, spaces collapsed, cut at USER_AGENT_MAX; null when empty. */
export function keptUserAgent(raw: string | null | undefined): string | null {
  const text = (raw ?? "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text ? text.slice(0, USER_AGENT_MAX) : null;
}

// ── Searching the log ───────────────────────────────────────────────────────────────────────

/** The date bounds of a search: from the start of `from` to the end of `to`, in the server's time zone (as 'today' is everywhere). */
export function accessDateBounds(from: IsoDate | undefined, to: IsoDate | undefined): { from: Date | null; before: Date | null } {
  const startOf = (date: IsoDate, plusDays = 0) => {
    const [y, m, d] = date.split("-").map(Number) as [number, number, number];
    const at = new Date(0);
    at.setFullYear(y, m - 1, d + plusDays);
    at.setHours(0, 0, 0, 0);
    return at;
  };
  return { from: from ? startOf(from) : null, before: to ? startOf(to, 1) : null };
}

/** How a user is named in a search: an id, or part of an e-mail address (contains, case-insensitive). */
export function userFilter(value: string | undefined): { userId: string } | { email: string } | null {
  const text = (value ?? "").trim();
  if (!text) return null;
  const lower = text.toLowerCase();
  return isUuid(lower) ? { userId: lower } : { email: lower };
}

export const ACCESS_SORT = "time";
export const ACCESS_DIR = "desc";

export type AccessLogQuery = {
  user: string;
  from: IsoDate | null;
  to: IsoDate | null;
  cursor: Cursor | null;
  page: number;
  errors: { user?: string; from?: string; to?: string };
};

export const ACCESS_LOG_MESSAGES = {
  date: (label: string) => `${label}: enter a date as YYYY-MM-DD.`,
  order: "To: must be on or after From.",
  user: "User: at most 254 characters.",
} as const;

const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    dayNumber(value);
    return value >= "1900-01-01" && value <= "2199-12-31";
  } catch {
    return false;
  }
};

/**
 * The access-log page's search as its URL holds it (a GET form, so it works without JavaScript):
 * a bad date is named next to its field and left out of the search, never an error page.
 */
export function parseAccessLogQuery(search: string | URLSearchParams): AccessLogQuery {
  const params = new URLSearchParams(search);
  const errors: AccessLogQuery["errors"] = {};
  let user = (params.get("user") ?? "").trim();
  if (user.length > 254) {
    errors.user = ACCESS_LOG_MESSAGES.user;
    user = "";
  }
  const date = (key: "from" | "to", label: string): IsoDate | null => {
    const value = (params.get(key) ?? "").trim();
    if (!value) return null;
    if (isDate(value)) return value;
    errors[key] = ACCESS_LOG_MESSAGES.date(label);
    return null;
  };
  const from = date("from", "From");
  let to = date("to", "To");
  if (from && to && to < from) {
    errors.to = ACCESS_LOG_MESSAGES.order;
    to = null;
  }
  const cursor = decodeCursor(params.get("cursor"));
  return {
    user,
    from,
    to,
    cursor: cursor && cursor.s === `${ACCESS_SORT}:${ACCESS_DIR}` && cursor.k.length === 2 ? cursor : null,
    page: pageNumber(params.get("page")),
    errors,
  };
}

// ── Showing a row ───────────────────────────────────────────────────────────────────────────

export type ShownAccess = {
  what: string;
  participantId: string | null;
  participantName: string | null;
  scopeKind: AccessScopeKind | null;
  scopeName: string | null;
  rowCount: number | null;
};

export const isRecordAccessKind = (value: string): value is RecordAccessKind => (RECORD_ACCESS_KINDS as readonly string[]).includes(value);

/** The words of a row's kind; a kind this build does not know (a newer server's row) as it is stored. */
export const accessKindLabel = (what: string): string => (isRecordAccessKind(what) ? RECORD_ACCESS_LABELS[what] : what);

/** 'Student or scope': the student's name, or the scope with the number of students ('School: Oak Elementary, 312 students'). */
export function accessSubjectText(row: ShownAccess): string {
  if (row.participantId) return row.participantName ?? "A student no longer on record";
  if (!row.scopeKind) return "";
  const name = row.scopeName ?? "no longer on record";
  const count = row.rowCount === null ? "" : `, ${row.rowCount === 1 ? "1 student" : `${row.rowCount.toLocaleString("en-US")} students`}`;
  return `${SCOPE_LABELS[row.scopeKind]}: ${name}${count}`;
}

/** When, as the server's clock names it: 'Mar 2, 2026, 10:04 AM UTC'. Formatted once on the server, so the page hydrates the same text. */
export function accessTimeText(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  });
}
