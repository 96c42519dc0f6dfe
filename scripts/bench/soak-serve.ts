// The soak's server: `npm start`'s serving half (scripts/start.mjs) on a built app of the soak's
// own, without its install, build and demo seed. The same pieces: workerCount picks one
// remix-serve worker per core on PostgreSQL, the cluster primary (scripts/lib/cluster.mjs)
// shares the port, each worker has npm start's preloads, and supervise restarts a crash.
// A program of its own so that remix-serve's request log (supervise passes stdio through) goes
// to the file the soak opened for it, not to the soak's report.
//
//   node --import tsx scripts/bench/soak-serve.ts <build dir>      (env: DATABASE_URL, PORT, …)
import path from "node:path";
import { workerCount } from "../lib/cluster.mjs";
import { preloadArgs } from "../lib/preloads.mjs";
import { supervise } from "../lib/supervise.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const buildDir = process.argv[2];
if (!buildDir) {
  console.error("usage: node --import tsx scripts/bench/soak-serve.ts <build dir>");
  process.exit(2);
}
// The preloads npm start passes (scripts/lib/preloads.mjs): socket address, and admission (shedding).
const preload = preloadArgs();
const serve = [path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), path.join(buildDir, "index.js")];
const { workers, note } = workerCount(process.env);
if (note) console.log(note);
const cluster = workers > 1 ? [path.join(root, "scripts/lib/cluster.mjs"), String(workers)] : [];
const server = supervise([...preload, ...cluster, ...serve], { cwd: root, env: { ...process.env, NODE_ENV: "production" } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.stop(signal));
process.exit(await server.done);
