import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { rolesOfferedTo } from "./admin-fields";
import {
  ClassroomForm,
  deletedMessage,
  DistrictForm,
  nameKey,
  savedMessage,
  SchoolForm,
  StudentFields,
  studentForm,
  UserFields,
  userCreateForm,
  userEditForm,
} from "./admin-forms";

// The forms as a browser posts them: a FormData read by conform (blank fields arrive as
// undefined, repeated names as lists), as the route actions read them.
type Posted = Record<string, string | string[]>;

function post(schema: z.ZodType, values: Posted) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) for (const v of [value].flat()) form.append(name, v);
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return { errors: {}, value: submission.value };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
  return { errors, value: null };
}
const errorsOf = (schema: z.ZodType, values: Posted) => post(schema, values).errors;
const valueOf = (schema: z.ZodType, values: Posted) => post(schema, values).value;

const SCHOOL = "7f0c5a36-2f4b-4f43-9a51-0b8a7f1e2d3c";

describe("district form", () => {
  it.each<[string, Posted, Record<string, string>]>([
    ["all empty", { name: "", state: "", website: "" }, { name: "Name is a required field.", state: "State is a required field." }],
    ["nothing posted", {}, { name: "Name is a required field.", state: "State is a required field." }],
    ["blank name", { name: "  ", state: "WA" }, { name: "Name is a required field." }],
    ["unknown state", { name: "X", state: "ZZ" }, { state: "Please choose a state from the list." }],
    [
      "bad website",
      { name: "X", state: "WA", website: "not a site" },
      { website: "Please enter a valid website address, such as https://www.example.org." },
    ],
    ["ok", { name: "X", state: "WA", website: "" }, {}],
  ])("%s", (_n, values, errors) => expect(errorsOf(DistrictForm, values)).toEqual(errors));

  it("normalizes the website", () => {
    expect(valueOf(DistrictForm, { name: " X ", state: "PR", website: "example.org" })).toEqual({
      name: "X",
      state: "PR",
      website: "https://example.org",
    });
  });
});

describe("school and classroom forms", () => {
  it.each<[string, Posted, Record<string, string>]>([
    ["school empty", { name: "" }, { name: "Name is a required field." }],
    ["school ok", { name: "Cedar" }, {}],
  ])("%s", (_n, values, errors) => expect(errorsOf(SchoolForm, values)).toEqual(errors));

  it("classroom: name required, teachers optional (none, one or many checked)", () => {
    expect(errorsOf(ClassroomForm, { name: "" })).toEqual({ name: "Name is a required field." });
    expect(valueOf(ClassroomForm, { name: "Room", teacherIds: ["a", "b"] })).toEqual({ name: "Room", teacherIds: ["a", "b"] });
    expect(valueOf(ClassroomForm, { name: "Room", teacherIds: "a" })).toEqual({ name: "Room", teacherIds: ["a"] });
    expect(valueOf(ClassroomForm, { name: "Room" })).toEqual({ name: "Room", teacherIds: [] });
  });
});

