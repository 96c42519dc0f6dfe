import { describe, expect, it } from "vitest";
import { issueCode } from "#app/api/one-time-codes";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { getSession } from "#app/lib/session.server";
import { loader as loginCallback } from "#app/routes/login-callback";
import { SSO_FLOW_COOKIE } from "#app/server/sso-flow.server";
import { standInClever } from "./support/stand-in-clever";
import { createTestApi } from "./support/test-api";
import { apiWorld } from "./support/world";

// Issue 14, single sign-on login CSRF: the sso_flow cookie was always "1", so an attacker who
// finished a sign-on of their own could send a victim (who had any sign-on cookie) to
// /login-callback?code=<attacker's code> and sign them into the attacker's account. The code is
// now bound to the random value of the browser that started the sign-on.

process.env.SESSION_SECRET ??= "sso-binding-test-secret";
const { handle, t, w } = await apiWorld();
setApiAppForTests(t.api, t.deps);
/** What the stand-in Clever's user-info answers (each case below sets it). */
let userinfo: Record<string, unknown> = {};
const sso = createTestApi(handle.db, { sso: { clever: await standInClever(() => userinfo) } });

const attackerCode = (binding: string) =>
  issueCode(handle.db, { purpose: "sso", email: w.districtAdmin.email, userId: w.districtAdmin.user_id, now: t.clock.now, binding });

async function callback(code: string, flow: string | null) {
  const headers: Record<string, string> = flow === null ? {} : { cookie: `${SSO_FLOW_COOKIE}=${flow}` };
  const res = await loginCallback({
    request: new Request(`http://localhost/login-callback?code=${encodeURIComponent(code)}`, { headers }),
    context: {},
    params: {},
  });
  const session = await getSession(new Request("http://localhost/", { headers: { cookie: res.headers.getSetCookie().join("; ") } }));
  return { location: res.headers.get("location"), token: session.get("token") ?? null };
}

describe(`single sign-on hand-off bound to the browser (${process.env.TEST_DB_ENGINE})`, () => {
  it("an attacker's code does not sign in a victim whose browser holds another sign-on value", async () => {
    const code = await attackerCode("attackers-browser-value");
    for (const victim of ["1", "victims-own-value", null]) {
      const { location, token } = await callback(code, victim);
      expect(location, `victim cookie ${victim}`).toBe("/login");
      expect(token).toBeNull();
    }
    // Not spent by the refusals: it still works in the browser it was made for.
    const own = await callback(code, "attackers-browser-value");
    expect(own.location).toBe("/");
    expect(own.token).toEqual(expect.any(String));
    const me = await t.call("GET", "/dashboard/current-user", { token: own.token });
    expect((await me.json()).email).toBe(w.districtAdmin.email);
  });

  it("the API refuses a code without the browser's value, or with another one", async () => {
    const code = await attackerCode("value-a");
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code } })).status).toBe(400);
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code, binding: "value-b" } })).status).toBe(401);
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code, binding: "value-a" } })).status).toBe(200);
    expect((await t.call("POST", "/dashboard/login/sso", { body: { code, binding: "value-a" } })).status).toBe(401);
  });
});

// Issue 33: Clever's user-info nests the email (`{ data: { email, … } }`); a verification flag
// beside it was never read, only one at the top, so `email_verified: false` signed in wherever
// unverified emails are trusted by default (the district-managed directories). A stand-in Clever
// (token and user-info endpoints on loopback) answers the user-info each case gives.
describe(`Clever sign-in honours email_verified beside the nested email (${process.env.TEST_DB_ENGINE})`, () => {
  /** Starts a Clever sign-in and comes back from the provider with a code: where the API sends the browser. */
  async function signInWith(info: Record<string, unknown>) {
    userinfo = info;
    const start = await sso.call(
      "GET",
      `/auth/login/clever/clever-test-client?callback=${encodeURIComponent("http://localhost:3000/login-callback")}`,
    );
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const cookie = start.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const back = await sso.call("GET", `/auth/callback/clever?code=provider-code&state=${encodeURIComponent(state)}`, {
      headers: { cookie },
    });
    expect(back.status).toBe(302);
    return new URL(back.headers.get("location")!).searchParams;
  }

  it("refuses an email Clever marks unverified beside it, however deep", async () => {
    for (const info of [
      { data: { id: "c1", email: w.teacher.email, email_verified: false } },
      { data: { id: "c1", email: w.teacher.email, email_verified: "false" } },
      { email_verified: false, data: { id: "c1", email: w.teacher.email } },
    ]) {
      const answer = await signInWith(info);
      expect(answer.get("error"), JSON.stringify(info)).toBe("no_verified_email");
      expect(answer.get("code")).toBeNull();
    }
  });

  it("signs in an email Clever marks verified, or says nothing about (a district-managed directory)", async () => {
    for (const info of [
      { data: { id: "c1", email: w.teacher.email, email_verified: true } },
      { data: { id: "c1", email: w.teacher.email } },
    ]) {
      const answer = await signInWith(info);
      expect(answer.get("error"), JSON.stringify(info)).toBeNull();
      expect(answer.get("code")).toEqual(expect.any(String));
    }
  });
});
