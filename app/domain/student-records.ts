// Deletion and export on request (issue 41 item 3): the counts a district admin confirms before a
// student (or a super admin before a district) is deleted for good, the words that state them, and
// how the records that only mention a student (a roster import's staged file and its undo data, an
// audit entry about something else) lose the student without losing the rest. Pure.

/** What deleting a student for good takes away, as the confirmation states it. */
export interface StudentRecordCounts {
  /** Screening results: one per test taken (participant_test). */
  results: number;
  /** Item scores, scoring entries (official and blind second scores) and risk scores. */
  scores: number;
  /** Recording files (RAN audio) in the file store. */
  recordings: number;
}

/** What deleting a district for good takes away, as the confirmation states it. */
export interface DistrictRecordCounts extends StudentRecordCounts {
  schools: number;
  classrooms: number;
  students: number;
  /** Staff accounts of the district (super admins belong to no district and stay). */
  staff: number;
}

export const STUDENT_COUNT_KEYS = ["results", "scores", "recordings"] as const satisfies readonly (keyof StudentRecordCounts)[];
export const DISTRICT_COUNT_KEYS = [
  "schools",
  "classrooms",
  "students",
  "staff",
  "results",
  "scores",
  "recordings",
] as const satisfies readonly (keyof DistrictRecordCounts)[];

const WORDS: Record<keyof DistrictRecordCounts, [string, string]> = {
  schools: ["school", "schools"],
  classrooms: ["classroom", "classrooms"],
  students: ["student", "students"],
  staff: ["staff account", "staff accounts"],
  results: ["result", "results"],
  scores: ["score", "scores"],
  recordings: ["recording", "recordings"],
};

export const countText = (key: keyof DistrictRecordCounts, n: number) => `${n.toLocaleString("en-US")} ${WORDS[key][n === 1 ? 0 : 1]}`;

/** 'a, b and c' */
export function listText(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

export const studentCountsText = (c: StudentRecordCounts) => listText(STUDENT_COUNT_KEYS.map((k) => countText(k, c[k])));
export const districtCountsText = (c: DistrictRecordCounts) => listText(DISTRICT_COUNT_KEYS.map((k) => countText(k, c[k])));

/** Whether the counts a caller confirmed are the counts there are now, key by key. */
export function sameCounts<K extends string>(keys: readonly K[], confirmed: Record<K, number>, now: Record<K, number>): boolean {
  return keys.every((k) => confirmed[k] === now[k]);
}

/** The name of the confirmation dialog, in the URL (?dialog=) and in the form's intent. */
export const ERASE_STUDENT_DIALOG = "erase-student";
export const ERASE_DISTRICT_DIALOG = "erase-district";

export const ERASURE_MESSAGES = {
  studentChanged: (now: StudentRecordCounts) =>
    `The student's records changed since the counts you confirmed: deleting now removes ${studentCountsText(now)}. Check them and confirm again.`,
  districtChanged: (now: DistrictRecordCounts) =>
    `The district's records changed since the counts you confirmed: deleting now removes ${districtCountsText(now)}. Check them and confirm again.`,
  /** The page's confirmation, before the student's name. */
  studentConfirm: (name: string, c: StudentRecordCounts) =>
    `Delete ${name} for good? This removes ${studentCountsText(c)}, with the student's details, classroom places and access history. It cannot be undone.`,
  districtConfirm: (name: string, c: DistrictRecordCounts) =>
    `Delete ${name} for good? This removes ${districtCountsText(c)}, with the district's calendar, norms, roster imports and history. It cannot be undone.`,
} as const;

/** The placeholder a redacted mention leaves in a record kept for something else. */
export const ERASED = "[erased]";

/**
 * `value` (parsed JSON) with every string that contains one of `needles` replaced by ERASED and
 * every object key that contains one dropped; `changed` says whether anything was. For records
 * kept about something else (an audit entry of a classroom, a roster import's report) that
 * happen to name an erased student: the record stays, the student leaves it.
 */
export function redactMentions(value: unknown, needles: readonly string[]): { value: unknown; changed: boolean } {
  const live = needles.filter((n) => n.length > 0);
  let changed = false;
  const mentions = (s: string) => live.some((n) => s.includes(n));
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      if (!mentions(v)) return v;
      changed = true;
      return ERASED;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, inner] of Object.entries(v)) {
        if (mentions(k)) {
          changed = true;
          continue;
        }
        out[k] = walk(inner);
      }
      return out;
    }
    return v;
  };
  const out = walk(value);
  return { value: out, changed };
}

