// Synthetic district generator (issue 6): a district of N students in the shape of a real one
// (~25 students a classroom, 4 classrooms a grade a school, grades PK–3, results for 3 periods,
// predictive profiles), recorded through the product's ingestion path (recordTestResults /
// recordPredictiveProfiles of app/api/results-ingest.ts, the batch forms of what the screener
// upload calls). Schools, classrooms, users and students are plain batched inserts.
//
// Generated databases are cached (keyed by size + migrations + GENERATOR_VERSION) because generation is slow.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { recordPredictiveProfiles, recordTestResults, type PredictiveProfileInput, type TestResultInput } from "#app/api/results-ingest";
import { hashPassword } from "#app/api/password";
import { migrateToLatest, openDatabase, type Db } from "#app/db/connect.server";
import { seededRandom, type Random } from "#app/domain/random";
import { itemAt } from "#app/domain/presence";
import { ASSESSMENTS, defaultGradeAssessments, letterItems, type TestCode } from "#app/domain/assessments";
import type { Grade } from "#app/domain/grades";
import { PERIODS } from "#app/domain/periods";
import { sampleCalendar, sampleTestDay, type SampleCalendar } from "#app/domain/sample-calendar";
import { ROLE_IDS, type RoleName } from "#app/domain/roles";
import { FIRST_NAMES, LAST_NAMES } from "../seed/names";

export const BENCH_PASSWORD = "Bench#Screening2026";
export const BENCH_DISTRICT = "Bench Unified School District";
export const SIGN_INS = {
  super: "super@bench.example",
  district: "district.admin@bench.example",
  school: "school.admin@bench.example",
  teacher: "teacher@bench.example",
} as const;

const GRADES: Grade[] = ["PK", "K", "1", "2", "3"];
const CLASS_SIZE = 25;
const CLASSES_PER_GRADE = 4;
/** The classroom the benchmark measures: the first kindergarten class of school 1, 30 students. */
const MEASURED_CLASS_SIZE = 30;

/** Ids and names of the rows the benchmark requests, found again from a cached database. */
export interface Fixture {
  size: number;
  students: number;
  districtId: string;
  schoolId: string;
  classroomId: string;
  classroomName: string;
  studentId: string;
  studentCode: string;
  studentLastName: string;
  /** Something only the district's Users tab would list (a teacher's email). */
  userEmail: string;
  counts: Record<string, number>;
  generatedAt: string;
  generationSeconds: number;
}

const GRADE_NAMES: Record<Grade, string> = { PK: "Pre-K", K: "Kindergarten", "1": "First Grade", "2": "Second Grade", "3": "Third Grade" };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
const clamp01 = (x: number) => Math.max(0, Math.min(1, x));
const round3 = (x: number) => Number(x.toFixed(3));

function newestFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? newestFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Bump when the generated data changes shape (a cached database is then regenerated). */
const GENERATOR_VERSION = "3";

/** Cache key: the size, the schema (every migration file) and the generator version. */
export function cacheKey(root: string, size: number): string {
  const h = createHash("sha256").update(GENERATOR_VERSION);
  for (const f of newestFiles(path.join(root, "app/db/migrations")).sort()) h.update(readFileSync(f));
  return `${size}-${h.digest("hex").slice(0, 10)}`;
}

// Periods are anchored on the generation day (BOY and MOY behind, EOY containing today);
// a cached database older than this is regenerated so "the current period" still holds.
const MAX_CACHE_AGE_DAYS = 30;

export type Engine = "pglite" | "postgres";

export interface Generated {
  engine: Engine;
  /** What the server's environment needs: PGLITE_DIR or DATABASE_URL. */
  env: Record<string, string>;
  fixture: Fixture;
  cached: boolean;
}

