// npm run bench -- --roster [--students 100000] [--classes 5000] [--enrollments 200000] [--engines pglite,postgres]
// Issue 16: a OneRoster import at district scale through the real API (process-roster-file, then
// apply), on a fresh database per engine: wall time of each step and the process's peak memory.
// Each engine runs in a child process of its own, so one engine's peak is not another's. With
// PGlite the database runs inside the process, so its memory is in the figure; with PostgreSQL
// the figure is the app process only (the server's memory is its own). Never part of `npm test`.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import pg from "pg";
import { IDLE_TIMEOUT_DEFAULT_MS, LOGOUT_GRACE_DEFAULT_MS, serverIdleLimitMs } from "#app/domain/session-timing";
import { createApi } from "#app/api/app";
import { createSession } from "#app/api/sessions";
import { migrateToLatest, openDatabase } from "#app/db/connect.server";
import { ROLE_IDS } from "#app/domain/roles";
import { exportZip, oneRosterFiles, type ExportSpec } from "../../tests/support/oneroster-export";

type Engine = "pglite" | "postgres";

interface Options {
  students: number;
  classes: number;
  enrollments: number;
  engines: Engine[];
  postgresUrl: string;
}

interface EngineResult {
  engine: Engine;
  zipBytes: number;
  uncompressedBytes: number;
  generateMs: number;
  stageMs: number;
  applyMs: number;
  totalMs: number;
  peakRssMB: number;
  /** Peak RSS during the upload step (open, read, plan, stage). */
  stagePeakRssMB: number;
  /** RSS with the database open and migrated, before the upload: the import's share is the difference. */
  rssBeforeMB: number;
  /** The longest time the event loop could not run anything else during the upload step (ms). */
  stageStallMaxMs: number;
  /** The 99th percentile of the event loop's delay during the upload step (ms). */
  stageStallP99Ms: number;
  rows: { schools: number; classrooms: number; teachers: number; students: number; memberships: number; classroomTeachers: number };
}

/**
 * A district of `students` students in PK–3 across `classes` classes (100 per school, two per
 * teacher), each student enrolled in `enrollments / students` classes of their school, plus one
 * teacher enrollment per class.
 */
export function benchDistrict(o: Pick<Options, "students" | "classes" | "enrollments">): ExportSpec {
  const grades = ["PK", "KG", "01", "02", "03"];
  const perStudent = Math.max(1, Math.round(o.enrollments / o.students));
  const classesPerSchool = 100;
  const schoolCount = Math.ceil(o.classes / classesPerSchool);
  const spec: ExportSpec = { schools: [], users: [], classes: [], enrollments: [] };
  for (let s = 0; s < schoolCount; s++) spec.schools.push({ id: `sch-${s}`, name: `Bench School ${s}` });
  for (let c = 0; c < o.classes; c++) {
    const school = `sch-${Math.floor(c / classesPerSchool)}`;
    spec.classes.push({ id: `cls-${c}`, title: `Class ${c}`, school });
    if (c % 2 === 0) {
      spec.users.push({
        id: `tch-${c / 2}`,
        givenName: "Teacher",
        familyName: `T${c / 2}`,
        role: "teacher",
        orgs: [school],
        email: `tch-${c / 2}@bench.example`,
      });
    }
    spec.enrollments.push({ id: `e-t-${c}`, class: `cls-${c}`, user: `tch-${Math.floor(c / 2)}`, role: "teacher" });
  }
  const studentsPerSchool = Math.ceil(o.students / schoolCount);
  for (let i = 0; i < o.students; i++) {
    const school = Math.floor(i / studentsPerSchool);
    const first = school * classesPerSchool;
    const inSchool = Math.min(classesPerSchool, o.classes - first);
    spec.users.push({
      id: `stu-${i}`,
      givenName: `Kid${i % 997}`,
      familyName: `Family${i}`,
      role: "student",
      orgs: [`sch-${school}`],
      grade: grades[i % grades.length],
      birthDate: `${2016 + (i % 5)}-0${1 + (i % 9)}-1${i % 10}`,
      identifier: `S${100000 + i}`,
    });
    for (let k = 0; k < perStudent; k++) {
      spec.enrollments.push({ id: `e-s-${i}-${k}`, class: `cls-${first + ((i + k * 7) % inSchool)}`, user: `stu-${i}`, role: "student" });
    }
  }
  return spec;
}

