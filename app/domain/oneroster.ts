import { parse } from "csv-parse/sync";
import { isCleanText, TEXT_MAX } from "./text";

// Reading a OneRoster CSV bulk export (1EdTech OneRoster 1.1, and 1.2 where it differs: roles in
// roles.csv instead of users.role / users.orgSourcedIds) into the rows the product keeps: schools,
// classrooms, teachers, PK–3 students and their enrollments (issue 16). Pure: the zip is opened and
// its text checked elsewhere (app/api/roster-zip.ts); this module gets each file's text.
// An upload is refused whole only when a file cannot be read (a required file or column missing,
// CSV that does not parse, a manifest this reader does not follow): `errors`. A row with a problem
// (unknown org, duplicate id, unknown grade code, an enrollment of an unknown user…) is skipped and
// listed with its file, line, column and reason (`roster.problems`); the record it names is left as
// it is (never updated, never deactivated by a bulk file: `roster.leftAlone`), and the rest is
// read (issue 35). Grades outside PK–3, blank grades, and teachers and classes left without a PK–3
// student are skipped and counted by reason (`Skipped`). demographics.csv is optional: a student
// without a birth date there is kept without one, for an administrator to complete.

// The constants the preview's components share live in oneroster-files.ts, which imports nothing:
// the browser bundle then never pulls in this file's CSV parser (it needs Node's Buffer).
import { MAX_READ_ERRORS, NO_LEFT_ALONE, ONEROSTER_FILES } from "./oneroster-files";
export { MAX_READ_ERRORS, NO_LEFT_ALONE, ONEROSTER_FILES };

/**
 * Files every upload must hold. academicSessions.csv (class terms, only checked) and demographics.csv
 * (birth dates; optional in OneRoster, often sent late or header-only) are read when present, as
 * are courses.csv and roles.csv (1.2's home of users' roles).
 */
export const REQUIRED_FILES = [
  ONEROSTER_FILES.manifest,
  ONEROSTER_FILES.orgs,
  ONEROSTER_FILES.users,
  ONEROSTER_FILES.classes,
  ONEROSTER_FILES.enrollments,
] as const;

/** Optional files that may come empty (not even a header): read as if absent. */
const MAY_BE_EMPTY: readonly string[] = [ONEROSTER_FILES.demographics, ONEROSTER_FILES.academicSessions, ONEROSTER_FILES.courses];

/** Every file name the reader looks at; other files in the zip are ignored. */
export const KNOWN_FILES: readonly string[] = Object.values(ONEROSTER_FILES);

/** Columns each file must have (1.1's required fields that the product reads). */
export const REQUIRED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  [ONEROSTER_FILES.manifest]: ["propertyName", "value"],
  [ONEROSTER_FILES.orgs]: ["sourcedId", "name", "type"],
  [ONEROSTER_FILES.users]: ["sourcedId", "givenName", "familyName"],
  [ONEROSTER_FILES.classes]: ["sourcedId", "title", "schoolSourcedId"],
  [ONEROSTER_FILES.enrollments]: ["sourcedId", "classSourcedId", "userSourcedId", "role"],
  [ONEROSTER_FILES.academicSessions]: ["sourcedId", "title", "type", "startDate", "endDate"],
  [ONEROSTER_FILES.demographics]: ["sourcedId", "birthDate"],
  [ONEROSTER_FILES.courses]: ["sourcedId", "title"],
  [ONEROSTER_FILES.roles]: ["userSourcedId", "role", "orgSourcedId"],
};

export type Grade = "PK" | "K" | "1" | "2" | "3";

/** OneRoster (CEDS) grade codes the product screens; every other code is skipped. */
export const GRADE_MAP: Readonly<Record<string, Grade>> = { PK: "PK", KG: "K", "01": "1", "02": "2", "03": "3" };

export function mapGrade(code: string): Grade | null {
  return GRADE_MAP[code.trim().toUpperCase()] ?? null;
}

/** The other grade codes of OneRoster 1.1 (CEDS): a student in one of them is outside PK–3, skipped. */
const OTHER_GRADES = new Set([
  "IT",
  "PR",
  "TK",
  "PS",
  "UG",
  "OTHER",
  ...Array.from({ length: 10 }, (_, i) => String(i + 4).padStart(2, "0")),
]);

