import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "#app/api/app";
import { openDatabase, type DbHandle } from "#app/db/connect.server";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { loader as rootLoader } from "#app/root";
import { loader as classroomLoader } from "#app/routes/classroom.$classroomId";
import { createTestApi } from "./support/test-api";
import { first } from "#app/domain/presence";

// The database out of reach, not just blinking (PostgreSQL or the PgBouncer in front of it
// stopped: every connection refused): a signed-in page must answer the API's 503 and message,
// like the API itself does, never a 500. The session is looked up before the API's own error
// handling (app/lib/api.server.ts), and that look-up failed twice and threw (`npm run
// test:deploy` found it). The same on either engine: the database here is a port nobody listens on.

let handle: DbHandle;
let cookie = "";

beforeAll(async () => {
  process.env.SESSION_SECRET ??= "db-unreachable-test-secret";
  handle = await openDatabase({ url: "postgres://postgres@127.0.0.1:1/unreachable" });
  const t = createTestApi(handle.db);
  setApiAppForTests(t.api, t.deps);
  const session = await getSession(new Request("http://localhost/"));
  session.set("token", "a-session-token-the-database-would-check");
  cookie = first((await commitSession(session)).split(";"), "a cookie");
});
afterAll(async () => {
  await handle?.close();
});

/** What a loader threw, as the visitor gets it: the status and the message. */
async function failure(pending: Promise<unknown>): Promise<{ status: number; message: unknown }> {
  const reason = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  if (reason instanceof Response) return { status: reason.status, message: ((await reason.json()) as { message?: unknown }).message };
  const shaped = reason as { init?: { status?: number }; data?: { message?: unknown } } | null;
  if (shaped?.init?.status) return { status: shaped.init.status, message: shaped.data?.message };
  throw new Error(`the loader threw a raw error: ${String(reason)}`);
}

describe("a signed-in page while the database cannot be reached", () => {
  it("the root and the page loaders answer 503 with the API's message", async () => {
    const classroomId = "00000000-0000-4000-8000-000000000001";
    const context = {};
    const request = () => new Request(`http://localhost/classroom/${classroomId}`, { headers: { cookie } });
    const root = await failure(rootLoader({ request: request(), context, params: {} }));
    const page = await failure(classroomLoader({ request: request(), context: {}, params: { classroomId } }));
    for (const answer of [root, page]) expect(answer).toEqual({ status: 503, message: DATABASE_UNAVAILABLE });
  });
});
