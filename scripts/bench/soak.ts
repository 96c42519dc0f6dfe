// npm run bench -- --soak [--users 200] [--duration 60] [--size 10000] [--engines postgres] [--think-ms 1000]
// Issue 14: many signed-in users at once on a large district, for a minute, on the real built
// server: how many requests fail and how slow the slowest get. Each virtual user is a real session
// (its own token in the session table, its own cookie) of a teacher, a school admin, the district
// admin or a super admin, and walks that role's main pages in turn, pausing a think time between
// pages. Never part of `npm test`. Loopback only; every loop is bounded by the duration.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { openDatabase } from "#app/db/connect.server";
import { ROLE_IDS } from "#app/domain/roles";
import { buildInto } from "../lib/setup.mjs";
import { ensureDistrict, type Engine, type Fixture } from "./generate";
import { startServer } from "./server";

type Role = "teacher" | "school" | "district" | "super";
interface VirtualUser {
  role: Role;
  userId: string;
  pages: { key: string; url: string }[];
  cookie?: string;
}
interface PageStats {
  times: number[];
  statuses: Record<string, number>;
  errors: number;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const SESSION_SECRET = "bench-secret"; // the bench server's (scripts/bench/server.ts)
/** Shares of the users by role: mostly teachers, as in a district at 8 a.m. */
const MIX: Record<Role, number> = { teacher: 0.75, school: 0.15, district: 0.07, super: 0.03 };

export interface SoakOptions {
  users: number;
  seconds: number;
  size: number;
  engines: Engine[];
  thinkMs: number;
  postgresUrl: string;
  port: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** Picks the district's real teachers, school admins and admins, with pages each may open. */
async function virtualUsers(env: Record<string, string>, fixture: Fixture, count: number): Promise<VirtualUser[]> {
  const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: env.PGLITE_DIR });
  const db = handle.db;
  try {
    const want = (role: Role) => Math.max(1, Math.round(count * MIX[role]));
    const teachers = await db
      .selectFrom("participant_group_teacher as gt")
      .innerJoin("participant_group as g", "g.participant_group_id", "gt.participant_group_id")
      .select(["gt.user_id", "g.participant_group_id"])
      .select((eb) =>
        eb
          .selectFrom("participant_group_member as m")
          .select("m.participant_id")
          .whereRef("m.participant_group_id", "=", "g.participant_group_id")
          .limit(1)
          .as("student_id"),
      )
      .where("g.deleted_at", "is", null)
      .orderBy("g.participant_group_id")
      .limit(want("teacher"))
      .execute();
    const schoolAdmins = await db
      .selectFrom("user_role as r")
      .innerJoin("user_organization_unit as uou", "uou.user_id", "r.user_id")
      .select(["r.user_id", "uou.organization_unit_id"])
      .where("r.role_id", "=", ROLE_IDS.ORG_UNIT_ADMIN)
      .orderBy("uou.organization_unit_id")
      .execute();
    const one = async (roleId: string) =>
      (await db.selectFrom("user_role").select("user_id").where("role_id", "=", roleId).orderBy("user_id").executeTakeFirstOrThrow())
        .user_id;
    const districtAdmin = await one(ROLE_IDS.ORG_ADMIN);
    const superAdmin = await one(ROLE_IDS.SUPER_ADMIN);
    const d = fixture.districtId;
    const users: VirtualUser[] = [];
    for (const t of teachers)
      users.push({
        role: "teacher",
        userId: t.user_id,
        pages: [
          { key: "classroom", url: `/classroom/${t.participant_group_id}` },
          ...(t.student_id ? [{ key: "student", url: `/student/${t.student_id}` }] : []),
        ],
      });
    // Fewer schools than wanted school admins: an admin has several sessions (several computers).
    for (let i = 0; i < want("school") && schoolAdmins.length; i++) {
      const a = schoolAdmins[i % schoolAdmins.length];
      users.push({
        role: "school",
        userId: a.user_id,
        pages: [
          { key: "school-classrooms", url: `/school/${a.organization_unit_id}` },
          { key: "school-students", url: `/school/${a.organization_unit_id}?tab=students` },
        ],
      });
    }
    for (let i = 0; i < want("district"); i++)
      users.push({
        role: "district",
        userId: districtAdmin,
        pages: [
          { key: "district-schools", url: `/district/${d}` },
          { key: "district-users", url: `/district/${d}?tab=users` },
        ],
      });
    for (let i = 0; i < want("super"); i++)
      users.push({
        role: "super",
        userId: superAdmin,
        pages: [
          { key: "super-admin", url: "/super-admin" },
          { key: "district-report", url: `/district/${d}?tab=reports` },
        ],
      });
    return users.slice(0, count);
  } finally {
    await handle.close();
  }
}

/** A session per virtual user, made in the database the server will use, and its signed cookie. */
async function signInAll(env: Record<string, string>, users: VirtualUser[]) {
  process.env.SESSION_SECRET = SESSION_SECRET;
  const { createSession } = await import("#app/api/sessions");
  const { commitSession, getSession } = await import("#app/lib/session.server");
  const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dir: env.PGLITE_DIR });
  try {
    for (const u of users) {
      const session = await getSession(new Request("http://127.0.0.1/"));
      session.set("token", await createSession(handle.db, u.userId, { userAgent: "bench soak" }));
      u.cookie = (await commitSession(session)).split(";")[0];
    }
  } finally {
    await handle.close();
  }
}

