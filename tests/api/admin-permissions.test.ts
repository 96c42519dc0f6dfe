import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Db } from "#app/db/connect.server";
import type { RoleName } from "#app/domain/roles";
import { makeClassroom, makeDistrict, makeSchool, makeStudent, makeTeacher } from "./support/fixtures";
import { apiWorld } from "./support/world";

// Issue 4, must-show: each role × each administration endpoint × in scope / out of scope
// answers what the permission tables of spec 000 §6 and spec 001 §6 imply.

const tokens = {} as Record<RoleName, string>;
const ROLES: RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"];
let n = 0;
const uniq = (p: string) => `${p} ${process.pid}-${++n}`;

const { handle, t, w } = await apiWorld();
tokens.SUPER_ADMIN = await t.login(w.superAdmin.email);
tokens.ORG_ADMIN = await t.login(w.districtAdmin.email);
tokens.ORG_UNIT_ADMIN = await t.login(w.schoolAdmin.email);
tokens.TEACHER = await t.login(w.teacher.email);

type Req = { method: string; path: string; body?: unknown };
type W = typeof w;
/** Expected status for super admin, district admin, school admin, teacher. */
type Expect = [number, number, number, number];
type Case = { endpoint: string; target: string; make: (db: Db, w: W) => Promise<Req>; expect: Expect };

type School = "schoolA" | "schoolB" | "otherSchool";
type Room = "classA" | "classA2" | "classB";
const dist = (w: W) => w.district.organization_id;
const other = (w: W) => w.otherDistrict.organization_id;
const A = (w: W) => w.schoolA.organization_unit_id;
const B = (w: W) => w.schoolB.organization_unit_id;
const O = (w: W) => w.otherSchool.organization_unit_id;

// What a case sends: bodies, and the ids of rows made for it alone (so a delete or edit of one case
// does not meet another's).
const studentBody = (w: W, school: School, room?: Room) => ({
  organizationUnitId: w[school].organization_unit_id,
  participantGroupIds: room ? [w[room].participant_group_id] : [],
  firstName: "Ada",
  lastName: uniq("Perm"),
  dateOfBirth: "05/17/2020",
  grade: "K",
  tags: "ELL",
});
const teacherBody = (w: W, school: School) => ({
  organizationId: w[school].organization_id,
  firstName: "New",
  lastName: "Teacher",
  email: `${randomUUID()}@test.example`,
  roles: ["TEACHER"],
  organizationUnitIds: [w[school].organization_unit_id],
});
const roomBody = (w: W, school: School, teacher: { teacherId?: string } = {}, name = uniq("Room")) => ({
  name,
  organizationUnitId: w[school].organization_unit_id,
  ...teacher,
  participantGroupType: "CLASSROOM",
});
const aSchool = (district: "district" | "otherDistrict") => async (w: W, db: Db) =>
  (await makeSchool(db, w[district].organization_id)).organization_unit_id;
const aTeacher = (school: School, field: "email" | "user_id") => async (w: W, db: Db) => (await makeTeacher(db, w[school]))[field];
const aStudent = (school: School, room?: Room) => async (w: W, db: Db) =>
  (await makeStudent(db, w[school].organization_unit_id, room ? { classroomIds: [w[room].participant_group_id] } : {})).participant_id;
const aRoom =
  (school: School, taughtBy: string[] = []) =>
  async (w: W, db: Db) =>
    (await makeClassroom(db, w[school].organization_unit_id, taughtBy)).participant_group_id;
const studentEdit = (school: School, room?: Room) => async (w: W, db: Db) => ({
  participantId: await aStudent(school, room)(w, db),
  ...studentBody(w, school, room),
});

/** A case of `endpoint` ("METHOD /path"), the request's path and body made per call. */
const caseOf = (
  endpoint: string,
  target: string,
  expect: Expect,
  req: (path: string, w: W, db: Db) => Promise<Omit<Req, "method">>,
): Case => {
  const [method, path] = endpoint.split(" ");
  if (!method || !path) throw new Error(`An endpoint is "METHOD /path", not ${endpoint}`);
  return { endpoint, target, expect, make: async (db, w) => ({ method, ...(await req(path, w, db)) }) };
};
/** Calling `endpoint` ("METHOD /path/{id}") on the id `id` makes (a path without one: null). */
const on = (endpoint: string, target: string, id: ((w: W, db: Db) => string | Promise<string>) | null, expect: Expect) =>
  caseOf(endpoint, target, expect, async (path, w, db) => ({ path: id ? path.replace(/\{\w+\}/, await id(w, db)) : path }));
