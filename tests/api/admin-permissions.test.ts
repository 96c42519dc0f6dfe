import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Db } from "#app/db/connect.server";
import type { RoleName } from "#app/domain/roles";
import { makeClassroom, makeDistrict, makeSchool, makeStudent, makeUser } from "./support/fixtures";
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
type Case = { endpoint: string; target: string; make: (db: Db, w: W) => Promise<Req> | Req; expect: Expect };

const dist = (w: W) => w.district.organization_id;
const other = (w: W) => w.otherDistrict.organization_id;
const A = (w: W) => w.schoolA.organization_unit_id;
const B = (w: W) => w.schoolB.organization_unit_id;
const O = (w: W) => w.otherSchool.organization_unit_id;
const teacherIn = (db: Db, orgId: string, schoolId: string) =>
  makeUser(db, { role: "TEACHER", organizationId: orgId, schoolIds: [schoolId] });
const studentBody = (schoolId: string, groupIds: string[]) => ({
  organizationUnitId: schoolId,
  participantGroupIds: groupIds,
  firstName: "Ada",
  lastName: uniq("Perm"),
  dateOfBirth: "05/17/2020",
  grade: "K",
  tags: "ELL",
});

const CASES: Case[] = [
  // Districts (super admin only for changes)
  {
    endpoint: "GET /organization/{id}",
    target: "own district",
    make: (_, w) => ({ method: "GET", path: `/organization/${dist(w)}` }),
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "GET /organization/{id}",
    target: "other district",
    make: (_, w) => ({ method: "GET", path: `/organization/${other(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "POST /organization",
    target: "new district",
    make: () => ({ method: "POST", path: "/organization", body: { name: uniq("District"), state: "WA", website: "" } }),
    expect: [201, 403, 403, 403],
  },
  {
    endpoint: "PUT /organization",
    target: "own district",
    make: (_, w) => ({ method: "PUT", path: "/organization", body: { organizationId: dist(w), name: w.district.name, state: "WA" } }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "PUT /organization",
    target: "other district",
    make: (_, w) => ({ method: "PUT", path: "/organization", body: { organizationId: other(w), name: w.otherDistrict.name, state: "WA" } }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "DELETE /organization/{id}",
    target: "empty district",
    make: async (db) => ({ method: "DELETE", path: `/organization/${(await makeDistrict(db)).organization_id}` }),
    expect: [204, 403, 403, 403],
  },
  {
    endpoint: "GET /organization/orgUnits/{id}",
    target: "own district",
    make: (_, w) => ({ method: "GET", path: `/organization/orgUnits/${dist(w)}` }),
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "GET /organization/orgUnits/{id}",
    target: "other district",
    make: (_, w) => ({ method: "GET", path: `/organization/orgUnits/${other(w)}` }),
    expect: [200, 403, 403, 403],
  },

  // Schools (super admin, district admin of the district)
  {
    endpoint: "GET /organizationUnit/{id}",
    target: "own school",
    make: (_, w) => ({ method: "GET", path: `/organizationUnit/${A(w)}` }),
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "GET /organizationUnit/{id}",
    target: "other school of the district",
    make: (_, w) => ({ method: "GET", path: `/organizationUnit/${B(w)}` }),
    expect: [200, 200, 403, 403],
  },
  {
    endpoint: "GET /organizationUnit/{id}",
    target: "school of another district",
    make: (_, w) => ({ method: "GET", path: `/organizationUnit/${O(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "POST /organizationUnit",
    target: "own district",
    make: (_, w) => ({ method: "POST", path: "/organizationUnit", body: { organizationId: dist(w), name: uniq("School") } }),
    expect: [201, 201, 403, 403],
  },
  {
    endpoint: "POST /organizationUnit",
    target: "other district",
    make: (_, w) => ({ method: "POST", path: "/organizationUnit", body: { organizationId: other(w), name: uniq("School") } }),
    expect: [201, 403, 403, 403],
  },
  {
    endpoint: "PUT /organizationUnit",
    target: "own school",
    make: (_, w) => ({
      method: "PUT",
      path: "/organizationUnit",
      body: { organizationUnitId: A(w), organizationId: dist(w), name: w.schoolA.name },
    }),
    expect: [200, 200, 403, 403],
  },
  {
    endpoint: "PUT /organizationUnit",
    target: "school of another district",
    make: (_, w) => ({
      method: "PUT",
      path: "/organizationUnit",
      body: { organizationUnitId: O(w), organizationId: other(w), name: w.otherSchool.name },
    }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "DELETE /organizationUnit/{id}",
    target: "empty school of own district",
    make: async (db, w) => ({ method: "DELETE", path: `/organizationUnit/${(await makeSchool(db, dist(w))).organization_unit_id}` }),
    expect: [204, 204, 403, 403],
  },
  {
    endpoint: "DELETE /organizationUnit/{id}",
    target: "empty school of another district",
    make: async (db, w) => ({ method: "DELETE", path: `/organizationUnit/${(await makeSchool(db, other(w))).organization_unit_id}` }),
    expect: [204, 403, 403, 403],
  },

  // Users (super admin, district admin, school admin; teachers none)
  {
    endpoint: "GET /user/organization/{id}",
    target: "own district",
    make: (_, w) => ({ method: "GET", path: `/user/organization/${dist(w)}` }),
    expect: [200, 200, 200, 403],
  },
  {
    endpoint: "GET /user/organization/{id}",
    target: "other district",
    make: (_, w) => ({ method: "GET", path: `/user/organization/${other(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "GET /user/organizationUnit/{id}",
    target: "own school",
    make: (_, w) => ({ method: "GET", path: `/user/organizationUnit/${A(w)}` }),
    // Teachers have no user management (spec 000 §6): no staff e-mails and roles (issue 14).
    expect: [200, 200, 200, 403],
  },
  {
    endpoint: "GET /user/organizationUnit/{id}",
    target: "other school of the district",
    make: (_, w) => ({ method: "GET", path: `/user/organizationUnit/${B(w)}` }),
    expect: [200, 200, 403, 403],
  },
  {
    endpoint: "GET /user/organizationUnit/{id}",
    target: "school of another district",
    make: (_, w) => ({ method: "GET", path: `/user/organizationUnit/${O(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "GET /user/superAdmins",
    target: "all",
    make: () => ({ method: "GET", path: "/user/superAdmins" }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "GET /user/userByEmail/{email}",
    target: "teacher of own school",
    make: async (db, w) => ({ method: "GET", path: `/user/userByEmail/${(await teacherIn(db, dist(w), A(w))).email}` }),
    expect: [200, 200, 200, 403],
  },
  {
    endpoint: "GET /user/userByEmail/{email}",
    target: "teacher of another district",
    make: async (db, w) => ({ method: "GET", path: `/user/userByEmail/${(await teacherIn(db, other(w), O(w))).email}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "POST /user",
    target: "teacher of own school",
    make: (_, w) => ({
      method: "POST",
      path: "/user",
      body: {
        organizationId: dist(w),
        firstName: "New",
        lastName: "Teacher",
        email: `${randomUUID()}@test.example`,
        roles: ["TEACHER"],
        organizationUnitIds: [A(w)],
      },
    }),
    expect: [201, 201, 201, 403],
  },
  {
    endpoint: "POST /user",
    target: "teacher of other school of the district",
    make: (_, w) => ({
      method: "POST",
      path: "/user",
      body: {
        organizationId: dist(w),
        firstName: "New",
        lastName: "Teacher",
        email: `${randomUUID()}@test.example`,
        roles: ["TEACHER"],
        organizationUnitIds: [B(w)],
      },
    }),
    expect: [201, 201, 403, 403],
  },
  {
    endpoint: "POST /user",
    target: "teacher of another district",
    make: (_, w) => ({
      method: "POST",
      path: "/user",
      body: {
        organizationId: other(w),
        firstName: "New",
        lastName: "Teacher",
        email: `${randomUUID()}@test.example`,
        roles: ["TEACHER"],
        organizationUnitIds: [O(w)],
      },
    }),
    expect: [201, 403, 403, 403],
  },
  {
    endpoint: "POST /user",
    target: "district admin of own district",
    make: (_, w) => ({
      method: "POST",
      path: "/user",
      body: {
        organizationId: dist(w),
        firstName: "New",
        lastName: "Admin",
        email: `${randomUUID()}@test.example`,
        roles: ["00000000-0000-0000-0000-00000000ff01"],
      },
    }),
    expect: [201, 403, 403, 403],
  },
  {
    endpoint: "POST /user",
    target: "super admin",
    make: () => ({
      method: "POST",
      path: "/user",
      body: { firstName: "New", lastName: "Super", email: `${randomUUID()}@test.example`, roles: ["SUPER_ADMIN"] },
    }),
    expect: [201, 403, 403, 403],
  },
  {
    endpoint: "PUT /user",
    target: "teacher of own school",
    make: async (db, w) => {
      const u = await teacherIn(db, dist(w), A(w));
      return {
        method: "PUT",
        path: "/user",
        body: { userId: u.user_id, firstName: "Renamed", lastName: u.last_name, email: u.email, organizationUnitIds: [A(w)] },
      };
    },
    expect: [200, 200, 200, 403],
  },
  {
    endpoint: "PUT /user",
    target: "teacher of another district",
    make: async (db, w) => {
      const u = await teacherIn(db, other(w), O(w));
      return {
        method: "PUT",
        path: "/user",
        body: { userId: u.user_id, firstName: "Renamed", lastName: u.last_name, organizationUnitIds: [O(w)] },
      };
    },
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "DELETE /user/{id}",
    target: "teacher of own school",
    make: async (db, w) => ({ method: "DELETE", path: `/user/${(await teacherIn(db, dist(w), A(w))).user_id}` }),
    expect: [204, 204, 204, 403],
  },
  {
    endpoint: "DELETE /user/{id}",
    target: "teacher of other school of the district",
    make: async (db, w) => ({ method: "DELETE", path: `/user/${(await teacherIn(db, dist(w), B(w))).user_id}` }),
    expect: [204, 204, 403, 403],
  },
  {
    endpoint: "DELETE /user/{id}",
    target: "teacher of another district",
    make: async (db, w) => ({ method: "DELETE", path: `/user/${(await teacherIn(db, other(w), O(w))).user_id}` }),
    expect: [204, 403, 403, 403],
  },

  // Students (all roles create and edit in scope; teachers in their classrooms; no teacher deletes)
  {
    endpoint: "GET /participants/organizationUnit/{id}",
    target: "own school",
    make: (_, w) => ({ method: "GET", path: `/participants/organizationUnit/${A(w)}` }),
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "GET /participants/organizationUnit/{id}",
    target: "school of another district",
    make: (_, w) => ({ method: "GET", path: `/participants/organizationUnit/${O(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "POST /participants",
    target: "own classroom",
    make: (_, w) => ({ method: "POST", path: "/participants", body: studentBody(A(w), [w.classA.participant_group_id]) }),
    expect: [201, 201, 201, 201],
  },
  {
    endpoint: "POST /participants",
    target: "classroom the teacher does not teach",
    make: (_, w) => ({ method: "POST", path: "/participants", body: studentBody(A(w), [w.classA2.participant_group_id]) }),
    expect: [201, 201, 201, 403],
  },
  {
    endpoint: "POST /participants",
    target: "other school of the district",
    make: (_, w) => ({ method: "POST", path: "/participants", body: studentBody(B(w), [w.classB.participant_group_id]) }),
    expect: [201, 201, 403, 403],
  },
  {
    endpoint: "POST /participants",
    target: "school of another district",
    make: (_, w) => ({ method: "POST", path: "/participants", body: studentBody(O(w), []) }),
    expect: [201, 403, 403, 403],
  },
  {
    endpoint: "PUT /participants",
    target: "student of own classroom",
    make: async (db, w) => {
      const p = await makeStudent(db, A(w), { classroomIds: [w.classA.participant_group_id] });
      return {
        method: "PUT",
        path: "/participants",
        body: { participantId: p.participant_id, ...studentBody(A(w), [w.classA.participant_group_id]) },
      };
    },
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "PUT /participants",
    target: "student of another classroom of own school",
    make: async (db, w) => {
      const p = await makeStudent(db, A(w), { classroomIds: [w.classA2.participant_group_id] });
      return {
        method: "PUT",
        path: "/participants",
        body: { participantId: p.participant_id, ...studentBody(A(w), [w.classA2.participant_group_id]) },
      };
    },
    expect: [200, 200, 200, 403],
  },
  {
    endpoint: "PUT /participants",
    target: "student of another district",
    make: async (db, w) => {
      const p = await makeStudent(db, O(w));
      return { method: "PUT", path: "/participants", body: { participantId: p.participant_id, ...studentBody(O(w), []) } };
    },
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "DELETE /participants/delete/{id}",
    target: "student of own classroom",
    make: async (db, w) => ({
      method: "DELETE",
      path: `/participants/delete/${(await makeStudent(db, A(w), { classroomIds: [w.classA.participant_group_id] })).participant_id}`,
    }),
    expect: [204, 204, 204, 403],
  },
  {
    endpoint: "DELETE /participants/delete/{id}",
    target: "student of other school of the district",
    make: async (db, w) => ({ method: "DELETE", path: `/participants/delete/${(await makeStudent(db, B(w))).participant_id}` }),
    expect: [204, 204, 403, 403],
  },
  {
    endpoint: "DELETE /participants/delete/{id}",
    target: "student of another district",
    make: async (db, w) => ({ method: "DELETE", path: `/participants/delete/${(await makeStudent(db, O(w))).participant_id}` }),
    expect: [204, 403, 403, 403],
  },

  // Classrooms (admin roles of the school; teachers read only)
  {
    endpoint: "GET /participantGroups/organizationUnit/{id}",
    target: "own school",
    make: (_, w) => ({ method: "GET", path: `/participantGroups/organizationUnit/${A(w)}` }),
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "GET /participantGroups/organizationUnit/{id}",
    target: "other school of the district",
    make: (_, w) => ({ method: "GET", path: `/participantGroups/organizationUnit/${B(w)}` }),
    expect: [200, 200, 403, 403],
  },
  {
    endpoint: "GET /participantGroups/organizationUnit/{id}",
    target: "school of another district",
    make: (_, w) => ({ method: "GET", path: `/participantGroups/organizationUnit/${O(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "GET /participantGroups/organization/{id}",
    target: "own district",
    make: (_, w) => ({ method: "GET", path: `/participantGroups/organization/${dist(w)}` }),
    expect: [200, 200, 200, 200],
  },
  {
    endpoint: "GET /participantGroups/organization/{id}",
    target: "other district",
    make: (_, w) => ({ method: "GET", path: `/participantGroups/organization/${other(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "POST /participantGroups",
    target: "own school",
    make: (_, w) => ({
      method: "POST",
      path: "/participantGroups",
      body: { name: uniq("Room"), organizationUnitId: A(w), teacherId: w.teacher.user_id, participantGroupType: "CLASSROOM" },
    }),
    expect: [201, 201, 201, 403],
  },
  {
    endpoint: "POST /participantGroups",
    target: "other school of the district",
    make: (_, w) => ({
      method: "POST",
      path: "/participantGroups",
      body: { name: uniq("Room"), organizationUnitId: B(w), teacherId: "", participantGroupType: "CLASSROOM" },
    }),
    expect: [201, 201, 403, 403],
  },
  {
    endpoint: "POST /participantGroups",
    target: "school of another district",
    make: (_, w) => ({
      method: "POST",
      path: "/participantGroups",
      body: { name: uniq("Room"), organizationUnitId: O(w), participantGroupType: "CLASSROOM" },
    }),
    expect: [201, 403, 403, 403],
  },
  {
    endpoint: "PUT /participantGroups",
    target: "own classroom",
    make: async (db, w) => {
      const g = await makeClassroom(db, A(w), [w.teacher.user_id]);
      return {
        method: "PUT",
        path: "/participantGroups",
        body: {
          participantGroupId: g.participant_group_id,
          name: uniq("Renamed"),
          organizationUnitId: A(w),
          teacherId: w.teacher.user_id,
          participantGroupType: "CLASSROOM",
        },
      };
    },
    expect: [200, 200, 200, 403],
  },
  {
    endpoint: "PUT /participantGroups",
    target: "classroom of another district",
    make: async (db, w) => {
      const g = await makeClassroom(db, O(w));
      return {
        method: "PUT",
        path: "/participantGroups",
        body: {
          participantGroupId: g.participant_group_id,
          name: uniq("Renamed"),
          organizationUnitId: O(w),
          participantGroupType: "CLASSROOM",
        },
      };
    },
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "DELETE /participantGroups/{id}",
    target: "empty classroom of own school",
    make: async (db, w) => ({
      method: "DELETE",
      path: `/participantGroups/${(await makeClassroom(db, A(w), [w.teacher.user_id])).participant_group_id}`,
    }),
    expect: [204, 204, 204, 403],
  },
  {
    endpoint: "DELETE /participantGroups/{id}",
    target: "empty classroom of other school of the district",
    make: async (db, w) => ({ method: "DELETE", path: `/participantGroups/${(await makeClassroom(db, B(w))).participant_group_id}` }),
    expect: [204, 204, 403, 403],
  },
  {
    endpoint: "DELETE /participantGroups/{id}",
    target: "empty classroom of another district",
    make: async (db, w) => ({ method: "DELETE", path: `/participantGroups/${(await makeClassroom(db, O(w))).participant_group_id}` }),
    expect: [204, 403, 403, 403],
  },

  // Reports and downloads
  {
    endpoint: "POST /report/students-complete",
    target: "own district",
    make: (_, w) => ({ method: "POST", path: "/report/students-complete", body: { orgId: dist(w), timePeriod: "BOY" } }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "GET /report/organization/{id}",
    target: "own district",
    make: (_, w) => ({ method: "GET", path: `/report/organization/${dist(w)}` }),
    expect: [200, 200, 403, 403],
  },
  {
    endpoint: "GET /report/organization/{id}",
    target: "other district",
    make: (_, w) => ({ method: "GET", path: `/report/organization/${other(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "GET /report/district-data-export/{id}",
    target: "own district",
    make: (_, w) => ({ method: "GET", path: `/report/district-data-export/${dist(w)}` }),
    expect: [200, 403, 403, 403],
  },
  {
    endpoint: "GET /report/organizationUnit/{id}",
    target: "own school",
    make: (_, w) => ({ method: "GET", path: `/report/organizationUnit/${A(w)}` }),
    expect: [200, 200, 200, 403],
  },
  {
    endpoint: "GET /report/organizationUnit/{id}",
    target: "other school of the district",
    make: (_, w) => ({ method: "GET", path: `/report/organizationUnit/${B(w)}` }),
    expect: [200, 200, 403, 403],
  },
  {
    endpoint: "GET /report/organizationUnit/{id}",
    target: "school of another district",
    make: (_, w) => ({ method: "GET", path: `/report/organizationUnit/${O(w)}` }),
    expect: [200, 403, 403, 403],
  },
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