/** A grade column's meaning: a screened grade, a known grade outside PK–3, blank, or a code OneRoster does not have. */
export function gradeOf(value: string): { grade: Grade } | { skip: "outOfGrade" | "blank" } | { unknown: string } {
  const codes = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (codes.length === 0) return { skip: "blank" };
  const grade = codes.map(mapGrade).find((g) => g !== null);
  if (grade) return { grade };
  const unknown = codes.find((c) => !OTHER_GRADES.has(c.toUpperCase()));
  return unknown === undefined ? { skip: "outOfGrade" } : { unknown };
}

export interface RowError {
  file: string;
  /** 1-based line of the file (the header is line 1); 0 for a problem with the whole file. */
  line: number;
  /** The column concerned, or "" for the whole row or file. */
  column: string;
  reason: string;
}

export const formatRowError = (e: RowError) =>
  `${e.file}${e.line > 0 ? ` line ${e.line}` : ""}${e.column ? `, column ${e.column}` : ""}: ${e.reason}`;

export type Status = "active" | "tobedeleted";

export interface RosterSchool {
  sourcedId: string;
  /** Line of orgs.csv, for a row the plan skips or a match it lists (absent in rosters staged before issue 35 item 6). */
  line?: number;
  name: string;
  status: Status;
}
export interface RosterClass {
  sourcedId: string;
  /** Line of classes.csv (absent in rosters staged before issue 35 item 6). */
  line?: number;
  name: string;
  schoolSourcedId: string;
  status: Status;
}
export interface RosterTeacher {
  sourcedId: string;
  /** Line of users.csv, for a refusal found when the plan meets the database (an email taken). */
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  status: Status;
}
export interface RosterStudent {
  sourcedId: string;
  /** Line of users.csv (absent in rosters staged before issue 35 item 6). */
  line?: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  grade: Grade;
  /** YYYY-MM-DD from demographics.csv; null when it gives none (an administrator completes it). */
  birthDate: string | null;
  schoolSourcedId: string;
  /** users.identifier: the district's student number. */
  identifier: string | null;
  email: string | null;
  status: Status;
}
export interface RosterEnrollment {
  classSourcedId: string;
  userSourcedId: string;
  role: "student" | "teacher";
}

/** Which kinds the manifest sends as a full bulk copy (missing records are deactivated) rather than a delta. */
export interface BulkKinds {
  schools: boolean;
  classrooms: boolean;
  teachers: boolean;
  students: boolean;
  enrollments: boolean;
}

/**
 * Records named by rows skipped for a problem: the import leaves them as they are (a bulk file does
 * not deactivate them, their memberships stay).
 */
export interface LeftAlone {
  /** sourcedIds of orgs.csv rows. */
  schools: string[];
  /** sourcedIds of classes.csv rows. */
  classrooms: string[];
  /** sourcedIds of users.csv rows (teachers or students). */
  users: string[];
  /** Enrollment rows skipped for a problem: the membership they name stays as it is. */
  enrollments: { classSourcedId: string; userSourcedId: string }[];
  /**
   * Kinds with a skipped row whose sourcedId could not be read: it may be any record, so this upload
   * deactivates none of that kind (and removes no membership, for enrollments).
   */
  unidentified: (keyof BulkKinds)[];
}

/** What the product keeps from one export: PK–3 students, the classes they are in, those classes' teachers. */
export interface Roster {
  version: string;
  bulk: BulkKinds;
  schools: RosterSchool[];
  classrooms: RosterClass[];
  teachers: RosterTeacher[];
  students: RosterStudent[];
  enrollments: RosterEnrollment[];
  /** Optional in rosters staged before issue 35. */
  leftAlone?: LeftAlone;
  /** Rows skipped for a problem, the first MAX_READ_ERRORS of them, with file, line, column and reason. */
  problems?: RowError[];
  /** How many rows were skipped for a problem in all. */
  problemCount?: number;
}

/** Records left out on purpose, by reason. */
export interface Skipped {
  /** Students whose grade is a OneRoster grade outside PK–3. */
  studentsOutOfGrade: number;
  /** Students with no grade (left as they are: the file does not say they left PK–3). Optional in rosters staged before issue 35. */
  studentsBlankGrade?: number;
  /** Classes without an active PK–3 student. */
  classesWithoutStudents: number;
  /** Teachers who teach no kept class. */
  teachersWithoutClasses: number;
  /** Users with other roles (administrator, aide, guardian, parent…). */
  otherUsers: number;
  /** Orgs that are not schools (district, department, local, state, national). */
  otherOrgs: number;
  /** Enrollments of skipped users or classes, or with other roles. */
  enrollments: number;
  /** Rows skipped for a problem (listed in `roster.problems`), by the kind of record they name. Optional before issue 35. */
  problems?: Record<keyof BulkKinds, number>;
}

