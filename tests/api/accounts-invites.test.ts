import { beforeEach, describe, expect, it } from "vitest";
import { makeSchool, makeUser } from "./support/fixtures";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

const tokens: Record<string, string> = {};

const { handle, t, w } = await apiWorld();
for (const k of ["superAdmin", "districtAdmin", "schoolAdmin", "teacher"] as const) tokens[k] = await t.login(w[k].email);
beforeEach(async () => {
  t.mail.length = 0;
  await handle.db.deleteFrom("rate_limit_event").execute();
});

const status = async (userId: string) =>
  (await handle.db.selectFrom("app_user").select("auth_status").where("user_id", "=", userId).executeTakeFirstOrThrow()).auth_status;
const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]);
const uninvited = (
  schoolId = w.schoolA.organization_unit_id,
  role: "TEACHER" | "ORG_UNIT_ADMIN" | "ORG_ADMIN" = "TEACHER",
  organizationId = w.district.organization_id,
) => makeUser(handle.db, { role, organizationId, schoolIds: role === "ORG_ADMIN" ? [] : [schoolId], authStatus: "None", password: null });

describe(`invites (${process.env.TEST_DB_ENGINE})`, () => {
  it("moves None to Pending, mails a link, and the link sets the password and makes the user Active", async () => {
    const user = await uninvited();
    const res = await t.call("POST", `/user/inviteUser/${encodeURIComponent(user.email)}`, { token: tokens.schoolAdmin });
    expect(res.status).toBe(204);
    expect(await status(user.user_id)).toBe("Pending");
    expect(t.mail).toHaveLength(1);
    const link = linkIn(first(t.mail, "a mail").text);
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.searchParams.get("email")).toBe(user.email);
    const done = await t.call("POST", "/dashboard/forgot-password/new", {
      body: { email: user.email, code: link.searchParams.get("code"), password: "Invited#Pass2026" },
    });
    expect(done.status).toBe(204);
    expect(await status(user.user_id)).toBe("Active");
    await expect(t.login(user.email, "Invited#Pass2026")).resolves.toEqual(expect.any(String));
  });

  it("resends to a Pending user with a new code that replaces the old one", async () => {
    const user = await uninvited();
    await t.call("POST", `/user/inviteUser/${user.email}`, { token: tokens.districtAdmin });
    const resent = await t.call("POST", `/user/resendInvite/${user.email}`, { token: tokens.districtAdmin });
    expect(resent.status).toBe(204);
    const [first, second] = t.mail.map((m) => linkIn(m.text).searchParams.get("code")!);
    expect(first).not.toBe(second);
    const useFirst = await t.call("POST", "/dashboard/forgot-password/new", {
      body: { email: user.email, code: first, password: "Second#Code2026" },
    });
    expect(useFirst.status).toBe(400);
    const useSecond = await t.call("POST", "/dashboard/forgot-password/new", {
      body: { email: user.email, code: second, password: "Second#Code2026" },
    });
    expect(useSecond.status).toBe(204);
  });

  it("refuses to resend to a user who is not Pending, and to invite an Active user", async () => {
    const user = await uninvited();
    expect((await t.call("POST", `/user/resendInvite/${user.email}`, { token: tokens.superAdmin })).status).toBe(409);
    expect((await t.call("POST", `/user/inviteUser/${w.teacher.email}`, { token: tokens.superAdmin })).status).toBe(409);
    expect(t.mail).toHaveLength(0);
  });

  it.each([
    ["a teacher", "teacher", () => uninvited(), 403],
    ["no session", null, () => uninvited(), 401],
    ["a school admin, for a teacher of another school", "schoolAdmin", () => uninvited(w.schoolB.organization_unit_id), 403],
    ["a school admin, for a district admin", "schoolAdmin", () => uninvited(undefined, "ORG_ADMIN"), 403],
    [
      "a district admin, for a user of another district",
      "districtAdmin",
      () => uninvited(w.otherSchool.organization_unit_id, "TEACHER", w.otherDistrict.organization_id),
      403,
    ],
  ] as const)("refuses %s", async (_, who, target, expected) => {
    const user = await target();
    const res = await t.call("POST", `/user/inviteUser/${user.email}`, { token: who ? tokens[who] : null });
    expect(res.status).toBe(expected);
    expect(await status(user.user_id)).toBe("None");
  });

  // 403 like another district's e-mail: a 404 told a district admin which e-mails had accounts elsewhere (issue 33).
  it("refuses a district admin, for an unknown email, and makes no account", async () => {
    const res = await t.call("POST", "/user/inviteUser/ghost@test.example", { token: tokens.districtAdmin });
    expect(res.status).toBe(403);
    expect(await handle.db.selectFrom("app_user").select("user_id").where("email", "=", "ghost@test.example").execute()).toEqual([]);
  });

  it("answers another district's admin the same for an e-mail held there and one held by no one (issue 33)", async () => {
    const far = await uninvited(w.otherSchool.organization_unit_id, "TEACHER", w.otherDistrict.organization_id);
    for (const action of ["inviteUser", "resendInvite"]) {
      const answers = [];
      for (const email of [far.email, "nobody-at-all@test.example"]) {
        const res = await t.call("POST", `/user/${action}/${email}`, { token: tokens.districtAdmin });
        answers.push([res.status, await res.text()]);
      }
      expect(answers[0], action).toEqual(answers[1]);
    }
  });

  it("lets a super admin invite anyone and a district admin a school admin of their district", async () => {
    const school = await makeSchool(handle.db, w.otherDistrict.organization_id);
    const far = await uninvited(school.organization_unit_id, "ORG_UNIT_ADMIN", w.otherDistrict.organization_id);
    expect((await t.call("POST", `/user/inviteUser/${far.email}`, { token: tokens.superAdmin })).status).toBe(204);
    const near = await uninvited(w.schoolB.organization_unit_id, "ORG_UNIT_ADMIN");
    expect((await t.call("POST", `/user/inviteUser/${near.email}`, { token: tokens.districtAdmin })).status).toBe(204);
  });

  it("updates the auth status within scope only", async () => {
    const user = await uninvited();
    const ok = await t.call("PUT", "/user/updateAuthStatus", {
      token: tokens.schoolAdmin,
      body: { userId: user.user_id, authStatus: "Pending" },
    });
    expect(ok.status).toBe(204);
    expect(await status(user.user_id)).toBe("Pending");
    const denied = await t.call("PUT", "/user/updateAuthStatus", {
      token: tokens.teacher,
      body: { userId: user.user_id, authStatus: "Active" },
    });
    expect(denied.status).toBe(403);
    const bad = await t.call("PUT", "/user/updateAuthStatus", {
      token: tokens.superAdmin,
      body: { userId: user.user_id, authStatus: "Gone" },
    });
    expect(bad.status).toBe(400);
    expect(await status(user.user_id)).toBe("Pending");
  });
});

