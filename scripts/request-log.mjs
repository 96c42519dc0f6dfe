// Preloaded into every server process of the app, last (scripts/lib/preloads.mjs), so its wrapper
// of http.Server.prototype.emit runs first: with REQUEST_LOG=json each request, including one the
// admission refuses (scripts/shed-load.mjs) or a static file, writes one line of JSON to stdout
// once it is answered:
//
//   {"time":"2026-12-01T09:30:00.123Z","id":"…","method":"GET","route":"routes/classroom.$classroomId","status":200,"ms":41.7}
//
// `id` is a new UUID per request, sent back as X-Request-Id (a client's own X-Request-Id is
// replaced: ids in the log are the server's). `route` is the Remix route id that handles the path
// (Remix's own matcher over the server build that remix-serve publishes, see its patch), the API
// route for /api calls (the router notes it, app/server/request-log.server.ts), or "static".
// `ms` runs from the request's arrival to the last byte of the answer handed to the socket,
// time waiting for a turn included. A connection closed before the answer was sent logs
// `"status":null,"aborted":true`. Unset (or "off"), the preload changes nothing.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { isStaticFile } from "./lib/static-files.mjs";

export const REQUEST_ID_HEADER = "x-request-id";
/** Request id → what the app noted of it (its route); read by app/server/request-log.server.ts. */
const REGISTRY = Symbol.for("literacy.requestLog");
/** The server build, published by remix-serve (patches/@remix-run+serve+2.17.5.patch). */
const SERVER_BUILD = Symbol.for("literacy.serverBuild");

/**
 * @param {Record<string, string | undefined>} env
 * @returns {boolean}
 */
export function requestLogOn(env) {
  // Exactly "json": remix-serve's patch leaves out its own request line on the same test.
  const raw = env.REQUEST_LOG ?? "";
  if (raw === "" || raw === "off") return false;
  if (raw === "json") return true;
  throw new Error(`REQUEST_LOG must be "json" (one JSON line per request on stdout) or "off", not "${raw}"`);
}

const require = createRequire(path.resolve("package.json"));

/** @typedef {import("@remix-run/server-runtime").ServerBuild} ServerBuild */
/** @type {{ build: ServerBuild, routes: import("@remix-run/server-runtime/dist/routes.js").ServerRoute[], match: typeof import("@remix-run/server-runtime/dist/routeMatching.js").matchServerRoutes } | undefined} */
let matcher;

// Remix's matcher flattens and ranks every route on each call (a few hundred microseconds for
// this app's routes), so its answers are kept by path. The app's ids are UUIDs: each becomes the
// same one before the look-up, which changes no answer (a parameter that matches one UUID matches
// any, and no route's own segment is one), so the paths of every student share one entry.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ANY_UUID = "00000000-0000-4000-8000-000000000000";
const KEPT_PATHS = 2000;
/** @type {Map<string, string | null>} */
const routeIds = new Map();

/**
 * The id of the Remix route that handles `pathname`, as Remix's request handler finds it: the
 * deepest match; a single-fetch data request (`….data`) is the page it loads.
 * @param {string} pathname
 * @returns {string | null}
 */
export function remixRouteId(pathname) {
  const build = /** @type {ServerBuild | undefined} */ (Reflect.get(globalThis, SERVER_BUILD));
  if (!build) return null;
  if (pathname === "/__manifest") return "__manifest";
  if (matcher?.build !== build) {
    const { createRoutes } = require("@remix-run/server-runtime/dist/routes.js");
    const { matchServerRoutes } = require("@remix-run/server-runtime/dist/routeMatching.js");
    matcher = { build, routes: createRoutes(build.routes), match: matchServerRoutes };
    routeIds.clear();
  }
  const target = (pathname.endsWith(".data") ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname).replace(
    UUID,
    ANY_UUID,
  );
  let id = routeIds.get(target);
  if (id === undefined) {
    id = matcher.match(matcher.routes, target, build.basename)?.at(-1)?.route.id ?? null;
    // Paths without UUIDs are many only when someone makes them up: start over rather than grow.
    if (routeIds.size >= KEPT_PATHS) routeIds.clear();
    routeIds.set(target, id);
  }
  return id;
}

if (requestLogOn(process.env)) {
  /** @type {Map<string, { route: string | null }>} */
  const registry = new Map();
  Reflect.set(globalThis, REGISTRY, registry);
  // Typed as the plain emitter it is: the overloads of Server.emit name each event's arguments.
  const emit = /** @type {(this: http.Server, event: string | symbol, ...args: unknown[]) => boolean} */ (http.Server.prototype.emit);
  /**
   * @this {http.Server}
   * @param {string | symbol} event
   * @param {...unknown} args
   */
  http.Server.prototype.emit = function (event, ...args) {
    const [req, res] = /** @type {[http.IncomingMessage, http.ServerResponse]} */ (args);
    if (event !== "request" || !req?.headers) return emit.call(this, event, ...args);
    const started = performance.now();
    const id = randomUUID();
    // The app reads the id from the request (the API router notes its route under it); a
    // client's own header of that name is dropped first.
    for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
      if (req.rawHeaders[i]?.toLowerCase() === REQUEST_ID_HEADER) req.rawHeaders.splice(i, 2);
    }
    req.headers[REQUEST_ID_HEADER] = id;
    req.rawHeaders.push(REQUEST_ID_HEADER, id);
    res.setHeader("X-Request-Id", id);
    const noted = { route: /** @type {string | null} */ (null) };
    registry.set(id, noted);
    // 'close' comes once the answer is handed to the socket, or the connection is gone first.
    res.once("close", () => {
      registry.delete(id);
      const pathname = (req.url ?? "/").split("?")[0] ?? "/";
      const route = noted.route ?? (isStaticFile(pathname) ? "static" : remixRouteId(pathname));
      const done = res.writableFinished;
      const line = {
        time: new Date().toISOString(),
        id,
        method: req.method,
        route,
        status: done ? res.statusCode : null,
        ms: Math.round((performance.now() - started) * 10) / 10,
        ...(done ? {} : { aborted: true }),
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    });
    return emit.call(this, event, ...args);
  };
}
