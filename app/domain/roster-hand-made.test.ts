import { describe, expect, it } from "vitest";
import { first } from "./presence";
import { oneRosterFiles, type ExportSpec, type ExportUser } from "../../tests/support/oneroster-export";
import { readOneRoster } from "./oneroster";
import { planImport, SKIP_REASONS, type CurrentState } from "./oneroster-plan";
import type { HandMade, HandMadeStudent } from "./roster-hand-made";

// Issue 35 item 6: rows the district does not know by sourcedId against its records made by hand.

const kid = (id: string, givenName: string, familyName: string, more: Partial<ExportUser> = {}): ExportUser => ({
  id,
  givenName,
  familyName,
  role: "student",
  orgs: ["S1"],
  grade: "KG",
  ...more,
});

/** One school (S1, 'Cedar Elementary') with class C1 ('Room 1') of one teacher, and the students given (all in C1 unless `classes` says). */
function spec(students: ExportUser[], more: Partial<ExportSpec> = {}): ExportSpec {
  const classes = more.classes ?? [{ id: "C1", title: "Room 1", school: "S1" }];
  return {
    schools: more.schools ?? [{ id: "S1", name: "Cedar Elementary" }],
    classes,
    users: [{ id: "T1", givenName: "Tess", familyName: "T", role: "teacher", orgs: ["S1"], email: "t1@example.org" }, ...students],
    enrollments: more.enrollments ?? [
      ...classes.map((c) => ({ class: c.id, user: "T1", role: "teacher" as const })),
      ...students.map((s) => ({ class: first(classes, "a class").id, user: s.id, role: "student" as const })),
    ],
    manifest: more.manifest,
  };
}

const hs = (id: string, over: Partial<HandMadeStudent> = {}): HandMadeStudent => ({
  id,
  firstName: "Elena",
  middleName: null,
  lastName: "Adams",
  grade: "K",
  birthDate: null,
  schoolId: "h-s1",
  identifier: null,
  email: null,
  ...over,
});

const state = (handMade: Partial<HandMade>, current: Partial<CurrentState> = {}): CurrentState => ({
  schools: [],
  classrooms: [],
  teachers: [],
  students: [],
  classroomStudents: [],
  classroomTeachers: [],
  usersByEmail: [],
  ...current,
  handMade: { schools: [{ id: "h-s1", name: "Cedar Elementary" }], classrooms: [], students: [], ...handMade },
});

function plan(s: ExportSpec, current: CurrentState) {
  const r = readOneRoster(oneRosterFiles(s));
  expect(r.errors).toEqual([]);
  const out = planImport(r.roster, current, r.skipped);
  expect(out.errors).toEqual([]);
  return out.plan;
}
const adopted = (p: ReturnType<typeof plan>) => p.confirmations.map((c) => [c.kind, c.sourcedId, c.recordId, c.matchedBy]);
const notices = (p: ReturnType<typeof plan>) => p.notices.map((n) => `${n.file}:${n.line}:${n.column}: ${n.reason}`);

