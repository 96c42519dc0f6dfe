import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Issue 41 item 4: REQUEST_LOG=json makes every server process write one line of JSON per request
// to stdout (scripts/request-log.mjs): time, request id (also sent as X-Request-Id), method, the
// route that handled it, status and duration. Here a plain http server stands in for remix-serve:
// it publishes a small server build as the patched remix-serve does, and notes an API route as
// the API router does (app/server/request-log.server.ts); the admission preload runs before it with
// room for one request, so a refused request is logged too.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");
const preload = (f: string) => pathToFileURL(path.join(here, f)).href;

const server = `
import http from "node:http";
const route = (id, parentId, extra = {}) => ({ id, parentId, ...extra });
globalThis[Symbol.for("literacy.serverBuild")] = {
  basename: undefined,
  routes: {
    root: route("root", undefined, { path: "" }),
    "routes/_index": route("routes/_index", "root", { index: true }),
    "routes/classroom.$classroomId": route("routes/classroom.$classroomId", "root", { path: "classroom/:classroomId" }),
    "routes/classroom.$classroomId.letters": route("routes/classroom.$classroomId.letters", "routes/classroom.$classroomId", { path: "letters" }),
    "routes/api.$": route("routes/api.$", "root", { path: "api/*" }),
    "routes/healthz": route("routes/healthz", "root", { path: "healthz" }),
    "routes/$": route("routes/$", "root", { path: "*" }),
  },
};
const seen = [];
let release;
const held = new Promise((r) => (release = r));
const s = http.createServer(async (req, res) => {
  const id = req.headers["x-request-id"];
  seen.push(id);
  if (req.url.startsWith("/api/")) {
    const entry = globalThis[Symbol.for("literacy.requestLog")]?.get(id);
    if (entry) entry.route = "/api/participants/:id";
    res.statusCode = 404;
  }
  if (req.url === "/slow") await held;
  if (req.url === "/hang") return;
  res.end("ok");
});
s.listen(0, "127.0.0.1", async () => {
  const base = "http://127.0.0.1:" + s.address().port;
  const get = async (url, init) => {
    const r = await fetch(base + url, init);
    await r.text();
    return { url, status: r.status, id: r.headers.get("x-request-id") };
  };
  const out = { answers: [] };
  out.answers.push(await get("/", { headers: { "x-request-id": "chosen-by-the-client" } }));
  for (const url of ["/classroom/7", "/classroom/7.data", "/classroom/6f1c2a40-8d1e-4c3b-9a7f-2b9e0c1d4e5f/letters", "/_root.data", "/healthz", "/api/participants/9", "/favicon.ico", "/no/such/page", "/__manifest?p=/x"])
    out.answers.push(await get(url));
  // One request in flight, none may wait: the next is refused by the admission.
  const slow = fetch(base + "/slow").then((r) => r.text());
  while (seen.length < 11) await new Promise((r) => setTimeout(r, 5));
  out.answers.push(await get("/classroom/8"));
  release();
  await slow;
  // A visitor who leaves before the answer.
  const gone = new AbortController();
  const hang = fetch(base + "/hang", { signal: gone.signal }).catch(() => null);
  while (seen.length < 12) await new Promise((r) => setTimeout(r, 5));
  gone.abort();
  await hang;
  await new Promise((r) => setTimeout(r, 100));
  out.seen = seen;
  console.error(JSON.stringify(out));
  s.close();
  s.closeAllConnections();
});
`;

type Line = { time: string; id: string; method: string; route: string | null; status: number | null; ms: number; aborted?: boolean };
type Out = { answers: { url: string; status: number; id: string | null }[]; seen: string[] };

