import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { first } from "#app/domain/presence";
import { preloadArgs } from "../lib/preloads.mjs";
import { ensureBuilt, root } from "../lib/setup.mjs";

// The parts a district runs, started as child processes of the deploy test: PgBouncer in front of
// PostgreSQL, two app servers as `npm start` runs one (remix-serve under the client-address and
// load-shedding preloads, NODE_ENV=production), HAProxy in front of them. Configuration comes
// from deploy/, the files a district copies; every part logs to .tmp/deploy-test/logs/.

export const PORTS = { balancer: 3440, app1: 3441, app2: 3442, stats: 3443, pgbouncer: 6441 } as const;
export const DATABASE = "deploy_e";
const POSTGRES = { host: "127.0.0.1", port: 5432, user: "postgres" };
export const adminUrl = (database: string) => `postgres://${POSTGRES.user}@${POSTGRES.host}:${POSTGRES.port}/${database}`;

const rootDir: string = root;
export const WORK = path.join(rootDir, ".tmp/deploy-test");
const BUILD = ".tmp/deploy-build";
const LOGS = path.join(WORK, "logs");
const DATA = path.join(WORK, "data");
/** The configuration PgBouncer reads: it drops root for the postgres user, who must read it. */
const PGBOUNCER_DIR = path.join(WORK, "pgbouncer");

/** Fills every {{NAME}} of a template; a name without a value, or a value never used, is an error. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  const used = new Set<string>();
  const out = text.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template: no value for {{${name}}}`);
    used.add(name);
    return value;
  });
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (unused.length) throw new Error(`template: {{${unused.join("}}, {{")}}} not in the template`);
  return out;
}

const hasCommand = (cmd: string) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

/** HAProxy and PgBouncer from Debian's packages, installed when missing (CI runs as root). */
export function ensurePackages(): void {
  const missing = ["haproxy", "pgbouncer"].filter((c) => !hasCommand(c));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`${missing.join(" and ")} missing: sudo apt-get install -y haproxy pgbouncer`);
  console.log(`Installing ${missing.join(" and ")} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let result = spawnSync("apt-get", ["install", "-y", "-qq", "haproxy", "pgbouncer"], { stdio: "inherit", env });
  if (result.status !== 0) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    result = spawnSync("apt-get", ["install", "-y", "-qq", "haproxy", "pgbouncer"], { stdio: "inherit", env });
  }
  if (result.status !== 0) throw new Error("apt-get install haproxy pgbouncer failed");
}

export function buildApp(): void {
  ensureBuilt(BUILD, { REMIX_BUILD_DIR: BUILD, REMIX_ASSETS_DIR: `${BUILD}/public` });
}

function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, full);
    else if (!entry.name.endsWith(".test.ts")) hash.update(`${path.relative(rootDir, full)}\n`).update(readFileSync(full));
  }
}

async function query<T extends pg.QueryResultRow>(database: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl(database) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export { query };

/**
 * A fresh copy of the seeded demo district as the test's own database. Seeding on PostgreSQL
 * takes a minute, so it is done once into a template database, labelled with a hash of what the
 * seed depends on (migrations, seed, the rules it uses) and seeded again only when that changes;
 * each run copies the template (CREATE DATABASE … TEMPLATE), which takes a second.
 */
export async function prepareDatabase(): Promise<{ seeded: boolean }> {
  const hash = createHash("sha256");
  for (const dir of ["app/db", "app/domain", "app/api", "scripts/seed"]) hashTree(hash, path.join(rootDir, dir));
  hash.update(readFileSync(path.join(rootDir, "scripts/seed.ts")));
  const stamp = hash.digest("hex").slice(0, 16);
  const template = `${DATABASE}_template`;
  const templateData = path.join(WORK, "template-data");
  const found = await query<{ label: string | null }>(
    "postgres",
    "select shobj_description(oid, 'pg_database') as label from pg_database where datname = $1",
    [template],
  );
  let seeded = false;
  if (found[0]?.label !== stamp || !existsSync(templateData)) {
    console.log("Seeding the demo district into a template database (once per change of the seed or the schema)…");
    await query("postgres", `drop database if exists "${template}" with (force)`);
    await query("postgres", `create database "${template}"`);
    rmSync(templateData, { recursive: true, force: true });
    mkdirSync(templateData, { recursive: true });
    const seed = spawnSync(process.execPath, [path.join(rootDir, "node_modules/tsx/dist/cli.mjs"), "scripts/seed.ts", "--quiet"], {
      cwd: rootDir,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DATABASE_URL: adminUrl(template), DATA_DIR: templateData },
    });
    if (seed.status !== 0) throw new Error("seeding the template database failed");
    await query("postgres", `comment on database "${template}" is '${stamp}'`);
    seeded = true;
  }
  await query("postgres", `drop database if exists "${DATABASE}" with (force)`);
  await query("postgres", `create database "${DATABASE}" template "${template}"`);
  rmSync(DATA, { recursive: true, force: true });
  cpSync(templateData, DATA, { recursive: true });
  return { seeded };
}

/** Resolves when something accepts connections on the port, or fails after `ms`. */
export async function waitForPort(port: number, ms: number, what: string, alive: () => boolean = () => true): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive()) throw new Error(`${what} exited while starting (see ${LOGS})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not open port ${port} within ${ms / 1000} s (see ${LOGS})`);
}

export async function assertPortsFree(): Promise<void> {
  for (const [name, port] of Object.entries(PORTS)) {
    const taken = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(true));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(false)));
    });
    if (taken) throw new Error(`port ${port} (${name}) is in use: is another deploy test running?`);
  }
}

/** A child process of the test, its output in its own log file. */
export class Part {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    mkdirSync(LOGS, { recursive: true });
    const log = createWriteStream(path.join(LOGS, `${this.name}.log`), { flags: "a" });
    log.write(`\n── started ${new Date().toISOString()}: ${this.command} ${this.args.join(" ")}\n`);
    const child = spawn(this.command, this.args, { cwd: rootDir, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    this.child = child;
  }

  /** Sends the signal and waits (at most `ms`) for the process to end; SIGKILL after that. */
  async stop(signal: NodeJS.Signals = "SIGTERM", ms = 10_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill(signal);
    const timer = new Promise<"late">((resolve) => setTimeout(() => resolve("late"), ms).unref());
    if ((await Promise.race([this.exited, timer])) === "late") {
      child.kill("SIGKILL");
      await this.exited;
    }
  }

  logTail(lines = 20): string {
    const file = path.join(LOGS, `${this.name}.log`);
    return existsSync(file) ? readFileSync(file, "utf8").split("\n").slice(-lines).join("\n") : "";
  }
}

export const SESSION_SECRET = "deploy-test-session-secret-shared-by-every-app-server";

/** An app server as `npm start` runs each process: the built app under remix-serve, with the same preloads. */
export function appServer(name: "app1" | "app2"): Part {
  return new Part(
    name,
    process.execPath,
    [...preloadArgs(), path.join(rootDir, "node_modules/@remix-run/serve/dist/cli.js"), `${BUILD}/index.js`],
    {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORTS[name]),
      REMIX_ASSETS_DIR: `${BUILD}/public`,
      DATABASE_URL: `postgres://${POSTGRES.user}@127.0.0.1:${PORTS.pgbouncer}/${DATABASE}`,
      DATABASE_PREPARED_STATEMENTS: "off",
      SESSION_SECRET,
      TRUST_PROXY: "1",
      PUBLIC_URL: `http://127.0.0.1:${PORTS.balancer}`,
      // Both servers see one folder of stored files, as machines share a volume.
      DATA_DIR: DATA,
    },
  );
}

