import { constants, crc32, deflateRawSync } from "node:zlib";
import { itemAt } from "#app/domain/presence";

// OneRoster 1.1 CSV bulk exports made by the tests and the bench (issue 16), and a small zip
// writer that can also write what a safe reader must refuse (paths outside the root, nested zips,
// bombs): the test builds every byte it sends.

export interface ExportSchool {
  id: string;
  name: string;
  status?: string;
}
export interface ExportUser {
  id: string;
  givenName: string;
  familyName: string;
  role: "student" | "teacher" | "administrator" | "aide";
  /** Orgs (schools) of the user. */
  orgs: string[];
  email?: string;
  grade?: string;
  birthDate?: string;
  identifier?: string;
  status?: string;
}
export interface ExportClass {
  id: string;
  title: string;
  school: string;
  status?: string;
}
export interface ExportEnrollment {
  id?: string;
  class: string;
  user: string;
  role: "student" | "teacher" | "aide";
  status?: string;
}
export interface ExportSpec {
  districtId?: string;
  schools: ExportSchool[];
  users: ExportUser[];
  classes: ExportClass[];
  enrollments: ExportEnrollment[];
  /** Manifest rows to add or override, e.g. { "file.users": "delta" }. */
  manifest?: Record<string, string>;
}

const field = (v: string | undefined) => {
  const t = v ?? "";
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
};
const csv = (header: string[], rows: (string | undefined)[][], eol = "\n") =>
  [header.join(","), ...rows.map((r) => r.map(field).join(","))].join(eol) + eol;

/** The files of a OneRoster 1.1 bulk export (name → text). */
export function oneRosterFiles(spec: ExportSpec): Map<string, string> {
  const district = spec.districtId ?? "district-1";
  const manifest: Record<string, string> = {
    "manifest.version": "1.0",
    "oneroster.version": "1.1",
    "file.academicSessions": "bulk",
    "file.categories": "absent",
    "file.classes": "bulk",
    "file.classResources": "absent",
    "file.courses": "bulk",
    "file.courseResources": "absent",
    "file.demographics": "bulk",
    "file.enrollments": "bulk",
    "file.lineItems": "absent",
    "file.orgs": "bulk",
    "file.resources": "absent",
    "file.results": "absent",
    "file.users": "bulk",
    "source.systemName": "Test SIS",
    ...spec.manifest,
  };
  const files = new Map<string, string>();
  files.set("manifest.csv", csv(["propertyName", "value"], Object.entries(manifest)));
  files.set(
    "orgs.csv",
    csv(
      ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
      [
        [district, "", "", "District", "district", "", ""],
        ...spec.schools.map((s) => [s.id, s.status ?? "", "", s.name, "school", "", district]),
      ],
    ),
  );
  files.set(
    "academicSessions.csv",
    csv(
      ["sourcedId", "status", "dateLastModified", "title", "type", "startDate", "endDate", "parentSourcedId", "schoolYear"],
      [["term-1", "", "", "2026-2027", "schoolYear", "2026-08-01", "2027-06-30", "", "2027"]],
    ),
  );
  files.set(
    "courses.csv",
    csv(
      ["sourcedId", "status", "dateLastModified", "schoolYearSourcedId", "title", "courseCode", "grades", "orgSourcedId", "subjects"],
      [["course-1", "", "", "term-1", "Reading", "READ", "", district, ""]],
    ),
  );
  files.set(
    "classes.csv",
    csv(
      [
        "sourcedId",
        "status",
        "dateLastModified",
        "title",
        "grades",
        "courseSourcedId",
        "classCode",
        "classType",
        "location",
        "schoolSourcedId",
        "termSourcedIds",
      ],
      spec.classes.map((c) => [c.id, c.status ?? "", "", c.title, "", "course-1", "", "homeroom", "", c.school, "term-1"]),
    ),
  );
  files.set(
    "users.csv",
    csv(
      [
        "sourcedId",
        "status",
        "dateLastModified",
        "enabledUser",
        "orgSourcedIds",
        "role",
        "username",
        "userIds",
        "givenName",
        "familyName",
        "middleName",
        "identifier",
        "email",
        "sms",
        "phone",
        "agentSourcedIds",
        "grades",
        "password",
      ],
      spec.users.map((u) => [
        u.id,
        u.status ?? "",
        "",
        "true",
        u.orgs.join(","),
        u.role,
        u.email ?? u.id,
        "",
        u.givenName,
        u.familyName,
        "",
        u.identifier ?? "",
        u.email ?? "",
        "",
        "",
        "",
        u.grade ?? "",
        "",
      ]),
    ),
  );
  files.set(
    "enrollments.csv",
    csv(
      [
        "sourcedId",
        "status",
        "dateLastModified",
        "classSourcedId",
        "schoolSourcedId",
        "userSourcedId",
        "role",
        "primary",
        "beginDate",
        "endDate",
      ],
      spec.enrollments.map((e, i) => [
        e.id ?? `enr-${e.class}-${e.user}-${i}`,
        e.status ?? "",
        "",
        e.class,
        spec.classes.find((c) => c.id === e.class)?.school ?? "",
        e.user,
        e.role,
        e.role === "teacher" ? "true" : "false",
        "",
        "",
      ]),
    ),
  );
  files.set(
    "demographics.csv",
    csv(
      ["sourcedId", "status", "dateLastModified", "birthDate", "sex"],
      spec.users.filter((u) => u.birthDate).map((u) => [u.id, "", "", u.birthDate, ""]),
    ),
  );
  return files;
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** deflate (default) or store. */
  method?: "deflate" | "store";
  /** Lie about the uncompressed size in the headers (a bomb that hides its size). */
  declaredSize?: number;
  /** Data already deflated (raw), with its inflated size and CRC-32, in place of `data` (see repeatedEntry). */
  deflated?: { body: Buffer; size: number; crc: number };
}

