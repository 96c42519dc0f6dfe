import { describe, expect, it } from "vitest";
import { oneRosterFiles, sampleDistrict, type ExportSpec } from "../../tests/support/oneroster-export";
import { formatRowError, gradeOf, mapGrade, MAX_READ_ERRORS, parseCsv, readOneRoster } from "./oneroster";
import { planCounts, planImport, SKIP_REASONS, skipRefusedRows, type CurrentState } from "./oneroster-plan";
import { itemAt } from "./presence";

const EMPTY: CurrentState = {
  schools: [],
  classrooms: [],
  teachers: [],
  students: [],
  classroomStudents: [],
  classroomTeachers: [],
  usersByEmail: [],
};

const read = (spec: ExportSpec, edit?: (files: Map<string, string>) => void) => {
  const files = oneRosterFiles(spec);
  edit?.(files);
  return readOneRoster(files);
};

describe("mapGrade", () => {
  it.each([
    ["PK", "PK"],
    ["KG", "K"],
    ["kg", "K"],
    ["01", "1"],
    ["02", "2"],
    ["03", "3"],
    ["04", null],
    ["TK", null],
    ["IT", null],
    ["12", null],
    ["", null],
    ["1", null],
  ])("%s → %s", (code, grade) => expect(mapGrade(code)).toBe(grade));
});

describe("parseCsv", () => {
  it.each([
    ["BOM and CRLF", "\uFEFFa,b\r\n1,2\r\n", { columns: ["a", "b"], lines: [2] }],
    ["quoted newline", 'a,b\n"x\ny",2\n3,4\n', { columns: ["a", "b"], lines: [3, 4] }],
    ["blank lines skipped", "a\n\n1\n", { columns: ["a"], lines: [3] }],
  ])("%s", (_, text, want) => {
    const t = parseCsv("f.csv", text);
    if ("reason" in t) throw new Error(t.reason);
    expect(t.columns).toEqual(want.columns);
    expect(t.rows.map((r) => r.line)).toEqual(want.lines);
  });
  it("reads a ragged row as it is (the reader skips it, issue 35)", () => {
    const t = parseCsv("f.csv", "a,b\n1\n2,3\n");
    if ("reason" in t) throw new Error(t.reason);
    expect(t.rows.map((r) => r.width)).toEqual([1, 2]);
  });
  it.each([
    ["unclosed quote", 'a\n"x\n'],
    ["empty file", ""],
  ])("%s is one error for the file", (_, text) => {
    const t = parseCsv("f.csv", text);
    expect("reason" in t).toBe(true);
  });
});

