import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { ensureBuilt } from "../../../scripts/lib/setup.mjs";

// The app as npm start serves it, for what only the served build does (its headers on every answer,
// its stopping, its admission under load): the production build under remix-serve, on a test's
// own PostgreSQL database.

const root = path.resolve(import.meta.dirname, "../../..");

/** Builds the app into `dir` as npm start does (under vitest's NODE_ENV=test React's development JSX would be built). */
export const buildAsServed = (dir: string) => ensureBuilt(dir, { NODE_ENV: "production" });

/** A port on 127.0.0.1 nothing listens on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Served {
  server: ChildProcess;
  port: number;
  /** Its address: http://127.0.0.1:<port>. */
  base: string;
}

/**
 * remix-serve over the build in `dir`, started with the node arguments `preloads` and `env` on top
 * of the production environment; resolves once it answers.
 */
export async function serveBuild(dir: string, preloads: string[], env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  const server = spawn(process.execPath, [...preloads, path.join(root, "node_modules/@remix-run/serve/dist/cli.js"), `${dir}/index.js`], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), ...env },
    // Its request log is not the test's.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const up = await fetch(`${base}/assessments/letter-names/assessment.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (server.exitCode !== null) throw new Error(`remix-serve exited (${server.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { server, port, base };
}

/** Kills the server, if it still runs, and waits for it to exit. */
export async function stopServer(server: ChildProcess | undefined) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, "exit");
  server.kill("SIGKILL");
  await exited;
}
