import { beforeEach, describe, expect, it } from "vitest";
import { issueCode, MAX_CODE_ATTEMPTS } from "#app/api/one-time-codes";
import { RATE_LIMITED } from "#app/api/rate-limit";
import { SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { makeUser } from "./support/fixtures";
import { TEST_PASSWORD } from "./support/test-api";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

// Requests here carry the socket address as scripts/client-address.mjs stamps it in a server (issue 14).
(globalThis as Record<symbol, unknown>)[Symbol.for("literacy.socketAddressStamped")] = true;

const { handle, t, w } = await apiWorld();
beforeEach(async () => {
  t.clock.now = new Date();
  t.mail.length = 0;
  await handle.db.deleteFrom("rate_limit_event").execute();
});

const newTeacher = (extra: Parameters<typeof makeUser>[1] extends infer O ? Partial<O> : never = {}) =>
  makeUser(handle.db, {
    role: "TEACHER",
    organizationId: w.district.organization_id,
    schoolIds: [w.schoolA.organization_unit_id],
    ...extra,
  });

const codeIn = (text: string) => text.match(/verification code: ([A-Z0-9]+)/)?.[1] ?? "";
const minutes = (n: number) => new Date(t.clock.now.getTime() + n * 60_000);

async function requestReset(email: string) {
  const res = await t.call("POST", "/dashboard/forgot-password", { body: { email } });
  expect(res.status).toBe(204);
  const mail = t.mail.at(-1);
  return mail && mail.to === email ? codeIn(mail.text) : null;
}

const reset = (email: string, code: string, password = "Fresh#Password9") =>
  t.call("POST", "/dashboard/forgot-password/new", { body: { email, code, password } });

describe(`forgot password (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers the same for a known and an unknown email, and mails only the known one", async () => {
    const user = await newTeacher();
    const known = await t.call("POST", "/dashboard/forgot-password", { body: { email: user.email } });
    const unknown = await t.call("POST", "/dashboard/forgot-password", { body: { email: "nobody@test.example" } });
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(await known.text()).toBe(await unknown.text());
    expect(t.mail.map((m) => m.to)).toEqual([user.email]);
    const mail = first(t.mail, "a mail");
    const code = codeIn(mail.text);
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(mail.text).toContain(`/reset-password?email=${encodeURIComponent(user.email)}&code=${code}`);
  });

  it("refuses a malformed email with the spec's text", async () => {
    const res = await t.call("POST", "/dashboard/forgot-password", { body: { email: "not-an-email" } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Please enter a valid email address.");
  });

  it("stores only a hash of the code", async () => {
    const user = await newTeacher();
    const code = await requestReset(user.email);
    const rows = await handle.db.selectFrom("one_time_code").selectAll().where("email", "=", user.email).execute();
    expect(rows).toHaveLength(1);
    expect(first(rows).code_hash).not.toContain(code!);
  });

  it("sets the new password with the code, makes the user Active and ends their sessions", async () => {
    const user = await newTeacher({ authStatus: "Pending" });
    const oldToken = await t.login(user.email);
    const code = await requestReset(user.email);
    expect((await reset(user.email.toUpperCase(), code!.toLowerCase())).status).toBe(204);
    expect((await t.call("GET", "/dashboard/current-user", { token: oldToken })).status).toBe(401);
    await expect(t.login(user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await expect(t.login(user.email, "Fresh#Password9")).resolves.toEqual(expect.any(String));
    const row = await handle.db.selectFrom("app_user").select("auth_status").where("user_id", "=", user.user_id).executeTakeFirstOrThrow();
    expect(row.auth_status).toBe("Active");
  });

  it("refuses a code used twice", async () => {
    const user = await newTeacher();
    const code = await requestReset(user.email);
    expect((await reset(user.email, code!)).status).toBe(204);
    const again = await reset(user.email, code!, "Other#Password9");
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe("Unable to reset password. Please try again.");
  });

  it("refuses an expired code", async () => {
    const user = await newTeacher();
    const code = await requestReset(user.email);
    t.clock.now = minutes(31);
    expect((await reset(user.email, code!)).status).toBe(400);
  });

  it("refuses a wrong code, and burns the right one after too many wrong tries", async () => {
    const user = await newTeacher();
    const code = await requestReset(user.email);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) expect((await reset(user.email, "WRONG234")).status).toBe(400);
    expect((await reset(user.email, code!)).status).toBe(400);
  });

  it("refuses a code sent to another email", async () => {
    const a = await newTeacher();
    const b = await newTeacher();
    const code = await requestReset(a.email);
    expect((await reset(b.email, code!)).status).toBe(400);
    expect((await reset(a.email, code!)).status).toBe(204);
  });

  it("keeps only the latest code", async () => {
    const user = await newTeacher();
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await reset(user.email, first!)).status).toBe(400);
    expect((await reset(user.email, second!)).status).toBe(204);
  });

  it("limits reset emails per account and per address", async () => {
    const user = await newTeacher();
    for (let i = 0; i < 5; i++) await requestReset(user.email);
    const res = await t.call("POST", "/dashboard/forgot-password", { body: { email: user.email } });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(RATE_LIMITED);
    // An hour later the account may ask again.
    t.clock.now = minutes(61);
    expect((await t.call("POST", "/dashboard/forgot-password", { body: { email: user.email } })).status).toBe(204);

    const headers = { [SOCKET_ADDRESS_HEADER]: "203.0.113.9" };
    for (let i = 0; i < 30; i++) {
      await t.call("POST", "/dashboard/forgot-password", { body: { email: `n${i}@test.example` }, headers });
    }
    expect((await t.call("POST", "/dashboard/forgot-password", { body: { email: "z@test.example" }, headers })).status).toBe(429);
    expect((await t.call("POST", "/dashboard/forgot-password", { body: { email: "z@test.example" } })).status).toBe(204);
  });
});

describe(`sign-in protection (${process.env.TEST_DB_ENGINE})`, () => {
  it("slows an account down after five failed sign-ins with a 429 that says the wait, then lets the right password in (issue 35 item 14)", async () => {
    const user = await newTeacher();
    for (let i = 0; i < 5; i++) {
      const res = await t.call("POST", "/dashboard/login", { body: { username: user.email, password: "wrong" } });
      expect(res.status).toBe(401);
    }
    const waiting = await t.call("POST", "/dashboard/login", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await waiting.json()).message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    t.clock.now = minutes(2);
    await expect(t.login(user.email)).resolves.toEqual(expect.any(String));
  });

  it("limits failed attempts per client address", async () => {
    const headers = { [SOCKET_ADDRESS_HEADER]: "198.51.100.7" };
    for (let i = 0; i < 50; i++) {
      await t.call("POST", "/dashboard/login", { body: { username: `x${i}@test.example`, password: "wrong" }, headers });
    }
    const res = await t.call("POST", "/dashboard/login", { body: { username: w.teacher.email, password: TEST_PASSWORD }, headers });
    expect(res.status).toBe(429);
    await expect(t.login(w.teacher.email)).resolves.toEqual(expect.any(String));
  });

  it("refuses a token after logout, and gives a new token at every sign-in", async () => {
    const first = await t.login(w.teacher.email);
    const second = await t.login(w.teacher.email);
    expect(first).not.toBe(second);
    expect((await t.call("POST", "/dashboard/logout", { token: first })).status).toBe(204);
    expect((await t.call("GET", "/dashboard/current-user", { token: first })).status).toBe(401);
    expect((await t.call("POST", "/dashboard/logout", { token: first })).status).toBe(401);
    expect((await t.call("GET", "/dashboard/current-user", { token: second })).status).toBe(200);
  });

  it("keeps a session alive while it is used and ends it after the idle time", async () => {
    const token = await t.login(w.teacher.email);
    t.clock.now = minutes(50);
    expect((await t.call("GET", "/dashboard/current-user", { token })).status).toBe(200);
    t.clock.now = minutes(50);
    expect((await t.call("GET", "/dashboard/current-user", { token })).status).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + t.deps.config.sessionIdleMs + 1000);
    expect((await t.call("GET", "/dashboard/current-user", { token })).status).toBe(401);
  });

  it("refuses a cookie-authenticated change from another site, not one from this site or with a bearer token", async () => {
    const token = await t.login(w.teacher.email);
    const cookie = { cookie: `api_session=${token}` };
    const evil = await t.call("POST", "/dashboard/logout", { headers: { ...cookie, origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect((await t.call("GET", "/dashboard/current-user", { headers: { ...cookie, origin: "https://evil.example" } })).status).toBe(200);
    const same = await t.call("POST", "/dashboard/logout", { headers: { ...cookie, origin: "http://localhost:3000" } });
    expect(same.status).toBe(204);
    const other = await t.login(w.teacher.email);
    expect((await t.call("POST", "/dashboard/logout", { token: other, headers: { origin: "https://evil.example" } })).status).toBe(204);
  });
});

describe(`temporary password challenge (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers 412 with a one-time challenge that stands for the temporary password once", async () => {
    const user = await newTeacher({ temporary: true, authStatus: "Pending" });
    const first = await t.call("POST", "/dashboard/login", { body: { username: user.email, password: TEST_PASSWORD } });
    expect(first.status).toBe(412);
    const { challenge } = (await first.json()) as { challenge: string };
    expect(challenge.length).toBeGreaterThan(30);

    const wrong = await t.call("POST", "/dashboard/login", {
      body: { username: user.email, challenge: "nope", newpassword: "New#Password99" },
    });
    expect(wrong.status).toBe(401);
    const ok = await t.call("POST", "/dashboard/login", { body: { username: user.email, challenge, newpassword: "New#Password99" } });
    expect(ok.status).toBe(200);
    const row = await handle.db.selectFrom("app_user").selectAll().where("user_id", "=", user.user_id).executeTakeFirstOrThrow();
    expect(row.auth_status).toBe("Active");
    expect(row.password_is_temporary).toBe(false);
    const reused = await t.call("POST", "/dashboard/login", { body: { username: user.email, challenge, newpassword: "Again#Password9" } });
    expect(reused.status).toBe(401);
    await expect(t.login(user.email, "New#Password99")).resolves.toEqual(expect.any(String));
  });

  it("refuses an expired challenge and one issued for another user", async () => {
    const a = await newTeacher({ temporary: true });
    const b = await newTeacher({ temporary: true });
    const first = await t.call("POST", "/dashboard/login", { body: { username: a.email, password: TEST_PASSWORD } });
    const { challenge } = (await first.json()) as { challenge: string };
    expect(
      (await t.call("POST", "/dashboard/login", { body: { username: b.email, challenge, newpassword: "X#y1234567890" } })).status,
    ).toBe(401);
    t.clock.now = minutes(11);
    expect(
      (await t.call("POST", "/dashboard/login", { body: { username: a.email, challenge, newpassword: "X#y1234567890" } })).status,
    ).toBe(401);
  });
});