describe("readOneRoster", () => {
  it("keeps PK–3 students, their classes and teachers; skips the rest and counts it", () => {
    const { roster, errors, skipped } = read(sampleDistrict());
    expect(errors).toEqual([]);
    expect(roster.version).toBe("1.1");
    expect(roster.schools.map((s) => s.name)).toEqual(["t North Elementary", "t South Elementary"]);
    expect(roster.classrooms).toHaveLength(10);
    expect(roster.teachers).toHaveLength(4);
    expect(roster.students).toHaveLength(20);
    expect(new Set(roster.students.map((s) => s.grade))).toEqual(new Set(["PK", "K", "1", "2", "3"]));
    expect(roster.enrollments.filter((e) => e.role === "student")).toHaveLength(20);
    expect(roster.enrollments.filter((e) => e.role === "teacher")).toHaveLength(10);
    expect(skipped).toEqual({
      studentsOutOfGrade: 4,
      studentsBlankGrade: 0,
      problems: { schools: 0, classrooms: 0, teachers: 0, students: 0, enrollments: 0 },
      classesWithoutStudents: 2,
      teachersWithoutClasses: 0,
      otherUsers: 1,
      otherOrgs: 1,
      enrollments: 6,
    });
  });

  it("skips a teacher whose classes are all outside PK–3", () => {
    const spec = sampleDistrict();
    spec.users.push({
      id: "t-tch-9",
      givenName: "Nine",
      familyName: "Fourth",
      role: "teacher",
      orgs: ["t-sch-1"],
      email: "nine@example.org",
    });
    spec.enrollments.push({ class: "t-cls-1-04", user: "t-tch-9", role: "teacher" });
    const { roster, skipped, errors } = read(spec);
    expect(errors).toEqual([]);
    expect(roster.teachers.map((t) => t.sourcedId)).not.toContain("t-tch-9");
    expect(skipped.teachersWithoutClasses).toBe(1);
  });

  // Issue 35: only a file that cannot be read refuses the upload whole.
  type Refusal = [string, (spec: ExportSpec) => void, ((files: Map<string, string>) => void) | undefined, string[]];
  const refusals: Refusal[] = [
    ["missing required file", () => {}, (f) => f.delete("users.csv"), ["users.csv: required file is missing from the zip"]],
    [
      "missing required column",
      () => {},
      (f) => f.set("classes.csv", f.get("classes.csv")!.replace("schoolSourcedId", "school")),
      ["classes.csv line 1, column schoolSourcedId: required column is missing"],
    ],
    [
      "demographics.csv without its birthDate column",
      () => {},
      (f) => f.set("demographics.csv", "sourcedId,status\n"),
      ["demographics.csv line 1, column birthDate: required column is missing"],
    ],
    [
      "CSV that does not parse",
      () => {},
      (f) => f.set("orgs.csv", 'sourcedId,name,type\n"x,y,school\n'),
      ["orgs.csv line 2: not valid CSV (Quote Not Closed: the parsing is finished with an opening quote at line 2)"],
    ],
    [
      "version",
      (s) => (s.manifest = { "oneroster.version": "2.0" }),
      undefined,
      ["manifest.csv, column value: oneroster.version must be 1.1 or 1.2 (found '2.0')"],
    ],
  ];
  it.each(refusals)("%s refuses the upload whole, with file, line, column and reason", (_, change, edit, want) => {
    const spec = sampleDistrict();
    change(spec);
    const { errors } = read(spec, edit);
    expect(errors.map(formatRowError)).toEqual(want);
  });

  // Row problems skip the row, listed, and leave the record it names as it is; the rest is read.
  type RowCase = [
    string,
    (spec: ExportSpec) => void,
    ((files: Map<string, string>) => void) | undefined,
    string[],
    Partial<Record<"schools" | "classrooms" | "users", string[]>>,
    number,
  ];
  const rowCases: RowCase[] = [
    [
      "class at an unknown school",
      (s) => (itemAt(s.classes, 0).school = "nowhere"),
      undefined,
      ["classes.csv line 2, column schoolSourcedId: unknown org 'nowhere'"],
      // Its students were in that class only: kept (they belong to a school), their enrollment dropped.
      { classrooms: ["t-cls-1-PK"] },
      20,
    ],
    [
      "enrollment of an unknown user",
      (s) => s.enrollments.push({ id: "e-x", class: "t-cls-1-PK", user: "ghost", role: "student" }),
      undefined,
      ["enrollments.csv line 38, column userSourcedId: unknown user 'ghost'"],
      {},
      20,
    ],
    [
      "duplicate user id",
      (s) => s.users.push({ ...itemAt(s.users, 2) }),
      undefined,
      [
        "users.csv line 31, column sourcedId: duplicate id 't-stu-1-PK-1' (first on line 4): this row is skipped",
        "demographics.csv line 26, column sourcedId: duplicate id 't-stu-1-PK-1' (first on line 2): this row is skipped",
      ],
      {},
      20,
    ],
    [
      "teacher without email",
      (s) => (itemAt(s.users, 0).email = undefined),
      undefined,
      ["users.csv line 2, column email: a teacher needs an email to sign in"],
      { users: ["t-tch-1-1"] },
      20,
    ],
    [
      "student with an unknown grade code",
      (s) => (s.users.find((u) => u.id === "t-stu-1-KG-1")!.grade = "K"),
      undefined,
      ["users.csv line 6, column grades: unknown grade 'K' (OneRoster grades: PK, KG, 01 to 13, and others)"],
      { users: ["t-stu-1-KG-1"] },
      19,
    ],
    [
      "bad status",
      (s) => (itemAt(s.schools, 0).status = "gone"),
      undefined,
      // Then each class and student of that school, naming it.
      ["orgs.csv line 3, column status: must be active or tobedeleted (found 'gone')", ...Array<string>(16).fill("")],
      {
        schools: ["t-sch-1"],
        classrooms: ["PK", "KG", "01", "02", "03", "04"].map((g) => `t-cls-1-${g}`),
        users: [
          ...["PK", "KG", "01", "02", "03"].flatMap((g) => [`t-stu-1-${g}-1`, `t-stu-1-${g}-2`]),
          "t-tch-1-1", // the school's teachers teach only its classes: left as they are too
          "t-tch-1-2",
        ],
      },
      10,
    ],
    [
      "ragged row",
      () => {},
      (f) => f.set("users.csv", f.get("users.csv")!.replace("t-stu-2-PK-1,,", "t-stu-2-PK-1,,,")),
      ["users.csv line 18: has 19 values where the header has 18 columns"],
      { users: ["t-stu-2-PK-1"] },
      19,
    ],
  ];
  it.each(rowCases)(
    "%s skips the row, listed with file, line, column and reason; the rest is read",
    (_, change, edit, want, alone, students) => {
      const spec = sampleDistrict();
      change(spec);
      const { errors, roster } = read(spec, edit);
      expect(errors).toEqual([]);
      if (want.length < 6) expect(roster.problems!.map(formatRowError)).toEqual(want);
      else expect(roster.problems!.map(formatRowError)[0]).toBe(want[0]);
      expect(roster.problemCount).toBe(roster.problems!.length);
      expect(roster.leftAlone).toMatchObject({ schools: [], classrooms: [], users: [], ...alone });
      expect(roster.students).toHaveLength(students);
    },
  );

  it.each([
    ["absent", (f: Map<string, string>) => f.delete("demographics.csv")],
    ["header-only", (f: Map<string, string>) => f.set("demographics.csv", "sourcedId,status,dateLastModified,birthDate,sex\n")],
    ["empty", (f: Map<string, string>) => f.set("demographics.csv", "")],
  ])("takes every student without a birth date when demographics.csv is %s", (_, edit) => {
    const { errors, roster } = read(sampleDistrict(), edit);
    expect(errors).toEqual([]);
    expect(roster.problems).toEqual([]);
    expect(roster.students).toHaveLength(20);
    expect(roster.students.every((s) => s.birthDate === null)).toBe(true);
  });

  it("takes a student whose birth date is not a date without one, and lists it", () => {
    const spec = sampleDistrict();
    spec.users.find((u) => u.id === "t-stu-1-PK-1")!.birthDate = "2019-02-30";
    spec.users.find((u) => u.id === "t-stu-1-PK-2")!.birthDate = undefined;
    const { errors, roster } = read(spec);
    expect(errors).toEqual([]);
    expect(roster.problems!.map(formatRowError)).toEqual([
      "demographics.csv line 2, column birthDate: '2019-02-30' is not a date YYYY-MM-DD from 1900 on: student 't-stu-1-PK-1' is taken without a birth date",
    ]);
    const byId = new Map(roster.students.map((s) => [s.sourcedId, s.birthDate]));
    expect([byId.get("t-stu-1-PK-1"), byId.get("t-stu-1-PK-2"), byId.get("t-stu-1-KG-1")]).toEqual([null, null, "2017-01-10"]);
  });

  it("counts skipped students by why: grade outside PK–3, no grade (left as they are)", () => {
    const spec = sampleDistrict();
    spec.users.find((u) => u.id === "t-stu-1-PK-1")!.grade = "";
    const { skipped, roster } = read(spec);
    expect([skipped.studentsOutOfGrade, skipped.studentsBlankGrade]).toEqual([4, 1]);
    expect(roster.leftAlone!.users).toEqual(["t-stu-1-PK-1"]);
  });

  it.each([
    ["KG", { grade: "K" }],
    ["04", { skip: "outOfGrade" }],
    ["TK", { skip: "outOfGrade" }],
    [" ", { skip: "blank" }],
    ["K", { unknown: "K" }],
    ["05,KG", { grade: "K" }],
  ])("gradeOf(%j)", (value, want) => expect(gradeOf(value)).toEqual(want));

  it("reads OneRoster 1.2 roles from roles.csv", () => {
    const files = oneRosterFiles(sampleDistrict());
    const users = files.get("users.csv")!.split("\n");
    const header = itemAt(users, 0, "a header").split(",");
    const roleAt = header.indexOf("role");
    const orgsAt = header.indexOf("orgSourcedIds");
    const roles = ["sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId"];
    const drop = (cells: string[]) => cells.filter((_, i) => i !== roleAt && i !== orgsAt).join(",");
    const rows = users.slice(1).filter(Boolean);
    rows.forEach((line, i) => {
      const cells = line.split(",");
      roles.push(`r${i},,,${cells[0]},primary,${cells[roleAt]},,,${cells[orgsAt]}`);
    });
    files.set("users.csv", [drop(header), ...rows.map((l) => drop(l.split(","))), ""].join("\n"));
    files.set("roles.csv", roles.join("\n") + "\n");
    files.set("manifest.csv", files.get("manifest.csv")!.replace("oneroster.version,1.1", "oneroster.version,1.2"));
    const { roster, errors } = readOneRoster(files);
    expect(errors).toEqual([]);
    expect(roster.students).toHaveLength(20);
    expect(roster.teachers).toHaveLength(4);
  });

  it("keeps the first MAX_READ_ERRORS row problems and counts the rest (issue 33: one error object per row of a bomb)", () => {
    const bad = MAX_READ_ERRORS + 2_500;
    const { roster, errors } = read(sampleDistrict(), (files) => {
      // The classes' course, then rows without a sourcedId: each is a problem.
      files.set("courses.csv", `sourcedId,title\ncourse-1,Reading\n${",Reading\n".repeat(bad)}`);
    });
    expect(errors).toEqual([]);
    expect(roster.problemCount).toBe(bad);
    expect(roster.problems).toHaveLength(MAX_READ_ERRORS);
    expect(roster.problems![0]).toEqual({ file: "courses.csv", line: 3, column: "sourcedId", reason: "is required" });
    expect(roster.problems!.at(-1)).toMatchObject({ line: MAX_READ_ERRORS + 2 });
  });

  it("counts every row problem when they are fewer than the cap", () => {
    const { roster } = read(sampleDistrict(), (files) =>
      files.set("courses.csv", "sourcedId,title\ncourse-1,Reading\n,Reading\n,Reading\n"),
    );
    expect(roster.problemCount).toBe(2);
    expect(roster.problems).toHaveLength(2);
  });
});