async function drive(origin: string, users: VirtualUser[], seconds: number, thinkMs: number) {
  const stats: Record<string, PageStats> = {};
  const until = Date.now() + seconds * 1000;
  const think = () => new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
  await Promise.all(
    users.map(async (u, i) => {
      // Users arrive over the first think time, not all in the same millisecond.
      await new Promise((r) => setTimeout(r, (thinkMs * i) / users.length));
      for (let n = 0; Date.now() < until; n++) {
        const page = u.pages[n % u.pages.length];
        const s = (stats[page.key] ??= { times: [], statuses: {}, errors: 0 });
        const started = performance.now();
        try {
          const res = await fetch(origin + page.url, {
            headers: { cookie: u.cookie! },
            redirect: "manual",
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          s.times.push(performance.now() - started);
          s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
        } catch {
          s.errors++;
        }
        await think();
      }
    }),
  );
  return stats;
}

function summarize(stats: Record<string, PageStats>, seconds: number) {
  const rows = Object.entries(stats).map(([key, s]) => {
    const sorted = [...s.times].sort((a, b) => a - b);
    const failed = Object.entries(s.statuses)
      .filter(([code]) => code !== "200")
      .reduce((a, [, c]) => a + c, s.errors);
    return {
      key,
      requests: sorted.length + s.errors,
      failed,
      p50: pct(sorted, 50),
      p95: pct(sorted, 95),
      p99: pct(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      statuses: s.statuses,
    };
  });
  const all = Object.values(stats)
    .flatMap((s) => s.times)
    .sort((a, b) => a - b);
  const total = {
    requests: rows.reduce((a, r) => a + r.requests, 0),
    failed: rows.reduce((a, r) => a + r.failed, 0),
    rps: rows.reduce((a, r) => a + r.requests, 0) / seconds,
    p50: pct(all, 50),
    p95: pct(all, 95),
    p99: pct(all, 99),
  };
  return { rows, total };
}

export async function soak(o: SoakOptions, log: (s: string) => void) {
  const buildDir = path.join(root, ".tmp/bench/build-soak");
  log("Building the app into .tmp/bench/build-soak…");
  buildInto(".tmp/bench/build-soak", { NODE_ENV: "production" }, { quiet: true });
  const results = [];
  for (const engine of o.engines) {
    const g = await ensureDistrict(root, engine, o.size, o.postgresUrl, (s) => log(`  [${engine} ${o.size}] ${s.trim()}`));
    const users = await virtualUsers(g.env, g.fixture, o.users);
    await signInAll(g.env, users);
    log(
      `${engine}, ${o.size.toLocaleString("en-US")} students: ${users.length} signed-in users for ${o.seconds} s, think time ~${o.thinkMs} ms`,
    );
    const server = await startServer(root, buildDir, o.port, g.env, `soak-${engine}-${o.size}`);
    try {
      const stats = await drive(server.origin, users, o.seconds, o.thinkMs);
      const summary = summarize(stats, o.seconds);
      const alive = server.child.exitCode === null;
      results.push({ engine, size: o.size, users: users.length, roles: countRoles(users), alive, ...summary });
      log(
        `  ${summary.total.requests} requests, ${summary.total.failed} failed, ${summary.total.rps.toFixed(1)} req/s, ` +
          `p50 ${summary.total.p50.toFixed(0)} ms, p95 ${summary.total.p95.toFixed(0)} ms, p99 ${summary.total.p99.toFixed(0)} ms; server ${alive ? "up" : "DOWN"}`,
      );
      for (const r of summary.rows)
        log(
          `    ${r.key.padEnd(18)} ${String(r.requests).padStart(6)} req, ${r.failed} failed, p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms, max ${r.max.toFixed(0)} ms ${JSON.stringify(r.statuses)}`,
        );
    } finally {
      await server.stop();
    }
  }
  const out = path.join(root, "bench/results");
  mkdirSync(out, { recursive: true });
  const file = path.join(out, "soak-latest.json");
  writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), cores: cpus().length, loadAverage: loadavg(), options: o, results }, null, 2),
  );
  log(`Written ${path.relative(root, file)}`);
  return results;
}

function countRoles(users: VirtualUser[]) {
  const counts: Partial<Record<Role, number>> = {};
  for (const u of users) counts[u.role] = (counts[u.role] ?? 0) + 1;
  return counts;
}

/** `npm run bench -- --soak [--users 200] [--duration 60] [--size 10000] [--engines postgres] [--think-ms 1000]`. */
export async function soakFromArgs(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const t0 = Date.now();
  const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${s}`);
  const o: SoakOptions = {
    users: Number(arg("users") ?? 200),
    seconds: Number(arg("duration") ?? 60),
    size: Number(arg("size") ?? 10_000),
    engines: (arg("engines") ?? "postgres").split(",") as Engine[],
    thinkMs: Number(arg("think-ms") ?? 1000),
    postgresUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    port: Number(process.env.BENCH_PORT ?? 3690),
  };
  if (!(Number.isInteger(o.users) && o.users > 0 && o.users <= 2000)) throw new Error("--users: 1 to 2,000");
  if (!(o.seconds > 0 && o.seconds <= 600)) throw new Error("--duration: seconds, 1 to 600");
  if (!(Number.isInteger(o.size) && o.size >= 100 && o.size <= 1_000_000)) throw new Error("--size: students, 100 to 1,000,000");
  return soak(o, log);
}
