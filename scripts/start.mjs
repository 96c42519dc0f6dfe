// npm start: install what is missing, build, migrate and seed the demo district, serve.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, ensureInstalled, root, run } from "./lib/setup.mjs";
import { supervise } from "./lib/supervise.mjs";

const started = Date.now();
ensureInstalled();
ensureBuilt();
run("npx", ["tsx", "scripts/seed.ts"]);

const port = process.env.PORT ?? "3000";
console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s. Serving on http://localhost:${port}\n`);
// remix-serve runs under a supervisor: a crash restarts it and the log says why (issue 14).
// The preload stamps each request's socket address for the per-address rate limits (issue 14).
const preload = ["--import", pathToFileURL(path.join(root, "scripts/client-address.mjs")).href];
const server = supervise([...preload, path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
  cwd: root,
  env: { NODE_ENV: "production", ...process.env, PORT: port },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.stop(signal));
process.exit(await server.done);
