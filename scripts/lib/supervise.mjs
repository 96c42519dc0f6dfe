// Keeps one server process running: when it exits without being asked to, it is started again
// and the restart is logged with its cause, so a crash is visible, never hidden. A process that
// keeps dying (more than MAX_RESTARTS within WINDOW_MS) is given up on: a loop would only hide it.
import { spawn } from "node:child_process";

const MAX_RESTARTS = 5;
const WINDOW_MS = 60_000;

/**
 * @param {string[]} argv  node arguments of the server (script first)
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, log?: (line: string) => void }} options
 * @returns {{ done: Promise<number>, stop: (signal?: NodeJS.Signals) => void }} `done` settles with the exit code to leave with
 */
export function supervise(argv, { env = process.env, cwd = process.cwd(), log = (l) => console.error(l) } = {}) {
  /** @type {number[]} */
  const restarts = [];
  let stopping = false;
  /** @type {import("node:child_process").ChildProcess} */
  let child;
  /** @type {(code: number) => void} */
  let resolve;
  /** @type {Promise<number>} */
  const done = new Promise((r) => (resolve = r));
  {
    const start = () => {
      child = spawn(process.execPath, argv, { cwd, env, stdio: "inherit" });
      child.on("exit", (code, signal) => {
        if (stopping) return resolve(code ?? 0);
        const now = Date.now();
        restarts.push(now);
        while ((restarts[0] ?? now) < now - WINDOW_MS) restarts.shift();
        const cause = signal ? `signal ${signal}` : `exit code ${code}`;
        if (restarts.length > MAX_RESTARTS) {
          log(
            `[supervisor] ${new Date(now).toISOString()} the server stopped (${cause}) ${restarts.length} times within ${WINDOW_MS / 1000} s: giving up.`,
          );
          return resolve(1);
        }
        log(
          `[supervisor] ${new Date(now).toISOString()} the server stopped (${cause}); restart ${restarts.length} of at most ${MAX_RESTARTS} a minute.`,
        );
        setTimeout(start, 500 * restarts.length);
      });
    };
    start();
  }
  const stop = (/** @type {NodeJS.Signals} */ signal = "SIGTERM") => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    else resolve(0);
  };
  return { done, stop };
}
