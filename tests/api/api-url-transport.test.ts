import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { first } from "#app/domain/presence";
// remix-serve's own adapter (a dependency of @remix-run/serve): a request over the wire, as a separate API server gets it.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { commitSession, getSession } from "#app/lib/session.server";
import { action as supportAction } from "#app/routes/customer-support";
import { loader as classroomLoader } from "#app/routes/classroom.$classroomId";
import { apiWorld } from "./support/world";

// docs/decisions/0002-api-in-process.md: with API_URL set, the pages' client sends the same requests over
// HTTP to that origin with the session's bearer token, and that API resolves the caller itself. Here
// the API is served on a port of its own (as remix-serve would serve it) and the pages' loader and
// action run with API_URL pointing at it: the classroom page loads and a support message is saved,
// and every call they made is seen arriving over the socket. No in-process API is set up at all.

const { handle, t, w } = await apiWorld();

/** The API calls that arrived over HTTP: method, path and whether they carried a bearer token. */
const arrived: { method: string; path: string; bearer: boolean }[] = [];
const app = express();
app.all("*", async (req, res) => {
  arrived.push({ method: req.method, path: req.path, bearer: /^Bearer \S+$/.test(req.headers.authorization ?? "") });
  await sendRemixResponse(res, await t.api.fetch(createRemixRequest(req, res)));
});
const server: Server = await new Promise((resolve) => {
  const s = app.listen(0, "127.0.0.1", () => resolve(s));
});
const apiOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.API_URL = apiOrigin;
process.env.SESSION_SECRET ??= "api-url-transport-test-secret";
afterAll(async () => {
  delete process.env.API_URL;
  await new Promise((resolve) => server.close(resolve));
});

const session = await getSession(new Request("http://localhost/"));
session.set("token", await t.login(w.teacher.email));
const cookie = first((await commitSession(session)).split(";"), "a cookie");
const classroomId = w.classA.participant_group_id;

describe(`pages over API_URL (${process.env.TEST_DB_ENGINE})`, () => {
  it("the classroom page loads its data from the API over HTTP, with the session's bearer token", async () => {
    arrived.length = 0;
    const request = new Request(`http://localhost/classroom/${classroomId}`, { headers: { cookie } });
    const page = (await classroomLoader({ request, params: { classroomId }, context: {} })) as unknown as Record<string, unknown>;
    expect(JSON.stringify(page)).toContain(w.classA.name);
    expect(arrived.length).toBeGreaterThan(0);
    expect(arrived.every((call) => call.bearer && call.path.startsWith("/api/"))).toBe(true);
    expect(arrived.map((call) => call.path)).toContain(`/api/participantGroups/${classroomId}`);
  });

  it("a save goes through over HTTP: the support form's message is kept", async () => {
    arrived.length = 0;
    const subject = `Transport ${process.pid}`;
    const request = new Request("http://localhost/customer-support", {
      method: "POST",
      headers: { cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subject, message: "Sent by the page over API_URL." }),
    });
    expect(await supportAction({ request, params: {}, context: {} })).toEqual({ sent: true });
    expect(arrived).toContainEqual({ method: "POST", path: "/api/support/messages", bearer: true });
    const kept = await handle.db.selectFrom("support_message").select(["subject", "user_id"]).where("subject", "=", subject).execute();
    expect(kept).toEqual([{ subject, user_id: w.teacher.user_id }]);
  });
});