describe("schools and classrooms by name", () => {
  it.each([
    ["the same name", "Cedar Elementary", [["adoptSchool", "S1", "h-s1", "Same name"]]],
    [
      "case and spacing do not count",
      "  cedar   ELEMENTARY ",
      [["adoptSchool", "S1", "h-s1", "Same name; the file has 'cedar   ELEMENTARY'"]],
    ],
    ["another name is another school", "Cedar Primary", []],
  ])("%s", (_, name, want) => {
    const p = plan(spec([kid("K1", "Ana", "B")], { schools: [{ id: "S1", name }] }), state({}));
    expect(adopted(p).filter(([k]) => k === "adoptSchool")).toEqual(want);
    expect(p.schools.create).toHaveLength(want.length === 0 ? 1 : 0);
  });

  it("an adopted school takes the file's name and sourcedId, nothing is created", () => {
    const p = plan(spec([kid("K1", "Ana", "B")], { schools: [{ id: "S1", name: "CEDAR Elementary" }] }), state({}));
    expect(p.schools.update).toEqual([
      { id: "h-s1", sourcedId: "S1", set: { name: "CEDAR Elementary", sourcedId: "S1" }, reactivate: false },
    ]);
    expect(p.students.create[0]?.school).toEqual({ id: "h-s1" });
  });

  it("two schools made by hand with the name: the row, its classes and students are skipped and listed, nothing adopted", () => {
    const p = plan(
      spec([kid("K1", "Ana", "B")]),
      state({
        schools: [
          { id: "h-s1", name: "Cedar Elementary" },
          { id: "h-s2", name: "cedar elementary" },
        ],
      }),
    );
    expect(adopted(p)).toEqual([]);
    expect([p.schools.create, p.classrooms.create, p.students.create, p.teachers.create]).toEqual([[], [], [], []]);
    expect(notices(p)).toEqual([
      "orgs.csv:3:name: matches more than one school made by hand with this name in this district: this row is skipped, as the import cannot tell which one it is; give them different names, then upload the file again",
      "classes.csv:2:schoolSourcedId: its school 'S1' (orgs.csv line 3) is skipped",
      "users.csv:3:orgSourcedIds: its school 'S1' (orgs.csv line 3) is skipped",
    ]);
    expect(p.skippedBy.schools).toContainEqual({ reason: SKIP_REASONS.problems, count: 1 });
    expect(p.skippedBy.students).toContainEqual({ reason: SKIP_REASONS.problems, count: 1 });
  });

  it.each([
    ["in its school", "h-s1", [["adoptClassroom", "C1", "h-c1", "Same name in Cedar Elementary"]], 0],
    ["not in another school", "h-other", [], 1],
  ])("a classroom made by hand with the name %s", (_, schoolId, want, created) => {
    const p = plan(spec([kid("K1", "Ana", "B")]), state({ classrooms: [{ id: "h-c1", name: "Room 1", schoolId }] }));
    expect(adopted(p).filter(([k]) => k === "adoptClassroom")).toEqual(want);
    expect(p.classrooms.create).toHaveLength(created);
  });

  it("a new row never takes a name its district or school holds: the first row keeps it, the next is skipped", () => {
    const p = plan(
      spec([kid("K1", "Ana", "B"), kid("K2", "Bo", "C")], {
        schools: [
          { id: "S1", name: "Oak" },
          { id: "S2", name: "OAK" },
        ],
        classes: [
          { id: "C1", title: "Room 1", school: "S1" },
          { id: "C2", title: "room 1", school: "S1" },
        ],
        enrollments: [
          { class: "C1", user: "T1", role: "teacher" },
          { class: "C1", user: "K1", role: "student" },
          { class: "C2", user: "K2", role: "student" },
        ],
      }),
      state({ schools: [] }),
    );
    expect(p.schools.create.map((s) => s.sourcedId)).toEqual(["S1"]);
    expect(p.classrooms.create.map((c) => c.sourcedId)).toEqual(["C1"]);
    expect(notices(p)).toEqual([
      "orgs.csv:4:name: orgs.csv line 3 has the same name in this district: this row is skipped, as two schools of a district may not share a name",
      "classes.csv:3:title: classes.csv line 2 has the same name in 'Oak': this row is skipped, as two classrooms of a school may not share a name",
    ]);
  });

  it.each([
    ["a bulk file deactivates the old record, so its name is free", {}, ["S-NEW"], []],
    [
      "a delta keeps the old record, so the name is taken",
      { "file.orgs": "delta" },
      [],
      [
        "orgs.csv:3:name: a school named 'Cedar Elementary' already exists in this district (sourcedId 'S-OLD'): this row is skipped, as two schools of a district may not share a name",
      ],
    ],
  ])("a rostered school under another sourcedId: %s", (_, manifest, created, want) => {
    const p = plan(
      spec([kid("K1", "Ana", "B", { orgs: ["S-NEW"] })], {
        schools: [{ id: "S-NEW", name: "Cedar Elementary" }],
        classes: [{ id: "C1", title: "Room 1", school: "S-NEW" }],
        manifest,
      }),
      state({ schools: [] }, { schools: [{ id: "r-old", sourcedId: "S-OLD", name: "Cedar Elementary", active: true }] }),
    );
    expect(p.schools.create.map((s) => s.sourcedId)).toEqual(created);
    expect(notices(p).filter((n) => n.startsWith("orgs.csv"))).toEqual(want);
  });
});

