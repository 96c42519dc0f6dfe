import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { makeWorld, newTeacherBody } from "./support/fixtures";
import { TEST_PASSWORD } from "./support/test-api";
import { createTestDb, databaseUrlOf } from "./support/test-db";
import { first } from "#app/domain/presence";

// More than one core (issue 15): `npm start` runs one server process per core on PostgreSQL
// through scripts/lib/cluster.mjs. Here that same runner starts two workers of the app's API on
// one port and one database. Each answer names its worker; a sign-in answered by one worker is a
// session the other honours, and failed sign-ins counted by both add up to one limit: sessions
// and rate limits are the database's, so no load balancer needs sticky sessions.

const root = path.resolve(import.meta.dirname, "../..");
const PORT = 5391;
const postgres = process.env.TEST_DB_ENGINE === "postgres";

let handle: DbHandle;
let primary: ChildProcess;
let w: Awaited<ReturnType<typeof makeWorld>>;

type Answer = { status: number; worker: string; body: string };

/** One request on a connection of its own, so the cluster hands each to the next worker in turn. */
function call(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        host: "127.0.0.1",
        port: PORT,
        method,
        path: `/api${url}`,
        agent: false,
        headers: {
          connection: "close",
          ...(payload ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, worker: String(res.headers["x-worker-pid"]), body }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

describe.runIf(postgres)("several server processes on one PostgreSQL (scripts/lib/cluster.mjs)", () => {
  beforeAll(async () => {
    handle = await createTestDb();
    w = await makeWorld(handle.db);
    primary = spawn(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts/lib/cluster.mjs"), "2", path.join(root, "tests/api/support/cluster-worker.ts")],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: await databaseUrlOf(handle), PORT: String(PORT) },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    // Both workers up: two different pids have answered.
    const seen = new Set<string>();
    for (let i = 0; i < 600 && seen.size < 2; i++) {
      const answer = await call("GET", "/openapi.json").catch(() => null);
      if (answer?.status === 200) seen.add(answer.worker);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen.size, "two workers answering").toBe(2);
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((r) => primary.once("exit", r));
      primary.kill("SIGTERM");
      await exited;
    }
    await handle?.close();
  });

  it("serves a session signed in on one worker from the other", async () => {
    const login = await call("POST", "/dashboard/login", { body: { username: w.teacher.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body) as { token: string };
    const workers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const me = await call("GET", "/dashboard/current-user", { token });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject({ email: w.teacher.email });
      workers.add(me.worker);
    }
    expect(workers.size, "the session was used on both workers").toBe(2);
    expect(workers.has(login.worker)).toBe(true);
    // Signed out on one worker: refused on every worker from then on.
    const out = await call("POST", "/dashboard/logout", { token });
    expect(out.status).toBe(204);
    for (let i = 0; i < 2; i++) expect((await call("GET", "/dashboard/current-user", { token })).status).toBe(401);
  }, 60_000);

  it("counts failed sign-ins on both workers against one limit", async () => {
    const workers = new Set<string>();
    // Five failures in 15 minutes are free, then the account waits (app/domain/rate-limit.ts), whichever worker saw them.
    for (let i = 0; i < 5; i++) {
      const failed = await call("POST", "/dashboard/login", { body: { username: w.schoolAdmin.email, password: "wrong password" } });
      expect(failed.status).toBe(401);
      workers.add(failed.worker);
    }
    expect(workers.size, "the failures were counted by both workers").toBe(2);
    for (let i = 0; i < 2; i++) {
      const limited = await call("POST", "/dashboard/login", { body: { username: w.schoolAdmin.email, password: TEST_PASSWORD } });
      expect(limited.status).toBe(429);
      expect(JSON.parse(limited.body).message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    }
  }, 120_000);

  it("shows a user added on one worker in the other's count at once", async () => {
    const login = await call("POST", "/dashboard/login", { body: { username: w.districtAdmin.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body) as { token: string };
    // One row a page: a short last page would show the count wrong and be counted again anyway.
    const users = `/user/organization/${w.district.organization_id}/page?limit=1`;
    /** The Users tab's total as each worker answers it, every worker at least once. */
    const totals = async () => {
      const byWorker = new Map<string, number>();
      for (let i = 0; i < 12 && byWorker.size < 2; i++) {
        const page = await call("GET", users, { token });
        expect(page.status).toBe(200);
        byWorker.set(page.worker, (JSON.parse(page.body) as { total: number }).total);
      }
      expect(byWorker.size, "both workers answered").toBe(2);
      return [...byWorker.values()];
    };
    // Both workers keep the total now (app/api/kept.ts).
    const before = first(await totals(), "a worker's total");
    expect(await totals()).toEqual([before, before]);
    const added = await call("POST", "/user", { token, body: newTeacherBody(w, "Two", "Workers", "two.workers@cluster.example") });
    expect(added.status).toBe(201);
    expect(await totals()).toEqual([before + 1, before + 1]);
  }, 60_000);
});