async function run(env: Record<string, string>) {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ["--import", preload("shed-load.mjs"), "--import", preload("request-log.mjs"), "--input-type=module", "-e", server],
    { cwd: root, env: { ...process.env, SHED_MAX_IN_FLIGHT: "1", SHED_MAX_QUEUE: "0", ...env } },
  );
  const out = JSON.parse(stderr.trim().split("\n").at(-1) ?? "") as Out;
  return { out, stdout };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("scripts/request-log.mjs", () => {
  it("REQUEST_LOG=json: one JSON line per request, named by its route, under the id it answered with", { timeout: 30_000 }, async () => {
    const { out, stdout } = await run({ REQUEST_LOG: "json" });
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Line);
    // Every request has its line, and nothing else is on stdout.
    expect(lines).toHaveLength(13);
    for (const line of lines) {
      expect(Object.keys(line).slice(0, 6)).toEqual(["time", "id", "method", "route", "status", "ms"]);
      expect(line.id).toMatch(UUID);
      expect(new Date(line.time).toISOString()).toBe(line.time);
      expect(line.ms).toBeGreaterThanOrEqual(0);
    }
    const byId = new Map(lines.map((l) => [l.id, l]));
    const logged = (url: string) => {
      const answer = out.answers.find((a) => a.url === url);
      const line = answer?.id ? byId.get(answer.id) : undefined;
      return line && { method: line.method, route: line.route, status: line.status };
    };
    expect(logged("/")).toEqual({ method: "GET", route: "routes/_index", status: 200 });
    expect(logged("/classroom/7")).toEqual({ method: "GET", route: "routes/classroom.$classroomId", status: 200 });
    expect(logged("/classroom/7.data")).toEqual({ method: "GET", route: "routes/classroom.$classroomId", status: 200 });
    // Ids are UUIDs: every one finds the same route (the matcher's answers are kept per path shape).
    expect(logged("/classroom/6f1c2a40-8d1e-4c3b-9a7f-2b9e0c1d4e5f/letters")).toEqual({
      method: "GET",
      route: "routes/classroom.$classroomId.letters",
      status: 200,
    });
    expect(logged("/_root.data")).toEqual({ method: "GET", route: "routes/_index", status: 200 });
    expect(logged("/healthz")).toEqual({ method: "GET", route: "routes/healthz", status: 200 });
    expect(logged("/api/participants/9")).toEqual({ method: "GET", route: "/api/participants/:id", status: 404 });
    expect(logged("/favicon.ico")).toEqual({ method: "GET", route: "static", status: 200 });
    expect(logged("/no/such/page")).toEqual({ method: "GET", route: "routes/$", status: 200 });
    expect(logged("/__manifest?p=/x")).toEqual({ method: "GET", route: "__manifest", status: 200 });
    // Refused by the admission before the app saw it: logged with the route it asked for.
    expect(logged("/classroom/8")).toEqual({ method: "GET", route: "routes/classroom.$classroomId", status: 503 });
    // The app saw the server's id, never the client's.
    expect(out.answers[0]?.id).toMatch(UUID);
    expect(out.seen[0]).toBe(out.answers[0]?.id);
    expect(out.seen).not.toContain("chosen-by-the-client");
    // The slow one waited for its release; the visitor who left is logged without a status.
    const slow = lines.find((l) => l.id === out.seen[10]);
    expect(slow).toMatchObject({ route: "routes/$", status: 200 });
    expect(lines.find((l) => l.id === out.seen[11])).toMatchObject({ route: "routes/$", status: null, aborted: true });
  });

  it("off by default: no line, no X-Request-Id, the request as the client sent it", { timeout: 30_000 }, async () => {
    const { out, stdout } = await run({ REQUEST_LOG: "" });
    expect(stdout).toBe("");
    expect(out.answers.map((a) => a.id)).toEqual(out.answers.map(() => null));
    expect(out.seen[0]).toBe("chosen-by-the-client");
    expect(out.seen.slice(1).every((id) => id === null)).toBe(true);
  });

  it("refuses a value it does not know", async () => {
    const failed = await promisify(execFile)(process.execPath, ["--import", preload("request-log.mjs"), "-e", ""], {
      cwd: root,
      env: { ...process.env, REQUEST_LOG: "yes" },
    }).then(
      () => null,
      (e: { stderr: string }) => e.stderr,
    );
    expect(failed).toContain('REQUEST_LOG must be "json" (one JSON line per request on stdout) or "off", not "yes"');
  });
});
