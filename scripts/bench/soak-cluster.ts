// Starts the production cluster for the soak (scripts/bench/soak-serve.ts: supervisor → cluster
// primary → one remix-serve worker per core), finds its processes, and measures the CPU time of
// the cluster and of PostgreSQL while a scenario runs.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { workerCount } from "../lib/cluster.mjs";
import { cpuMs } from "./server";

export interface Cluster {
  origin: string;
  port: number;
  workers: number;
  launcher: ChildProcess;
  log: string;
  /** The launcher and every process below it (supervisor child, cluster primary, workers). */
  pids(): number[];
  /** Workers the cluster has started again, read from its log. */
  restarts(): number;
  alive(): Promise<boolean>;
  stop(): Promise<void>;
}

/** Parent pid of every process, from /proc. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      out.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** `pid` and its descendants. */
export function processTree(pid: number): number[] {
  const ppid = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of ppid) if (parent === tree[i]) tree.push(child);
  return tree.filter((p) => ppid.has(p));
}

function commOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

/** PostgreSQL's processes on this machine (every database's, and its own background workers). */
export function postgresPids(): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) if (/^\d+$/.test(entry) && commOf(Number(entry)) === "postgres") out.push(Number(entry));
  return out;
}

export async function startCluster(
  root: string,
  buildDir: string,
  port: number,
  env: Record<string, string>,
  log: (s: string) => void,
): Promise<Cluster> {
  const dataDir = path.join(root, ".tmp/bench", `data-${port}`);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(root, ".tmp/bench", `soak-server-${port}.log`);
  const fd = openSync(logFile, "w");
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    PGLITE_DIR: "",
    COOKIE_SECURE: "false",
    ...env,
  };
  const { workers } = workerCount(serverEnv);
  const launcher: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench/soak-serve.ts"), buildDir], {
    cwd: root,
    stdio: ["ignore", fd, fd],
    env: serverEnv,
  });
  closeSync(fd);
  let exited = false;
  launcher.on("exit", () => (exited = true));
  const origin = `http://127.0.0.1:${port}`;
  const cluster: Cluster = {
    origin,
    port,
    workers,
    launcher,
    log: logFile,
    // Node processes only: tsx's esbuild service sits below the launcher too, idle, and is no part of the server.
    pids: () => (exited ? [] : processTree(launcher.pid!).filter((pid) => commOf(pid) === "node")),
    restarts: () =>
      existsSync(logFile)
        ? (readFileSync(logFile, "utf8").match(/\[(cluster|supervisor)\].*(starting another|restart \d)/g) ?? []).length
        : 0,
    // Up: the processes run and /login answers 200 within 30 s (a queue left by a load just
    // stopped may still shed for a moment).
    alive: async () => {
      const deadline = Date.now() + 30_000;
      while (!exited && Date.now() < deadline) {
        try {
          const res = await fetch(`${origin}/login`, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
          await res.arrayBuffer();
          if (res.status === 200) return true;
        } catch {
          /* not answering yet */
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
      return false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        const tree = processTree(launcher.pid!);
        const timer = setTimeout(() => {
          for (const pid of tree) {
            try {
              process.kill(pid, "SIGKILL");
            } catch {
              /* already gone */
            }
          }
        }, 15_000);
        launcher.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        launcher.kill("SIGTERM");
      }),
  };
  // Up when every worker (below the primary, below the supervisor's child) runs and one answers.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`The cluster on port ${port} exited; see ${logFile}`);
    if (Date.now() > deadline) {
      await cluster.stop();
      throw new Error(`The cluster on port ${port} did not answer within 180 s; see ${logFile}`);
    }
    const below = cluster.pids().length - 1;
    if (below >= (workers > 1 ? workers + 1 : 1) && (await cluster.alive())) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  log(
    `Cluster up on :${port}: ${workers} worker${workers === 1 ? "" : "s"} (pids ${cluster.pids().join(", ")}); log ${path.relative(root, logFile)}`,
  );
  return cluster;
}

/** CPU ms of the processes sampled, over the window. */
export interface CpuReading {
  ms: number;
  wallMs: number;
  processes: number;
}

/**
 * Samples the CPU time of sets of processes once a second. A process seen at the first sample
 * counts from there; one that appears later was started during the window and counts whole; one
 * that ends between samples counts to its last sample.
 */
export class CpuMeter {
  private readonly first = new Map<string, Map<number, number>>();
  private readonly last = new Map<string, Map<number, number>>();
  private timer: NodeJS.Timeout | null = null;
  private started = 0;
  private stopped = 0;
  private sampling: Promise<void> = Promise.resolve();

  constructor(private readonly sets: Record<string, () => number[] | Promise<number[]>>) {}

  private async sample(initial: boolean) {
    for (const [name, pidsOf] of Object.entries(this.sets)) {
      const first = this.first.get(name)!;
      const last = this.last.get(name)!;
      let pids: number[] = [];
      try {
        pids = await pidsOf();
      } catch {
        continue;
      }
      for (const pid of pids) {
        let ms: number;
        try {
          ms = cpuMs(pid);
        } catch {
          continue;
        }
        if (!first.has(pid)) first.set(pid, initial ? ms : 0);
        last.set(pid, ms);
      }
    }
  }

  async start() {
    for (const name of Object.keys(this.sets)) {
      this.first.set(name, new Map());
      this.last.set(name, new Map());
    }
    this.started = Date.now();
    await this.sample(true);
    this.timer = setInterval(() => {
      this.sampling = this.sampling.then(() => this.sample(false));
    }, 1000);
  }

  async stop(): Promise<Record<string, CpuReading>> {
    if (this.timer) clearInterval(this.timer);
    await this.sampling;
    await this.sample(false);
    this.stopped = Date.now();
    const out: Record<string, CpuReading> = {};
    for (const name of Object.keys(this.sets)) {
      const first = this.first.get(name)!;
      const last = this.last.get(name)!;
      let ms = 0;
      for (const [pid, end] of last) ms += end - (first.get(pid) ?? 0);
      out[name] = { ms, wallMs: this.stopped - this.started, processes: last.size };
    }
    return out;
  }
}