describe(`single sign-on code exchange (${process.env.TEST_DB_ENGINE})`, () => {
  // The random value of the browser that started the sign-on (its sso_flow cookie, issue 14).
  const BROWSER = "this-browsers-random-value";
  /** The code the sign-on's callback issues to that browser for the user. */
  const ssoCode = (user: { email: string; user_id: string }) =>
    issueCode(handle.db, { purpose: "sso", email: user.email, userId: user.user_id, now: t.clock.now, binding: BROWSER });

  it("signs in once with a code, then refuses it", async () => {
    const code = await ssoCode(w.teacher);
    const res = await t.call("POST", "/dashboard/login/sso", { body: { code, binding: BROWSER } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { error: null; data: { email: string }; token: string };
    expect(body).toMatchObject({ error: null, data: { email: w.teacher.email } });
    expect((await t.call("GET", "/dashboard/current-user", { token: body.token })).status).toBe(200);
    const again = await t.call("POST", "/dashboard/login/sso", { body: { code, binding: BROWSER } });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ error: expect.any(String), data: null });
  });

  // Issue 13 item 14: a user who signs in by single sign-on has an account that works; admins
  // must not keep seeing 'Invite User' (None) or 'Pending' for them.
  it.each(["None", "Pending"] as const)("makes a %s user Active, once they are signed in", async (status) => {
    const user = await newTeacher({ authStatus: status, password: null });
    const code = await ssoCode(user);
    const authStatus = async () =>
      (await handle.db.selectFrom("app_user").select("auth_status").where("user_id", "=", user.user_id).executeTakeFirstOrThrow())
        .auth_status;
    expect(await authStatus()).toBe(status);
    const res = await t.call("POST", "/dashboard/login/sso", { body: { code, binding: BROWSER } });
    expect(res.status).toBe(200);
    expect(await authStatus()).toBe("Active");
    const admin = await t.login(w.districtAdmin.email);
    const listed = await t.call("GET", `/user/userByEmail/${encodeURIComponent(user.email)}`, { token: admin });
    expect(await listed.json()).toMatchObject({ authStatus: "Active" });
    const log = await handle.db.selectFrom("audit_log").selectAll().where("entity_id", "=", user.user_id).execute();
    expect(log).toMatchObject([{ action: "sso-activated", actor_user_id: user.user_id, details: { from: status, to: "Active" } }]);
  });

  it("leaves an Active user's status and writes nothing more", async () => {
    const user = await newTeacher({ authStatus: "Active" });
    const code = await ssoCode(user);
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code, binding: BROWSER } })).status).toBe(200);
    expect(await handle.db.selectFrom("audit_log").selectAll().where("entity_id", "=", user.user_id).execute()).toEqual([]);
  });

  it("refuses an expired or a wrong code", async () => {
    const code = await ssoCode(w.teacher);
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code: `${code}x`, binding: BROWSER } })).status).toBe(401);
    t.clock.now = minutes(3);
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code, binding: BROWSER } })).status).toBe(401);
  });

  it("does not take a reset code as a sign-on code", async () => {
    const code = await issueCode(handle.db, {
      purpose: "password-reset",
      email: w.teacher.email,
      userId: w.teacher.user_id,
      now: t.clock.now,
    });
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code, binding: BROWSER } })).status).toBe(401);
  });
});
