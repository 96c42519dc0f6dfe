// Preloaded into the server process beside scripts/client-address.mjs (`node --import …`; start.mjs,
// e2e-server.mjs and the benchmark's server pass both, see scripts/lib/preloads.mjs). remix-serve
// gives no middleware, so this wraps http.Server.prototype.emit as that preload does: each
// incoming request passes the process's admission (scripts/lib/admission.mjs) before the app sees
// it. Refused (503 + Retry-After), a request has run nothing: no loader, no action, no API call, so
// a refused save is a save not made, and the client may send it again. Static files (the build's
// assets, public/) are never held back or refused: they cost a file read, and a page whose
// document was served must get its scripts and styles. Nor are the health checks (neverShed).
import { createHash } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import { Admission, admissionLimits } from "./lib/admission.mjs";
import { isStaticFile } from "./lib/static-files.mjs";

export const BUSY_MESSAGE = "The server is busy. Please wait a few seconds and try again.";
const NOT_SAVED = "Nothing was saved: go back and send it again in a few seconds.";

// The load balancer's health checks (app/routes/healthz.ts, readyz.ts): a busy process is up and
// ready, and says so at once. Refused with 503, they would make it look dead, and a balancer that
// took every busy server out would answer everyone itself; the busy answer belongs to the
// requests that overload it. Neither reads a session; /readyz bounds its own database reads.
const HEALTH_CHECKS = new Set(["/healthz", "/readyz"]);

/** @param {string} pathname */
export function neverShed(pathname) {
  return isStaticFile(pathname) || HEALTH_CHECKS.has(pathname);
}

const escape = (/** @type {string} */ s) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

// The look of the app's error page (app/components/ErrorPage.tsx, .error-page in app/styles/app.css)
// without its stylesheet, which is the app's to serve.
const STYLE =
  "body{margin:0;font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1d2430;background:#f6f7f9}" +
  ".error-page{max-width:40rem;margin:1.5rem auto;padding:0 1rem}a{color:#1f5fa8}" +
  ":focus-visible{outline:3px solid #f2a900;outline-offset:2px}";
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");
const PAGE_HEADERS = {
  "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
};

/**
 * The busy page of a document request: the message, and a way on (the same address again for a
 * read; for a form post, that it was not saved, since the browser's Back keeps what was typed).
 * @param {http.IncomingMessage} req
 */
function busyPage(req) {
  const read = req.method === "GET" || req.method === "HEAD";
  const onward = read ? `<p><a href="${escape(req.url ?? "/")}">Try again</a></p>` : `<p>${NOT_SAVED}</p>`;
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>Server busy</title><style>${STYLE}</style></head><body><main id="main">` +
    `<section class="error-page" role="alert" aria-labelledby="error-title"><h1 id="error-title">Server busy</h1>` +
    `<p>${BUSY_MESSAGE}</p>${onward}</section></main></body></html>`
  );
}

// A client-side navigation or form post asks for `….data` (Remix single fetch) and decodes the
// answer as a turbo-stream: the refusal is sent as the error Remix would send for a loader that
// threw a 503, so the page's ErrorBoundary shows the message instead of failing to decode.
const require = createRequire(path.resolve("package.json"));
const singleFetch = require("@remix-run/server-runtime/dist/single-fetch.js");
const { UNSAFE_ErrorResponseImpl: ErrorResponse } = createRequire(require.resolve("@remix-run/server-runtime"))("@remix-run/router");

/** @param {http.IncomingMessage} req */
function busyData(req) {
  const error = { error: new ErrorResponse(503, "Service Unavailable", { message: BUSY_MESSAGE }) };
  // A navigation's answer is keyed by route; the redirect key is read before any route's, for all of them.
  const body = req.method === "GET" || req.method === "HEAD" ? { [singleFetch.SingleFetchRedirectSymbol]: error } : error;
  const mode = /** @type {import("@remix-run/server-runtime/dist/mode.js").ServerMode} */ ("production");
  // The web stream of the DOM's types and of node:stream/web's are one object at run time.
  const stream = /** @type {import("node:stream/web").ReadableStream} */ (
    singleFetch.encodeViaTurboStream(body, new AbortController().signal, undefined, mode)
  );
  return Readable.fromWeb(stream);
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {number} retryAfterS
 */
export function answerBusy(req, res, retryAfterS) {
  if (res.headersSent || res.destroyed) return;
  const pathname = (req.url ?? "/").split("?")[0] ?? "/";
  const common = {
    "Retry-After": String(retryAfterS),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  };
  const nonPage = {
    ...common,
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  };
  if (pathname.startsWith("/api/") || pathname === "/api") {
    // The API's own error shape (app/api/app.ts): { message }.
    res.writeHead(503, { ...nonPage, "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify({ message: BUSY_MESSAGE }));
  } else if (pathname.endsWith(".data")) {
    res.writeHead(503, { ...nonPage, "Content-Type": "text/x-script" });
    busyData(req).pipe(res);
  } else if ((req.headers.accept ?? "").includes("text/html")) {
    res.writeHead(503, { ...PAGE_HEADERS, ...common, "Content-Type": "text/html; charset=utf-8" });
    res.end(busyPage(req));
  } else {
    res.writeHead(503, { ...nonPage, "Content-Type": "text/plain; charset=utf-8" });
    res.end(BUSY_MESSAGE);
  }
}

const limits = admissionLimits(process.env);
if (limits) {
  const admission = new Admission(limits);
  // Typed as the plain emitter it is: the overloads of Server.emit name each event's arguments.
  const emit = /** @type {(this: http.Server, event: string | symbol, ...args: unknown[]) => boolean} */ (http.Server.prototype.emit);
  /**
   * @this {http.Server}
   * @param {string | symbol} event
   * @param {...unknown} args
   */
  http.Server.prototype.emit = function (event, ...args) {
    const [req, res] = /** @type {[http.IncomingMessage, http.ServerResponse]} */ (args);
    if (event !== "request" || !req?.url || neverShed(req.url.split("?")[0] ?? "")) return emit.call(this, event, ...args);
    let started = false;
    const cancel = admission.enter(
      (done) => {
        started = true;
        // 'close' comes once the answer is sent or the connection is gone, whichever is first.
        res.once("close", done);
        emit.call(this, event, ...args);
      },
      (retryAfterS) => answerBusy(req, res, retryAfterS),
    );
    // A visitor who leaves while waiting takes no turn.
    if (!started) res.once("close", () => started || cancel());
    return true;
  };
}