describe("user forms", () => {
  const create = userCreateForm(rolesOfferedTo("ORG_ADMIN"));
  const person = { firstName: "A", lastName: "B", email: "a@b.org" };
  it.each<[string, Posted, Record<string, string>]>([
    [
      "all empty",
      { firstName: "", lastName: "", email: "", role: "" },
      {
        firstName: "First Name is a required field.",
        lastName: "Last Name is a required field.",
        email: "Email is a required field.",
        role: "Role is a required field.",
      },
    ],
    ["bad email", { ...person, email: "a@b", role: "TEACHER", organizationUnitIds: "s" }, { email: "Please enter a valid email address." }],
    // The one e-mail rule (./email.ts): the set-password, reset and register forms refuse it too.
    [
      "accented email",
      { ...person, email: "jöhn@exämple.com", role: "TEACHER", organizationUnitIds: "s" },
      { email: "Please enter a valid email address." },
    ],
    [
      // Every message at once, though the email already failed.
      "bad email and a teacher without schools",
      { ...person, email: "nope", role: "TEACHER" },
      { email: "Please enter a valid email address.", organizationUnitIds: "Schools is a required field." },
    ],
    [
      "a teacher without schools, names missing",
      { firstName: "", lastName: "", email: "a@b.org", role: "TEACHER" },
      {
        firstName: "First Name is a required field.",
        lastName: "Last Name is a required field.",
        organizationUnitIds: "Schools is a required field.",
      },
    ],
    ["role not offered to a district admin", { ...person, role: "ORG_ADMIN" }, { role: "Role is a required field." }],
    ["ok", { ...person, email: " A@B.org ", role: "ORG_UNIT_ADMIN", organizationUnitIds: ["s"] }, {}],
  ])("create: %s", (_n, values, errors) => expect(errorsOf(create, values)).toEqual(errors));

  it("a district admin needs no schools, and ticked ones are refused, not dropped (issue 13 item 4); email lowercased", () => {
    const superCreate = userCreateForm(rolesOfferedTo("SUPER_ADMIN"));
    expect(errorsOf(superCreate, { firstName: "A", lastName: "B", email: "a@b.org", role: "ORG_ADMIN", organizationUnitIds: "s" })).toEqual(
      {
        organizationUnitIds: "Schools are only for school admins and teachers: a district admin works across all schools.",
      },
    );
    expect(valueOf(superCreate, { firstName: "A", lastName: "B", email: " A@B.org", role: "ORG_ADMIN" })).toEqual({
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
    [
      "ORG_ADMIN",
      ["s"],
      { organizationUnitIds: "Schools are only for school admins and teachers: a district admin works across all schools." },
    ],
    [null, [], {}],
  ] as const)("edit of a %s with schools %j", (role, schools, errors) => {
    expect(errorsOf(userEditForm(role), { firstName: "A", lastName: "B", organizationUnitIds: [...schools] })).toEqual(errors);
  });
});

describe("student form", () => {
  const grades = ["PK", "K", "1", "2", "MULTI"];
  const admin = studentForm({ actorIsTeacher: false, grades, today: "2026-01-15" });
  const teacher = studentForm({ actorIsTeacher: true, grades, today: "2026-01-15" });
  const ok: Posted = { firstName: "Jane", lastName: "Doe", dateOfBirth: "3/4/2019", grade: "K", organizationUnitId: SCHOOL };
  const empty: Posted = { firstName: "", lastName: "", dateOfBirth: "", grade: "", organizationUnitId: "", participantGroupId: "" };
  const required = {
    firstName: "First Name is a required field.",
    lastName: "Last Name is a required field.",
    dateOfBirth: "Date of Birth is a required field.",
    grade: "Grade is a required field.",
    organizationUnitId: "School is a required field.",
  };
  const INVALID_DATE = "Invalid Date! Please correct the Date of Birth and try again.";
  it.each<[string, ReturnType<typeof studentForm>, Posted, Record<string, string>]>([
    ["all empty", admin, empty, required],
    ["all empty, as a teacher", teacher, empty, { ...required, participantGroupId: "Classroom is a required field." }],
    ["bad date", admin, { ...ok, dateOfBirth: "13/01/2019" }, { dateOfBirth: INVALID_DATE }],
    ["ISO date", admin, { ...ok, dateOfBirth: "2019-03-04" }, { dateOfBirth: INVALID_DATE }],
    ["future date", admin, { ...ok, dateOfBirth: "01/01/2027" }, { dateOfBirth: INVALID_DATE }],
    ["grade 3 not offered", admin, { ...ok, grade: "3" }, { grade: "Grade is a required field." }],
    ["unknown grade", admin, { ...ok, grade: "4" }, { grade: "Please choose a grade from the list." }],
    ["school not an id", admin, { ...ok, organizationUnitId: "s1" }, { organizationUnitId: "School is a required field." }],
    ["bad email", admin, { ...ok, email: "x" }, { email: "Please enter a valid email address." }],
    ["accented email", admin, { ...ok, email: "jöhn@exämple.com" }, { email: "Please enter a valid email address." }],
    ["admin without classroom", admin, ok, {}],
    ["teacher without classroom", teacher, ok, { participantGroupId: "Classroom is a required field." }],
    ["teacher with classroom", teacher, { ...ok, participantGroupId: "c1" }, {}],
  ])("%s", (_n, schema, values, errors) => expect(errorsOf(schema, values)).toEqual(errors));

  it("normalizes: trimmed lowercased email, empties null, tags as checked", () => {
    expect(valueOf(admin, { ...ok, middleName: " ", email: " Jane@X.org ", tags: ["IEP", "ELL"], externalId: "" })).toEqual({
      firstName: "Jane",
      lastName: "Doe",
      dateOfBirth: "3/4/2019",
      grade: "K",
      organizationUnitId: SCHOOL,
      middleName: null,
      tags: ["IEP", "ELL"],
      externalId: null,
      email: "jane@x.org",
      participantGroupId: null,
    });
  });
});

// The API builds its request bodies from the same fields (app/api/resources/*): a JSON body
// gets the texts a form gets, and the first message is the first field to fix.
describe("the same fields as a JSON body", () => {
  const firstMessage = (schema: z.ZodType, body: unknown) => {
    const result = schema.safeParse(body);
    return result.success ? null : result.error.issues[0]?.message;
  };
  it.each<[string, z.ZodType, unknown, string | null]>([
    ["district without a name", DistrictForm, { state: "WA" }, "Name is a required field."],
    ["district with a bad state", DistrictForm, { name: "N", state: "XX" }, "Please choose a state from the list."],
    ["district ok", DistrictForm, { name: "N", state: "WA", website: null }, null],
    ["school blank", SchoolForm, { name: "  " }, "Name is a required field."],
    ["user without first name", UserFields, { lastName: "L", email: "a@b.org" }, "First Name is a required field."],
    ["user with a bad email", UserFields, { firstName: "F", lastName: "L", email: "nope" }, "Please enter a valid email address."],
    ["student all blank", StudentFields, { firstName: "", lastName: "", dateOfBirth: "", grade: "" }, "First Name is a required field."],
    [
      "student with a bad date",
      StudentFields,
      { firstName: "F", lastName: "L", dateOfBirth: "2020-05-17", grade: "K", organizationUnitId: SCHOOL },
      "Invalid Date! Please correct the Date of Birth and try again.",
    ],
    [
      "student ok",
      StudentFields,
      { firstName: "F", lastName: "L", dateOfBirth: "05/17/2020", grade: "K", organizationUnitId: SCHOOL },
      null,
    ],
  ])("%s", (_n, schema, body, message) => expect(firstMessage(schema, body)).toBe(message));
});

describe("messages", () => {
  it.each([
    [savedMessage("District", "create"), "District has been successfully created."],
    [savedMessage("School", "edit"), "School has been successfully updated."],
    [savedMessage("Classroom", "create"), "Classroom has been successfully created."],
    [deletedMessage("Cedar"), "Cedar was successfully deleted."],
  ])("%s", (text, expected) => expect(text).toBe(expected));
});

describe("nameKey (duplicate district and school names, issue 13 item 6)", () => {
  it.each([
    ["Cedar Elementary", "cedar elementary"],
    ["  Cedar   ELEMENTARY ", "cedar elementary"],
    ["Cedar\tElementary\n", "cedar elementary"],
    ["Cedar-Elementary", "cedar-elementary"],
    ["Saint Mary's", "saint mary's"],
  ])("%j -> %j", (name, key) => expect(nameKey(name)).toBe(key));

  it("tells different names apart", () => {
    expect(nameKey("Cedar Elementary")).not.toBe(nameKey("Cedar Elementary 2"));
    expect(nameKey("CedarElementary")).not.toBe(nameKey("Cedar Elementary"));
  });
});
