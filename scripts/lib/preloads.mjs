// The modules every server process of the app is started with (`node --import <each> …`): one
// list for npm start, the browser tests' server and the benchmark, so none runs without one.
// - client-address.mjs stamps each request with its socket's address (per-address rate limits, issue 14);
// - shed-load.mjs admits requests within the process's limits and refuses the rest with 503 (issue 36);
// - request-log.mjs, with REQUEST_LOG=json, writes one JSON line per request (issue 41). Last, so it
//   sees every request first, a refused one included, and times it from its arrival.
import path from "node:path";
import { pathToFileURL } from "node:url";

const scripts = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export const SERVER_PRELOADS = ["client-address.mjs", "shed-load.mjs", "request-log.mjs"].map(
  (f) => pathToFileURL(path.join(scripts, f)).href,
);

/** As node arguments: ["--import", url, …]. */
export const preloadArgs = () => SERVER_PRELOADS.flatMap((url) => ["--import", url]);