export interface ReadResult {
  roster: Roster;
  /** Why the upload is refused whole (a file that cannot be read): the first MAX_READ_ERRORS, in the order found. */
  errors: RowError[];
  /** How many refusals in all (errors holds the first of them). */
  errorCount: number;
  skipped: Skipped;
}

export interface CsvRow {
  line: number;
  width: number;
  get(column: string): string;
}
export interface CsvTable {
  file: string;
  columns: string[];
  rows: CsvRow[];
}

/**
 * csv-parse's options for every roster file: a BOM and CRLF line ends are fine, empty lines are
 * skipped. A row with more or fewer values than the header is read, and the reader skips it as a
 * row problem (issue 35: one ragged row refused the whole upload).
 */
export const CSV_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: true } as const;

// Each record keeps its values and the line it ends on, nothing more (csv-parse's `info` object
// per record cost about a tenth of an upload's memory at 100,000 students).
export const toRecord = (record: string[], context: { lines: number }): CsvRecord => new Row(record, context.lines);

/** What csv-parse makes of each record through `toRecord`: opaque outside this module. */
export type CsvRecord = Row;

/** A file csv-parse refused, as one error for the file. */
export function csvError(file: string, error: unknown): RowError {
  const e = error as { message?: string; lines?: number };
  return { file, line: e.lines ?? 0, column: "", reason: `not valid CSV (${(e.message ?? "").replace(/^Invalid Record Length: /, "")})` };
}

/** Why a file with no header is refused (an optional file sent empty is read as absent). */
export const EMPTY_FILE_REASON = "the file is empty: it needs a header row";

/** The table of a file's records, the first being its header. Rows keep their values as found (see `width`). */
export function tableOf(file: string, records: CsvRecord[]): CsvTable | RowError {
  const [header] = records;
  if (!header) return { file, line: 0, column: "", reason: EMPTY_FILE_REASON };
  const columns = header.values.map((c) => c.trim());
  const index = new Map(columns.map((c, i) => [c, i]));
  const rows = records.slice(1);
  for (const row of rows) row.index = index;
  return { file, columns, rows };
}

/** Parses one CSV file held as text. Uploads parse while they unzip instead (app/api/roster-csv.ts). */
export function parseCsv(file: string, text: string): CsvTable | RowError {
  let records: CsvRecord[];
  try {
    records = (parse as (input: string, options: object) => unknown)(text, { ...CSV_OPTIONS, on_record: toRecord }) as CsvRecord[];
  } catch (error) {
    return csvError(file, error);
  }
  return tableOf(file, records);
}

const NO_COLUMNS: ReadonlyMap<string, number> = new Map();