/** Returns a generated database of `size` students on `engine`, from the cache when it can. */
export async function ensureDistrict(
  root: string,
  engine: Engine,
  size: number,
  pgBase: string,
  log: (s: string) => void,
): Promise<Generated> {
  const key = cacheKey(root, size);
  if (engine === "pglite") {
    const dir = path.join(root, ".tmp/bench/pglite", key);
    const stamp = path.join(dir, "bench-fixture.json");
    if (existsSync(stamp) && Date.now() - statSync(stamp).mtimeMs < MAX_CACHE_AGE_DAYS * 86_400_000) {
      await settleCached({ dir: path.join(dir, "db") });
      return { engine, env: { PGLITE_DIR: path.join(dir, "db") }, fixture: JSON.parse(readFileSync(stamp, "utf8")), cached: true };
    }
    // Older generations of the same size are dropped (they can be gigabytes).
    const parent = path.dirname(dir);
    if (existsSync(parent))
      for (const old of readdirSync(parent))
        if (old.startsWith(`${size}-`)) rmSync(path.join(parent, old), { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const handle = await openDatabase({ dir: path.join(dir, "db") });
    try {
      const fixture = await generate(handle.db, size, "pglite", log);
      writeFileSync(stamp, JSON.stringify(fixture, null, 2));
      return { engine, env: { PGLITE_DIR: path.join(dir, "db") }, fixture, cached: false };
    } finally {
      await handle.close();
    }
  }
  // PostgreSQL: one database per key, e.g. bench_100000_ab12cd34ef; its comment holds the fixture.
  const dbName = `bench_${key.replace("-", "_")}`;
  const admin = new URL(pgBase);
  admin.pathname = "/postgres";
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  const url = new URL(pgBase);
  url.pathname = `/${dbName}`;
  try {
    const existing = await client.query<{ comment: string | null }>(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [dbName],
    );
    const comment = existing.rows[0]?.comment;
    if (comment?.startsWith("{")) {
      const fixture = JSON.parse(comment) as Fixture;
      if (Date.now() - Date.parse(fixture.generatedAt) < MAX_CACHE_AGE_DAYS * 86_400_000) {
        await settleCached({ url: url.toString() });
        return { engine, env: { DATABASE_URL: url.toString() }, fixture, cached: true };
      }
    }
    const olds = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [`bench\\_${size}\\_%`]);
    for (const o of olds.rows) await client.query(`drop database if exists "${o.datname}" with (force)`);
    await client.query(`create database "${dbName}"`);
    const handle = await openDatabase({ url: url.toString() });
    try {
      const fixture = await generate(handle.db, size, "postgres", log);
      await client.query(`comment on database "${dbName}" is '${JSON.stringify(fixture).replaceAll("'", "''")}'`);
      return { engine, env: { DATABASE_URL: url.toString() }, fixture, cached: false };
    } finally {
      await handle.close();
    }
  } finally {
    await client.end();
  }
}

async function insertReturning<T extends Record<string, unknown>>(
  db: Db,
  table: string,
  rows: T[],
  id: string,
  chunk = 1000,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const res = await db
      .insertInto(table as never)
      .values(rows.slice(i, i + chunk) as never)
      .returning(id as never)
      .execute();
    for (const r of res as Record<string, string>[]) {
      const value = r[id];
      if (value === undefined) throw new Error(`${table} returned a row without ${id}`);
      ids.push(value);
    }
  }
  return ids;
}

async function insertAll(db: Db, table: string, rows: Record<string, unknown>[], chunk = 2000) {
  for (let i = 0; i < rows.length; i += chunk)
    await db
      .insertInto(table as never)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
}

/**
 * VACUUM ANALYZE: a live database is vacuumed by autovacuum soon after a bulk load (its visibility
 * map then lets a count read only an index), and this machine's PostgreSQL runs with autovacuum
 * off. Cached databases of an earlier generator were never vacuumed, so every run settles the one
 * it uses (seconds when there is nothing to do).
 */
async function settle(db: Db) {
  await sql`vacuum analyze`.execute(db);
}

/** Settles a cached database: opens it, vacuums it, closes it. */
async function settleCached(where: { dir: string } | { url: string }) {
  const cached = await openDatabase(where);
  try {
    await settle(cached.db);
  } finally {
    await cached.close();
  }
}

