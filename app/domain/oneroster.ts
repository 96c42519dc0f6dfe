import { parse } from "csv-parse/sync";
import { isCleanText, TEXT_MAX } from "./text";

// Reading a OneRoster CSV bulk export (1EdTech OneRoster 1.1, and 1.2 where it differs: roles in
// roles.csv instead of users.role / users.orgSourcedIds) into the rows the product keeps: schools,
// classrooms, teachers, PK–3 students and their enrollments (issue 16). Pure: the zip is opened and
// its text checked elsewhere (app/api/roster-zip.ts); this module gets each file's text.
// Every refused row names its file, line, column and reason. Grades outside PK–3, and teachers and
// classes left without a PK–3 student, are skipped and counted, never errors.

export const ONEROSTER_FILES = {
  manifest: "manifest.csv",
  orgs: "orgs.csv",
  users: "users.csv",
  classes: "classes.csv",
  enrollments: "enrollments.csv",
  academicSessions: "academicSessions.csv",
  demographics: "demographics.csv",
  courses: "courses.csv",
  roles: "roles.csv",
} as const;

/** Files every upload must hold (courses.csv is read when present; roles.csv is 1.2's home of users' roles). */
export const REQUIRED_FILES = [
  ONEROSTER_FILES.manifest,
  ONEROSTER_FILES.orgs,
  ONEROSTER_FILES.users,
  ONEROSTER_FILES.classes,
  ONEROSTER_FILES.enrollments,
  ONEROSTER_FILES.academicSessions,
  ONEROSTER_FILES.demographics,
] as const;

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
  name: string;
  status: Status;
}
export interface RosterClass {
  sourcedId: string;
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
  firstName: string;
  middleName: string | null;
  lastName: string;
  grade: Grade;
  /** YYYY-MM-DD from demographics.csv. */
  birthDate: string;
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

/** What the product keeps from one export: PK–3 students, the classes they are in, those classes' teachers. */
export interface Roster {
  version: string;
  bulk: BulkKinds;
  schools: RosterSchool[];
  classrooms: RosterClass[];
  teachers: RosterTeacher[];
  students: RosterStudent[];
  enrollments: RosterEnrollment[];
}

/** Records left out on purpose, by reason. */
export interface Skipped {
  /** Students whose grade is outside PK–3 (or blank). */
  studentsOutOfGrade: number;
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
}

/**
 * The refused rows a read keeps (the API's report shows as many). A file of a million bad rows
 * would otherwise make a million error objects; past this the read only counts them (errorCount).
 */
export const MAX_READ_ERRORS = 10_000;

export interface ReadResult {
  roster: Roster;
  /** The first MAX_READ_ERRORS refused rows, in the order found. */
  errors: RowError[];
  /** How many rows were refused in all (errors holds the first of them). */
  errorCount: number;
  skipped: Skipped;
}

export interface CsvRow {
  line: number;
  get(column: string): string;
}
export interface CsvTable {
  file: string;
  columns: string[];
  rows: CsvRow[];
}

/** csv-parse's options for every roster file: a BOM and CRLF line ends are fine, empty lines are skipped. */
export const CSV_OPTIONS = { bom: true, skip_empty_lines: true, relax_column_count: false } as const;

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

/** The table of a file's records, the first being its header. */
export function tableOf(file: string, records: CsvRecord[]): CsvTable | RowError {
  if (records.length === 0) return { file, line: 0, column: "", reason: "the file is empty: it needs a header row" };
  const columns = records[0].values.map((c) => c.trim());
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
  const skipped: Skipped = {
    studentsOutOfGrade: 0,
    classesWithoutStudents: 0,
    teachersWithoutClasses: 0,
    otherUsers: 0,
    otherOrgs: 0,
    enrollments: 0,
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

  const t = (name: string) => tables.get(name)!;
  /** Records a refused row; answers false so a check reads `ok = fail(…)`. */
  const err = (file: string, line: number, column: string, reason: string): false => {
    add({ file, line, column, reason });
    return false;
  };

  // Manifest: version and which files are bulk.
  const manifest = new Map<string, string>();
  for (const row of t(ONEROSTER_FILES.manifest).rows) manifest.set(row.get("propertyName"), row.get("value"));
  const version = manifest.get("oneroster.version") ?? "";
  if (!["1.0", "1.1", "1.2"].includes(version)) {
    err(ONEROSTER_FILES.manifest, 0, "value", `oneroster.version must be 1.1 or 1.2 (found '${version || "nothing"}')`);
  }
  const bulk = { ...empty.bulk };
  for (const kind of Object.keys(BULK_KEYS) as (keyof BulkKinds)[]) {
    const mode = (manifest.get(BULK_KEYS[kind]) ?? "bulk").toLowerCase();
    if (mode === "absent") {
      err(ONEROSTER_FILES.manifest, 0, "value", `${BULK_KEYS[kind]} must be bulk or delta, not absent`);
    }
    bulk[kind] = mode !== "delta";
  }

  /** Rows with a unique sourcedId; a repeat is an error at its line. */
  function unique(file: string, idColumn = "sourcedId") {
    const seen = new Map<string, CsvRow>();
    for (const row of t(file).rows) {
      const id = row.get(idColumn);
      if (!id) err(file, row.line, idColumn, "is required");
      else if (seen.has(id)) err(file, row.line, idColumn, `duplicate id '${id}' (first on line ${seen.get(id)!.line})`);
      else seen.set(id, row);
    }
    return seen;
  }
  function statusOf(file: string, row: CsvRow): Status | null {
    const s = row.get("status").toLowerCase();
    if (s === "" || s === "active") return "active";
    if (s === "tobedeleted") return "tobedeleted";
    err(file, row.line, "status", `must be active or tobedeleted (found '${row.get("status")}')`);
    return null;
  }
  function textOk(file: string, row: CsvRow, column: string, max: number, required: boolean): string | null {
    const value = row.get(column);
    if (!value) {
      if (required) err(file, row.line, column, "is required");
      return required ? null : "";
    }
    if (value.length > max) {
      err(file, row.line, column, `must be at most ${max} characters`);
      return null;
    }
    if (!isCleanText(value)) {
      err(file, row.line, column, "contains characters that are not allowed");
      return null;
    }
    return value;
  }

  // academicSessions and courses: only checked, referenced by classes.
  const sessions = unique(ONEROSTER_FILES.academicSessions);
  for (const row of sessions.values()) {
    for (const column of ["startDate", "endDate"]) {
      if (!isCalendarDate(row.get(column))) err(ONEROSTER_FILES.academicSessions, row.line, column, "must be a date YYYY-MM-DD");
    }
  }
  const courses = tables.has(ONEROSTER_FILES.courses) ? unique(ONEROSTER_FILES.courses) : null;

  // Orgs: schools are kept, other types are skipped.
  const orgs = unique(ONEROSTER_FILES.orgs);
  const schools = new Map<string, RosterSchool>();
  /** Every org of type school, valid or not, so one bad row gives one error rather than one per reference. */
  const schoolIds = new Set<string>();
  for (const [id, row] of orgs) {
    const status = statusOf(ONEROSTER_FILES.orgs, row);
    const name = textOk(ONEROSTER_FILES.orgs, row, "name", TEXT_MAX.name, true);
    if (row.get("type").toLowerCase() !== "school") {
      skipped.otherOrgs++;
      continue;
    }
    schoolIds.add(id);
    if (status && name) schools.set(id, { sourcedId: id, name, status });
  }

  // Classes.
  const classRows = unique(ONEROSTER_FILES.classes);
  const classes = new Map<string, RosterClass>();
  for (const [id, row] of classRows) {
    const file = ONEROSTER_FILES.classes;
    const status = statusOf(file, row);
    const name = textOk(file, row, "title", TEXT_MAX.name, true);
    const school = row.get("schoolSourcedId");
    let ok = Boolean(status && name);
    if (!orgs.has(school)) ok = err(file, row.line, "schoolSourcedId", `unknown org '${school}'`);
    else if (!schoolIds.has(school)) ok = err(file, row.line, "schoolSourcedId", `org '${school}' is not a school`);
    const course = row.get("courseSourcedId");
    if (courses && course && !courses.has(course)) ok = err(file, row.line, "courseSourcedId", `unknown course '${course}'`);
    for (const term of splitIds(row.get("termSourcedIds"))) {
      if (!sessions.has(term)) ok = err(file, row.line, "termSourcedIds", `unknown academic session '${term}'`);
    }
    if (ok) classes.set(id, { sourcedId: id, name: name!, schoolSourcedId: school, status: status! });
  }

  // Roles: 1.1 from users.csv, 1.2 from roles.csv.
  const userRows = unique(ONEROSTER_FILES.users);
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
        err(ONEROSTER_FILES.roles, row.line, "userSourcedId", `unknown user '${user}'`);
        continue;
      }
      const role = row.get("role").toLowerCase();
      if (!roleOf.has(user) || role === "student" || role === "teacher") roleOf.set(user, role);
      orgsOf.set(user, [...(orgsOf.get(user) ?? []), row.get("orgSourcedId")]);
    }
  }

  // Birth dates.
  const birth = new Map<string, { date: string; line: number }>();
  for (const [id, row] of unique(ONEROSTER_FILES.demographics)) birth.set(id, { date: row.get("birthDate"), line: row.line });

  // Users: students in PK–3 and teachers (kept below only when they teach a kept class).
  const students = new Map<string, RosterStudent>();
  const teacherCandidates = new Map<string, { row: CsvRow; teacher: RosterTeacher | null }>();
  for (const [id, row] of userRows) {
    const file = ONEROSTER_FILES.users;
    const role = roleOf.get(id) ?? "";
    const userOrgs = orgsOf.get(id) ?? [];
    for (const org of userOrgs) {
      if (!orgs.has(org)) err(file, row.line, users!.columns.includes("role") ? "orgSourcedIds" : "sourcedId", `unknown org '${org}'`);
    }
    if (role === "student") {
      const grades = splitIds(row.get("grades"));
      const grade = grades.map(mapGrade).find((g) => g !== null) ?? null;
      if (!grade) {
        skipped.studentsOutOfGrade++;
        continue;
      }
      const status = statusOf(file, row);
      const firstName = textOk(file, row, "givenName", TEXT_MAX.name, true);
      const lastName = textOk(file, row, "familyName", TEXT_MAX.name, true);
      const middleName = textOk(file, row, "middleName", TEXT_MAX.name, false);
      const identifier = textOk(file, row, "identifier", TEXT_MAX.code, false);
      const email = textOk(file, row, "email", TEXT_MAX.email, false);
      const school = userOrgs.find((o) => schoolIds.has(o));
      if (!school) err(file, row.line, "orgSourcedIds", "a student must belong to a school in orgs.csv");
      const dob = birth.get(id);
      let birthDate: string | null = null;
      if (!dob || !dob.date)
        err(ONEROSTER_FILES.demographics, dob?.line ?? 0, "birthDate", `no birth date for student '${id}' (users.csv line ${row.line})`);
      else if (!isCalendarDate(dob.date)) err(ONEROSTER_FILES.demographics, dob.line, "birthDate", "must be a date YYYY-MM-DD");
      else birthDate = dob.date;
      if (status && firstName && lastName && middleName !== null && identifier !== null && email !== null && school && birthDate) {
        students.set(id, {
          sourcedId: id,
          firstName,
          middleName: middleName || null,
          lastName,
          grade,
          birthDate,
          schoolSourcedId: school,
          identifier: identifier || null,
          email: email || null,
          status,
        });
      }
    } else if (role === "teacher") {
      const status = statusOf(file, row);
      const firstName = textOk(file, row, "givenName", TEXT_MAX.name, true);
      const lastName = textOk(file, row, "familyName", TEXT_MAX.name, true);
      const email = row.get("email");
      teacherCandidates.set(id, {
        row,
        teacher:
          status && firstName && lastName
            ? { sourcedId: id, line: row.line, firstName, lastName, email: email.toLowerCase(), status }
            : null,
      });
    } else {
      skipped.otherUsers++;
    }
  }

  // Enrollments.
  const enrollmentFile = ONEROSTER_FILES.enrollments;
  const studentsOfClass = new Map<string, number>();
  const candidateEnrollments: (RosterEnrollment & { line: number })[] = [];
  const seenEnrollments = unique(enrollmentFile);
  for (const row of seenEnrollments.values()) {
    const classId = row.get("classSourcedId");
    const userId = row.get("userSourcedId");
    const status = statusOf(enrollmentFile, row);
    let ok = status !== null;
    if (!classRows.has(classId)) ok = err(enrollmentFile, row.line, "classSourcedId", `unknown class '${classId}'`);
    if (!userRows.has(userId)) ok = err(enrollmentFile, row.line, "userSourcedId", `unknown user '${userId}'`);
    const role = row.get("role").toLowerCase();
    if (!ok) continue;
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

  // Classes without an active PK–3 student are skipped (a tobedeleted class is kept so it is deactivated).
  for (const [id, cls] of classes) {
    if (cls.status === "active" && !studentsOfClass.has(id)) {
      classes.delete(id);
      skipped.classesWithoutStudents++;
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

  // Teachers who teach a kept class; they sign in by email, so it is required and unique.
  const teachers = new Map<string, RosterTeacher>();
  const emails = new Map<string, number>();
  for (const [id, { row, teacher }] of teacherCandidates) {
    if (!teaching.has(id) && teacher?.status !== "tobedeleted") {
      skipped.teachersWithoutClasses++;
      continue;
    }
    if (!teacher) continue;
    if (teacher.status === "active") {
      if (!teacher.email) {
        err(ONEROSTER_FILES.users, row.line, "email", "a teacher needs an email to sign in");
        continue;
      }
      if (teacher.email.length > TEXT_MAX.email || !EMAIL.test(teacher.email) || !isCleanText(teacher.email)) {
        err(ONEROSTER_FILES.users, row.line, "email", `'${row.get("email")}' is not an email address`);
        continue;
      }
      const first = emails.get(teacher.email);
      if (first !== undefined) {
        err(ONEROSTER_FILES.users, row.line, "email", `email '${teacher.email}' is also used on line ${first}`);
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
  };
  return { roster, errors, errorCount, skipped };
}
