import { describe, expect, it } from "vitest";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { action as loginAction, loader as loginLoader } from "#app/routes/login";
import { action as timeoutAction } from "#app/routes/timeout";
import { TEST_PASSWORD } from "./support/test-api";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

// Issue 14, open redirect after sign-in: the login page's real action and loader, in-process
// against the test database. Where a remembered path would leave the site, or would not fit in
// a Location header, the user lands on their home page: never elsewhere, never a 500 after the
// session was created.

process.env.SESSION_SECRET ??= "sign-in-redirect-test-secret";
const { t, w } = await apiWorld();
setApiAppForTests(t.api, t.deps);
const home: string = `/school/${w.schoolA.organization_unit_id}`;

async function signIn(redirectTo: string): Promise<Response> {
  const body = new URLSearchParams({ email: w.teacher.email, password: TEST_PASSWORD, redirectTo, attempt: "0" });
  const result = await loginAction({
    request: new Request("http://localhost/login", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
    context: {},
    params: {},
  });
  expect(result).toBeInstanceOf(Response);
  return result as Response;
}

describe(`redirect after sign-in (${process.env.TEST_DB_ENGINE})`, () => {
  it.each([
    ["a remembered page of this site", "/school/x?tab=students", "/school/x?tab=students"],
    ["a tab that browsers drop (%2F%09%2Fevil.example%2F)", decodeURIComponent("%2F%09%2Fevil.example%2F"), null],
    ["another origin", "https://evil.example/", null],
    ["a protocol-relative path", "//evil.example/", null],
    ["a backslash", "/\\evil.example/", null],
    ["a dot segment that resolves to //", "/.//evil.example/", null],
  ])("%s", async (_, redirectTo, expected) => {
    const res = await signIn(redirectTo);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(expected ?? home);
  });

  it.each([
    ["CR/LF", "/school/1\r\nSet-Cookie: evil=1"],
    ["a NUL", "/school/\u0000"],
    ["non-Latin-1 text", "/school/€"],
  ])("%s in redirectTo never gives a 500 after the session is made", async (_, redirectTo) => {
    const res = await signIn(redirectTo);
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
    expect(location, "printable ASCII only").toMatch(/^[\x21-\x7e]+$/);
    expect(res.headers.get("set-cookie")).toMatch(/__session=/);
  });

  it("a signed-in visitor opening /login?redirectTo=… is sent to the same safe places", async () => {
    const session = await getSession(new Request("http://localhost/"));
    session.set("token", await t.login(w.teacher.email));
    const cookie = first((await commitSession(session)).split(";"), "a cookie");
    for (const [to, expected] of [
      ["/%09/evil.example/", "/%09/evil.example/"],
      ["/\t/evil.example/", home],
      ["/x\r\ny", home],
      ["/ü", "/%C3%BC"],
    ] as const) {
      const url = `http://localhost/login?redirectTo=${encodeURIComponent(to)}`;
      const thrown = await loginLoader({ request: new Request(url, { headers: { cookie } }), context: {}, params: {} }).catch((e) => e);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe(expected);
    }
  });

  it("the time-out page remembers only a safe path", async () => {
    for (const [to, expected] of [
      ["/school/1", "/school/1"],
      ["/\t/evil.example/", "/"],
      ["/x\r\ny", "/"],
    ] as const) {
      const res = await timeoutAction({
        request: new Request("http://localhost/timeout", {
          method: "POST",
          headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ redirectTo: to }),
        }),
        context: {},
        params: {},
      });
      expect(new URL((res as Response).headers.get("location")!, "http://localhost").searchParams.get("redirectTo")).toBe(expected);
    }
  });
});
