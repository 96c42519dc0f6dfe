import { describe, expect, it } from "vitest";
import {
  classroomForm,
  deletedMessage,
  districtForm,
  formValues,
  parseForm,
  rolesOfferedTo,
  savedMessage,
  schoolForm,
  studentForm,
  userCreateForm,
  userEditForm,
  type FormValues,
} from "./admin-forms";

const errorsOf = (r: ReturnType<typeof parseForm>) => (r.ok ? {} : r.fieldErrors);
const dataOf = (r: ReturnType<typeof parseForm>) => (r.ok ? r.data : null);

describe("district form", () => {
  it.each<[string, FormValues, Record<string, string>]>([
    ["all empty", {}, { name: "Name is a required field.", state: "State is a required field." }],
    ["blank name", { name: "  ", state: "WA" }, { name: "Name is a required field." }],
    ["unknown state", { name: "X", state: "ZZ" }, { state: "State is a required field." }],
    [
      "bad website",
      { name: "X", state: "WA", website: "not a site" },
      { website: "Please enter a valid website address, such as https://www.example.org." },
    ],
    ["ok", { name: "X", state: "WA", website: "" }, {}],
  ])("%s", (_n, values, errors) => expect(errorsOf(parseForm(districtForm, values))).toEqual(errors));

  it("normalizes the website", () => {
    expect(dataOf(parseForm(districtForm, { name: " X ", state: "PR", website: "example.org" }))).toEqual({
      name: "X",
      state: "PR",
      website: "https://example.org",
    });
  });
});

describe("school and classroom forms", () => {
  it.each<[string, FormValues, Record<string, string>]>([
    ["school empty", {}, { name: "Name is a required field." }],
    ["school ok", { name: "Cedar" }, {}],
  ])("%s", (_n, values, errors) => expect(errorsOf(parseForm(schoolForm, values))).toEqual(errors));

  it("classroom: name required, teachers optional", () => {
    expect(errorsOf(parseForm(classroomForm, { name: "" }))).toEqual({ name: "Name is a required field." });
    expect(dataOf(parseForm(classroomForm, { name: "Room", teacherIds: ["a", "b"] }))).toEqual({ name: "Room", teacherIds: ["a", "b"] });
    expect(dataOf(parseForm(classroomForm, { name: "Room" }))).toEqual({ name: "Room", teacherIds: [] });
  });
});

describe("user form", () => {
  const create = userCreateForm(rolesOfferedTo("ORG_ADMIN"));
  it.each<[string, FormValues, Record<string, string>]>([
    [
      "all empty",
      {},
      {
        firstName: "First Name is a required field.",
        lastName: "Last Name is a required field.",
        email: "Email is a required field.",
        role: "Role is a required field.",
      },
    ],
    [
      "bad email",
      { firstName: "A", lastName: "B", email: "a@b", role: "TEACHER", organizationUnitIds: ["s"] },
      { email: "Please enter a valid email address." },
    ],
    [
      "teacher without schools",
      { firstName: "A", lastName: "B", email: "a@b.org", role: "TEACHER" },
      { organizationUnitIds: "Schools is a required field." },
    ],
    [
      "role not offered to a district admin",
      { firstName: "A", lastName: "B", email: "a@b.org", role: "ORG_ADMIN" },
      { role: "Role is a required field." },
    ],
    ["ok", { firstName: "A", lastName: "B", email: " A@B.org ", role: "ORG_UNIT_ADMIN", organizationUnitIds: ["s"] }, {}],
  ])("create: %s", (_n, values, errors) => expect(errorsOf(parseForm(create, values))).toEqual(errors));

  it("a district admin needs no schools; any posted are dropped; email lowercased", () => {
    const superCreate = userCreateForm(rolesOfferedTo("SUPER_ADMIN"));
    expect(
      dataOf(parseForm(superCreate, { firstName: "A", lastName: "B", email: " A@B.org", role: "ORG_ADMIN", organizationUnitIds: ["s"] })),
    ).toEqual({
      firstName: "A",
      lastName: "B",
      email: "a@b.org",
      role: "ORG_ADMIN",
      organizationUnitIds: [],
    });
  });

  it.each([
    ["TEACHER", [], { organizationUnitIds: "Schools is a required field." }],
    ["TEACHER", ["s"], {}],
    ["ORG_ADMIN", [], {}],
  ] as const)("edit of a %s with schools %j", (role, schools, errors) => {
    const edit = userEditForm(role);
    expect(errorsOf(parseForm(edit, { firstName: "A", lastName: "B", organizationUnitIds: [...schools] }))).toEqual(errors);
  });

  it.each([
    ["SUPER_ADMIN", ["ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"]],
    ["ORG_ADMIN", ["ORG_UNIT_ADMIN", "TEACHER"]],
    ["ORG_UNIT_ADMIN", ["ORG_UNIT_ADMIN", "TEACHER"]],
    ["TEACHER", []],
  ] as const)("roles offered to %s", (actor, roles) => expect(rolesOfferedTo(actor)).toEqual(roles));
});

