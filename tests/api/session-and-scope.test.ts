import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeUser } from "./support/fixtures";
import { TEST_PASSWORD } from "./support/test-api";
import { apiWorld } from "./support/world";

const { handle, t, w } = await apiWorld();

describe(`sign-in (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers a token and the current user for the right password", async () => {
    const token = await t.login(w.teacher.email);
    const res = await t.call("GET", "/dashboard/current-user", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: w.teacher.email,
      role: "TEACHER",
      districtId: w.district.organization_id,
      schoolIds: [w.schoolA.organization_unit_id],
    });
  });

  it("accepts the email in any case", async () => {
    await expect(t.login(w.teacher.email.toUpperCase())).resolves.toEqual(expect.any(String));
  });

  it.each([
    ["a wrong password", () => w.teacher.email, "wrong-password"],
    ["an unknown email", () => "nobody@test.example", TEST_PASSWORD],
  ])("refuses %s with the same message", async (_, email, password) => {
    const res = await t.call("POST", "/dashboard/login", { body: { username: email(), password } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Incorrect email or password." });
  });

  it("names the empty field", async () => {
    const res = await t.call("POST", "/dashboard/login", { body: { username: " ", password: "x" } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Please enter your email address");
  });

  it("answers 412 for a temporary password, then sets the new one and activates the user", async () => {
    const user = await makeUser(handle.db, {
      role: "TEACHER",
      organizationId: w.district.organization_id,
      temporary: true,
      authStatus: "Pending",
    });
    const first = await t.call("POST", "/dashboard/login", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(first.status).toBe(412);
    const second = await t.call("POST", "/dashboard/login", {
      body: { username: user.email, password: TEST_PASSWORD, newpassword: "Brand#New2026" },
    });
    expect(second.status).toBe(200);
    const row = await handle.db.selectFrom("app_user").selectAll().where("user_id", "=", user.user_id).executeTakeFirstOrThrow();
    expect(row.auth_status).toBe("Active");
    expect(row.password_is_temporary).toBe(false);
    await expect(t.login(user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(t.login(user.email, "Brand#New2026")).resolves.toEqual(expect.any(String));
  });

  it("issues a new token at every sign-in and keeps only its hash", async () => {
    const a = await t.login(w.schoolAdmin.email);
    const b = await t.login(w.schoolAdmin.email);
    expect(a).not.toBe(b);
    const stored = await handle.db.selectFrom("session").select("token_hash").execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(a);
  });

  it("forgets a token after logout", async () => {
    const token = await t.login(w.schoolAdmin.email);
    expect((await t.call("POST", "/dashboard/logout", { token })).status).toBe(204);
    expect((await t.call("GET", "/dashboard/current-user", { token })).status).toBe(401);
  });

  it("expires a session left idle longer than the time-out", async () => {
    const token = await t.login(w.districtAdmin.email);
    t.clock.now = new Date(Date.now() + t.deps.config.sessionIdleMs + 1);
    try {
      expect((await t.call("GET", "/dashboard/current-user", { token })).status).toBe(401);
    } finally {
      t.clock.now = new Date();
    }
  });
});

describe(`scope (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers 401 without a session", async () => {
    expect((await t.call("GET", "/dashboard/current-user")).status).toBe(401);
    expect((await t.call("GET", `/participants/${w.studentA.participant_id}`)).status).toBe(401);
    expect((await t.call("GET", `/participants/${w.studentA.participant_id}`, { token: "not-a-token" })).status).toBe(401);
  });

  it("lets a teacher see their own student and no other", async () => {
    const token = await t.login(w.teacher.email);
    const own = await t.call("GET", `/participants/${w.studentA.participant_id}?v=1`, { token });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ participantId: w.studentA.participant_id, dateOfBirth: "05/17/2020" });
    expect((await t.call("GET", `/participants/${w.studentB.participant_id}`, { token })).status).toBe(403);
    expect((await t.call("GET", `/participants/${w.studentA2.participant_id}`, { token })).status).toBe(403);
    expect((await t.call("GET", `/participants/${w.otherStudent.participant_id}`, { token })).status).toBe(403);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const token = await t.login(w.superAdmin.email);
    expect((await t.call("GET", `/participants/${randomUUID()}`, { token })).status).toBe(404);
    expect((await t.call("GET", "/participants/not-a-uuid", { token })).status).toBe(400);
  });

  it("lets a district admin see the whole district and nothing outside it", async () => {
    const token = await t.login(w.districtAdmin.email);
    expect((await t.call("GET", `/participants/${w.studentB.participant_id}`, { token })).status).toBe(200);
    expect((await t.call("GET", `/participants/${w.otherStudent.participant_id}`, { token })).status).toBe(403);
    expect((await t.call("GET", `/organization/${w.otherDistrict.organization_id}`, { token })).status).toBe(403);
    const schools = await (await t.call("GET", `/organization/orgUnits/${w.district.organization_id}`, { token })).json();
    expect(schools.map((s: { name: string }) => s.name)).toEqual([w.schoolA.name, w.schoolB.name]);
  });

  it("shows a school admin only their school", async () => {
    const token = await t.login(w.schoolAdmin.email);
    expect((await t.call("GET", `/organizationUnit/${w.schoolA.organization_unit_id}`, { token })).status).toBe(200);
    expect((await t.call("GET", `/organizationUnit/${w.schoolB.organization_unit_id}`, { token })).status).toBe(403);
    const schools = await (await t.call("GET", `/organization/orgUnits/${w.district.organization_id}`, { token })).json();
    expect(schools.map((s: { organizationUnitId: string }) => s.organizationUnitId)).toEqual([w.schoolA.organization_unit_id]);
  });

  it("lists every district for a super admin and only their own for others", async () => {
    const superToken = await t.login(w.superAdmin.email);
    const all = await (await t.call("GET", "/organization", { token: superToken })).json();
    expect(all.length).toBe(2);
    const adminToken = await t.login(w.districtAdmin.email);
    const own = await (await t.call("GET", "/organization", { token: adminToken })).json();
    expect(own.map((d: { organizationId: string }) => d.organizationId)).toEqual([w.district.organization_id]);
  });
});

