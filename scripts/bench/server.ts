// The real built server (remix-serve, NODE_ENV=production) on its own loopback port, started
// as a direct child (node …/remix-serve/cli.js) so its pid is the server's and /proc/<pid>/stat
// gives its CPU time.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { first } from "#app/domain/presence";
import { preloadArgs } from "../lib/preloads.mjs";

export interface Server {
  port: number;
  origin: string;
  pid: number;
  child: ChildProcess;
  log: string;
  stop(): Promise<void>;
}

/** utime + stime of a process in ms (clock ticks of 10 ms: USER_HZ is 100 on Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields after the command: state is [0], utime is field 14 of stat → index 11 here, stime 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function startServer(
  root: string,
  buildDir: string,
  port: number,
  dbEnv: Record<string, string>,
  label: string,
): Promise<Server> {
  const cli = path.join(root, "node_modules/@remix-run/serve/dist/cli.js");
  const dataDir = path.join(root, ".tmp/bench", `data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const log = path.join(root, ".tmp/bench", `server-${port}-${label}.log`);
  const fd = openSync(log, "w");
  // With the preloads every server of the app runs with (scripts/lib/preloads.mjs).
  const child = spawn(process.execPath, [...preloadArgs(), cli, path.join(buildDir, "index.js")], {
    cwd: root,
    stdio: ["ignore", fd, fd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PGLITE_DIR: "",
      COOKIE_SECURE: "false",
      SESSION_SECRET: "bench-secret",
      ...dbEnv,
    },
  });
  closeSync(fd);
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on("exit", (code, signal) => {
    exited = true;
    if (!stopping) console.error(`  ✗ the server on :${port} exited by itself (code ${code}, signal ${signal}); see ${log}`);
  });
  let stopping = false;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`The server on port ${port} exited; see ${log}`);
    if (Date.now() > deadline) throw new Error(`The server on port ${port} did not answer within 120 s; see ${log}`);
    try {
      const res = await fetch(`${origin}/login`, { signal: AbortSignal.timeout(20_000) });
      await res.arrayBuffer();
      if (res.status < 500) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    port,
    origin,
    pid: child.pid!,
    child,
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (exited) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Signs in through the login form (POST /login) and returns the session cookie. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const body = new URLSearchParams({ email, password, redirectTo: "", attempt: "0" });
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => first(c.split(";"), "a cookie"))
    .find((c) => c.startsWith("__session="));
  if (!cookie || res.status >= 400) throw new Error(`Sign-in as ${email} failed: ${res.status}`);
  return cookie;
}
