import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { workerCount } from "./cluster.mjs";

const PG = "postgres://db.internal/screening";

describe("workerCount (npm start's server processes)", () => {
  it.each([
    { env: { DATABASE_URL: PG }, cores: 4, workers: 4, note: false },
    { env: { DATABASE_URL: PG, WEB_CONCURRENCY: "2" }, cores: 8, workers: 2, note: false },
    { env: { DATABASE_URL: PG, WEB_CONCURRENCY: "1" }, cores: 8, workers: 1, note: false },
    { env: { DATABASE_URL: PG, WEB_CONCURRENCY: " " }, cores: 2, workers: 2, note: false },
    { env: {}, cores: 8, workers: 1, note: false },
    { env: { WEB_CONCURRENCY: "1" }, cores: 8, workers: 1, note: false },
    { env: { WEB_CONCURRENCY: "4" }, cores: 8, workers: 1, note: true },
  ])("$env on $cores cores: $workers", ({ env, cores, workers, note }) => {
    const got = workerCount(env, cores);
    expect(got.workers).toBe(workers);
    expect(got.note !== null).toBe(note);
  });

  it("says why PGlite serves with one process", () => {
    expect(workerCount({ WEB_CONCURRENCY: "4" }, 8).note).toMatch(
      /PGlite database belongs to one process: serving with one\. Set DATABASE_URL/,
    );
  });

  it.each(["0", "-1", "1.5", "two"])("refuses WEB_CONCURRENCY=%s", (value) => {
    expect(() => workerCount({ DATABASE_URL: PG, WEB_CONCURRENCY: value }, 2)).toThrow(/WEB_CONCURRENCY must be a whole number/);
  });
});

// Issue 33 item 13: after a worker's kill -9 one request hung until the client gave up (30 s).
// node:cluster's primary accepts every connection and hands it to a worker; one handed to a worker
// that dies before taking it stayed open in the primary, answered by nobody. Here one worker is
// stuck in synchronous work (as a worker is just before it is killed), so the connection handed
// to it waits unread; then it is killed.
describe("a worker killed with connections handed to it (runCluster)", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  let primary: ChildProcess | undefined;

  afterEach(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      const exited = once(primary, "exit");
      primary.kill("SIGTERM");
      await exited;
    }
  });

  it(
    "gives each of them to a live worker: every request but the one in flight on the dead worker is answered",
    { timeout: 60_000 },
    async () => {
      const port = await freePort();
      primary = spawn(
        process.execPath,
        [path.join(root, "scripts/lib/cluster.mjs"), "2", path.join(import.meta.dirname, "fixtures/cluster-worker.mjs")],
        {
          env: { ...process.env, PORT: String(port) },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      const lines = readLines(primary.stdout!);
      // Both workers answering.
      const pids = new Set<string>();
      while (pids.size < 2) {
        const answer = await get(port, "/", { timeoutMs: 2_000 }).catch(() => null);
        if (answer?.status === 200) pids.add(answer.body);
      }
      const busy = get(port, "/busy", { timeoutMs: 20_000 });
      const stuck = (await lines.next((line) => line.startsWith("busy "))).slice("busy ".length);
      const other = [...pids].find((pid) => pid !== stuck)!;
      // Three new connections: the stuck worker takes one from the primary and cannot read it; the
      // other worker answers the other two.
      const started = performance.now();
      const answers = [0, 1, 2].map(() => get(port, "/", { timeoutMs: 20_000 }));
      const settled = answers.map((a) =>
        a.then(
          (r) => r,
          (e: Error) => e,
        ),
      );
      const answered: string[] = [];
      for (const a of settled) void a.then((r) => !(r instanceof Error) && answered.push(r.body));
      await until(() => answered.length === 2);
      expect(answered).toEqual([other, other]);
      process.kill(Number(stuck), "SIGKILL");
      // The request in flight on the killed worker is lost: its client sees the connection reset.
      await expect(busy).rejects.toMatchObject({ code: "ECONNRESET" });
      // The connection it had been handed and never read is answered by the live worker, at once.
      const all = await Promise.all(settled);
      for (const a of all) expect(a).toMatchObject({ status: 200, body: other });
      expect(performance.now() - started, "answered within a few seconds, not at the client's time-out").toBeLessThan(5_000);
      // And a keep-alive client goes on being served by the live worker and its replacement.
      const agent = new Agent({ keepAlive: true });
      const after = await Promise.all(Array.from({ length: 10 }, () => get(port, "/", { agent, timeoutMs: 5_000 })));
      agent.destroy();
      expect(after.map((a) => a.status)).toEqual(Array(10).fill(200));
    },
  );
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Answer = { status: number; body: string; connection: string | undefined };

/** One GET; by default on a connection of its own. Rejects with the socket's error, or "timeout" after `timeoutMs`. */
function get(port: number, urlPath: string, { agent, timeoutMs }: { agent?: Agent; timeoutMs: number }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: urlPath, agent: agent ?? false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: "timeout" })));
    req.on("error", reject);
    req.end();
  });
}

/** Waits on `condition`, checked as events come in (each check a macrotask later). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setImmediate(r));
}

/** The lines of a stream, awaited one condition at a time. */
function readLines(stream: NodeJS.ReadableStream) {
  const seen: string[] = [];
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    seen.push(...parts);
  });
  return {
    seen,
    async next(match: (line: string) => boolean): Promise<string> {
      for (;;) {
        const line = seen.find(match);
        if (line !== undefined) return line;
        await once(stream, "data");
      }
    },
  };
}