describe(`registration (${process.env.TEST_DB_ENGINE})`, () => {
  const on = { "x-feature-flags": "new-user-password-registration" };
  const register = (email: string, headers: Record<string, string> = on) => t.call("POST", "/registerUser", { body: { email }, headers });

  it("accepts a user who was never invited: mails a set-password link and marks them Pending", async () => {
    const user = await uninvited();
    expect((await register(user.email.toUpperCase())).status).toBe(204);
    expect(await status(user.user_id)).toBe("Pending");
    expect(t.mail.map((m) => m.to)).toEqual([user.email]);
    expect(linkIn(first(t.mail, "a mail").text).searchParams.get("code")).toMatch(/^[A-Z2-9]{8}$/);
  });

  it.each([
    ["an unknown email", async () => "stranger@test.example", "unknown user"],
    ["an Active user", async () => w.teacher.email, "unavailable user"],
    [
      "a Pending user",
      async () => (await makeUser(handle.db, { role: "TEACHER", organizationId: w.district.organization_id, authStatus: "Pending" })).email,
      "unavailable user",
    ],
    [
      "a user with a temporary password",
      async () =>
        (await makeUser(handle.db, { role: "TEACHER", organizationId: w.district.organization_id, authStatus: "None", temporary: true }))
          .email,
      "unknown userstatus",
    ],
    [
      "a user with no role",
      async () => (await makeUser(handle.db, { role: null, organizationId: w.district.organization_id, authStatus: "None" })).email,
      "unknown userstatus",
    ],
  ])("answers %s with the message the UI maps", async (_, email, message) => {
    const res = await register(await email());
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await res.json()).message).toBe(message);
    expect(t.mail).toHaveLength(0);
  });

  it("answers 'unknown user' to everyone while the registration flag is off", async () => {
    const user = await uninvited();
    const res = await register(user.email, {});
    expect((await res.json()).message).toBe("unknown user");
    expect(await status(user.user_id)).toBe("None");
  });
});
