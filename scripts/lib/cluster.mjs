// More than one core (issue 15): one server process per core, all on one PostgreSQL. Sessions,
// rate limits, idempotency keys and the calendar's version live in the database, so any worker
// serves any user and no request needs to come back to the same one. node:cluster shares the
// port: the primary accepts each connection and hands it to the workers in turn.
//
//   node scripts/lib/cluster.mjs <workers> <server script> [args…]
//
// Each worker runs `node [this process's flags] <server script> [args…]` (remix-serve under
// `npm start`). A worker that dies is started again and the log says why; one that keeps dying
// (more than MAX_RESTARTS within WINDOW_MS) takes the primary down with exit code 1, which the
// supervisor around it (scripts/lib/supervise.mjs) logs. SIGTERM or SIGINT stops every worker.
// No message passes between workers: what each keeps in memory goes by versions in the database
// (app/api/kept.ts).
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { pathToFileURL } from "node:url";

/** @typedef {import("node:cluster").Worker} Worker */
/** @typedef {import("node:child_process").ChildProcess} ChildProcess */
/**
 * The fields of node:cluster's internal messages read here ('newconn' carries `seq`, the worker's answer `ack`).
 * @typedef {{ cmd?: unknown, act?: unknown, seq?: number, ack?: number }} ClusterMessage
 */

const MAX_RESTARTS = 5;
const WINDOW_MS = 60_000;

/**
 * How many workers to run: WEB_CONCURRENCY when set (a whole number ≥ 1), else one per core on
 * PostgreSQL. Embedded PGlite is one process's database (its files take one writer), so without
 * DATABASE_URL there is one worker, and a request for more says so in `note`.
 * @param {Record<string, string | undefined>} env
 * @param {number} cores
 * @returns {{ workers: number, note: string | null }}
 */
export function workerCount(env, cores = availableParallelism()) {
  const raw = env.WEB_CONCURRENCY?.trim();
  let asked = null;
  if (raw) {
    asked = Number(raw);
    if (!Number.isInteger(asked) || asked < 1)
      throw new Error(`WEB_CONCURRENCY must be a whole number of processes (1 or more), not "${raw}"`);
  }
  if (!env.DATABASE_URL) {
    const note =
      asked !== null && asked > 1
        ? `WEB_CONCURRENCY=${asked} asks for ${asked} server processes, but the embedded PGlite database belongs to one process: serving with one. Set DATABASE_URL (PostgreSQL) to use more.`
        : null;
    return { workers: 1, note };
  }
  return { workers: asked ?? Math.max(1, cores), note: null };
}

/**
 * Connections the primary handed to `worker` that it has not taken yet, given to another worker
 * when it dies (issue 33: after a kill -9 one request hung until the client gave up at 30 s).
 * node:cluster's primary accepts each connection and sends it to a worker ('newconn'); the worker
 * takes it and answers 'accepted' (or not, when it is closing, and the primary sends the
 * connection to another). A worker that dies first never answers, and the primary kept the
 * connection open, unanswered. So the primary notes each connection sent (the message's `seq`)
 * until the worker's answer (`ack` = seq) and, once the worker is gone, answers for it 'not
 * accepted': node:cluster's own path for a closing worker, which passes the connection to a live
 * one. With no worker left listening there is none to pass it to, and the connection is closed:
 * the client sees it fail at once instead of waiting. The connections of requests the worker had
 * already taken are lost with it (their clients see a reset), as with any crash.
 * @param {Worker} worker
 * @returns {() => void} to call once the worker has exited
 */