describe("student form", () => {
  const grades = ["PK", "K", "1", "2", "MULTI"];
  const admin = studentForm({ actorIsTeacher: false, grades, today: "2026-01-15" });
  const teacher = studentForm({ actorIsTeacher: true, grades, today: "2026-01-15" });
  const ok: FormValues = { firstName: "Jane", lastName: "Doe", dateOfBirth: "3/4/2019", grade: "K", organizationUnitId: "s1" };
  it.each<[string, ReturnType<typeof studentForm>, FormValues, Record<string, string>]>([
    [
      "all empty",
      admin,
      {},
      {
        firstName: "First Name is a required field.",
        lastName: "Last Name is a required field.",
        dateOfBirth: "Date of Birth is a required field.",
        grade: "Grade is a required field.",
        organizationUnitId: "School is a required field.",
      },
    ],
    [
      "bad date",
      admin,
      { ...ok, dateOfBirth: "13/01/2019" },
      { dateOfBirth: "Invalid Date! Please correct the Date of Birth and try again." },
    ],
    [
      "ISO date",
      admin,
      { ...ok, dateOfBirth: "2019-03-04" },
      { dateOfBirth: "Invalid Date! Please correct the Date of Birth and try again." },
    ],
    [
      "future date",
      admin,
      { ...ok, dateOfBirth: "01/01/2027" },
      { dateOfBirth: "Invalid Date! Please correct the Date of Birth and try again." },
    ],
    ["grade 3 without the flag", admin, { ...ok, grade: "3" }, { grade: "Grade is a required field." }],
    ["bad email", admin, { ...ok, email: "x" }, { email: "Please enter a valid email address." }],
    ["admin without classroom", admin, ok, {}],
    ["teacher without classroom", teacher, ok, { participantGroupId: "Classroom is a required field." }],
    ["teacher with classroom", teacher, { ...ok, participantGroupId: "c1" }, {}],
  ])("%s", (_n, schema, values, errors) => expect(errorsOf(parseForm(schema, values))).toEqual(errors));

  it("normalizes: padded date, trimmed lowercased email, tags in catalogue order, empties null", () => {
    expect(
      dataOf(parseForm(admin, { ...ok, middleName: " ", email: " Jane@X.org ", tags: ["IEP", "ELL", "bogus"], externalId: "" })),
    ).toEqual({
      firstName: "Jane",
      middleName: null,
      lastName: "Doe",
      dateOfBirth: "03/04/2019",
      grade: "K",
      organizationUnitId: "s1",
      participantGroupId: null,
      email: "jane@x.org",
      externalId: null,
      tags: ["ELL", "IEP"],
    });
  });
});

describe("formValues", () => {
  it("reads one string per field and lists for multi fields", () => {
    const fd = new FormData();
    fd.append("name", "A");
    fd.append("teacherIds", "t1");
    fd.append("teacherIds", "t2");
    expect(formValues(fd, ["teacherIds", "tags"])).toEqual({ name: "A", teacherIds: ["t1", "t2"], tags: [] });
  });
});

describe("messages", () => {
  it.each([
    [savedMessage("District", "create"), "District has been successfully created."],
    [savedMessage("School", "edit"), "School has been successfully updated."],
    [savedMessage("Classroom", "create"), "Classroom has been successfully created."],
    [deletedMessage("Cedar"), "Cedar was successfully deleted."],
  ])("%s", (text, expected) => expect(text).toBe(expected));
});