export function pgbouncer(): Part {
  mkdirSync(PGBOUNCER_DIR, { recursive: true });
  const authFile = path.join(PGBOUNCER_DIR, "userlist.txt");
  writeFileSync(authFile, `"${POSTGRES.user}" ""\n`);
  const ini = path.join(PGBOUNCER_DIR, "pgbouncer.ini");
  writeFileSync(
    ini,
    fillTemplate(readFileSync(path.join(rootDir, "deploy/pgbouncer.ini"), "utf8"), {
      DATABASE,
      PG_HOST: POSTGRES.host,
      PG_PORT: String(POSTGRES.port),
      LISTEN_ADDR: "127.0.0.1",
      LISTEN_PORT: String(PORTS.pgbouncer),
      SOCKET_DIR: "",
      AUTH_TYPE: "trust",
      AUTH_FILE: authFile,
    }),
  );
  for (const p of [WORK, PGBOUNCER_DIR]) chmodSync(p, 0o755);
  for (const f of [authFile, ini]) chmodSync(f, 0o644);
  // PgBouncer refuses to run as root: -u drops to the postgres user Debian's PostgreSQL created.
  const asRoot = process.getuid?.() === 0;
  return new Part("pgbouncer", "pgbouncer", [...(asRoot ? ["-u", "postgres"] : []), ini]);
}

export function haproxy(): Part {
  const cfg = path.join(WORK, "haproxy.cfg");
  writeFileSync(
    cfg,
    fillTemplate(readFileSync(path.join(rootDir, "deploy/haproxy.cfg"), "utf8"), {
      LISTEN: `127.0.0.1:${PORTS.balancer}`,
      APP1: `127.0.0.1:${PORTS.app1}`,
      APP2: `127.0.0.1:${PORTS.app2}`,
      STATS: `127.0.0.1:${PORTS.stats}`,
    }),
  );
  const check = spawnSync("haproxy", ["-c", "-q", "-f", cfg], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`haproxy refuses deploy/haproxy.cfg:\n${check.stdout}${check.stderr}`);
  // -db: in the foreground, as a child of the test (Debian's unit runs it the same way under systemd).
  return new Part("haproxy", "haproxy", ["-db", "-f", cfg]);
}

/** HAProxy's view of the servers of one backend (the statistics page as CSV): state, retries, redispatches. */
export async function balancerStats(
  backend: "app_servers" | "app_servers_up" = "app_servers",
): Promise<Map<string, { status: string; retries: number; redispatches: number; downs: number }>> {
  const res = await fetch(`http://127.0.0.1:${PORTS.stats}/;csv`);
  const lines = (await res.text()).trim().split("\n");
  const cols = first(lines, "a header").replace(/^# /, "").split(",");
  const at = (row: string[], name: string) => row[cols.indexOf(name)] ?? "";
  const out = new Map<string, { status: string; retries: number; redispatches: number; downs: number }>();
  for (const line of lines.slice(1)) {
    const row = line.split(",");
    if (at(row, "pxname") !== backend) continue;
    out.set(at(row, "svname"), {
      status: at(row, "status"),
      retries: Number(at(row, "wretr") || 0),
      redispatches: Number(at(row, "wredis") || 0),
      downs: Number(at(row, "chkdown") || 0),
    });
  }
  return out;
}

export const logsDir = LOGS;
