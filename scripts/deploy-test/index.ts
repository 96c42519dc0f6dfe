// npm run test:deploy: several app servers for real (issue 36 §5). HAProxy in front of two app
// servers, PgBouncer in transaction mode in front of PostgreSQL, all from Debian's packages and
// configured from deploy/; then what a district needs of them, printed as a summary. Exits 1
// when any check fails. Ports 3440–3443 and 6441, database deploy_e (PostgreSQL at 127.0.0.1:5432).
import { DEMO_PASSWORD } from "../seed/demo";
import { first } from "#app/domain/presence";
import { spawnSync } from "node:child_process";
import { Visitor, type Answer } from "./client";
import { runChecks, type Report } from "./checks";
import {
  appServer,
  assertPortsFree,
  buildApp,
  DATABASE,
  ensurePackages,
  haproxy,
  logsDir,
  pgbouncer,
  PORTS,
  prepareDatabase,
  waitForPort,
  type Part,
} from "./stack";

const started = Date.now();
const version = (cmd: string, args: string[]) => first((spawnSync(cmd, args, { encoding: "utf8" }).stdout ?? "").split("\n")).trim();

ensurePackages();
buildApp();
await assertPortsFree();
const { seeded } = await prepareDatabase();

const parts = { pgbouncer: pgbouncer(), app1: appServer("app1"), app2: appServer("app2"), haproxy: haproxy() };
const all: Part[] = Object.values(parts);
let exitCode = 1;
const stopAll = async () => {
  await Promise.all(all.map((p) => p.stop("SIGTERM")));
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void stopAll().then(() => process.exit(130));
  });
}

try {
  parts.pgbouncer.start();
  await waitForPort(PORTS.pgbouncer, 15_000, "PgBouncer", () => parts.pgbouncer.running);
  parts.app1.start();
  parts.app2.start();
  await waitForPort(PORTS.app1, 90_000, "app server 1", () => parts.app1.running);
  await waitForPort(PORTS.app2, 90_000, "app server 2", () => parts.app2.running);
  parts.haproxy.start();
  await waitForPort(PORTS.balancer, 15_000, "HAProxy", () => parts.haproxy.running);
  // Each server migrates its database on its first request; the first sign-in should not pay for it.
  await warmUp();

  console.log(
    `\nDeploy test: ${version("haproxy", ["-v"])} on :${PORTS.balancer} → app servers :${PORTS.app1} and :${PORTS.app2} ` +
      `(remix-serve, NODE_ENV=production) → ${version("pgbouncer", ["--version"])} on :${PORTS.pgbouncer} (transaction mode, ` +
      `DATABASE_PREPARED_STATEMENTS=off) → PostgreSQL 127.0.0.1:5432, database ${DATABASE}${seeded ? " (template seeded this run)" : ""}\n`,
  );
  const report: Report = await runChecks(parts);
  exitCode = report.failed === 0 ? 0 : 1;
  console.log(
    `\n${report.failed === 0 ? "✓" : "✗"} ${report.passed} checks passed, ${report.failed} failed (${((Date.now() - started) / 1000).toFixed(0)} s; logs in ${logsDir})`,
  );
} catch (error) {
  console.error(`\n✗ the deploy test could not run: ${error instanceof Error ? error.message : String(error)}`);
  for (const part of all) if (!part.running) console.error(`  ${part.name} is not running; its log ends:\n${part.logTail(15)}`);
} finally {
  await stopAll();
}
process.exit(exitCode);

async function warmUp(): Promise<void> {
  for (const port of [PORTS.app1, PORTS.app2]) {
    const visitor = new Visitor(`http://127.0.0.1:${port}`);
    let answer: Answer | null = null;
    for (let i = 0; i < 60 && answer?.status !== 200; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 500));
      answer = await visitor.post("/api/dashboard/login", { json: { username: "nobody@deploy.example", password: DEMO_PASSWORD } });
      if (answer.status === 401) break;
    }
    visitor.close();
    if (answer?.status !== 401) throw new Error(`app server :${port} does not answer (last: ${answer?.status} ${answer?.error ?? ""})`);
  }
}