describe("OpenAPI document", () => {
  it("describes the routes from their zod schemas", async () => {
    const doc = await (await t.call("GET", "/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/dashboard/login", "/api/participants/{id}"]));
    // password or the one-time challenge of a 412 answer (issue 3)
    expect(doc.components.schemas.LoginRequest.required).toEqual(["username"]);
    expect(Object.keys(doc.components.schemas.LoginRequest.properties)).toEqual([
      "username",
      "password",
      "newpassword",
      "challenge",
      "devices",
    ]);
  });
});

describe(`classrooms (${process.env.TEST_DB_ENGINE})`, () => {
  it("shows a teacher the classroom they teach, with its teachers, students and school", async () => {
    const token = await t.login(w.teacher.email);
    const res = await t.call("GET", `/participantGroups/${w.classA.participant_group_id}`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      participantGroupId: w.classA.participant_group_id,
      participantGroupType: "CLASSROOM",
      teacherId: w.teacher.user_id,
      User: [{ userId: w.teacher.user_id, Role: [{ roleName: "TEACHER" }] }],
      Participant: [{ participantId: w.studentA.participant_id, grade: "K" }],
      OrganizationUnit: {
        organizationUnitId: w.schoolA.organization_unit_id,
        Organization: { organizationId: w.district.organization_id },
      },
    });
  });

  it("refuses a teacher another classroom of their school, and a school admin another school's", async () => {
    const teacher = await t.login(w.teacher.email);
    expect((await t.call("GET", `/participantGroups/${w.classA2.participant_group_id}`, { token: teacher })).status).toBe(403);
    const admin = await t.login(w.schoolAdmin.email);
    expect((await t.call("GET", `/participantGroups/${w.classA2.participant_group_id}`, { token: admin })).status).toBe(200);
    expect((await t.call("GET", `/participantGroups/${w.classB.participant_group_id}`, { token: admin })).status).toBe(403);
  });
});