describe("students by Student ID, then name and birth date", () => {
  it.each([
    [
      "Student ID, whatever the name",
      kid("K1", "Lena", "Adams-Ruiz", { identifier: " 1234 " }),
      [hs("h1", { identifier: "1234" })],
      "h1",
      "Same Student ID (1234)",
    ],
    [
      "Student ID, without case",
      kid("K1", "Elena", "Adams", { identifier: "ab12" }),
      [hs("h1", { identifier: "AB12" })],
      "h1",
      "Same Student ID (AB12)",
    ],
    [
      "name and birth date when no Student ID matches",
      kid("K1", "elena", "ADAMS", { identifier: "1234", birthDate: "2019-04-05" }),
      [hs("h1", { birthDate: "2019-04-05" })],
      "h1",
      "Same name and birth date (2019-04-05)",
    ],
    ["not name alone, without a birth date in the file", kid("K1", "Elena", "Adams"), [hs("h1", { birthDate: "2019-04-05" })], null, null],
    [
      "not another birth date",
      kid("K1", "Elena", "Adams", { birthDate: "2019-04-06" }),
      [hs("h1", { birthDate: "2019-04-05" })],
      null,
      null,
    ],
    [
      "not a record with another Student ID",
      kid("K1", "Elena", "Adams", { identifier: "1234", birthDate: "2019-04-05" }),
      [hs("h1", { birthDate: "2019-04-05", identifier: "9999" })],
      null,
      null,
    ],
  ])("%s", (_, row, students, recordId, matchedBy) => {
    const p = plan(spec([row]), state({ students }));
    const found = adopted(p).filter(([k]) => k === "adoptStudent");
    expect(found).toEqual(recordId ? [["adoptStudent", "K1", recordId, matchedBy]] : []);
    expect(p.students.create).toHaveLength(recordId ? 0 : 1);
  });

  it.each([
    [
      "two with the Student ID",
      kid("K1", "Elena", "Adams", { identifier: "1234" }),
      [hs("h1", { identifier: "1234" }), hs("h2", { identifier: "1234", lastName: "Adamsen" })],
      "users.csv:3:identifier: Student ID '1234' matches more than one student made by hand in this district: this row is skipped, as the import cannot tell which one it is; give them different Student IDs, then upload the file again",
    ],
    [
      "two with the name and birth date",
      kid("K1", "Elena", "Adams", { birthDate: "2019-04-05" }),
      [hs("h1", { birthDate: "2019-04-05" }), hs("h2", { birthDate: "2019-04-05", schoolId: "h-s9" })],
      "users.csv:3:: 'Elena Adams', born 2019-04-05, matches more than one student made by hand with this name and birth date: this row is skipped, as the import cannot tell which one it is; give each of them and this row a Student ID, then upload the file again",
    ],
  ])("%s: the row is skipped, its class left as it is, nothing guessed", (_, row, students, notice) => {
    const p = plan(spec([row]), state({ students }));
    expect(adopted(p).filter(([k]) => k === "adoptStudent")).toEqual([]);
    expect([p.students.create, p.students.update]).toEqual([[], []]);
    expect(notices(p)).toEqual([notice, "classes.csv:2:: every PK–3 student of this class is skipped: the class is left as it is"]);
    // Its teacher teaches no class left: left as they are too.
    expect(p.classrooms.create).toEqual([]);
    expect(p.teachers.create).toEqual([]);
  });

  it("two rows for one student made by hand: the first adopts, the next is skipped", () => {
    const p = plan(
      spec([kid("K1", "Elena", "Adams", { identifier: "1234" }), kid("K2", "Elena", "Adams", { identifier: "1234" })]),
      state({ students: [hs("h1", { identifier: "1234" })] }),
    );
    expect(adopted(p).filter(([k]) => k === "adoptStudent")).toEqual([["adoptStudent", "K1", "h1", "Same Student ID (1234)"]]);
    expect(notices(p)).toEqual(["users.csv:4:identifier: matches the same student made by hand as users.csv line 3: this row is skipped"]);
  });

  it("an adopted student takes the file's fields and sourcedId, and keeps the birth date the file does not give", () => {
    const p = plan(
      spec([kid("K1", "Elena", "Adams", { identifier: "1234", grade: "01" })]),
      state({ students: [hs("h1", { identifier: "1234", birthDate: "2019-04-05" })] }),
    );
    expect(p.students.update).toEqual([{ id: "h1", sourcedId: "K1", set: { grade: "1", sourcedId: "K1" }, reactivate: false }]);
    expect(p.studentsWithoutBirthDate).toBe(0);
  });
});