/** Generates the district into an empty, migrated database; returns the fixture. */
export async function generate(db: Db, size: number, engine: Engine, log: (s: string) => void): Promise<Fixture> {
  const started = Date.now();
  await migrateToLatest(db);
  const random = seededRandom(6_000_000 + size);
  const today = new Date();
  // The demo seed's calendar (BOY and MOY behind, EOY containing today, inside the school year).
  const todayIso = iso(today);
  const { academicYear, windows: periods } = sampleCalendar(todayIso);
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  const orgId = itemAt(
    await insertReturning(db, "organization", [{ name: BENCH_DISTRICT, state: "WA", website: "https://bench.example" }], "organization_id"),
    0,
    "the district's id",
  );
  // A few other districts, so the super admin list is not a list of one.
  await insertAll(
    db,
    "organization",
    Array.from({ length: 24 }, (_, i) => ({ name: `Neighbour District ${String(i + 1).padStart(2, "0")}`, state: "OR" })),
  );
  for (const period of PERIODS) {
    const [pid] = await insertReturning(
      db,
      "assessment_period",
      [
        {
          organization_id: orgId,
          academic_year: academicYear,
          period_name: period,
          start_date: periods[period].start,
          end_date: periods[period].end,
        },
      ],
      "assessment_period_id",
    );
    await insertAll(
      db,
      "grade_assessment_list",
      GRADES.map((grade) => ({
        assessment_period_id: pid,
        grade,
        test_codes: defaultGradeAssessments(grade, period, { rerKindergarten: false }).join(","),
      })),
    );
  }

  const perSchool = CLASS_SIZE * CLASSES_PER_GRADE * GRADES.length; // 500
  const schoolCount = Math.max(1, Math.round(size / perSchool));
  const schoolIds = await insertReturning(
    db,
    "organization_unit",
    Array.from({ length: schoolCount }, (_, i) => ({
      organization_id: orgId,
      name: `School ${String(i + 1).padStart(3, "0")} Elementary`,
    })),
    "organization_unit_id",
  );

  // Classrooms: 4 a grade a school; students spread over them (the measured one has 30).
  type Plan = { school: number; grade: Grade; name: string; size: number };
  const plans: Plan[] = [];
  for (let s = 0; s < schoolCount; s++)
    for (const grade of GRADES)
      for (let c = 0; c < CLASSES_PER_GRADE; c++) plans.push({ school: s, grade, name: `${GRADE_NAMES[grade]} Room ${c + 1}`, size: 0 });
  const measured = plans.findIndex((p) => p.school === 0 && p.grade === "K");
  const measuredPlan = itemAt(plans, measured, "a kindergarten classroom in the first school");
  measuredPlan.size = MEASURED_CLASS_SIZE;
  let left = size - MEASURED_CLASS_SIZE;
  const others = plans.length - 1;
  plans.forEach((p, i) => {
    if (i === measured) return;
    const share = Math.floor(left / (others - (i > measured ? i - 1 : i)));
    p.size = share;
    left -= share;
  });
  const classIds = await insertReturning(
    db,
    "participant_group",
    plans.map((p) => ({ organization_unit_id: schoolIds[p.school], name: p.name })),
    "participant_group_id",
  );

  // Users: the four sign-ins, one teacher a classroom, a school admin a school.
  const users: {
    first_name: string;
    last_name: string;
    email: string;
    role: RoleName;
    schools: string[];
    org: string | null;
    status: string;
  }[] = [
    { first_name: "Sam", last_name: "Bench", email: SIGN_INS.super, role: "SUPER_ADMIN", schools: [], org: null, status: "Active" },
    { first_name: "Dana", last_name: "Bench", email: SIGN_INS.district, role: "ORG_ADMIN", schools: [], org: orgId, status: "Active" },
    {
      first_name: "Priya",
      last_name: "Bench",
      email: SIGN_INS.school,
      role: "ORG_UNIT_ADMIN",
      schools: [itemAt(schoolIds, 0, "a school")],
      org: orgId,
      status: "Active",
    },
  ];
  plans.forEach((p, i) =>
    users.push({
      first_name: random.pick(FIRST_NAMES),
      last_name: random.pick(LAST_NAMES),
      email: i === measured ? SIGN_INS.teacher : `teacher.${i + 1}@bench.example`,
      role: "TEACHER",
      schools: [itemAt(schoolIds, p.school, "the classroom's school")],
      org: orgId,
      status: i % 3 === 0 ? "Pending" : "Active",
    }),
  );
  for (let s = 1; s < schoolCount; s++)
    users.push({
      first_name: random.pick(FIRST_NAMES),
      last_name: random.pick(LAST_NAMES),
      email: `school.admin.${s + 1}@bench.example`,
      role: "ORG_UNIT_ADMIN",
      schools: [itemAt(schoolIds, s, "the admin's school")],
      org: orgId,
      status: "Active",
    });
  const userIds = await insertReturning(
    db,
    "app_user",
    users.map((u) => ({
      organization_id: u.org,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      auth_status: u.status,
      password_hash: passwordHash,
    })),
    "user_id",
  );
  await insertAll(
    db,
    "user_role",
    users.map((u, i) => ({ user_id: userIds[i], role_id: ROLE_IDS[u.role], position: 0 })),
  );
  await insertAll(
    db,
    "user_organization_unit",
    users.flatMap((u, i) => u.schools.map((s) => ({ user_id: userIds[i], organization_unit_id: s }))),
  );
  await insertAll(
    db,
    "participant_group_teacher",
    plans.map((_, i) => ({ participant_group_id: classIds[i], user_id: userIds[3 + i] })),
  );
  log(`  ${schoolCount} schools, ${plans.length} classrooms, ${users.length} users (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  // Students and results, a batch of classrooms at a time.
  const codes = new Set<string>();
  const ALPH = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const code = () => {
    for (;;) {
      const c = Array.from({ length: 8 }, () => ALPH[random.int(0, ALPH.length - 1)]).join("");
      if (!codes.has(c)) return (codes.add(c), c);
    }
  };
  let students = 0;
  let tests = 0;
  let profiles = 0;
  let first: { id: string; code: string; last: string } | null = null;
  let lastLog = Date.now();
  const BATCH_CLASSES = 8;
  for (let b = 0; b < plans.length; b += BATCH_CLASSES) {
    const batch = plans.slice(b, b + BATCH_CLASSES).map((p, j) => ({ p, classId: classIds[b + j] }));
    const rows = batch.flatMap(({ p, classId }) =>
      Array.from({ length: p.size }, () => {
        const ageYears = { PK: 4, K: 5, "1": 6, "2": 7, "3": 8 }[p.grade];
        const tags: string[] = [];
        if (random.chance(0.12)) tags.push("ELL");
        if (random.chance(0.08)) tags.push("IEP");
        if (random.chance(0.02)) tags.push("exempt");
        return {
          classId,
          grade: p.grade,
          row: {
            organization_unit_id: schoolIds[p.school],
            participant_code: code(),
            first_name: random.pick(FIRST_NAMES),
            middle_name: random.chance(0.3) ? random.pick(FIRST_NAMES) : null,
            last_name: random.pick(LAST_NAMES),
            date_of_birth: iso(addDays(today, -Math.round(ageYears * 365.25 + random.int(0, 364)))),
            grade: p.grade,
            tags,
            external_id: random.chance(0.8) ? String(random.int(100000, 999999)) : null,
          },
        };
      }),
    );
    const ids = await insertReturning(
      db,
      "participant",
      rows.map((r) => r.row),
      "participant_id",
    );
    await insertAll(
      db,
      "participant_group_member",
      rows.map((r, i) => ({ participant_group_id: r.classId, participant_id: ids[i] })),
    );
    const [head] = rows;
    if (head) first ??= { id: itemAt(ids, 0, "the first student's id"), code: head.row.participant_code, last: head.row.last_name };
    const testInputs: TestResultInput[] = [];
    const profileInputs: PredictiveProfileInput[] = [];
    rows.forEach((r, i) =>
      results(random, itemAt(ids, i, "an id for each student"), r.grade, periods, academicYear, todayIso, testInputs, profileInputs),
    );
    await recordTestResults(db, testInputs);
    await recordPredictiveProfiles(db, profileInputs);
    students += rows.length;
    tests += testInputs.length;
    profiles += profileInputs.length;
    if (Date.now() - lastLog > 15_000) {
      lastLog = Date.now();
      const s = (Date.now() - started) / 1000;
      log(
        `  ${students.toLocaleString("en-US")}/${size.toLocaleString("en-US")} students, ${tests.toLocaleString("en-US")} tests (${s.toFixed(0)} s, ~${((s / students) * (size - students)).toFixed(0)} s left)`,
      );
    }
  }
  log(`  vacuum analyze…`);
  await settle(db);
  const generationSeconds = (Date.now() - started) / 1000;
  const count = async (t: string) =>
    Number(itemAt((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db)).rows, 0, "a count").n);
  const counts: Record<string, number> = {};
  for (const t of [
    "organization_unit",
    "participant_group",
    "app_user",
    "participant",
    "participant_test",
    "participant_test_question_response",
    "predictive_profile",
  ])
    counts[t] = await count(t);
  // The batch ingestion must have written exactly what it was given.
  if (counts.participant_test !== tests || counts.predictive_profile !== profiles || counts.participant !== students) {
    throw new Error(`Generated counts do not match the inputs: ${JSON.stringify({ counts, tests, profiles, students })}`);
  }
  return {
    size,
    students,
    districtId: orgId,
    schoolId: itemAt(schoolIds, 0, "a school"),
    classroomId: itemAt(classIds, measured, "the measured classroom's id"),
    classroomName: measuredPlan.name,
    studentId: first!.id,
    studentCode: first!.code,
    studentLastName: first!.last,
    userEmail: `teacher.${plans.length}@bench.example`,
    counts,
    generatedAt: new Date().toISOString(),
    generationSeconds,
  };
}

/**
 * A student's results in the demo seed's shape (every cell state of spec 001 §4, the current
 * period partly done): a latent ability keeps scores coherent; letters carry item responses,
 * RAN two recordings' timings, other tests three responses.
 */
function results(
  random: Random,
  participantId: string,
  grade: Grade,
  periods: SampleCalendar["windows"],
  academicYear: string,
  today: string,
  testsOut: TestResultInput[],
  profilesOut: PredictiveProfileInput[],
) {
  const ability = random.next();
  for (const period of PERIODS) {
    const skipChance = period === "EOY" ? 0.35 : 0.04;
    const day = new Date(`${sampleTestDay(periods[period], random.int(3, 20), today)}T00:00:00Z`);
    for (const code of defaultGradeAssessments(grade, period, { rerKindergarten: false }) as TestCode[]) {
      if (random.chance(skipChance)) continue;
      const test = ASSESSMENTS[code];
      const roll = random.next();
      const state =
        roll < 0.05 ? "incomplete" : roll < 0.08 ? "invalid" : test.manual === "ran" && roll < 0.3 ? "needs-scoring" : "complete";
      const percentile = Math.max(1, Math.min(99, Math.round(ability * 80 + random.int(-20, 25))));
      const start = new Date(day.getTime() + random.int(8 * 60, 14 * 60) * 60_000);
      const end = new Date(start.getTime() + random.int(2, 9) * 60_000);
      const letters = test.manual === "letters" ? letterItems(code as "letter-names" | "letter-sounds") : [];
      const correctByCode = Object.fromEntries(letters.map((item) => [item, random.chance(0.35 + ability * 0.6) ? 1 : 0] as const));
      const correct = Object.values(correctByCode).reduce<number>((a, b) => a + b, 0);
      let responses: TestResultInput["responses"];
      if (letters.length) responses = state === "complete" ? letters.map((q) => ({ questionCode: q, score: correctByCode[q] ?? 0 })) : [];
      else if (test.manual === "ran") {
        const scored = state === "complete";
        responses = [
          {
            questionCode: `${code}_prac_1`,
            score: 1,
            responseTimeInSecs: random.int(8, 15),
            evalResponseTime: scored ? random.int(8, 15) : null,
            numOfErrors: scored ? random.int(0, 2) : null,
          },
          {
            questionCode: `${code}_1`,
            score: 1,
            responseTimeInSecs: random.int(30, 70),
            evalResponseTime: scored ? random.int(30, 70) : null,
            numOfErrors: scored ? random.int(0, 6) : null,
            invalid: state === "invalid" ? true : null,
          },
        ];
      } else {
        responses = Array.from({ length: 3 }, (_, i) => ({
          questionCode: `${code}_${i + 1}`,
          score: random.chance(0.7) ? 1 : 0,
          responseTimeInSecs: Number((1 + random.next() * 6).toFixed(2)),
        }));
      }
      testsOut.push({
        clientTestId: `bench-${participantId}-${period}-${code}`,
        participantId,
        testCode: code,
        grade,
        startDtTm: start.toISOString(),
        endDtTm: state === "incomplete" ? null : end.toISOString(),
        completedFlag: state !== "incomplete",
        // A scored RAN as the scoring dialog leaves it without RAN norms: valid, no percentile (the
        // upload refuses one: issue 34 item 4).
        invalid: state === "invalid" ? true : test.manual === "ran" && state === "complete" ? false : null,
        finalTheta:
          state === "complete" && test.scoring === "ability" && test.manual !== "ran"
            ? Number((ability * 3 - 1.5 + random.next() * 0.6).toFixed(3))
            : null,
        abilityPercentile: state === "complete" && test.manual !== "ran" ? percentile : null,
        correctItems: letters.length ? correct : null,
        totalItems: letters.length ? letters.length : null,
        correctByCode: letters.length && state === "complete" ? correctByCode : null,
        responses,
      });
    }
    if (!random.chance(period === "EOY" ? 0.4 : 0.05)) {
      profilesOut.push({
        participantId,
        academicYear,
        periodName: period,
        pwr: grade === "PK" ? null : round3(clamp01(ability * 0.8 + random.next() * 0.25)),
        dyslexia: grade === "PK" ? null : round3(clamp01((1 - ability) * 0.35 + random.next() * 0.1)),
        kready: grade === "K" || grade === "PK" ? round3(clamp01(ability * 0.7 + random.next() * 0.3)) : null,
        pkRisk: grade === "PK" ? round3(clamp01((1 - ability) * 0.6 + random.next() * 0.2)) : null,
      });
    }
  }
}