async function runEngine(engine: Engine, o: Options): Promise<EngineResult> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t0 = performance.now();
  const files = oneRosterFiles(benchDistrict(o));
  const zip = exportZip(files);
  const uncompressedBytes = [...files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
  const generateMs = performance.now() - t0;

  let url: string | null = null;
  const name = `bench_roster_${randomBytes(4).toString("hex")}`;
  if (engine === "postgres") {
    const admin = new pg.Client({ connectionString: o.postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(o.postgresUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const handle = await openDatabase(url ? { url } : {});
  try {
    await migrateToLatest(handle.db);
    const district = await handle.db
      .insertInto("organization")
      .values({ name: "Bench Roster District", state: "WA", website: null })
      .returning(["organization_id", "name"])
      .executeTakeFirstOrThrow();
    const api = createApi({
      db: handle.db,
      config: {
        sessionIdleMs: serverIdleLimitMs(IDLE_TIMEOUT_DEFAULT_MS, LOGOUT_GRACE_DEFAULT_MS),
        publicUrl: "http://localhost",
        secureCookies: false,
        allowFlagOverride: false,
        flags: { enabled: new Set(), loginBanner: null },
      },
      mailer: { send: async () => {} },
      now: () => new Date(),
    });
    // Applying needs the district's admin (issue 33): a session of one, made without a password hash.
    const admin = await handle.db
      .insertInto("app_user")
      .values({ organization_id: district.organization_id, first_name: "Bench", last_name: "Admin", email: `${name}@bench.example` })
      .returning("user_id")
      .executeTakeFirstOrThrow();
    await handle.db.insertInto("user_role").values({ user_id: admin.user_id, role_id: ROLE_IDS.ORG_ADMIN }).execute();
    const token = await createSession(handle.db, admin.user_id);
    const post = async (p: string, body: unknown) => {
      const res = await api.fetch(
        new Request(`http://localhost/api${p}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        }),
      );
      const json = (await res.json()) as { status?: string; rosterImportId?: string; message?: string; report?: unknown };
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${json.message}`);
      return json;
    };
    const rssBeforeMB = Math.round(process.memoryUsage().rss / 2 ** 20);
    // Other users' requests wait while the upload holds the event loop: the longest such stall.
    const stall = monitorEventLoopDelay({ resolution: 10 });
    stall.enable();
    const t1 = performance.now();
    const staged = await post("/roster-stream-old/process-roster-file", {
      file: zip.toString("base64"),
      fileName: "bench.zip",
      districtName: district.name,
      districtId: district.organization_id,
    });
    if (staged.status !== "staged") throw new Error(`upload was ${staged.status}: ${JSON.stringify(staged.report).slice(0, 500)}`);
    const t2 = performance.now();
    stall.disable();
    const stagePeakRssMB = Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20);
    await post("/roster-stream-old/apply", { districtId: district.organization_id, rosterImportId: staged.rosterImportId });
    const t3 = performance.now();
    const count = async (
      table: "organization_unit" | "participant_group" | "participant" | "participant_group_member" | "participant_group_teacher",
    ) =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const teachers = Number(
      (
        await handle.db
          .selectFrom("app_user")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("sourced_id", "is not", null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
    return {
      engine,
      zipBytes: zip.length,
      uncompressedBytes,
      generateMs,
      stageMs: t2 - t1,
      applyMs: t3 - t2,
      totalMs: t3 - t1,
      peakRssMB: Math.round(peak / 2 ** 20),
      rssBeforeMB,
      stagePeakRssMB,
      stageStallMaxMs: Math.round(stall.max / 1e6),
      stageStallP99Ms: Math.round(stall.percentile(99) / 1e6),
      rows: {
        schools: await count("organization_unit"),
        classrooms: await count("participant_group"),
        teachers,
        students: await count("participant"),
        memberships: await count("participant_group_member"),
        classroomTeachers: await count("participant_group_teacher"),
      },
    };
  } finally {
    clearInterval(sampler);
    await handle.close();
    if (engine === "postgres") {
      const admin = new pg.Client({ connectionString: o.postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run bench -- --roster …`: each engine in a child process, then one table. */
export async function rosterFromArgs(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const o: Options = {
    students: Number(arg("students") ?? 100_000),
    classes: Number(arg("classes") ?? 5_000),
    enrollments: Number(arg("enrollments") ?? 200_000),
    engines: (arg("engines") ?? "pglite,postgres").split(",") as Engine[],
    postgresUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  };
  for (const [k, v] of Object.entries({ students: o.students, classes: o.classes, enrollments: o.enrollments })) {
    if (!Number.isInteger(v) || v < 1 || v > 1_000_000) throw new Error(`--${k}: a whole number from 1 to 1,000,000`);
  }
  const only = arg("engine") as Engine | undefined;
  if (only) {
    // The child: one engine, its result as the last line of output.
    console.log(JSON.stringify(await runEngine(only, o)));
    return;
  }
  const results: EngineResult[] = [];
  for (const engine of o.engines) {
    console.log(
      `[roster] ${engine}: ${o.students.toLocaleString("en-US")} students, ${o.classes.toLocaleString("en-US")} classes, ${o.enrollments.toLocaleString("en-US")} student enrollments…`,
    );
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(path.dirname(new URL(import.meta.url).pathname), "index.ts"),
        "--roster",
        "--engine",
        engine,
        "--students",
        String(o.students),
        "--classes",
        String(o.classes),
        "--enrollments",
        String(o.enrollments),
      ],
      { encoding: "utf8", maxBuffer: 64 * 2 ** 20, env: process.env },
    );
    const last = child.stdout.trim().split("\n").at(-1) ?? "";
    if (child.status !== 0 || !last.startsWith("{")) {
      console.error(child.stdout.slice(-2000), child.stderr.slice(-2000));
      throw new Error(`${engine}: the run failed (exit ${child.status})`);
    }
    results.push(JSON.parse(last) as EngineResult);
  }
  console.log("");
  console.log(
    "| Engine | Zip | CSV text | Upload + validate + preview | Apply (one transaction) | Total | RSS before upload | Peak RSS while staging | Peak RSS | Longest event-loop stall while staging (p99) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${(r.zipBytes / 1e6).toFixed(1)} MB | ${(r.uncompressedBytes / 1e6).toFixed(1)} MB | ${s(r.stageMs)} | ${s(r.applyMs)} | ${s(r.totalMs)} | ${r.rssBeforeMB} MB | ${r.stagePeakRssMB} MB | ${r.peakRssMB} MB | ${r.stageStallMaxMs} ms (${r.stageStallP99Ms} ms) |`,
    );
  }
  for (const r of results) console.log(`${r.engine} rows after apply: ${JSON.stringify(r.rows)}`);
}
