// npm start: install what is missing, build, migrate and seed the demo district, serve.
import { spawn } from "node:child_process";
import { ensureBuilt, ensureInstalled, root, run } from "./lib/setup.mjs";

const started = Date.now();
ensureInstalled();
ensureBuilt();
run("npx", ["tsx", "scripts/seed.ts"]);

const port = process.env.PORT ?? "3000";
console.log(`\nReady in ${((Date.now() - started) / 1000).toFixed(1)} s. Serving on http://localhost:${port}\n`);
const server = spawn("npx", ["remix-serve", "build/index.js"], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env, PORT: port },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
