import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supervise } from "./supervise.mjs";

// A stand-in server: it crashes (exit 3) on its first `crashes` starts, then stays up.
function fakeServer(crashes: number) {
  const dir = mkdtempSync(path.join(tmpdir(), "supervise-"));
  const counter = path.join(dir, "starts");
  writeFileSync(counter, "0");
  const script = path.join(dir, "server.mjs");
  writeFileSync(
    script,
    `import { readFileSync, writeFileSync } from "node:fs";
const n = Number(readFileSync(${JSON.stringify(counter)}, "utf8")) + 1;
writeFileSync(${JSON.stringify(counter)}, String(n));
if (n <= ${crashes}) process.exit(3);
setInterval(() => {}, 1000);`,
  );
  return { script, starts: () => Number(readFileSync(counter, "utf8")) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error("condition not reached");
};

describe("supervise", () => {
  it("restarts a server that crashed, logs each restart with its cause, and stops when asked", async () => {
    const server = fakeServer(2);
    const lines: string[] = [];
    const run = supervise([server.script], { log: (l) => lines.push(l) });
    await until(() => server.starts() === 3);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/stopped \(exit code 3\); restart 1 of at most 5/);
    expect(lines[1]).toMatch(/restart 2 of at most 5/);
    run.stop();
    expect(await run.done).toBe(0);
  }, 20_000);

  it("gives up on a server that keeps crashing instead of hiding it in a loop", async () => {
    const server = fakeServer(100);
    const lines: string[] = [];
    const run = supervise([server.script], { log: (l) => lines.push(l) });
    expect(await run.done).toBe(1);
    expect(server.starts()).toBe(6);
    expect(lines.at(-1)).toMatch(/6 times within 60 s: giving up/);
  }, 30_000);
});
