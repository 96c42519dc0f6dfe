import { describe, expect, it } from "vitest";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { loader as schoolLoader } from "#app/routes/school.$schoolId";
import { apiWorld } from "./support/world";

// Issue 41 item 4, the API's part of the request log (REQUEST_LOG=json, scripts/request-log.mjs):
// the preload keeps an entry per request id, and the API router names the route that answered an
// /api call in it, as the pattern it was declared with. A page's in-process API calls carry no id,
// so the page keeps the Remix route the preload finds for it.

// What the preload sets up before the app loads: the registry under its symbol.
type Entry = { route: string | null };
const registry = new Map<string, Entry>();
Reflect.set(globalThis, Symbol.for("literacy.requestLog"), registry);

process.env.SESSION_SECRET ??= "request-log-secret";
const { t, w } = await apiWorld();
const token = await t.login(w.schoolAdmin.email);

/** An /api call as the server received it: the preload's id in its header and an entry under it. */
async function apiCall(method: string, path: string, id: string) {
  const entry: Entry = { route: null };
  registry.set(id, entry);
  const res = await t.call(method, path, { token, headers: { "x-request-id": id } });
  return { status: res.status, route: entry.route };
}

describe(`the API names its route in the request log (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it("a declared route: its pattern, whatever the answer", async () => {
    expect(await apiCall("GET", `/organizationUnit/${w.schoolA.organization_unit_id}`, "a1")).toEqual({
      status: 200,
      route: "/api/organizationUnit/:id",
    });
    // Out of scope is still that route's answer.
    expect(await apiCall("GET", `/organizationUnit/${w.schoolB.organization_unit_id}`, "a2")).toEqual({
      status: 403,
      route: "/api/organizationUnit/:id",
    });
  });

  it("no route answered: /api/*", async () => {
    expect(await apiCall("GET", "/no-such-resource", "a3")).toEqual({ status: 404, route: "/api/*" });
  });

  it("a request without the id, or with one the log does not know, notes nothing", async () => {
    const res = await t.call("GET", `/organizationUnit/${w.schoolA.organization_unit_id}`, {
      token,
      headers: { "x-request-id": "unknown" },
    });
    expect(res.status).toBe(200);
    expect(registry.has("unknown")).toBe(false);
  });

  it("a page's in-process API calls leave its entry to the page", async () => {
    setApiAppForTests(t.api, t.deps);
    const session = await getSession(new Request("http://localhost/"));
    session.set("token", token);
    const cookie = (await commitSession(session)).split(";")[0]!;
    const entry: Entry = { route: null };
    registry.set("p1", entry);
    const schoolId = w.schoolA.organization_unit_id;
    const request = new Request(`http://localhost/school/${schoolId}`, { headers: { cookie, "x-request-id": "p1" } });
    const page = await schoolLoader({ request, params: { schoolId }, context: {} });
    expect(page).toBeTruthy();
    expect(entry.route).toBeNull();
  });
});
