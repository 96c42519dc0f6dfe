import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STOP_GRACE_MS } from "./connect.server";

// A server stopped by one SIGTERM must end (a supervisor's stop, a container's, Ctrl-C of npm
// start): the app's database is closed once idle, so nothing of it keeps the event loop alive.
// The embedded database used to: PGlite's PostgreSQL re-arms a statistics timer.

const fixture = path.join(import.meta.dirname, "fixtures/stop-signal-server.ts");

describe("stopping the server", () => {
  it("ends the process after one SIGTERM, well before the grace period", { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ["--import", "tsx", fixture], {
      env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: "memory://" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
      child.on("exit", (code) => reject(new Error(`the server exited before it was ready (${code})`)));
    });
    const signalled = performance.now();
    child.kill("SIGTERM");
    const code = await Promise.race([
      exited,
      new Promise<"still running">((r) => setTimeout(() => r("still running"), STOP_GRACE_MS - 2_000)),
    ]);
    if (code === "still running") child.kill("SIGKILL");
    expect(code).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(STOP_GRACE_MS - 2_000);
  });
});