/** One record: its values by column name (trimmed), and its line. */
class Row implements CsvRow {
  /** The file's column positions, shared by its rows (set once the header is read). */
  index: ReadonlyMap<string, number> = NO_COLUMNS;
  constructor(
    readonly values: string[],
    readonly line: number,
  ) {}
  /** How many values the row holds (the header's count, unless the row is ragged). */
  get width(): number {
    return this.values.length;
  }
  get(column: string): string {
    const i = this.index.get(column);
    return i === undefined ? "" : (this.values[i] ?? "").trim();
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** A birth date demographics.csv may give: a calendar date YYYY-MM-DD in the years the product stores (1900–2199). */
function isBirthDate(value: string): boolean {
  if (!isCalendarDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1900 && year <= 2199;
}

const splitIds = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const BULK_KEYS: Record<keyof BulkKinds, string> = {
  schools: "file.orgs",
  classrooms: "file.classes",
  teachers: "file.users",
  students: "file.users",
  enrollments: "file.enrollments",
};

/**
 * Reads the export's files (name → text) into a Roster, every refused row, and what was skipped.
 * The roster is only meaningful when `errors` is empty.
 */
export function readOneRoster(files: ReadonlyMap<string, string>): ReadResult {
  return readOneRosterTables(
    new Map([...files].filter(([name]) => KNOWN_FILES.includes(name)).map(([name, text]) => [name, parseCsv(name, text)])),
  );
}

/** As readOneRoster, from files already parsed (name → table, or the file's CSV error). */
export function readOneRosterTables(files: ReadonlyMap<string, CsvTable | RowError>): ReadResult {
  const errors: RowError[] = [];
  let errorCount = 0;
  const add = (error: RowError) => {
    errorCount++;
    if (errors.length < MAX_READ_ERRORS) errors.push(error);
  };
  const problemsByKind: Record<keyof BulkKinds, number> = { schools: 0, classrooms: 0, teachers: 0, students: 0, enrollments: 0 };
  const skipped: Skipped = {
    studentsOutOfGrade: 0,
    studentsBlankGrade: 0,
    classesWithoutStudents: 0,
    teachersWithoutClasses: 0,
    otherUsers: 0,
    otherOrgs: 0,
    enrollments: 0,
    problems: problemsByKind,
  };
  const empty: Roster = {
    version: "",
    bulk: { schools: true, classrooms: true, teachers: true, students: true, enrollments: true },
    schools: [],
    classrooms: [],
    teachers: [],
    students: [],
    enrollments: [],
  };

  for (const name of REQUIRED_FILES) {
    if (!files.has(name)) add({ file: name, line: 0, column: "", reason: "required file is missing from the zip" });
  }
  const tables = new Map<string, CsvTable>();
  for (const name of KNOWN_FILES) {
    const table = files.get(name);
    if (table === undefined) continue;
    if ("reason" in table) {
      // An optional file sent empty (not even a header) is read as absent.
      if (MAY_BE_EMPTY.includes(name) && table.reason === EMPTY_FILE_REASON) continue;
      add(table);
      continue;
    }
    const missing = (REQUIRED_COLUMNS[name] ?? []).filter((c) => !table.columns.includes(c));
    for (const column of missing) add({ file: name, line: 1, column, reason: "required column is missing" });
    if (missing.length === 0) tables.set(name, table);
  }

  // 1.1 keeps a user's role and orgs in users.csv; 1.2 moved them to roles.csv.
  const users = tables.get(ONEROSTER_FILES.users);
  const roles = tables.get(ONEROSTER_FILES.roles);
  if (users && !users.columns.includes("role") && !roles) {
    add({
      file: ONEROSTER_FILES.users,
      line: 1,
      column: "role",
      reason: "required column is missing (or give roles.csv, OneRoster 1.2)",
    });
  }
  if (users && users.columns.includes("role") && !users.columns.includes("orgSourcedIds")) {
    add({ file: ONEROSTER_FILES.users, line: 1, column: "orgSourcedIds", reason: "required column is missing" });
  }
  if (errorCount > 0) return { roster: empty, errors, errorCount, skipped };

  // Manifest: version and which files are bulk. The manifest is read whole or the upload is refused.
  const manifest = new Map<string, string>();
  for (const row of tables.get(ONEROSTER_FILES.manifest)!.rows) manifest.set(row.get("propertyName"), row.get("value"));
  const version = manifest.get("oneroster.version") ?? "";
  if (!["1.0", "1.1", "1.2"].includes(version)) {
    add({
      file: ONEROSTER_FILES.manifest,
      line: 0,
      column: "value",
      reason: `oneroster.version must be 1.1 or 1.2 (found '${version || "nothing"}')`,
    });
  }
  const bulk = { ...empty.bulk };
  for (const kind of Object.keys(BULK_KEYS) as (keyof BulkKinds)[]) {
    const mode = (manifest.get(BULK_KEYS[kind]) ?? "bulk").toLowerCase();
    if (mode === "absent") {
      add({ file: ONEROSTER_FILES.manifest, line: 0, column: "value", reason: `${BULK_KEYS[kind]} must be bulk or delta, not absent` });
    }
    bulk[kind] = mode !== "delta";
  }
  if (errorCount > 0) return { roster: empty, errors, errorCount, skipped };

  // From here on every problem is a row's: it is listed and the row skipped.
  const problems: RowError[] = [];
  let problemCount = 0;
  /** Lists a row's problem; answers false so a check reads `ok = problem(…)`. */
  const problem = (file: string, line: number, column: string, reason: string): false => {
    problemCount++;
    if (problems.length < MAX_READ_ERRORS) problems.push({ file, line, column, reason });
    return false;
  };
  const alone = {
    schools: new Set<string>(),
    classrooms: new Set<string>(),
    users: new Set<string>(),
    enrollments: new Map<string, { classSourcedId: string; userSourcedId: string }>(),
    unidentified: new Set<keyof BulkKinds>(),
  };
  const ALONE_SET = { schools: alone.schools, classrooms: alone.classrooms, teachers: alone.users, students: alone.users } as const;
  /** A row skipped for a problem: the record it names (when its id can be read) is left as it is. */
  const leave = (kind: "schools" | "classrooms" | "teachers" | "students", id: string) => {
    problemsByKind[kind]++;
    if (id) ALONE_SET[kind].add(id);
    else alone.unidentified.add(kind);
  };
  const leaveEnrollment = (classSourcedId: string, userSourcedId: string) => {
    problemsByKind.enrollments++;
    if (classSourcedId && userSourcedId)
      alone.enrollments.set(`${classSourcedId}\u0000${userSourcedId}`, { classSourcedId, userSourcedId });
    else alone.unidentified.add("enrollments");
  };

  // A row with more or fewer values than its header cannot be trusted column by column: skipped.
  const FILE_KIND: Readonly<Record<string, "schools" | "classrooms" | "users" | "enrollments" | "roles">> = {
    [ONEROSTER_FILES.orgs]: "schools",
    [ONEROSTER_FILES.classes]: "classrooms",
    [ONEROSTER_FILES.users]: "users",
    [ONEROSTER_FILES.enrollments]: "enrollments",
    [ONEROSTER_FILES.roles]: "roles",
  };
  /** sourcedIds of ragged rows, by file: rows naming them are skipped with them, not refused as naming an unknown id. */
  const raggedIds = new Map<string, Set<string>>();
  for (const [name, table] of tables) {
    const width = table.columns.length;
    if (table.rows.every((r) => r.width === width)) continue;
    const rows: CsvRow[] = [];
    for (const row of table.rows) {
      if (row.width === width) {
        rows.push(row);
        continue;
      }
      problem(name, row.line, "", `has ${row.width} values where the header has ${width} columns`);
      if (!raggedIds.has(name)) raggedIds.set(name, new Set());
      raggedIds.get(name)!.add(row.get("sourcedId"));
      const kind = FILE_KIND[name];
      if (kind === "schools" || kind === "classrooms") leave(kind, row.get("sourcedId"));
      else if (kind === "users") leave(row.get("role").toLowerCase() === "teacher" ? "teachers" : "students", row.get("sourcedId"));
      else if (kind === "roles") leave(row.get("role").toLowerCase() === "teacher" ? "teachers" : "students", row.get("userSourcedId"));
      else if (kind === "enrollments") leaveEnrollment(row.get("classSourcedId"), row.get("userSourcedId"));
    }
    tables.set(name, { ...table, rows });
  }

  const t = (name: string) => tables.get(name)!;

  /**
   * Rows with a unique sourcedId. A row without one, or repeating one, is skipped; `kind` says which
   * records a row without an id could have been (none of them is deactivated by this upload).
   */
  function unique(file: string, kind: (keyof BulkKinds)[], idColumn = "sourcedId") {
    const seen = new Map<string, CsvRow>();
    for (const row of t(file).rows) {
      const id = row.get(idColumn);
      // users.csv holds teachers and students: a skipped row counts as the role it says.
      const counted = kind.length > 1 && row.get("role").toLowerCase() === "teacher" ? "teachers" : kind[0];
      if (!id) {
        problem(file, row.line, idColumn, "is required");
        for (const k of kind) alone.unidentified.add(k);
        if (counted) problemsByKind[counted]++;
      } else if (seen.has(id)) {
        problem(file, row.line, idColumn, `duplicate id '${id}' (first on line ${seen.get(id)!.line}): this row is skipped`);
        if (counted) problemsByKind[counted]++;
      } else seen.set(id, row);
    }
    return seen;
  }
  function statusOf(file: string, row: CsvRow): Status | null {
    const s = row.get("status").toLowerCase();
    if (s === "" || s === "active") return "active";
    if (s === "tobedeleted") return "tobedeleted";
    problem(file, row.line, "status", `must be active or tobedeleted (found '${row.get("status")}')`);
    return null;
  }
  function textOk(file: string, row: CsvRow, column: string, max: number, required: boolean): string | null {
    const value = row.get(column);
    if (!value) {
      if (required) problem(file, row.line, column, "is required");
      return required ? null : "";
    }
    if (value.length > max) {
      problem(file, row.line, column, `must be at most ${max} characters`);
      return null;
    }
    if (!isCleanText(value)) {
      problem(file, row.line, column, "contains characters that are not allowed");
      return null;
    }
    return value;
  }

  // academicSessions and courses (optional): only checked, referenced by classes.
  const sessions = tables.has(ONEROSTER_FILES.academicSessions) ? unique(ONEROSTER_FILES.academicSessions, []) : null;
  for (const row of sessions?.values() ?? []) {
    for (const column of ["startDate", "endDate"]) {
      if (!isCalendarDate(row.get(column))) problem(ONEROSTER_FILES.academicSessions, row.line, column, "must be a date YYYY-MM-DD");
    }
  }
  const courses = tables.has(ONEROSTER_FILES.courses) ? unique(ONEROSTER_FILES.courses, []) : null;

  // Orgs: schools are kept, other types are skipped.
  const orgs = unique(ONEROSTER_FILES.orgs, ["schools"]);
  const schools = new Map<string, RosterSchool>();
  /** Every org of type school, valid or not, so one bad row gives one problem rather than one per reference. */
  const schoolIds = new Set<string>();
  for (const [id, row] of orgs) {
    const status = statusOf(ONEROSTER_FILES.orgs, row);
    const name = textOk(ONEROSTER_FILES.orgs, row, "name", TEXT_MAX.name, true);
    if (row.get("type").toLowerCase() !== "school") {
      skipped.otherOrgs++;
      continue;
    }
    schoolIds.add(id);
    if (status && name) schools.set(id, { sourcedId: id, line: row.line, name, status });
    else leave("schools", id);
  }
  /** A reference to a school row that was skipped: the rows under it are skipped too. */
  const skippedSchool = (school: string) => `its school '${school}' (orgs.csv line ${orgs.get(school)!.line}) is skipped`;

  // Classes.
  const classRows = unique(ONEROSTER_FILES.classes, ["classrooms"]);
  const classes = new Map<string, RosterClass>();
  for (const [id, row] of classRows) {
    const file = ONEROSTER_FILES.classes;
    const status = statusOf(file, row);
    const name = textOk(file, row, "title", TEXT_MAX.name, true);
    const school = row.get("schoolSourcedId");
    let ok = Boolean(status && name);
    if (!orgs.has(school)) ok = problem(file, row.line, "schoolSourcedId", `unknown org '${school}'`);
    else if (!schoolIds.has(school)) ok = problem(file, row.line, "schoolSourcedId", `org '${school}' is not a school`);
    else if (!schools.has(school)) ok = problem(file, row.line, "schoolSourcedId", skippedSchool(school));
    const course = row.get("courseSourcedId");
    if (courses && course && !courses.has(course)) ok = problem(file, row.line, "courseSourcedId", `unknown course '${course}'`);
    for (const term of sessions ? splitIds(row.get("termSourcedIds")) : []) {
      if (!sessions!.has(term)) ok = problem(file, row.line, "termSourcedIds", `unknown academic session '${term}'`);
    }
    if (ok) classes.set(id, { sourcedId: id, line: row.line, name: name!, schoolSourcedId: school, status: status! });
    else leave("classrooms", id);
  }

  // Roles: 1.1 from users.csv, 1.2 from roles.csv.
  const userRows = unique(ONEROSTER_FILES.users, ["students", "teachers"]);
  const roleOf = new Map<string, string>();
  const orgsOf = new Map<string, string[]>();
  if (users!.columns.includes("role")) {
    for (const [id, row] of userRows) {
      roleOf.set(id, row.get("role").toLowerCase());
      orgsOf.set(id, splitIds(row.get("orgSourcedIds")));
    }
  } else {
    for (const row of roles!.rows) {
      const user = row.get("userSourcedId");
      if (!userRows.has(user)) {
        problem(ONEROSTER_FILES.roles, row.line, "userSourcedId", `unknown user '${user}'`);
        continue;
      }
      const role = row.get("role").toLowerCase();
      if (!roleOf.has(user) || role === "student" || role === "teacher") roleOf.set(user, role);
      orgsOf.set(user, [...(orgsOf.get(user) ?? []), row.get("orgSourcedId")]);
    }
  }

  // Birth dates (optional): a student without one is kept without one. A bad date is listed, and the
  // student kept without it.
  const birth = new Map<string, { date: string; line: number }>();
  if (tables.has(ONEROSTER_FILES.demographics)) {
    for (const [id, row] of unique(ONEROSTER_FILES.demographics, [])) birth.set(id, { date: row.get("birthDate"), line: row.line });
  }

  // Users: students in PK–3 and teachers (kept below only when they teach a kept class).
  const students = new Map<string, RosterStudent>();
  const teacherCandidates = new Map<string, { row: CsvRow; teacher: RosterTeacher | null }>();
  for (const [id, row] of userRows) {
    const file = ONEROSTER_FILES.users;
    const role = roleOf.get(id) ?? "";
    const userOrgs = orgsOf.get(id) ?? [];
    let orgsOk = true;
    for (const org of userOrgs) {
      if (!orgs.has(org))
        orgsOk = problem(file, row.line, users!.columns.includes("role") ? "orgSourcedIds" : "sourcedId", `unknown org '${org}'`);
    }
    if (role === "student") {
      const graded = gradeOf(row.get("grades"));
      if ("skip" in graded) {
        if (graded.skip === "outOfGrade") skipped.studentsOutOfGrade++;
        else {
          // No grade says nothing about leaving PK–3: a student the district has stays as they are.
          skipped.studentsBlankGrade!++;
          alone.users.add(id);
        }
        continue;
      }
      let ok = orgsOk;
      if ("unknown" in graded)
        ok = problem(file, row.line, "grades", `unknown grade '${graded.unknown}' (OneRoster grades: PK, KG, 01 to 13, and others)`);
      const status = statusOf(file, row);
      const firstName = textOk(file, row, "givenName", TEXT_MAX.name, true);
      const lastName = textOk(file, row, "familyName", TEXT_MAX.name, true);
      const middleName = textOk(file, row, "middleName", TEXT_MAX.name, false);
      const identifier = textOk(file, row, "identifier", TEXT_MAX.code, false);
      const email = textOk(file, row, "email", TEXT_MAX.email, false);
      const school = userOrgs.find((o) => schoolIds.has(o));
      if (!school) ok = problem(file, row.line, "orgSourcedIds", "a student must belong to a school in orgs.csv");
      else if (!schools.has(school)) ok = problem(file, row.line, "orgSourcedIds", skippedSchool(school));
      const dob = birth.get(id);
      let birthDate: string | null = null;
      if (dob?.date) {
        if (isBirthDate(dob.date)) birthDate = dob.date;
        else
          problem(
            ONEROSTER_FILES.demographics,
            dob.line,
            "birthDate",
            `'${dob.date}' is not a date YYYY-MM-DD from 1900 on: student '${id}' is taken without a birth date`,
          );
      }
      if (ok && "grade" in graded && status && firstName && lastName && middleName !== null && identifier !== null && email !== null) {
        students.set(id, {
          sourcedId: id,
          line: row.line,
          firstName,
          middleName: middleName || null,
          lastName,
          grade: graded.grade,
          birthDate,
          schoolSourcedId: school!,
          identifier: identifier || null,
          email: email || null,
          status,
        });
      } else leave("students", id);
    } else if (role === "teacher") {
      const status = statusOf(file, row);
      const firstName = textOk(file, row, "givenName", TEXT_MAX.name, true);
      const lastName = textOk(file, row, "familyName", TEXT_MAX.name, true);
      const email = row.get("email");
      const teacher: RosterTeacher | null =
        orgsOk && status && firstName && lastName
          ? { sourcedId: id, line: row.line, firstName, lastName, email: email.toLowerCase(), status }
          : null;
      if (!teacher) leave("teachers", id);
      teacherCandidates.set(id, { row, teacher });
    } else {
      skipped.otherUsers++;
    }
  }

  // Enrollments.
  const enrollmentFile = ONEROSTER_FILES.enrollments;
  const studentsOfClass = new Map<string, number>();
  /** Classes with a student whose row was skipped (kept as they are if no other student keeps them). */
  const classesOfAloneStudents = new Set<string>();
  const candidateEnrollments: (RosterEnrollment & { line: number })[] = [];
  const teacherRows: { classSourcedId: string; userSourcedId: string }[] = [];
  const enrollmentIds = new Map<string, number>();
  for (const row of t(enrollmentFile).rows) {
    const id = row.get("sourcedId");
    const classId = row.get("classSourcedId");
    const userId = row.get("userSourcedId");
    let ok = true;
    if (!id) ok = problem(enrollmentFile, row.line, "sourcedId", "is required");
    else if (enrollmentIds.has(id))
      ok = problem(
        enrollmentFile,
        row.line,
        "sourcedId",
        `duplicate id '${id}' (first on line ${enrollmentIds.get(id)}): this row is skipped`,
      );
    else enrollmentIds.set(id, row.line);
    const status = statusOf(enrollmentFile, row);
    if (status === null) ok = false;
    const classRagged = raggedIds.get(ONEROSTER_FILES.classes)?.has(classId) ?? false;
    const userRagged = raggedIds.get(ONEROSTER_FILES.users)?.has(userId) ?? false;
    if (!classRows.has(classId) && !classRagged) ok = problem(enrollmentFile, row.line, "classSourcedId", `unknown class '${classId}'`);
    if (!userRows.has(userId) && !userRagged) ok = problem(enrollmentFile, row.line, "userSourcedId", `unknown user '${userId}'`);
    const role = row.get("role").toLowerCase();
    if (!ok) {
      leaveEnrollment(classId, userId);
      continue;
    }
    if (classRagged || userRagged) {
      // Of a class or user whose row was skipped: the membership stays as it is.
      skipped.enrollments++;
      alone.enrollments.set(`${classId}\u0000${userId}`, { classSourcedId: classId, userSourcedId: userId });
      continue;
    }
    if (role === "teacher" && status === "active") teacherRows.push({ classSourcedId: classId, userSourcedId: userId });
    if (role === "student" && alone.users.has(userId)) classesOfAloneStudents.add(classId);
    if (status === "tobedeleted" || (role !== "student" && role !== "teacher") || !classes.has(classId)) {
      skipped.enrollments++;
      continue;
    }
    if (role === "student") {
      const student = students.get(userId);
      if (!student) {
        skipped.enrollments++;
        continue;
      }
      if (student.status === "active" && classes.get(classId)!.status === "active") {
        studentsOfClass.set(classId, (studentsOfClass.get(classId) ?? 0) + 1);
      }
    } else if (!teacherCandidates.has(userId)) {
      skipped.enrollments++;
      continue;
    }
    candidateEnrollments.push({ classSourcedId: classId, userSourcedId: userId, role, line: row.line });
  }

  // Classes without an active PK–3 student are skipped (a tobedeleted class is kept so it is
  // deactivated); one whose only PK–3 students were skipped for a problem is left as it is.
  for (const [id, cls] of classes) {
    if (cls.status === "active" && !studentsOfClass.has(id)) {
      classes.delete(id);
      if (classesOfAloneStudents.has(id)) {
        problem(
          ONEROSTER_FILES.classes,
          classRows.get(id)!.line,
          "",
          "every PK–3 student of this class is skipped: the class is left as it is",
        );
        leave("classrooms", id);
      } else skipped.classesWithoutStudents++;
    }
  }
  const enrollments: RosterEnrollment[] = [];
  const teaching = new Set<string>();
  for (const e of candidateEnrollments) {
    if (!classes.has(e.classSourcedId)) {
      skipped.enrollments++;
      continue;
    }
    if (e.role === "teacher") teaching.add(e.userSourcedId);
    enrollments.push({ classSourcedId: e.classSourcedId, userSourcedId: e.userSourcedId, role: e.role });
  }
  /** Teachers of a class left as it is: left as they are too, rather than deactivated for teaching nothing. */
  const teachesAloneClass = new Set(teacherRows.filter((e) => alone.classrooms.has(e.classSourcedId)).map((e) => e.userSourcedId));

  // Teachers who teach a kept class; they sign in by email, so it is required and unique.
  const teachers = new Map<string, RosterTeacher>();
  const emails = new Map<string, number>();
  for (const [id, { row, teacher }] of teacherCandidates) {
    if (!teacher) continue; // skipped above, for a problem
    if (!teaching.has(id) && teacher.status !== "tobedeleted") {
      if (teachesAloneClass.has(id)) alone.users.add(id);
      else skipped.teachersWithoutClasses++;
      continue;
    }
    if (teacher.status === "active") {
      let reason: string | null = null;
      if (!teacher.email) reason = "a teacher needs an email to sign in";
      else if (teacher.email.length > TEXT_MAX.email || !EMAIL.test(teacher.email) || !isCleanText(teacher.email))
        reason = `'${row.get("email")}' is not an email address`;
      else if (emails.has(teacher.email)) reason = `email '${teacher.email}' is also used on line ${emails.get(teacher.email)}`;
      if (reason) {
        problem(ONEROSTER_FILES.users, row.line, "email", reason);
        leave("teachers", id);
        continue;
      }
      emails.set(teacher.email, row.line);
    }
    teachers.set(id, teacher);
  }

  // Schools without a kept class or student stay (a district's schools are its own, whatever the grades).
  const roster: Roster = {
    version,
    bulk,
    schools: [...schools.values()],
    classrooms: [...classes.values()],
    teachers: [...teachers.values()],
    students: [...students.values()],
    enrollments: enrollments.filter((e) => e.role === "student" || teachers.has(e.userSourcedId)),
    leftAlone: {
      schools: [...alone.schools],
      classrooms: [...alone.classrooms],
      users: [...alone.users],
      enrollments: [...alone.enrollments.values()],
      unidentified: [...alone.unidentified],
    },
    problems,
    problemCount,
  };
  return { roster, errors, errorCount, skipped };
}