/** Who a roster import's JSON names a student by: the student's id, and the roster's sourcedId when it came from one. */
export interface StudentRefs {
  participantId: string;
  sourcedId: string | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);
const arrayAt = (o: Json, key: string): unknown[] | null => (Array.isArray(o[key]) ? (o[key] as unknown[]) : null);

/** Drops the array's items that `gone` says name the student; counts them. */
function dropItems(o: Json, key: string, gone: (item: unknown) => boolean): number {
  const items = arrayAt(o, key);
  if (!items) return 0;
  const kept = items.filter((item) => !gone(item));
  o[key] = kept;
  return items.length - kept.length;
}

const studentsPart = (o: unknown): Json | null => (isObject(o) && isObject(o.students) ? o.students : null);

/**
 * A roster import's three records without one student (issue 41 item 3), in the shapes
 * app/api/roster-import.ts and app/api/resources/rostering.ts write them: the staged roster
 * (its student row, enrollments, rows left alone, row problems quoting the sourcedId), the
 * changes an undo reads (created, updated, deactivated, memberships, versions) and the report
 * (confirmations, rows left alone). Whatever else still names the student is redacted
 * (redactMentions). Counts what went, so a caller knows whether to write the row back.
 */
export function rosterImportWithoutStudent(
  records: { roster: unknown; changes: unknown; report: unknown },
  who: StudentRefs,
): { roster: unknown; changes: unknown; report: unknown; removed: number } {
  const roster: unknown = structuredClone(records.roster);
  const changes: unknown = structuredClone(records.changes);
  const report: unknown = structuredClone(records.report);
  const sid = who.sourcedId;
  const pid = who.participantId;
  let removed = 0;
  const field = (item: unknown, key: string) => (isObject(item) ? item[key] : undefined);

  if (isObject(roster) && sid !== null) {
    removed += dropItems(roster, "students", (s) => field(s, "sourcedId") === sid);
    removed += dropItems(roster, "enrollments", (e) => field(e, "userSourcedId") === sid);
    removed += dropItems(roster, "problems", (p) => String(field(p, "reason") ?? "").includes(`'${sid}'`));
    if (isObject(roster.leftAlone)) {
      removed += dropItems(roster.leftAlone, "users", (u) => u === sid);
      removed += dropItems(roster.leftAlone, "enrollments", (e) => field(e, "userSourcedId") === sid);
    }
  }
  if (isObject(changes)) {
    for (const part of ["created", "deactivated"]) {
      const kinds = changes[part];
      if (isObject(kinds)) removed += dropItems(kinds, "students", (id) => id === pid);
    }
    if (isObject(changes.updated)) removed += dropItems(changes.updated, "students", (b) => field(b, "id") === pid);
    for (const part of ["membersAdded", "membersRemoved"]) {
      removed += dropItems(changes, part, (pair) => Array.isArray(pair) && pair[1] === pid);
    }
    for (const part of ["versions", "versionsBefore"]) {
      const students = studentsPart(changes[part]);
      if (students && pid in students) {
        delete students[pid];
        removed += 1;
      }
    }
  }
  if (isObject(report)) {
    removed += dropItems(report, "confirmations", (c) => field(c, "recordId") === pid);
    removed += dropItems(report, "leftAlone", (l) => field(l, "id") === pid);
    for (const part of ["errors", "notices"]) {
      if (sid !== null) removed += dropItems(report, part, (p) => String(field(p, "reason") ?? "").includes(`'${sid}'`));
    }
  }
  // What names the student outside the shapes above is redacted where it stands.
  const scrub = (v: unknown) => {
    const byId = redactMentions(v, [pid]);
    const bySid = sid === null ? { value: byId.value, changed: false } : redactExact(byId.value, sid);
    if (byId.changed || bySid.changed) removed += 1;
    return bySid.value;
  };
  return { roster: scrub(roster), changes: scrub(changes), report: scrub(report), removed };
}

/** Every string equal to `needle` (a sourcedId, which may be short, so never matched inside other text) replaced by ERASED. */
export function redactExact(value: unknown, needle: string): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (v === needle) {
      changed = true;
      return ERASED;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, walk(inner)]));
    return v;
  };
  return { value: walk(value), changed };
}
