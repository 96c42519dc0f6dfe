// What one page costs the server, one request at a time (issue 36 §2, speed at peak): on a busy,
// shared machine the soak's latencies move with everyone else's load, but the CPU the server
// process spends per request (from /proc/<pid>/stat) and the database time it waits are much
// steadier. Compare two builds back to back on the same database:
//
//   npx tsx scripts/bench/page-cost.ts <build dir> <postgres url of a bench district> [requests per page] [--cpu-prof <dir>]
//
// With `--overload <users> <seconds>` it instead sends that many users at once, each asking for
// the classroom page again as soon as it has its answer (no think time), and prints what they got:
// answered, refused (503, with Retry-After), the answered pages' p50/p95/max and how many took
// longer than 10 s. Run it with SHED_MAX_IN_FLIGHT=off and without, back to back.
//
// The database is one `npm run bench -- --soak --size N --engines postgres` generated (its
// bench_<size>_<key> database). The server is remix-serve over the build with the preloads and
// admission off (one request at a time never queues). Prints per page: the median wall time and
// the server CPU per request.
import { spawn } from "node:child_process";
import path from "node:path";
import { openDatabase } from "#app/db/connect.server";
import { ROLE_IDS } from "#app/domain/roles";
import { first, itemAt } from "#app/domain/presence";
import { preloadArgs } from "../lib/preloads.mjs";
import { cpuMs } from "./server";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const args = process.argv.slice(2);
const valueOf = (flag: string, n = 1) => (args.includes(flag) ? args.slice(args.indexOf(flag) + 1, args.indexOf(flag) + 1 + n) : null);
const overload = valueOf("--overload", 2)?.map(Number) ?? null;
const [buildDir, url, countArg] = args.filter(
  (a, i) => !a.startsWith("--") && args[i - 1] !== "--cpu-prof" && args[i - 1] !== "--overload" && args[i - 2] !== "--overload",
);
const profDir = valueOf("--cpu-prof")?.[0] ?? null;
const count = Number(countArg ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3431);
const SESSION_SECRET = "page-cost";
if (!buildDir || !url) {
  console.error("usage: npx tsx scripts/bench/page-cost.ts <build dir> <postgres url> [requests per page] [--cpu-prof <dir>]");
  process.exit(2);
}

process.env.SESSION_SECRET = SESSION_SECRET;
const { createSession } = await import("#app/api/sessions");
const { commitSession, getSession } = await import("#app/lib/session.server");
const handle = await openDatabase({ url });
const db = handle.db;
const one = async (roleId: string) =>
  (await db.selectFrom("user_role").select("user_id").where("role_id", "=", roleId).orderBy("user_id").executeTakeFirstOrThrow()).user_id;
const teacher = await db
  .selectFrom("participant_group_teacher as gt")
  .innerJoin("participant_group_member as m", "m.participant_group_id", "gt.participant_group_id")
  .select(["gt.user_id", "gt.participant_group_id", "m.participant_id"])
  .orderBy("gt.participant_group_id")
  .executeTakeFirstOrThrow();
const schoolAdmin = await db
  .selectFrom("user_role as r")
  .innerJoin("user_organization_unit as uou", "uou.user_id", "r.user_id")
  .select(["r.user_id", "uou.organization_unit_id"])
  .where("r.role_id", "=", ROLE_IDS.ORG_UNIT_ADMIN)
  .orderBy("uou.organization_unit_id")
  .executeTakeFirstOrThrow();
const districtAdmin = await one(ROLE_IDS.ORG_ADMIN);
const district = (await db.selectFrom("app_user").select("organization_id").where("user_id", "=", districtAdmin).executeTakeFirstOrThrow())
  .organization_id!;
const cookieOf = async (userId: string) => {
  const session = await getSession(new Request("http://127.0.0.1/"));
  session.set("token", await createSession(db, userId, { userAgent: "page cost" }));
  return first((await commitSession(session)).split(";"), "a cookie");
};
const cookies = {
  teacher: await cookieOf(teacher.user_id),
  school: await cookieOf(schoolAdmin.user_id),
  district: await cookieOf(districtAdmin),
};
await handle.close();

