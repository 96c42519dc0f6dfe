import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCode } from "#app/api/one-time-codes";
import type { DbHandle } from "#app/db/connect.server";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { getSession } from "#app/lib/session.server";
import { loader as loginCallback } from "#app/routes/login-callback";
import { SSO_FLOW_COOKIE } from "#app/server/sso-flow.server";
import { makeWorld } from "./support/fixtures";
import { createTestApi, type TestApi } from "./support/test-api";
import { createTestDb } from "./support/test-db";

// Issue 14, single sign-on login CSRF: the sso_flow cookie was always "1", so an attacker who
// finished a sign-on of their own could send a victim (who had any sign-on cookie) to
// /login-callback?code=<attacker's code> and sign them into the attacker's account. The code is
// now bound to the random value of the browser that started the sign-on.

let handle: DbHandle;
let t: TestApi;
let w: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "sso-binding-test-secret";
  handle = await createTestDb();
  t = createTestApi(handle.db);
  setApiAppForTests(t.api, t.deps);
  w = await makeWorld(handle.db);
});
afterAll(() => handle.close());

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