/** Calling `endpoint` with the JSON body `body` makes. */
const sending = (endpoint: string, target: string, body: (w: W, db: Db) => unknown, expect: Expect) =>
  caseOf(endpoint, target, expect, async (path, w, db) => ({ path, body: await body(w, db) }));

const CASES: Case[] = [
  // Districts (super admin only for changes)
  on("GET /organization/{id}", "own district", dist, [200, 200, 200, 200]),
  on("GET /organization/{id}", "other district", other, [200, 403, 403, 403]),
  sending("POST /organization", "new district", () => ({ name: uniq("District"), state: "WA", website: "" }), [201, 403, 403, 403]),
  sending(
    "PUT /organization",
    "own district",
    (w) => ({ organizationId: dist(w), name: w.district.name, state: "WA" }),
    [200, 403, 403, 403],
  ),
  sending(
    "PUT /organization",
    "other district",
    (w) => ({ organizationId: other(w), name: w.otherDistrict.name, state: "WA" }),
    [200, 403, 403, 403],
  ),
  on("DELETE /organization/{id}", "empty district", async (_, db) => (await makeDistrict(db)).organization_id, [204, 403, 403, 403]),
  on("GET /organization/orgUnits/{id}", "own district", dist, [200, 200, 200, 200]),
  on("GET /organization/orgUnits/{id}", "other district", other, [200, 403, 403, 403]),

  // Schools (super admin, district admin of the district)
  on("GET /organizationUnit/{id}", "own school", A, [200, 200, 200, 200]),
  on("GET /organizationUnit/{id}", "other school of the district", B, [200, 200, 403, 403]),
  on("GET /organizationUnit/{id}", "school of another district", O, [200, 403, 403, 403]),
  sending("POST /organizationUnit", "own district", (w) => ({ organizationId: dist(w), name: uniq("School") }), [201, 201, 403, 403]),
  sending("POST /organizationUnit", "other district", (w) => ({ organizationId: other(w), name: uniq("School") }), [201, 403, 403, 403]),
  sending(
    "PUT /organizationUnit",
    "own school",
    (w) => ({ organizationUnitId: A(w), organizationId: dist(w), name: w.schoolA.name }),
    [200, 200, 403, 403],
  ),
  sending(
    "PUT /organizationUnit",
    "school of another district",
    (w) => ({ organizationUnitId: O(w), organizationId: other(w), name: w.otherSchool.name }),
    [200, 403, 403, 403],
  ),
  on("DELETE /organizationUnit/{id}", "empty school of own district", aSchool("district"), [204, 204, 403, 403]),
  on("DELETE /organizationUnit/{id}", "empty school of another district", aSchool("otherDistrict"), [204, 403, 403, 403]),

  // Users (super admin, district admin, school admin; teachers none)
  on("GET /user/organization/{id}", "own district", dist, [200, 200, 200, 403]),
  on("GET /user/organization/{id}", "other district", other, [200, 403, 403, 403]),
  // Teachers have no user management (spec 000 §6): no staff e-mails and roles (issue 14).
  on("GET /user/organizationUnit/{id}", "own school", A, [200, 200, 200, 403]),
  on("GET /user/organizationUnit/{id}", "other school of the district", B, [200, 200, 403, 403]),
  on("GET /user/organizationUnit/{id}", "school of another district", O, [200, 403, 403, 403]),
  on("GET /user/superAdmins", "all", null, [200, 403, 403, 403]),
  on("GET /user/userByEmail/{email}", "teacher of own school", aTeacher("schoolA", "email"), [200, 200, 200, 403]),
  on("GET /user/userByEmail/{email}", "teacher of another district", aTeacher("otherSchool", "email"), [200, 403, 403, 403]),
  sending("POST /user", "teacher of own school", (w) => teacherBody(w, "schoolA"), [201, 201, 201, 403]),
  sending("POST /user", "teacher of other school of the district", (w) => teacherBody(w, "schoolB"), [201, 201, 403, 403]),
  sending("POST /user", "teacher of another district", (w) => teacherBody(w, "otherSchool"), [201, 403, 403, 403]),
  sending(
    "POST /user",
    "district admin of own district",
    (w) => ({
      organizationId: dist(w),
      firstName: "New",
      lastName: "Admin",
      email: `${randomUUID()}@test.example`,
      roles: ["00000000-0000-0000-0000-00000000ff01"],
    }),
    [201, 403, 403, 403],
  ),
  sending(
    "POST /user",
    "super admin",
    () => ({ firstName: "New", lastName: "Super", email: `${randomUUID()}@test.example`, roles: ["SUPER_ADMIN"] }),
    [201, 403, 403, 403],
  ),
  sending(
    "PUT /user",
    "teacher of own school",
    async (w, db) => {
      const u = await makeTeacher(db, w.schoolA);
      return { userId: u.user_id, firstName: "Renamed", lastName: u.last_name, email: u.email, organizationUnitIds: [A(w)] };
    },
    [200, 200, 200, 403],
  ),
  sending(
    "PUT /user",
    "teacher of another district",
    async (w, db) => {
      const u = await makeTeacher(db, w.otherSchool);
      return { userId: u.user_id, firstName: "Renamed", lastName: u.last_name, organizationUnitIds: [O(w)] };
    },
    [200, 403, 403, 403],
  ),
  on("DELETE /user/{id}", "teacher of own school", aTeacher("schoolA", "user_id"), [204, 204, 204, 403]),
  on("DELETE /user/{id}", "teacher of other school of the district", aTeacher("schoolB", "user_id"), [204, 204, 403, 403]),
  on("DELETE /user/{id}", "teacher of another district", aTeacher("otherSchool", "user_id"), [204, 403, 403, 403]),

  // Students (all roles create and edit in scope; teachers in their classrooms; no teacher deletes)
  on("GET /participants/organizationUnit/{id}", "own school", A, [200, 200, 200, 200]),
  on("GET /participants/organizationUnit/{id}", "school of another district", O, [200, 403, 403, 403]),
  sending("POST /participants", "own classroom", (w) => studentBody(w, "schoolA", "classA"), [201, 201, 201, 201]),
  sending("POST /participants", "classroom the teacher does not teach", (w) => studentBody(w, "schoolA", "classA2"), [201, 201, 201, 403]),
  sending("POST /participants", "other school of the district", (w) => studentBody(w, "schoolB", "classB"), [201, 201, 403, 403]),
  sending("POST /participants", "school of another district", (w) => studentBody(w, "otherSchool"), [201, 403, 403, 403]),
  sending("PUT /participants", "student of own classroom", studentEdit("schoolA", "classA"), [200, 200, 200, 200]),
  sending("PUT /participants", "student of another classroom of own school", studentEdit("schoolA", "classA2"), [200, 200, 200, 403]),
  sending("PUT /participants", "student of another district", studentEdit("otherSchool"), [200, 403, 403, 403]),
  on("DELETE /participants/delete/{id}", "student of own classroom", aStudent("schoolA", "classA"), [204, 204, 204, 403]),
  on("DELETE /participants/delete/{id}", "student of other school of the district", aStudent("schoolB"), [204, 204, 403, 403]),
  on("DELETE /participants/delete/{id}", "student of another district", aStudent("otherSchool"), [204, 403, 403, 403]),

  // Classrooms (admin roles of the school; teachers read only)
  on("GET /participantGroups/organizationUnit/{id}", "own school", A, [200, 200, 200, 200]),
  on("GET /participantGroups/organizationUnit/{id}", "other school of the district", B, [200, 200, 403, 403]),
  on("GET /participantGroups/organizationUnit/{id}", "school of another district", O, [200, 403, 403, 403]),
  on("GET /participantGroups/organization/{id}", "own district", dist, [200, 200, 200, 200]),
  on("GET /participantGroups/organization/{id}", "other district", other, [200, 403, 403, 403]),
  sending("POST /participantGroups", "own school", (w) => roomBody(w, "schoolA", { teacherId: w.teacher.user_id }), [201, 201, 201, 403]),
  sending(
    "POST /participantGroups",
    "other school of the district",
    (w) => roomBody(w, "schoolB", { teacherId: "" }),
    [201, 201, 403, 403],
  ),
  sending("POST /participantGroups", "school of another district", (w) => roomBody(w, "otherSchool"), [201, 403, 403, 403]),
  sending(
    "PUT /participantGroups",
    "own classroom",
    async (w, db) => ({
      participantGroupId: await aRoom("schoolA", [w.teacher.user_id])(w, db),
      ...roomBody(w, "schoolA", { teacherId: w.teacher.user_id }, uniq("Renamed")),
    }),
    [200, 200, 200, 403],
  ),
  sending(
    "PUT /participantGroups",
    "classroom of another district",
    async (w, db) => ({ participantGroupId: await aRoom("otherSchool")(w, db), ...roomBody(w, "otherSchool", {}, uniq("Renamed")) }),
    [200, 403, 403, 403],
  ),
  on(
    "DELETE /participantGroups/{id}",
    "empty classroom of own school",
    (w, db) => aRoom("schoolA", [w.teacher.user_id])(w, db),
    [204, 204, 204, 403],
  ),
  on("DELETE /participantGroups/{id}", "empty classroom of other school of the district", aRoom("schoolB"), [204, 204, 403, 403]),
  on("DELETE /participantGroups/{id}", "empty classroom of another district", aRoom("otherSchool"), [204, 403, 403, 403]),

  // Reports and downloads
  sending("POST /report/students-complete", "own district", (w) => ({ orgId: dist(w), timePeriod: "BOY" }), [200, 403, 403, 403]),
  on("GET /report/organization/{id}", "own district", dist, [200, 200, 403, 403]),
  on("GET /report/organization/{id}", "other district", other, [200, 403, 403, 403]),
  on("GET /report/district-data-export/{id}", "own district", dist, [200, 403, 403, 403]),
  on("GET /report/organizationUnit/{id}", "own school", A, [200, 200, 200, 403]),
  on("GET /report/organizationUnit/{id}", "other school of the district", B, [200, 200, 403, 403]),
  on("GET /report/organizationUnit/{id}", "school of another district", O, [200, 403, 403, 403]),
];

