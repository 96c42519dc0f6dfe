import { beforeEach, describe, expect, it } from "vitest";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { getSession } from "#app/lib/session.server";
import { loader as loginLoader, SSO_NEEDS_PUBLIC_URL } from "#app/routes/login";
import { loader as loginCallback } from "#app/routes/login-callback";
import { standInClever } from "./support/stand-in-clever";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

// Issue 35 item 13: single sign-on worked only when the app was opened at PUBLIC_URL's host. Opened
// at http://127.0.0.1:3000 (PUBLIC_URL unset, so its default http://localhost:3000), the button sent
// the provider back to localhost, where the browser had no state cookie: 'invalid_state', every time.
// And a sign-on forgot the remembered path (spec 001 §2: /login?redirectTo=…): it always went to /.
// A stand-in Clever (token and user-info endpoints on loopback) plays the provider; the browser is
// played by passing each answer's cookies to the next request at the address it was sent to.

let email = "";

process.env.SESSION_SECRET ??= "sso-origin-test-secret";
const clever = await standInClever(() => ({ data: { id: "c1", email, email_verified: true } }));
// PUBLIC_URL unset: the API's default public address, as app/server/config.server.ts makes it.
const { t, w } = await apiWorld({ config: { sso: { clever }, publicUrl: "http://localhost:3000" } });
setApiAppForTests(t.api, t.deps);
beforeEach(() => {
  delete process.env.PUBLIC_URL;
  delete process.env.TRUST_PROXY;
});

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => first(c.split(";"), "a cookie"))
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** The login page's data at `url`. */
async function loginPage(url: string) {
  const res = (await loginLoader({ request: new Request(url), context: {}, params: {} })) as unknown as {
    data: { sso: Array<{ id: string; href: string }>; ssoUnavailable: string | null };
  };
  return res.data;
}

/** Follows a sign-on from the login page opened at `pageUrl` to where /login-callback sends the browser. */
async function signOn(pageUrl: string, who: string) {
  email = who;
  const page = await loginPage(pageUrl);
  const button = page.sso.find((b) => b.id === "clever");
  if (!button) return { page, button: null, start: null, location: null, token: null };
  const startUrl = new URL(button.href, pageUrl);
  const start = await t.api.fetch(new Request(startUrl));
  if (start.status !== 302) return { page, button, start: start.status, location: null, token: null };
  const toProvider = new URL(start.headers.get("location")!);
  // The provider sends the browser back to the redirect_uri it was given, with the state.
  const back = new URL(toProvider.searchParams.get("redirect_uri")!);
  back.searchParams.set("code", "provider-code");
  back.searchParams.set("state", toProvider.searchParams.get("state")!);
  // The browser sends the state cookie only to the host that set it.
  const stateCookie = back.host === startUrl.host ? cookiesOf(start) : "";
  const handOff = await t.api.fetch(new Request(back, { headers: { cookie: stateCookie } }));
  const callbackUrl = new URL(handOff.headers.get("location")!);
  const flowCookie = callbackUrl.host === startUrl.host ? cookiesOf(start) : "";
  const done = await loginCallback({ request: new Request(callbackUrl, { headers: { cookie: flowCookie } }), context: {}, params: {} });
  const session = await getSession(new Request(callbackUrl, { headers: { cookie: cookiesOf(done) } }));
  return {
    page,
    button,
    start: start.status,
    redirectUri: back.origin,
    callback: callbackUrl,
    location: done.headers.get("location"),
    token: (session.get("token") as string | undefined) ?? null,
  };
}

describe(`single sign-on at the address the app was opened at (${process.env.TEST_DB_ENGINE})`, () => {
  it("without PUBLIC_URL, opened at 127.0.0.1: signs in, and lands on the remembered path", async () => {
    const classroom = `/classroom/${w.classA.participant_group_id}?tab=results`;
    const r = await signOn(`http://127.0.0.1:3000/login?redirectTo=${encodeURIComponent(classroom)}`, w.teacher.email);
    expect(r.start).toBe(302);
    expect(r.redirectUri).toBe("http://127.0.0.1:3000");
    expect(r.callback?.searchParams.get("error")).toBeNull();
    expect(r.location).toBe(classroom);
    const me = await t.call("GET", "/dashboard/current-user", { token: r.token! });
    expect((await me.json()).email).toBe(w.teacher.email);
  });

  it("without a remembered path goes home, and a remembered path to another site is not followed", async () => {
    expect((await signOn("http://localhost:3000/login", w.teacher.email)).location).toBe("/");
    for (const evil of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const r = await signOn(`http://localhost:3000/login?redirectTo=${encodeURIComponent(evil)}`, w.teacher.email);
      expect(r.location, evil).toBe("/");
      expect(r.token).toEqual(expect.any(String));
    }
  });

  it("a failed sign-on goes back to /login still remembering the path", async () => {
    const r = await signOn(`http://127.0.0.1:3000/login?redirectTo=${encodeURIComponent("/district/x")}`, "nobody.known@test.example");
    expect(r.callback?.searchParams.get("error")).toBe("unknown_user");
    expect(r.location).toBe(`/login?redirectTo=${encodeURIComponent("/district/x")}`);
    expect(r.token).toBeNull();
  });

  it("with PUBLIC_URL, the button goes there whatever address the page was opened at", async () => {
    process.env.PUBLIC_URL = "http://localhost:3000";
    const r = await signOn(`http://10.1.2.3:3000/login?redirectTo=${encodeURIComponent("/district/x")}`, w.teacher.email);
    expect(r.button?.href.startsWith("http://localhost:3000/api/auth/login/clever/")).toBe(true);
    expect(r.redirectUri).toBe("http://localhost:3000");
    expect(r.location).toBe("/district/x");
    expect(r.token).toEqual(expect.any(String));
  });

  it("without PUBLIC_URL, a DNS name is not believed: no buttons, the page says why, and the API refuses such a callback", async () => {
    const page = await loginPage("http://literacy.attacker.example/login");
    expect(page.sso).toEqual([]);
    expect(page.ssoUnavailable).toBe(SSO_NEEDS_PUBLIC_URL);
    const start = await t.api.fetch(
      new Request(
        `http://literacy.attacker.example/api/auth/login/clever/clever-test-client?callback=${encodeURIComponent("http://literacy.attacker.example/login-callback")}`,
      ),
    );
    expect(start.status).toBe(400);
    // Nor may a callback at another address than the request's, or with other parameters.
    for (const callback of ["http://10.9.9.9:3000/login-callback", "http://127.0.0.1:3000/login-callback?code=x"]) {
      const res = await t.api.fetch(
        new Request(`http://127.0.0.1:3000/api/auth/login/clever/clever-test-client?callback=${encodeURIComponent(callback)}`),
      );
      expect(res.status, callback).toBe(400);
    }
  });

  it("behind a proxy of ours (TRUST_PROXY), the scheme is the one it forwarded; a client's own X-Forwarded-Proto is not", async () => {
    const start = (headers: Record<string, string>) =>
      t.api.fetch(
        new Request(
          `http://127.0.0.1:3000/api/auth/login/clever/clever-test-client?callback=${encodeURIComponent("https://127.0.0.1:3000/login-callback")}`,
          { headers },
        ),
      );
    expect((await start({ "x-forwarded-proto": "https" })).status).toBe(400);
    process.env.TRUST_PROXY = "1";
    const res = await start({ "x-forwarded-proto": "https" });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!).searchParams.get("redirect_uri")).toBe("https://127.0.0.1:3000/api/auth/callback/clever");
  });
});