/** A zip file (no data descriptors, no zip64) from its entries. */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === "string" ? Buffer.from(entry.data, "utf8") : entry.data;
    const method = entry.deflated ? "deflate" : (entry.method ?? "deflate");
    const body = entry.deflated?.body ?? (method === "deflate" ? deflateRawSync(data) : data);
    const name = Buffer.from(entry.name, "utf8");
    const crc = entry.deflated?.crc ?? crc32(data);
    const size = entry.declaredSize ?? entry.deflated?.size ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method === "deflate" ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method === "deflate" ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * An entry whose text is `head` then `unit` `times` times, deflated without ever holding that
 * text: a block of `unitsPerBlock` units is deflated once, flushed so that it refers to nothing
 * before it, and its compressed bytes are repeated. The shape of a roster bomb (issue 33: 34 M
 * empty rows of users.csv, 380 MB, in a 5.8 MB zip). Smaller blocks compress less: 150 units of
 * ",,,,,,,,,,\n" deflate about 65 to 1, under the 100:1 ratio cap, as the attacker's zip did.
 */
export function repeatedEntry(name: string, head: string, unit: string, times: number, unitsPerBlock = 150): ZipEntry {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text, "utf8"), { finishFlush: constants.Z_FULL_FLUSH });
  const headBytes = Buffer.from(head, "utf8");
  const block = Buffer.from(unit.repeat(Math.min(unitsPerBlock, times)), "utf8");
  const blocks = Math.floor(times / unitsPerBlock);
  const rest = Buffer.from(unit.repeat(times - blocks * unitsPerBlock), "utf8");
  let crc = crc32(headBytes);
  for (let i = 0; i < blocks; i++) crc = crc32(block, crc);
  crc = crc32(rest, crc);
  const deflatedBlock = flushed(block.toString("utf8"));
  const parts = [
    flushed(head),
    ...Array<Buffer>(blocks).fill(deflatedBlock),
    flushed(rest.toString("utf8")),
    deflateRawSync(Buffer.alloc(0)),
  ];
  return {
    name,
    data: "",
    deflated: { body: Buffer.concat(parts), size: headBytes.length + blocks * block.length + rest.length, crc: crc >>> 0 },
  };
}

/** A manifest that sends every kind as a delta: nothing missing from the export is deactivated. */
export const DELTA_MANIFEST: Readonly<Record<string, string>> = {
  "file.orgs": "delta",
  "file.users": "delta",
  "file.classes": "delta",
  "file.enrollments": "delta",
};

/** A whole export as a zip. */
export const exportZip = (files: Map<string, string>) => makeZip([...files].map(([name, data]) => ({ name, data })));

/**
 * A district of several schools with classes in every grade PK–3 (and one grade 4 class that is
 * skipped), teachers in several classes, and an administrator (skipped).
 */
export function sampleDistrict(prefix = "t"): ExportSpec {
  const grades = ["PK", "KG", "01", "02", "03"];
  const schools: ExportSchool[] = [
    { id: `${prefix}-sch-1`, name: `${prefix} North Elementary` },
    { id: `${prefix}-sch-2`, name: `${prefix} South Elementary` },
  ];
  const users: ExportUser[] = [];
  const classes: ExportClass[] = [];
  const enrollments: ExportEnrollment[] = [];
  for (const [si, school] of schools.entries()) {
    // Two teachers per school, each teaching several classes.
    const teachers = [1, 2].map((n) => {
      const id = `${prefix}-tch-${si + 1}-${n}`;
      users.push({
        id,
        givenName: `Teacher${n}`,
        familyName: `School${si + 1}`,
        role: "teacher",
        orgs: [school.id],
        email: `${id}@example.org`,
      });
      return id;
    });
    for (const [gi, grade] of [...grades, "04"].entries()) {
      const classId = `${prefix}-cls-${si + 1}-${grade}`;
      classes.push({ id: classId, title: `${prefix} ${school.name.split(" ")[1]} Grade ${grade}`, school: school.id });
      enrollments.push({ class: classId, user: itemAt(teachers, gi % 2, "a teacher of the school"), role: "teacher" });
      for (let k = 1; k <= 2; k++) {
        const id = `${prefix}-stu-${si + 1}-${grade}-${k}`;
        users.push({
          id,
          givenName: `Kid${k}`,
          familyName: `${grade}S${si + 1}${prefix}`,
          role: "student",
          orgs: [school.id],
          grade,
          birthDate: `20${18 - gi}-0${k}-1${si}`,
          identifier: `ID-${id}`,
        });
        enrollments.push({ class: classId, user: id, role: "student" });
      }
    }
  }
  users.push({
    id: `${prefix}-adm-1`,
    givenName: "Ada",
    familyName: "Admin",
    role: "administrator",
    orgs: [itemAt(schools, 0, "a school").id],
    email: `${prefix}-adm@example.org`,
  });
  return { schools, users, classes, enrollments };
}
