import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Issue 36 §2, overload: the preload that every server process of the app runs with admits one
// request here (SHED_MAX_IN_FLIGHT=1, no queue) and refuses the others at once with 503 and
// Retry-After, in the form each kind of client reads: a page for a document, the API's
// { message } for /api, Remix's own error encoding for a client-side navigation (`.data`), plain
// text for anything else. Static files pass untouched, and a refused request never reaches the
// handler (a refused save did nothing).

const here = path.dirname(fileURLToPath(import.meta.url));
const preload = pathToFileURL(path.join(here, "shed-load.mjs")).href;
const root = path.resolve(here, "..");

// The handler holds its one slot open until the test has sent everything else.
const server = `
import http from "node:http";
const reached = [];
let release;
const held = new Promise((r) => (release = r));
const s = http.createServer(async (req, res) => {
  reached.push(req.method + " " + req.url);
  if (req.url === "/slow") await held;
  res.end("served " + req.url);
});
s.listen(0, "127.0.0.1", async () => {
  const base = "http://127.0.0.1:" + s.address().port;
  const slow = fetch(base + "/slow").then((r) => r.text());
  while (reached.length === 0) await new Promise((r) => setTimeout(r, 5));
  const answer = async (url, init = {}) => {
    const r = await fetch(base + url, init);
    return { status: r.status, retryAfter: r.headers.get("retry-after"), type: r.headers.get("content-type"),
      csp: r.headers.get("content-security-policy"), body: url.endsWith(".data") && r.status === 503 ? "" : await r.text(),
      data: url.endsWith(".data") && r.status === 503 ? await decode(r) : undefined };
  };
  const out = {
    page: await answer("/classroom/1", { headers: { accept: "text/html,application/xhtml+xml" } }),
    post: await answer("/classroom/1", { method: "POST", headers: { accept: "text/html" }, body: "score=1" }),
    api: await answer("/api/participants", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
    nav: await answer("/classroom/1.data"),
    action: await answer("/classroom/1.data", { method: "POST", body: "score=1" }),
    other: await answer("/session-keepalive"),
    favicon: await answer("/favicon.ico"),
    asset: await answer("/build/root-abc.js"),
    health: await answer("/healthz"),
    ready: await answer("/readyz"),
  };
  release();
  out.slow = await slow;
  out.after = await answer("/classroom/2");
  out.reached = reached;
  console.log(JSON.stringify(out));
  s.close();
  s.closeAllConnections();
});
async function decode(r) {
  const { decodeViaTurboStream } = await import("@remix-run/react/dist/single-fetch.js");
  const { UNSAFE_SingleFetchRedirectSymbol } = await import("@remix-run/server-runtime");
  const decoded = (await decodeViaTurboStream(r.body, globalThis)).value;
  const error = (decoded[UNSAFE_SingleFetchRedirectSymbol] ?? decoded).error;
  return { viaRedirectKey: UNSAFE_SingleFetchRedirectSymbol in decoded, status: error.status, internal: error.internal, data: error.data };
}
`;

type Answer = { status: number; retryAfter: string | null; type: string; csp: string; body: string; data?: unknown };
type Asked = "page" | "post" | "api" | "nav" | "action" | "other" | "favicon" | "asset" | "health" | "ready" | "after";

async function run(env: Record<string, string>) {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", preload, "--input-type=module", "-e", server], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout) as Record<Asked, Answer> & { slow: string; reached: string[] };
}

const BUSY = "The server is busy. Please wait a few seconds and try again.";

describe("scripts/shed-load.mjs", () => {
  it("refuses what exceeds the process's limit, in each client's form, before the app sees it", { timeout: 30_000 }, async () => {
    const out = await run({ SHED_MAX_IN_FLIGHT: "1", SHED_MAX_QUEUE: "0" });
    for (const key of ["page", "post", "api", "nav", "action", "other"] as const) {
      expect(out[key].status, key).toBe(503);
      expect(Number(out[key].retryAfter), key).toBeGreaterThanOrEqual(1);
    }
    expect(out.page.type).toBe("text/html; charset=utf-8");
    expect(out.page.body).toContain(`<h1 id="error-title">Server busy</h1><p>${BUSY}</p><p><a href="/classroom/1">Try again</a></p>`);
    expect(out.page.csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'/);
    expect(out.post.body).toContain("Nothing was saved");
    expect(out.api).toMatchObject({ type: "application/json; charset=utf-8", body: JSON.stringify({ message: BUSY }) });
    // The ErrorBoundary of every route gets a 503 route error with the message, as from a loader.
    expect(out.nav.data).toEqual({ viaRedirectKey: true, status: 503, internal: false, data: { message: BUSY } });
    expect(out.action.data).toEqual({ viaRedirectKey: false, status: 503, internal: false, data: { message: BUSY } });
    expect(out.other).toMatchObject({ type: "text/plain; charset=utf-8", body: BUSY });
    // Static files are never refused, even with the only slot taken, nor are the balancer's health checks.
    expect(out.favicon.status).toBe(200);
    expect(out.asset.status).toBe(200);
    expect(out.health.status).toBe(200);
    expect(out.ready.status).toBe(200);
    // Only the admitted request and the static ones reached the handler; once it finished the next was served.
    expect(out.slow).toBe("served /slow");
    expect(out.after.status).toBe(200);
    expect(out.reached).toEqual([
      "GET /slow",
      "GET /favicon.ico",
      "GET /build/root-abc.js",
      "GET /healthz",
      "GET /readyz",
      "GET /classroom/2",
    ]);
  });

  it("admits everything when turned off", { timeout: 30_000 }, async () => {
    const out = await run({ SHED_MAX_IN_FLIGHT: "off" });
    // With no limit the page request is served while /slow is still held.
    expect(out.page.status).toBe(200);
    expect(out.api.status).toBe(200);
  });
});