function handBackUntakenConnections(worker) {
  /** @type {Map<number, { close?: () => void }>} */
  const untaken = new Map();
  const child = worker.process;
  // Typed as the plain function it is: the overloads of send() name its arguments' uses.
  const send = /** @type {(this: ChildProcess, ...args: unknown[]) => boolean} */ (child.send);
  /**
   * @this {ChildProcess}
   * @param {unknown} message
   * @param {unknown} [handle]  the connection's handle when `message` is a 'newconn'
   * @param {...unknown} rest
   */
  child.send = function (message, handle, ...rest) {
    const m = /** @type {ClusterMessage | null | undefined} */ (message);
    if (handle && m?.cmd === "NODE_CLUSTER" && m.act === "newconn")
      untaken.set(/** @type {number} */ (m.seq), /** @type {{ close?: () => void }} */ (handle));
    return send.call(this, message, handle, ...rest);
  };
  child.on("internalMessage", (/** @type {ClusterMessage | null | undefined} */ message) => {
    if (message?.cmd === "NODE_CLUSTER" && message.ack !== undefined) untaken.delete(message.ack);
  });
  return () => {
    const listening = Object.values(cluster.workers ?? {}).some(
      (w) => w && w !== worker && /** @type {Worker & { state?: string }} */ (w).state === "listening",
    );
    for (const [seq, handle] of untaken) {
      if (listening) child.emit("internalMessage", { cmd: "NODE_CLUSTER", ack: seq, accepted: false });
      else handle.close?.();
    }
    untaken.clear();
  };
}

/**
 * Runs `workers` copies of the server script under node:cluster until stopped.
 * @param {{ workers: number, exec: string, args?: string[], log?: (line: string) => void }} options
 * @returns {{ done: Promise<number>, stop: (signal?: NodeJS.Signals) => void }}
 */
export function runCluster({ workers, exec, args = [], log = (l) => console.error(l) }) {
  cluster.setupPrimary({ exec, args });
  /** @type {number[]} */
  const restarts = [];
  let stopping = false;
  /** @type {(code: number) => void} */
  let resolve;
  /** @type {Promise<number>} */
  const done = new Promise((r) => (resolve = r));
  const live = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const stop = (/** @type {NodeJS.Signals} */ signal = "SIGTERM") => {
    stopping = true;
    const running = live();
    if (running.length === 0) return resolve(0);
    for (const w of running) w.process.kill(signal);
  };
  /** @type {WeakMap<Worker, () => void>} */
  const handBack = new WeakMap();
  cluster.on("fork", (worker) => handBack.set(worker, handBackUntakenConnections(worker)));
  cluster.on("exit", (worker, code, signal) => {
    handBack.get(worker)?.();
    if (stopping) {
      if (live().length === 0) resolve(0);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while ((restarts[0] ?? now) < now - WINDOW_MS) restarts.shift();
    const cause = signal ? `signal ${signal}` : `exit code ${code}`;
    if (restarts.length > MAX_RESTARTS) {
      log(
        `[cluster] ${new Date(now).toISOString()} workers stopped ${restarts.length} times within ${WINDOW_MS / 1000} s (last: ${cause}): giving up.`,
      );
      stopping = true;
      for (const w of live()) w.process.kill("SIGTERM");
      const wait = () => (live().length === 0 ? resolve(1) : setTimeout(wait, 50));
      return wait();
    }
    log(`[cluster] ${new Date(now).toISOString()} worker ${worker.process.pid} stopped (${cause}); starting another.`);
    setTimeout(() => stopping || cluster.fork(), 250 * restarts.length);
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  return { done, stop };
}

// As a program: node scripts/lib/cluster.mjs <workers> <server script> [args…]
if (cluster.isPrimary && import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [count, exec, ...args] = process.argv.slice(2);
  const workers = Number(count);
  if (!Number.isInteger(workers) || workers < 1 || !exec) {
    console.error("usage: node scripts/lib/cluster.mjs <workers> <server script> [args…]");
    process.exit(2);
  }
  console.log(`[cluster] ${workers} server processes share the port (primary ${process.pid}).`);
  const run = runCluster({ workers, exec, args });
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => run.stop(signal));
  process.exit(await run.done);
}
