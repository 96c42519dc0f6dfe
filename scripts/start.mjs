// npm start: install what is missing, build, migrate and seed the demo district, serve.
import path from "node:path";
import { ensureBuilt, ensureInstalled, root, run } from "./lib/setup.mjs";
import { workerCount } from "./lib/cluster.mjs";
import { supervise } from "./lib/supervise.mjs";
import { preloadArgs } from "./lib/preloads.mjs";

const started = Date.now();
ensureInstalled();
ensureBuilt();
run("npx", ["tsx", "scripts/seed.ts"]);

const port = process.env.PORT ?? "3000";
console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s. Serving on http://localhost:${port}\n`);
// remix-serve runs under a supervisor: a crash restarts it and the log says why (issue 14).
// The preloads stamp each request's socket address (issue 14) and admit requests within the
// process's limits, refusing the rest with 503 (issue 36): scripts/lib/preloads.mjs.
const preload = preloadArgs();
const serve = [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"];
// One server process per core on PostgreSQL (WEB_CONCURRENCY to choose; issue 15): the cluster
// primary shares the port among remix-serve workers, each with the preload. PGlite: one process.
const { workers, note } = workerCount(process.env);
if (note) console.log(note);
const cluster = workers > 1 ? [path.join(root, "scripts/lib/cluster.mjs"), String(workers)] : [];
const server = supervise([...preload, ...cluster, ...serve], {
  cwd: root,
  // process.env's type promises a NODE_ENV; the environment may not have one.
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", PORT: port },
});
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => server.stop(signal));
process.exit(await server.done);