const g = teacher.participant_group_id;
const s = teacher.participant_id;
const ou = schoolAdmin.organization_unit_id;
const dialog = encodeURIComponent("routes/classroom.$classroomId.letters");
const pages: [string, keyof typeof cookies, string][] = [
  ["classroom", "teacher", `/classroom/${g}`],
  ["student", "teacher", `/student/${s}`],
  ["letter dialog (.data)", "teacher", `/classroom/${g}/letters.data?student=${s}&test=letter-names&_routes=${dialog}`],
  ["school classrooms", "school", `/school/${ou}`],
  ["school students", "school", `/school/${ou}?tab=students`],
  ["district schools", "district", `/district/${district}`],
  ["district users", "district", `/district/${district}?tab=users`],
  ["district report", "district", `/district/${district}?tab=reports`],
];

const server = spawn(
  process.execPath,
  [
    ...(profDir ? ["--cpu-prof", "--cpu-prof-dir", profDir] : []),
    ...preloadArgs(),
    path.join(root, "node_modules/@remix-run/serve/dist/cli.js"),
    path.join(buildDir, "index.js"),
  ],
  {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: url,
      SESSION_SECRET,
      COOKIE_SECURE: "false",
      // One request at a time never queues; under --overload the caller's setting decides.
      SHED_MAX_IN_FLIGHT: overload ? (process.env.SHED_MAX_IN_FLIGHT ?? "") : "off",
    },
  },
);
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const up = await fetch(`${origin}/login`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 600 || server.exitCode !== null) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 100));
}

if (overload) {
  const [users, seconds] = overload;
  if (users === undefined || seconds === undefined) {
    console.error("usage: --overload <users> <seconds>");
    process.exit(2);
  }
  const until = performance.now() + seconds * 1000;
  const answered: number[] = [];
  let refused = 0;
  let withRetryAfter = 0;
  let failed = 0;
  const cpuBefore = cpuMs(server.pid!);
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const res = await fetch(`${origin}/classroom/${g}`, { headers: { cookie: cookies.teacher }, redirect: "manual" });
          await res.arrayBuffer();
          if (res.status === 200) answered.push(performance.now() - t);
          else if (res.status === 503) {
            refused++;
            if (res.headers.get("retry-after")) withRetryAfter++;
            // A refused client waits as told before asking again.
            await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? 1) * 1000));
          } else failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  const cpu = cpuMs(server.pid!) - cpuBefore;
  const sorted = answered.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]?.toFixed(0) ?? "-";
  console.log(
    `SHED_MAX_IN_FLIGHT=${process.env.SHED_MAX_IN_FLIGHT ?? "(default)"}: ${users} users, ${seconds} s: ${answered.length} answered ` +
      `(${(answered.length / seconds).toFixed(1)}/s), ${refused} refused (${withRetryAfter} with Retry-After), ${failed} failed; ` +
      `answered p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms, ${sorted.filter((ms) => ms > 10_000).length} over 10 s; ` +
      `server CPU ${(cpu / 1000).toFixed(1)} s`,
  );
  server.kill("SIGINT");
  await new Promise((r) => server.once("exit", r));
  process.exit(0);
}

const median = (xs: number[]) =>
  itemAt(
    [...xs].sort((a, b) => a - b),
    Math.floor(xs.length / 2),
    "a timed request",
  );
console.log(`| page | requests | wall p50 ms | server CPU ms / request | bytes |`);
console.log(`|---|---|---|---|---|`);
for (const [label, role, pathname] of pages) {
  const get = async () => {
    const res = await fetch(origin + pathname, { headers: { cookie: cookies[role] }, redirect: "manual" });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label}: ${pathname} answered ${res.status}`);
    return body.byteLength;
  };
  for (let i = 0; i < 3; i++) await get();
  const walls: number[] = [];
  let bytes = 0;
  const cpuBefore = cpuMs(server.pid!);
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    bytes = await get();
    walls.push(performance.now() - t);
  }
  const cpu = (cpuMs(server.pid!) - cpuBefore) / count;
  console.log(`| ${label} | ${count} | ${median(walls).toFixed(1)} | ${cpu.toFixed(1)} | ${bytes} |`);
}
server.kill("SIGINT");
await new Promise((r) => server.once("exit", r));