const ROWS = CASES.flatMap((c) => ROLES.map((role, i) => ({ ...c, role, status: c.expect[i] })));

describe(`administration permissions (${process.env.TEST_DB_ENGINE})`, () => {
  const answer = async ({ make, role }: (typeof ROWS)[number]) => {
    const req = await make(handle.db, w);
    const res = await t.call(req.method, req.path, { token: tokens[role], body: req.body });
    return { res, text: await res.text(), what: `${req.method} ${req.path}` };
  };
  it.each(ROWS.filter((row) => row.status !== 403))("$endpoint, $target, as $role → $status", async (row) => {
    const { res, text, what } = await answer(row);
    expect(res.status, `${what}: ${text}`).toBe(row.status);
  });
  it.each(ROWS.filter((row) => row.status === 403))("$endpoint, $target, as $role → $status, with a message", async (row) => {
    const { res, text, what } = await answer(row);
    expect(res.status, `${what}: ${text}`).toBe(403);
    expect(JSON.parse(text)).toHaveProperty("message");
  });

  it.each(CASES.filter((c, i) => CASES.findIndex((d) => d.endpoint === c.endpoint) === i))(
    "$endpoint without a session → 401",
    async ({ make }) => {
      const req = await make(handle.db, w);
      const res = await t.call(req.method, req.path, { body: req.body });
      expect(res.status).toBe(401);
    },
  );

  const unknown = randomUUID();
  it.each([
    ["GET", `/organization/${unknown}`, undefined],
    ["PUT", "/organization", { organizationId: unknown, name: "X", state: "WA" }],
    ["DELETE", `/organization/${unknown}`, undefined],
    ["POST", "/organizationUnit", { organizationId: unknown, name: "X" }],
    ["PUT", "/organizationUnit", { organizationUnitId: unknown, name: "X" }],
    ["DELETE", `/organizationUnit/${unknown}`, undefined],
    ["GET", `/user/organization/${unknown}`, undefined],
    ["GET", `/user/organizationUnit/${unknown}`, undefined],
    ["GET", "/user/userByEmail/nobody@test.example", undefined],
    ["PUT", "/user", { userId: unknown, firstName: "A", lastName: "B" }],
    ["DELETE", `/user/${unknown}`, undefined],
    ["GET", `/participants/organizationUnit/${unknown}`, undefined],
    ["POST", "/participants", { organizationUnitId: unknown, firstName: "A", lastName: "B", dateOfBirth: "01/02/2020", grade: "K" }],
    [
      "PUT",
      "/participants",
      { participantId: unknown, organizationUnitId: unknown, firstName: "A", lastName: "B", dateOfBirth: "01/02/2020", grade: "K" },
    ],
    ["DELETE", `/participants/delete/${unknown}`, undefined],
    ["GET", `/participantGroups/organizationUnit/${unknown}`, undefined],
    ["GET", `/participantGroups/organization/${unknown}`, undefined],
    ["POST", "/participantGroups", { name: "X", organizationUnitId: unknown }],
    ["PUT", "/participantGroups", { participantGroupId: unknown, name: "X", organizationUnitId: unknown }],
    ["DELETE", `/participantGroups/${unknown}`, undefined],
    ["POST", "/report/students-complete", { orgId: unknown }],
  ])("%s %s with an unknown id → 404 (super admin)", async (method, path, body) => {
    const res = await t.call(method, path, { token: tokens.SUPER_ADMIN, body });
    expect(res.status).toBe(404);
  });
  it.each([
    ["GET", `/report/organization/${unknown}`],
    ["GET", `/report/district-data-export/${unknown}`],
    ["GET", `/report/organizationUnit/${unknown}`],
    ["GET", "/report/organizationUnit/not-an-id"],
  ])("%s %s with an unknown id → 404 'Report not found' (super admin)", async (method, path) => {
    const res = await t.call(method, path, { token: tokens.SUPER_ADMIN });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Report not found" });
  });
});
