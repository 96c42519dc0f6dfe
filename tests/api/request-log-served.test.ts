import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { preloadArgs } from "../../scripts/lib/preloads.mjs";
import { makeWorld } from "./support/fixtures";
import { buildAsServed, freePort, stopServer } from "./support/served-app";
import { TEST_PASSWORD } from "./support/test-api";
import { createTestDb, databaseUrlOf } from "./support/test-db";

// Issue 41 item 4 on the app as npm start serves it (the build under remix-serve, with the
// server's preloads): REQUEST_LOG=json writes one JSON line per request to stdout, naming the
// Remix route id (from the build remix-serve publishes), the API route of an /api call, or
// "static", under the id sent back as X-Request-Id; remix-serve's own text line is not written.

const postgres = process.env.TEST_DB_ENGINE === "postgres";
const BUILD = ".tmp/request-log-build";
const root = path.resolve(import.meta.dirname, "../..");

type Line = { time: string; id: string; method: string; route: string | null; status: number | null; ms: number };

let handle: DbHandle;
let w: Awaited<ReturnType<typeof makeWorld>>;
let server: ChildProcess;
let base = "";
let stdout = "";

describe.runIf(postgres)("the request log of the served app (REQUEST_LOG=json)", () => {
  beforeAll(async () => {
    buildAsServed(BUILD);
    handle = await createTestDb();
    w = await makeWorld(handle.db);
    const port = await freePort();
    server = spawn(
      process.execPath,
      [...preloadArgs(), path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), `${BUILD}/index.js`],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          DATABASE_URL: await databaseUrlOf(handle),
          SESSION_SECRET: "request-log-served",
          REQUEST_LOG: "json",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    server.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    base = `http://127.0.0.1:${port}`;
    for (;;) {
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (server.exitCode !== null) throw new Error(`remix-serve exited (${server.exitCode})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 240_000);

  afterAll(async () => {
    await stopServer(server);
    await handle?.close();
  });

  it("one line per request, under the id it answered with, naming the route", { timeout: 60_000 }, async () => {
    const asked: { what: string; id: string | null; status: number }[] = [];
    const ask = async (what: string, init?: RequestInit) => {
      const res = await fetch(`${base}${what.split(" ").at(-1)}`, { redirect: "manual", ...init });
      await res.arrayBuffer();
      asked.push({ what, id: res.headers.get("x-request-id"), status: res.status });
    };
    await ask("/healthz");
    await ask("/readyz");
    await ask("/login", { headers: { accept: "text/html" } });
    await ask(`/school/${w.schoolA.organization_unit_id}`);
    await ask("/login.data");
    await ask("POST /api/dashboard/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: w.teacher.email, password: TEST_PASSWORD }),
    });
    await ask(`/api/organizationUnit/${w.schoolA.organization_unit_id}`);
    await ask("/api/no-such-resource");
    await ask("/favicon.ico");
    await ask("/no/such/page", { headers: { accept: "text/html" } });

    // The line is written once the answer has gone: wait for the last one.
    const last = asked.at(-1)!.id!;
    for (let i = 0; i < 100 && !stdout.includes(last); i++) await new Promise((r) => setTimeout(r, 20));
    const lines = stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Line);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const logged = asked.map((a) => {
      const line = a.id ? byId.get(a.id) : undefined;
      return [a.what, line && { method: line.method, route: line.route, status: line.status }];
    });
    expect(Object.fromEntries(logged)).toEqual({
      "/healthz": { method: "GET", route: "routes/healthz", status: 200 },
      "/readyz": { method: "GET", route: "routes/readyz", status: 200 },
      "/login": { method: "GET", route: "routes/login", status: 200 },
      [`/school/${w.schoolA.organization_unit_id}`]: { method: "GET", route: "routes/school.$schoolId", status: 302 },
      "/login.data": { method: "GET", route: "routes/login", status: 200 },
      "POST /api/dashboard/login": { method: "POST", route: "/api/dashboard/login", status: 200 },
      [`/api/organizationUnit/${w.schoolA.organization_unit_id}`]: { method: "GET", route: "/api/organizationUnit/:id", status: 401 },
      "/api/no-such-resource": { method: "GET", route: "/api/*", status: 404 },
      "/favicon.ico": { method: "GET", route: "static", status: 200 },
      "/no/such/page": { method: "GET", route: "routes/$", status: 404 },
    });
    for (const line of lines) expect(typeof line.ms).toBe("number");
    // remix-serve's own request line (morgan's "GET /healthz 200 - - 1.2 ms") is not written beside it.
    expect(stdout).not.toMatch(/^(GET|POST) \//m);
  });
});