describe("planImport", () => {
  const first = () => {
    const r = read(sampleDistrict());
    return planImport(r.roster, EMPTY, r.skipped);
  };

  it("creates everything in an empty district", () => {
    const { plan, errors } = first();
    expect(errors).toEqual([]);
    expect(planCounts(plan)).toEqual({
      schools: {
        created: 2,
        updated: 0,
        deactivated: 0,
        unchanged: 0,
        skipped: 1,
        skippedBy: [{ reason: SKIP_REASONS.otherOrgs, count: 1 }],
      },
      classrooms: {
        created: 10,
        updated: 0,
        deactivated: 0,
        unchanged: 0,
        skipped: 2,
        skippedBy: [{ reason: SKIP_REASONS.classesWithoutStudents, count: 2 }],
      },
      teachers: {
        created: 4,
        updated: 0,
        deactivated: 0,
        unchanged: 0,
        skipped: 1,
        skippedBy: [{ reason: SKIP_REASONS.otherUsers, count: 1 }],
      },
      students: {
        created: 20,
        updated: 0,
        deactivated: 0,
        unchanged: 0,
        skipped: 4,
        skippedBy: [{ reason: SKIP_REASONS.studentsOutOfGrade, count: 4 }],
        withoutBirthDate: 0,
      },
      enrollments: {
        created: 30,
        updated: 0,
        deactivated: 0,
        unchanged: 0,
        skipped: 6,
        skippedBy: [{ reason: SKIP_REASONS.enrollments, count: 6 }],
      },
    });
  });

  // The district after the first upload, with made-up ids (id = "db-" + sourcedId).
  const applied = (): CurrentState => {
    const { roster } = read(sampleDistrict());
    const id = (s: string) => `db-${s}`;
    const cls = new Map(roster.classrooms.map((c) => [c.sourcedId, c]));
    return {
      schools: roster.schools.map((s) => ({ id: id(s.sourcedId), sourcedId: s.sourcedId, name: s.name, active: true })),
      classrooms: roster.classrooms.map((c) => ({
        id: id(c.sourcedId),
        sourcedId: c.sourcedId,
        name: c.name,
        schoolId: id(c.schoolSourcedId),
        active: true,
      })),
      teachers: roster.teachers.map((t) => ({
        id: id(t.sourcedId),
        sourcedId: t.sourcedId,
        firstName: t.firstName,
        lastName: t.lastName,
        email: t.email,
        active: true,
        admin: false,
        rosterCreated: true,
        schoolIds: [
          ...new Set(
            roster.enrollments.filter((e) => e.userSourcedId === t.sourcedId).map((e) => id(cls.get(e.classSourcedId)!.schoolSourcedId)),
          ),
        ],
      })),
      students: roster.students.map((s) => ({ ...s, id: id(s.sourcedId), schoolId: id(s.schoolSourcedId), active: true })),
      classroomStudents: roster.enrollments
        .filter((e) => e.role === "student")
        .map((e) => ({ classroomId: id(e.classSourcedId), studentId: id(e.userSourcedId) })),
      classroomTeachers: roster.enrollments
        .filter((e) => e.role === "teacher")
        .map((e) => ({ classroomId: id(e.classSourcedId), userId: id(e.userSourcedId) })),
      usersByEmail: [],
    };
  };

  it("changes nothing when the same file comes again", () => {
    const r = read(sampleDistrict());
    const counts = planCounts(planImport(r.roster, applied(), r.skipped).plan);
    expect(Object.values(counts).map((c) => c.created + c.updated + c.deactivated)).toEqual([0, 0, 0, 0, 0]);
    expect(counts.students.unchanged).toBe(20);
  });

  it("updates, deactivates missing and tobedeleted records (keeping their memberships), moves memberships", () => {
    const spec = sampleDistrict();
    spec.users.find((u) => u.id === "t-stu-1-PK-1")!.givenName = "Renamed";
    spec.users.find((u) => u.id === "t-stu-1-KG-1")!.status = "tobedeleted";
    spec.users = spec.users.filter((u) => u.id !== "t-stu-2-03-2");
    spec.enrollments = spec.enrollments.filter((e) => e.user !== "t-stu-2-03-2");
    spec.classes.find((c) => c.id === "t-cls-2-02")!.title = "Room 22";
    spec.enrollments.find((e) => e.user === "t-stu-1-01-1")!.class = "t-cls-1-02";
    const r = read(spec);
    const { plan, errors } = planImport(r.roster, applied(), r.skipped);
    expect(errors).toEqual([]);
    expect(plan.students.update).toEqual([
      { id: "db-t-stu-1-PK-1", sourcedId: "t-stu-1-PK-1", set: { firstName: "Renamed" }, reactivate: false },
    ]);
    expect(plan.students.deactivate.map((d) => d.sourcedId).sort()).toEqual(["t-stu-1-KG-1", "t-stu-2-03-2"]);
    expect(plan.classrooms.update).toEqual([{ id: "db-t-cls-2-02", sourcedId: "t-cls-2-02", set: { name: "Room 22" }, reactivate: false }]);
    expect(plan.enrollments.remove).toEqual([{ classroom: { id: "db-t-cls-1-01" }, member: { id: "db-t-stu-1-01-1" }, role: "student" }]);
    expect(plan.enrollments.add).toEqual([{ classroom: { id: "db-t-cls-1-02" }, member: { id: "db-t-stu-1-01-1" }, role: "student" }]);
    expect(plan.students.create).toEqual([]);
  });

  it("brings back a deactivated record", () => {
    const current = applied();
    const student = itemAt(current.students, 0, "a student");
    student.active = false;
    const r = read(sampleDistrict());
    const { plan } = planImport(r.roster, current, r.skipped);
    expect(plan.students.update).toEqual([{ id: student.id, sourcedId: student.sourcedId, set: {}, reactivate: true }]);
  });

  it.each([
    [
      "another district's user",
      { sameDistrict: false, sourcedId: null, admin: false },
      "users.csv line 2, column email: email 't-tch-1-1@example.org' belongs to another account",
    ],
    [
      "a super admin",
      { sameDistrict: false, sourcedId: null, admin: true },
      "users.csv line 2, column email: email 't-tch-1-1@example.org' belongs to another account",
    ],
    [
      "an admin of the district (issue 33: never adopted)",
      { sameDistrict: true, sourcedId: null, admin: true },
      "users.csv line 2, column email: email 't-tch-1-1@example.org' belongs to another account",
    ],
    [
      "an admin of the district that a roster once linked",
      { sameDistrict: true, sourcedId: "old-id", admin: true },
      "users.csv line 2, column email: email 't-tch-1-1@example.org' belongs to another account",
    ],
  ])("refuses a teacher email held by %s", (_, user, want) => {
    const r = read(sampleDistrict());
    const { errors } = planImport(
      r.roster,
      { ...EMPTY, usersByEmail: [{ id: "u1", email: "t-tch-1-1@example.org", firstName: "A", lastName: "B", ...user }] },
      r.skipped,
    );
    expect(errors.map(formatRowError)).toEqual([want]);
  });

  it("adopts a same-district user without a sourcedId by email, as a change an admin confirms", () => {
    const r = read(sampleDistrict());
    const { plan, errors } = planImport(
      r.roster,
      {
        ...EMPTY,
        usersByEmail: [
          { id: "u1", email: "t-tch-1-1@example.org", sameDistrict: true, sourcedId: null, admin: false, firstName: "T", lastName: "K" },
        ],
      },
      r.skipped,
    );
    expect(errors).toEqual([]);
    expect(plan.teachers.create).toHaveLength(3);
    expect(plan.teachers.update[0]).toMatchObject({ id: "u1", set: { sourcedId: "t-tch-1-1", firstName: "Teacher1" } });
    expect(plan.confirmations).toEqual([
      {
        kind: "adopt",
        userId: "u1",
        recordId: "u1",
        sourcedId: "t-tch-1-1",
        line: 2,
        name: "T K",
        email: "t-tch-1-1@example.org",
        previousEmail: null,
        matchedBy: null,
      },
    ]);
  });

  it("needs a confirmation for an e-mail change and for deactivating an account no import created, none for its own", () => {
    const spec = sampleDistrict();
    spec.users.find((u) => u.id === "t-tch-1-1")!.email = "moved@example.org";
    spec.users = spec.users.filter((u) => u.id !== "t-tch-2-1" && u.id !== "t-tch-2-2");
    spec.enrollments = spec.enrollments.filter((e) => e.user !== "t-tch-2-1" && e.user !== "t-tch-2-2");
    const current = applied();
    current.teachers.find((t) => t.sourcedId === "t-tch-2-1")!.rosterCreated = false;
    const r = read(spec);
    const { plan } = planImport(r.roster, current, r.skipped);
    expect(plan.teachers.deactivate.map((d) => d.sourcedId).sort()).toEqual(["t-tch-2-1", "t-tch-2-2"]);
    expect(plan.confirmations.map((c) => [c.kind, c.sourcedId, c.email, c.previousEmail])).toEqual([
      ["email", "t-tch-1-1", "moved@example.org", "t-tch-1-1@example.org"],
      ["deactivate", "t-tch-2-1", "t-tch-2-1@example.org", null],
    ]);
  });

  it("leaves an administrator's account alone: no update, no deactivation, a notice", () => {
    const spec = sampleDistrict();
    spec.users.find((u) => u.id === "t-tch-1-1")!.givenName = "Renamed";
    spec.users = spec.users.filter((u) => u.id !== "t-tch-2-1");
    spec.enrollments = spec.enrollments.filter((e) => e.user !== "t-tch-2-1");
    const current = applied();
    for (const t of current.teachers) if (t.sourcedId === "t-tch-1-1" || t.sourcedId === "t-tch-2-1") t.admin = true;
    const r = read(spec);
    const { plan, errors } = planImport(r.roster, current, r.skipped);
    expect(errors).toEqual([]);
    expect([plan.teachers.update, plan.teachers.deactivate, plan.teachers.create]).toEqual([[], [], []]);
    expect(plan.notices.map((n) => [n.line, n.column])).toEqual([[2, "sourcedId"]]);
  });

  it("deactivates nothing missing when the manifest says delta", () => {
    const spec = sampleDistrict();
    spec.manifest = { "file.users": "delta" };
    spec.users = spec.users.filter((u) => u.id !== "t-stu-2-03-2");
    spec.enrollments = spec.enrollments.filter((e) => e.user !== "t-stu-2-03-2");
    const r = read(spec);
    expect(planImport(r.roster, applied(), r.skipped).plan.students.deactivate).toEqual([]);
  });

  it("a later file without demographics keeps the birth dates the district has; a new student comes without one, counted", () => {
    const spec = sampleDistrict();
    spec.users.push({ id: "t-stu-new", givenName: "New", familyName: "Kid", role: "student", orgs: ["t-sch-1"], grade: "KG" });
    spec.enrollments.push({ class: "t-cls-1-KG", user: "t-stu-new", role: "student" });
    const r = read(spec, (f) => f.set("demographics.csv", "sourcedId,status,dateLastModified,birthDate,sex\n"));
    const { plan, errors } = planImport(r.roster, applied(), r.skipped);
    expect(errors).toEqual([]);
    expect(plan.students.update).toEqual([]);
    expect(plan.students.unchanged).toBe(20);
    expect(plan.students.create).toMatchObject([{ sourcedId: "t-stu-new", birthDate: null }]);
    expect(planCounts(plan).students.withoutBirthDate).toBe(1);
  });

  it("leaves the records of skipped rows as they are: not deactivated by a bulk file, their memberships kept", () => {
    const spec = sampleDistrict();
    spec.users.find((u) => u.id === "t-stu-1-PK-1")!.grade = "K"; // unknown code: a row problem
    spec.users.find((u) => u.id === "t-stu-1-KG-1")!.grade = ""; // no grade
    spec.users.find((u) => u.id === "t-tch-2-1")!.email = "not an email";
    const r = read(spec);
    const { plan, errors } = planImport(r.roster, applied(), r.skipped);
    expect(errors).toEqual([]);
    expect([plan.students.deactivate, plan.teachers.deactivate, plan.enrollments.remove]).toEqual([[], [], []]);
    expect(plan.notices.map((n) => [n.file, n.line, n.column])).toEqual([
      ["users.csv", 4, "grades"],
      ["users.csv", 16, "email"],
    ]);
    const counts = planCounts(plan);
    expect(counts.students.skippedBy).toEqual([
      { reason: SKIP_REASONS.studentsOutOfGrade, count: 4 },
      { reason: SKIP_REASONS.studentsBlankGrade, count: 1 },
      { reason: SKIP_REASONS.problems, count: 1 },
    ]);
    expect(counts.teachers.skippedBy).toContainEqual({ reason: SKIP_REASONS.problems, count: 1 });
  });

  it("deactivates nothing of a kind when a skipped row of it has no sourcedId (it could be any record)", () => {
    const spec = sampleDistrict();
    spec.users = spec.users.filter((u) => u.id !== "t-stu-2-03-2");
    spec.enrollments = spec.enrollments.filter((e) => e.user !== "t-stu-2-03-2");
    spec.users.push({ id: "", givenName: "No", familyName: "Id", role: "student", orgs: ["t-sch-1"], grade: "KG" });
    const r = read(spec);
    const { plan } = planImport(r.roster, applied(), r.skipped);
    expect(plan.students.deactivate).toEqual([]);
    expect(plan.notices[0]).toMatchObject({ file: "users.csv", column: "sourcedId", reason: "is required" });
  });

  it("skipRefusedRows turns a refused teacher e-mail into a skipped row; the plan made again has no refusal", () => {
    const r = read(sampleDistrict());
    const current = {
      ...EMPTY,
      usersByEmail: [
        { id: "u1", email: "t-tch-1-1@example.org", firstName: "A", lastName: "B", sameDistrict: false, sourcedId: null, admin: false },
      ],
    };
    const first = planImport(r.roster, current, r.skipped);
    expect(first.errors).toHaveLength(1);
    const skipping = skipRefusedRows(r.roster, r.skipped, first.errors)!;
    const again = planImport(skipping.roster, current, skipping.skipped);
    expect(again.errors).toEqual([]);
    expect(again.plan.teachers.create.map((t) => t.sourcedId)).not.toContain("t-tch-1-1");
    expect(again.plan.notices.map(formatRowError)).toEqual([
      "users.csv line 2, column email: email 't-tch-1-1@example.org' belongs to another account: this row is skipped",
    ]);
    expect(planCounts(again.plan).teachers.skippedBy).toContainEqual({ reason: SKIP_REASONS.problems, count: 1 });
    expect(skipRefusedRows(r.roster, r.skipped, [{ file: "classes.csv", line: 2, column: "", reason: "x" }])).toBeNull();
  });
});
