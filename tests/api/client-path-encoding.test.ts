import { describe, expect, it } from "vitest";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { apiFor } from "#app/lib/api.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

// Issue 14 (low): an id the UI takes from a form or a URL goes into an API path encoded, so a
// crafted value cannot climb to another route of the API with the caller's rights. The pages'
// client (openapi-fetch over the in-process API) is called here as a loader would call it.

/** The URLs the API received from the pages' client. */
const received: string[] = [];

process.env.SESSION_SECRET ??= "path-encoding-test-secret";
const { t, w } = await apiWorld();
const recording: typeof t.api = Object.assign(Object.create(t.api) as typeof t.api, {
  fetch: (request: Request, env?: unknown) => {
    received.push(request.url);
    return t.api.fetch(request, env as never);
  },
});
setApiAppForTests(recording, t.deps);
const session = await getSession(new Request("http://localhost/"));
session.set("token", await t.login(w.superAdmin.email));
const cookie = first((await commitSession(session)).split(";"), "a cookie");

describe(`ids in API paths from the pages' client (${process.env.TEST_DB_ENGINE})`, () => {
  const api = () => apiFor(new Request("http://localhost/classroom/x", { headers: { cookie } }), {});

  it("a plain id reaches its own route", async () => {
    const { response } = await api().GET("/participantGroups/{id}", { params: { path: { id: w.classA.participant_group_id } } });
    expect(response.status).toBe(200);
  });

  it.each([
    (district: string) => `../organization/${district}`,
    (district: string) => `..%2Forganization%2F${district}`,
    (district: string) => `x?id=${district}`,
    (district: string) => `x#${district}`,
  ])("a crafted id stays one path segment of its own route: %s", async (craft) => {
    const id = craft(w.district.organization_id);
    received.length = 0;
    const { response, data } = await api().GET("/participantGroups/{id}", { params: { path: { id } } });
    expect(received).toHaveLength(1);
    const url = new URL(first(received, "a request"));
    expect(url.pathname, "the path the API received").toMatch(/^\/api\/participantGroups\/[^/]+$/);
    expect(decodeURIComponent(url.pathname.split("/").at(-1)!), "the id arrives whole").toBe(id);
    expect(url.search + url.hash).toBe("");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(data).toBeUndefined();
  });
});
