import { once } from "node:events";
import { connect, type Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { NON_PAGE_CSP } from "#app/server/security-headers.server";
import { makeWorld } from "./support/fixtures";
import { buildAsServed, serveBuild, stopServer, type Served } from "./support/served-app";
import { TEST_PASSWORD } from "./support/test-api";
import { createTestDb, databaseUrlOf } from "./support/test-db";

// Issue 33, items 5 and 13, on the app as npm start serves it: the build under remix-serve (its
// patch, patches/@remix-run+serve+2.17.5.patch) with the preload, on one PostgreSQL database.
// Item 5: every answer carries nosniff, X-Frame-Options and a CSP, also those that pass neither
// the page renderer nor the API (downloads, assessment.json, /session-keepalive, redirects); they
// carried none. Item 13: once stopping, the server answers what it has received with
// `Connection: close` and closes every connection; a keep-alive connection took new work.

const postgres = process.env.TEST_DB_ENGINE === "postgres";
const BUILD = ".tmp/served-answers-build";

let handle: DbHandle;
let w: Awaited<ReturnType<typeof makeWorld>>;
let databaseUrl: string;

/** The build under remix-serve, with the per-address stamp of npm start's preloads. */
const startServer = () =>
  serveBuild(BUILD, ["--import", pathToFileURL(path.resolve(import.meta.dirname, "../../scripts/client-address.mjs")).href], {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "served-answers",
  });

describe.runIf(postgres)("answers of the served app (remix-serve over the build)", () => {
  beforeAll(async () => {
    buildAsServed(BUILD);
    handle = await createTestDb();
    w = await makeWorld(handle.db);
    databaseUrl = await databaseUrlOf(handle);
  }, 180_000);
  afterAll(() => handle?.close());

  describe("security headers (item 5)", () => {
    let served: Served;
    let base: string;
    beforeAll(async () => {
      served = await startServer();
      base = served.base;
    }, 60_000);
    afterAll(() => stopServer(served?.server));

    async function signIn(email: string): Promise<string> {
      const res = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: TEST_PASSWORD, redirectTo: "", attempt: "0" }),
      });
      expect(res.status, `sign-in of ${email}`).toBe(302);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    }

    it("every resource route, signed in and out, and the redirects and refusals around them", { timeout: 60_000 }, async () => {
      const teacher = await signIn(w.teacher.email);
      const schoolAdmin = await signIn(w.schoolAdmin.email);
      const districtAdmin = await signIn(w.districtAdmin.email);
      const superAdmin = await signIn(w.superAdmin.email);
      const school = w.schoolA.organization_unit_id;
      const district = w.district.organization_id;
      const classroom = w.classA.participant_group_id;
      const cases: [string, string | null, number][] = [
        [`/classroom/${classroom}/results.csv`, null, 302],
        [`/classroom/not-a-uuid/results.csv`, teacher, 404],
        [`/download/school/${school}`, schoolAdmin, 200],
        [`/download/school/${school}`, null, 302],
        [`/download/district/${district}`, districtAdmin, 200],
        [`/download/district-export/${district}`, superAdmin, 200],
        [`/download/completion/${district}`, superAdmin, 200],
        [`/test-materials/kindergarten.zip`, teacher, 302],
        [`/assessments/letter-names/assessment.json`, null, 200],
        [`/assessments/no-such-test/assessment.json`, null, 404],
        [`/session-keepalive`, teacher, 200],
        [`/session-keepalive`, null, 200],
        [`/__manifest?p=/login&version=stale`, null, 204],
      ];
      for (const [url, cookie, status] of cases) {
        const res = await fetch(base + url, { redirect: "manual", headers: cookie ? { cookie } : {} });
        const what = `${url} ${cookie ? "signed in" : "signed out"} answered ${res.status} ${res.headers.get("content-type")}`;
        expect(res.status, what).toBe(status);
        expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
        expect(res.headers.get("x-frame-options"), what).toBe("DENY");
        expect(res.headers.get("content-security-policy"), what).toBe(NON_PAGE_CSP);
        expect(res.headers.get("referrer-policy"), what).toBe("no-referrer");
        await res.arrayBuffer();
      }
      // assessment.json keeps its public caching; a download keeps "private, no-store".
      const definition = await fetch(`${base}/assessments/letter-names/assessment.json`);
      expect(definition.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      const csv = await fetch(`${base}/download/school/${school}`, { headers: { cookie: schoolAdmin } });
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(csv.headers.get("cache-control")).toBe("private, no-store");
    });

    it("a page keeps its own policy (with its nonce); a static file gets nosniff and no framing, not the page-less CSP", async () => {
      const page = await fetch(`${base}/login`);
      expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      const help = await fetch(`${base}/help/knowledge-base.html`);
      expect(help.status).toBe(200);
      expect(help.headers.get("x-content-type-options")).toBe("nosniff");
      expect(help.headers.get("x-frame-options")).toBe("DENY");
      // Its inline <style> must keep working.
      expect(help.headers.get("content-security-policy")).toBeNull();
    });

    it.each(["http://localhost:99999", "http://localhost:abc"])(
      "a POST with Origin %s is refused 403 with a message (was an empty 500)",
      async (origin) => {
        for (const url of ["/login", "/login.data"]) {
          const res = await fetch(base + url, {
            method: "POST",
            headers: { origin, "content-type": "application/x-www-form-urlencoded" },
            body: "email=a&password=b",
          });
          expect(res.status, url).toBe(403);
          // remix-serve's error page, as for any cross-site action (the reason is in the server's log).
          expect(await res.text(), url).toContain("<pre>Forbidden</pre>");
        }
      },
    );
  });

  describe("stopping (item 13)", () => {
    it(
      "answers what it received with Connection: close, closes every keep-alive connection and accepts none",
      { timeout: 60_000 },
      async () => {
        const { server, port, base: origin } = await startServer();
        try {
          // A keep-alive connection, idle when the stop comes.
          const idle = await openConnection(port);
          idle.socket.write(`GET /assessments/letter-names/assessment.json HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
          expect(await idle.nextHead()).toMatch(/^HTTP\/1\.1 200[\s\S]*\r\nconnection: keep-alive/i);
          // A keep-alive connection with a request under way: its body half sent.
          const busy = await openConnection(port);
          const body = new URLSearchParams({ redirectTo: "/school/1" }).toString();
          busy.socket.write(
            `POST /timeout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
          );
          server.kill("SIGTERM");
          // Stopping: no new connection is accepted. One made while the signal was on its way is
          // closed idle, or reset if it was still in the queue of the port as it closed.
          for (;;) {
            const refused = await openConnection(port).then(
              (c) => (c.socket.destroy(), null),
              (error: NodeJS.ErrnoException) => error.code,
            );
            expect([null, "ECONNRESET", "ECONNREFUSED"]).toContain(refused);
            if (refused === "ECONNREFUSED") break;
          }
          // The connection idle at the stop is closed.
          await idle.closed;
          // The request under way is answered, telling its client the connection ends here; then it does.
          busy.socket.write(body.slice(5));
          const head = await busy.nextHead();
          expect(head).toMatch(/^HTTP\/1\.1 302 /);
          expect(head).toMatch(/\r\nconnection: close\r\n/i);
          await busy.closed;
        } finally {
          await stopServer(server);
        }
      },
    );
  });
});

/** A raw connection: the head of each answer as it comes, and a promise of its close. */
async function openConnection(port: number): Promise<{ socket: Socket; nextHead: () => Promise<string>; closed: Promise<void> }> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  socket.on("error", () => {});
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return {
    socket,
    closed,
    async nextHead() {
      while (!received.includes("\r\n\r\n"))
        await Promise.race([once(socket, "data"), closed.then(() => Promise.reject(new Error("closed before an answer")))]);
      const head = received.slice(0, received.indexOf("\r\n\r\n") + 2);
      received = "";
      return head;
    },
  };
}
