import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { commitSession, getSession, sessionCookieProblem } from "./session.server";

// Issue 13 item 1: the session cookie is Secure or not per request (COOKIE_SECURE, PUBLIC_URL,
// the request's scheme), and a sign-in that cannot stick is said on the login page.

const saved = { COOKIE_SECURE: process.env.COOKIE_SECURE, PUBLIC_URL: process.env.PUBLIC_URL, DATA_DIR: process.env.DATA_DIR };
let dir = "";
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "session-test-"));
  process.env.DATA_DIR = dir;
});
afterEach(() => {
  for (const key of ["COOKIE_SECURE", "PUBLIC_URL"] as const) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});
afterAll(() => {
  if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved.DATA_DIR;
  rmSync(dir, { recursive: true, force: true });
});

function env(vars: { COOKIE_SECURE?: string; PUBLIC_URL?: string }) {
  delete process.env.COOKIE_SECURE;
  delete process.env.PUBLIC_URL;
  Object.assign(process.env, vars);
}

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

async function setCookieFor(req: Request) {
  const session = await getSession(req);
  session.set("token", "t");
  return commitSession(session);
}

describe("the session cookie's Secure attribute", () => {
  it.each([
    [{}, "http://school.test:3000/login", {}, false],
    [{}, "https://dash.example/login", {}, true],
    [{}, "http://dash.example/login", { "x-forwarded-proto": "https" }, true],
    [{ PUBLIC_URL: "https://dash.example" }, "http://dash.example/login", {}, true],
    [{ COOKIE_SECURE: "true" }, "http://school.test:3000/login", {}, true],
    [{ COOKIE_SECURE: "false", PUBLIC_URL: "https://dash.example" }, "https://dash.example/login", {}, false],
  ])("env %o, %s %o -> Secure %s", async (vars, url, headers, secure) => {
    env(vars);
    const cookie = await setCookieFor(request(url, headers));
    expect(cookie.startsWith("__session=")).toBe(true);
    expect(/;\s*Secure/i.test(cookie)).toBe(secure);
  });
});

describe("sessionCookieProblem", () => {
  it("is null whenever the browser keeps the cookie", () => {
    env({});
    expect(sessionCookieProblem(request("http://school.test:3000/login"))).toBeNull();
    env({ COOKIE_SECURE: "true" });
    expect(sessionCookieProblem(request("http://localhost:3000/login"))).toBeNull();
    expect(sessionCookieProblem(request("https://school.test/login"))).toBeNull();
  });

  it("says why when Secure is forced on a plain-HTTP page", () => {
    env({ COOKIE_SECURE: "true" });
    expect(sessionCookieProblem(request("http://school.test:3000/login"))).toMatch(
      /^Signing in cannot work at this address: .*PUBLIC_URL and COOKIE_SECURE settings\.$/,
    );
  });

  it("names the https address when PUBLIC_URL has one", () => {
    env({ PUBLIC_URL: "https://dash.example" });
    expect(sessionCookieProblem(request("http://10.0.0.5:3000/login"))).toMatch(/Open https:\/\/dash\.example\/login instead\.$/);
  });
});
