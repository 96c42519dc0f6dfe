import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { fillPath, routeTable } from "./support/route-table";
import { createTestApi, useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Issue 14: the security headers on every answer of the API (pages are checked in the browser:
// tests/e2e/security-headers.spec.ts). Every route of the router's table is called without a
// session and with a super admin's, and the answers of every kind (JSON, CSV, redirect, no
// content, errors of the router itself) must carry them.

const data = useTempDataDir();

function expectSecurityHeaders(res: Response, what: string, https = false) {
  const h = res.headers;
  expect(h.get("content-security-policy"), what).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  expect(h.get("x-frame-options"), what).toBe("DENY");
  expect(h.get("x-content-type-options"), what).toBe("nosniff");
  expect(h.get("referrer-policy"), what).toBe("no-referrer");
  expect(h.get("cache-control"), what).toMatch(/(^|, )no-store$/);
  expect(h.get("strict-transport-security"), what).toBe(https ? "max-age=31536000" : null);
}

const { handle, t, w } = await apiWorld();
const token: string = await t.login(w.superAdmin.email);

afterAll(() => data.cleanup());

describe(`API security headers (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  const routes = routeTable(createTestApi({} as never).api);

  it("every route answers with them, with and without a session", async () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, randomUUID()]));
      const path = fillPath(route.path, { ...params, provider: "google", email: w.teacher.email });
      const body = ["POST", "PUT"].includes(route.method) ? {} : undefined;
      // Signing out ends the session it is called with: give it one of its own.
      const own = route.key === "POST /dashboard/logout" ? await t.login(w.superAdmin.email) : token;
      for (const session of [null, own]) {
        const res = await t.call(route.method, path, { token: session, body });
        expectSecurityHeaders(res, `${route.key} ${session ? "as super admin" : "without a session"} answered ${res.status}`);
        await res.body?.cancel();
      }
    }
  });

  it.each([
    ["GET", "/organization", 200],
    ["GET", "/dashboard/current-user", 200],
    ["GET", "/openapi.json", 200],
    ["GET", "/auth/providers", 200],
  ])("%s %s (%i, JSON)", async (method, path, status) => {
    const res = await t.call(method, path, { token });
    expect(res.status).toBe(status);
    expectSecurityHeaders(res, `${method} ${path}`);
  });

  it("a CSV download, a redirect and an answer without content carry them too", async () => {
    const csv = await t.call("GET", `/report/organization/${w.district.organization_id}`, { token });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expectSecurityHeaders(csv, "CSV");
    const redirect = await t.call("GET", `/auth/login/google/none?callback=${encodeURIComponent("http://localhost:3000/login-callback")}`);
    expect(redirect.status).toBe(302);
    expectSecurityHeaders(redirect, "redirect");
    const fresh = await t.login(w.teacher.email);
    const logout = await t.call("POST", "/dashboard/logout", { token: fresh });
    expect(logout.status).toBe(204);
    expectSecurityHeaders(logout, "204");
  });

  it("the router's own refusals carry them: unknown path, malformed JSON, oversized body, cross-site cookie call", async () => {
    const unknown = await t.call("GET", "/no/such/route", { token });
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown, "404");
    const malformed = await t.api.fetch(
      new Request("http://localhost/api/organization", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: '{"name":',
      }),
    );
    expect(malformed.status).toBe(400);
    expectSecurityHeaders(malformed, "malformed JSON");
    const big = await t.call("POST", "/organization", { token, body: { name: "x".repeat(1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ message: "Request body too large: the limit is 1 MB." });
    expectSecurityHeaders(big, "413");
    const signIn = await t.call("POST", "/dashboard/login", { body: { username: "a".repeat(70 * 1024), password: "x" } });
    expect(signIn.status).toBe(413);
    expect(await signIn.json()).toEqual({ message: "Request body too large: the limit is 64 KB." });
    const crossSite = await t.call("POST", "/dashboard/logout", {
      headers: { cookie: `api_session=${token}`, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expectSecurityHeaders(crossSite, "cross-site");
  });

  it("a body without a declared length is cut off at the limit while reading", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 40) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await t.api.fetch(
      new Request("http://localhost/api/organization", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "transfer-encoding": "chunked" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    // 2.5 MB offered; reading stopped once past 1 MB.
    expect(sent).toBeLessThan(40);
  });

  it("adds HSTS when the app is served over HTTPS", async () => {
    const secure = createTestApi(handle.db, { publicUrl: "https://screening.example" });
    const res = await secure.call("GET", "/auth/providers");
    expectSecurityHeaders(res, "https", true);
  });
});
