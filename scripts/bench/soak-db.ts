// The soak's database: a district generated once into a template of its own, copied afresh for
// every run (the soak writes, so no run starts from another's scores, and no other engineer's
// bench database is written to), the signed-in users picked from it, what each writer will score,
// and, after the run, the check that every acknowledged save is in the database exactly once.
import { sql } from "kysely";
import { openDatabase, type Db } from "#app/db/connect.server";
import { ASSESSMENTS, type TestCode } from "#app/domain/assessments";
import { localIsoDate } from "#app/domain/calendar-date";
import { first, itemAt } from "#app/domain/presence";
import { periodBounds } from "#app/domain/results-grid";
import { ROLE_IDS } from "#app/domain/roles";
import { cacheKey, generate, type Fixture } from "./generate";

/** generate.ts anchors the periods on the day of generation and trusts a district this long. */
const MAX_TEMPLATE_AGE_DAYS = 30;

const RAN_CODES = (Object.keys(ASSESSMENTS) as TestCode[]).filter((c) => ASSESSMENTS[c].manual === "ran");
const LETTER_CODES = ["letter-names", "letter-sounds"] as const;
export type LetterCode = (typeof LETTER_CODES)[number];

export interface SoakDatabase {
  url: string;
  template: string;
  fixture: Fixture;
  generated: boolean;
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]{0,30}$/.test(name))
    throw new Error(`SOAK_DATABASE_URL: a database name of a-z, 0-9 and _ (up to 31), not "${name}"`);
  return name;
}

/**
 * The run's database `url` (dropped and created again from the template), its template named
 * `<name>_tpl_<size>_<schema hash>`: generated when missing, older than the periods allow, or
 * made for other migrations. Nobody connects to the template, so PostgreSQL may copy it.
 */
export async function freshSoakDatabase(root: string, url: string, size: number, log: (s: string) => void): Promise<SoakDatabase> {
  const name = databaseName(url);
  const template = `${name}_tpl_${cacheKey(root, size).replace("-", "_")}`;
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query<{ comment: string | null }>(
      "select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1",
      [template],
    );
    let fixture: Fixture | null = null;
    const comment = found.rows[0]?.comment;
    if (comment?.startsWith("{")) {
      const f = JSON.parse(comment) as Fixture;
      if (Date.now() - Date.parse(f.generatedAt) < MAX_TEMPLATE_AGE_DAYS * 86_400_000) fixture = f;
    }
    const generated = fixture === null;
    if (fixture === null) {
      const olds = await client.query<{ datname: string }>("select datname from pg_database where datname like $1", [
        `${name}\\_tpl\\_${size}\\_%`,
      ]);
      for (const o of olds.rows) await client.query(`drop database if exists "${o.datname}" with (force)`);
      log(`Generating ${size.toLocaleString("en-US")} students into the template ${template} (once; later runs copy it)…`);
      await client.query(`create database "${template}"`);
      const tplUrl = new URL(url);
      tplUrl.pathname = `/${template}`;
      const handle = await openDatabase({ url: tplUrl.toString() });
      try {
        fixture = await generate(handle.db, size, "postgres", log);
      } finally {
        await handle.close();
      }
      await client.query(`comment on database "${template}" is '${JSON.stringify(fixture).replaceAll("'", "''")}'`);
    }
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}" template "${template}"`);
    return { url, template, fixture, generated };
  } finally {
    await client.end();
  }
}

// ── Users ──────────────────────────────────────────────────────────────────────────────────

export type Role = "teacher" | "school" | "district" | "super";
/** Shares of the signed-in users by role: mostly teachers, as in a district at 8 a.m. */
export const MIX: Record<Role, number> = { teacher: 0.75, school: 0.15, district: 0.07, super: 0.03 };
/** Of the teachers, the share that scores while the others read (issue 36 §2). */
export const WRITER_SHARE = 0.1;

export interface LetterKey {
  participantId: string;
  testCode: LetterCode;
}
export interface RanTarget {
  testId: string;
  responseId: string;
}
export interface WriterPlan {
  classroomId: string;
  letters: LetterKey[];
  ran: RanTarget[];
}
export interface Account {
  role: Role;
  userId: string;
  pages: { key: string; url: string }[];
  writer?: WriterPlan;
}

interface PeriodRow {
  period_name: string;
  start_date: string;
  end_date: string;
  grade: string;
  test_codes: string;
}

/** The period today falls in (the generator puts EOY around today) and each grade's tests in it. */
async function currentLists(db: Db, districtId: string, today: string) {
  const rows = (await db
    .selectFrom("assessment_period as p")
    .innerJoin("grade_assessment_list as l", "l.assessment_period_id", "p.assessment_period_id")
    .select([
      "p.period_name",
      sql<string>`p.start_date::text`.as("start_date"),
      sql<string>`p.end_date::text`.as("end_date"),
      "l.grade",
      "l.test_codes",
    ])
    .where("p.organization_id", "=", districtId)
    .execute()) as PeriodRow[];
  const current = rows.find((r) => r.start_date <= today && today <= r.end_date);
  if (!current) throw new Error(`No assessment period of the generated district holds ${today}: regenerate it (drop its template).`);
  const lists = new Map(rows.filter((r) => r.period_name === current.period_name).map((r) => [r.grade, r.test_codes.split(",")]));
  return { period: current.period_name, bounds: periodBounds({ startDate: current.start_date, endDate: current.end_date }), lists };
}

/**
 * `count` accounts of the district's real teachers, school admins, district admin and super
 * admin in the MIX, with the pages each opens; WRITER_SHARE of the teachers (those whose class
 * has letter tests or RAN recordings to score in the current period) also score.
 */
export async function pickAccounts(url: string, fixture: Fixture, count: number, today = new Date()): Promise<Account[]> {
  const handle = await openDatabase({ url });
  const db = handle.db;
  try {
    const want = (role: Role) => Math.max(1, Math.round(count * MIX[role]));
    const { lists, bounds } = await currentLists(db, fixture.districtId, localIsoDate(today));
    const teachers = await db
      .selectFrom("participant_group_teacher as gt")
      .innerJoin("participant_group as g", "g.participant_group_id", "gt.participant_group_id")
      .select(["gt.user_id", "g.participant_group_id"])
      .where("g.deleted_at", "is", null)
      .orderBy("g.participant_group_id")
      .limit(want("teacher"))
      .execute();
    const classIds = teachers.map((t) => t.participant_group_id);
    const members = classIds.length
      ? await db
          .selectFrom("participant_group_member as m")
          .innerJoin("participant as p", "p.participant_id", "m.participant_id")
          .select(["m.participant_group_id", "p.participant_id", "p.grade"])
          .where("m.participant_group_id", "in", classIds)
          .where("p.deleted_at", "is", null)
          .orderBy("m.participant_group_id")
          .orderBy("p.participant_id")
          .execute()
      : [];
    // RAN tests the screener uploaded unscored ('Needs scoring'), this period, and their test response.
    const needsScoring = classIds.length
      ? await db
          .selectFrom("participant_group_member as m")
          .innerJoin("participant_test as t", "t.participant_id", "m.participant_id")
          .innerJoin("participant_test_question_response as r", "r.participant_test_id", "t.participant_test_id")
          .select(["m.participant_group_id", "t.participant_test_id", "r.participant_test_question_response_id"])
          .where("m.participant_group_id", "in", classIds)
          .where("t.test_code", "in", RAN_CODES)
          .where("t.deleted_at", "is", null)
          .where("t.completed_flag", "=", true)
          .where("t.invalid", "is", null)
          .where("t.start_dt_tm", ">=", new Date(bounds.from))
          .where("t.start_dt_tm", "<", new Date(bounds.to))
          .where(sql<boolean>`lower(r.question_code) not like '%prac%'`)
          .where("r.eval_response_time", "is", null)
          .orderBy("t.participant_test_id")
          .execute()
      : [];
    const plans = new Map<string, WriterPlan>();
    for (const id of classIds) plans.set(id, { classroomId: id, letters: [], ran: [] });
    for (const m of members) {
      const codes = lists.get(m.grade) ?? [];
      for (const testCode of LETTER_CODES)
        if (codes.includes(testCode)) plans.get(m.participant_group_id)!.letters.push({ participantId: m.participant_id, testCode });
    }
    for (const r of needsScoring)
      plans.get(r.participant_group_id)!.ran.push({ testId: r.participant_test_id, responseId: r.participant_test_question_response_id });

    const firstStudent = new Map<string, string>();
    for (const m of members) if (!firstStudent.has(m.participant_group_id)) firstStudent.set(m.participant_group_id, m.participant_id);
    // Writers: spread over the teachers, those with both kinds of scoring first.
    const writerCount = Math.round(teachers.length * WRITER_SHARE);
    const eligible = teachers
      .map((t, i) => ({ t, i, plan: plans.get(t.participant_group_id)! }))
      .filter((x) => x.plan.letters.length > 0 || x.plan.ran.length > 0)
      .sort(
        (a, b) => Number(b.plan.letters.length > 0 && b.plan.ran.length > 0) - Number(a.plan.letters.length > 0 && a.plan.ran.length > 0),
      );
    const writers = new Set(eligible.slice(0, writerCount).map((x) => x.i));

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
    const accounts: Account[] = [];
    teachers.forEach((t, i) => {
      const student = firstStudent.get(t.participant_group_id);
      accounts.push({
        role: "teacher",
        userId: t.user_id,
        pages: [
          { key: "classroom", url: `/classroom/${t.participant_group_id}` },
          ...(student ? [{ key: "student", url: `/student/${student}` }] : []),
        ],
        ...(writers.has(i) ? { writer: plans.get(t.participant_group_id) } : {}),
      });
    });
    // Fewer schools than wanted school admins: an admin has several sessions (several computers).
    for (let i = 0; i < want("school") && schoolAdmins.length; i++) {
      const a = itemAt(schoolAdmins, i % schoolAdmins.length, "a school admin");
      accounts.push({
        role: "school",
        userId: a.user_id,
        pages: [
          { key: "school-classrooms", url: `/school/${a.organization_unit_id}` },
          { key: "school-students", url: `/school/${a.organization_unit_id}?tab=students` },
        ],
      });
    }
    for (let i = 0; i < want("district"); i++)
      accounts.push({
        role: "district",
        userId: districtAdmin,
        pages: [
          { key: "district-schools", url: `/district/${d}` },
          { key: "district-users", url: `/district/${d}?tab=users` },
        ],
      });
    for (let i = 0; i < want("super"); i++)
      accounts.push({
        role: "super",
        userId: superAdmin,
        pages: [
          { key: "super-admin", url: "/super-admin" },
          { key: "district-report", url: `/district/${d}?tab=reports` },
        ],
      });
    return accounts;
  } finally {
    await handle.close();
  }
}

/** The accounts a scenario of `users` signs in: the same shares of each role as the whole list. */
export function accountsFor(all: Account[], users: number): Account[] {
  const byRole = (role: Role) => all.filter((a) => a.role === role);
  const take = (role: Role) => byRole(role).slice(0, Math.max(1, Math.round(users * MIX[role])));
  return [...take("teacher"), ...take("school"), ...take("district"), ...take("super")].slice(0, users);
}

/** A session per account, made in the database the server uses, and its signed cookie. */
export async function sessionCookies(url: string, accounts: Account[], secret: string): Promise<string[]> {
  process.env.SESSION_SECRET = secret;
  const { createSession } = await import("#app/api/sessions");
  const { commitSession, getSession } = await import("#app/lib/session.server");
  const handle = await openDatabase({ url });
  try {
    const cookies: string[] = [];
    for (const a of accounts) {
      const session = await getSession(new Request("http://127.0.0.1/"));
      session.set("token", await createSession(handle.db, a.userId, { userAgent: "bench soak" }));
      cookies.push(first((await commitSession(session)).split(";"), "a cookie"));
    }
    return cookies;
  } finally {
    await handle.close();
  }
}

// ── After the run: every acknowledged save, exactly once ───────────────────────────────────

/** What the read-back found for one save. */
export type Outcome = "once" | "lost" | "doubled" | "overwritten" | "unacknowledged" | "unacknowledged-landed";

/** One save a writer sent: what it wrote, and whether the page was told it was saved. */
export type WriteAttempt = (
  | {
      kind: "letters";
      participantId: string;
      testCode: LetterCode;
      periodName: string;
      correctByCode: Record<string, 0 | 1>;
    }
  | {
      kind: "ran";
      testId: string;
      responseId: string;
      responseTime: number;
      errors: number;
    }
) & {
  userId: string;
  /** The scenario (or capacity step) it was sent in. */
  phase: string;
  acknowledged: boolean;
  at: number;
  outcome?: Outcome;
  detail?: string;
};

export interface WriteCheck {
  sent: number;
  acknowledged: number;
  foundOnce: number;
  lost: number;
  doubled: number;
  /** Acknowledged, then written over by a later save of the same test in the run (letters keep no history). */
  overwritten: number;
  unacknowledged: number;
  /** Unacknowledged saves the database holds anyway (a reply lost or refused after the write). */
  unacknowledgedLanded: number;
  byKind: Record<"letters" | "ran", { acknowledged: number; foundOnce: number; lost: number; doubled: number }>;
  examples: string[];
}

/** Counts the outcomes of checked saves. */
export function tally(attempts: WriteAttempt[]): WriteCheck {
  const out: WriteCheck = {
    sent: attempts.length,
    acknowledged: 0,
    foundOnce: 0,
    lost: 0,
    doubled: 0,
    overwritten: 0,
    unacknowledged: 0,
    unacknowledgedLanded: 0,
    byKind: {
      letters: { acknowledged: 0, foundOnce: 0, lost: 0, doubled: 0 },
      ran: { acknowledged: 0, foundOnce: 0, lost: 0, doubled: 0 },
    },
    examples: [],
  };
  for (const a of attempts) {
    const k = out.byKind[a.kind];
    if (a.acknowledged) {
      out.acknowledged++;
      k.acknowledged++;
    } else out.unacknowledged++;
    if (a.outcome === "once") {
      out.foundOnce++;
      k.foundOnce++;
    } else if (a.outcome === "lost") {
      out.lost++;
      k.lost++;
    } else if (a.outcome === "doubled") {
      out.doubled++;
      k.doubled++;
    } else if (a.outcome === "overwritten") out.overwritten++;
    else if (a.outcome === "unacknowledged-landed") out.unacknowledgedLanded++;
    if (a.detail && out.examples.length < 10) out.examples.push(a.detail);
  }
  return out;
}

const sameScores = (a: Record<string, number> | null, b: Record<string, number>) =>
  a !== null && Object.keys(b).length === Object.keys(a).length && Object.entries(b).every(([k, v]) => a[k] === v);

/**
 * Reads back every save and sets its `outcome`. Letters: the student's test of that code in the
 * period exists once and holds the last acknowledged save of it (more than one test is doubled,
 * none or other scores is lost; a later save of the same test whose answer never came may hold
 * instead). RAN: each save is a scoring event of its scorer, response, time and errors (one is
 * right, none lost, two doubled).
 */
export async function checkWrites(url: string, districtId: string, attempts: WriteAttempt[]): Promise<void> {
  const handle = await openDatabase({ url });
  const db = handle.db;
  try {
    const periods = await db
      .selectFrom("assessment_period")
      .select(["period_name", sql<string>`start_date::text`.as("start_date"), sql<string>`end_date::text`.as("end_date")])
      .where("organization_id", "=", districtId)
      .execute();
    const bounds = new Map(periods.map((p) => [p.period_name as string, periodBounds({ startDate: p.start_date, endDate: p.end_date })]));

    // Letters, by test: the saves of one student's test of one code in one period, in order.
    const letterKeys = new Map<string, Extract<WriteAttempt, { kind: "letters" }>[]>();
    for (const a of attempts) {
      if (a.kind !== "letters") continue;
      const k = `${a.participantId}|${a.testCode}|${a.periodName}`;
      const list = letterKeys.get(k);
      if (list) list.push(a);
      else letterKeys.set(k, [a]);
    }
    for (const saves of letterKeys.values()) {
      saves.sort((x, y) => x.at - y.at);
      const { participantId, testCode, periodName } = first(saves, "a save");
      const b = bounds.get(periodName);
      if (!b) throw new Error(`No period ${periodName} in the district`);
      const rows = await db
        .selectFrom("participant_test")
        .select(["participant_test_id", "correct_by_code"])
        .where("participant_id", "=", participantId)
        .where("test_code", "=", testCode)
        .where("deleted_at", "is", null)
        .where("start_dt_tm", ">=", new Date(b.from))
        .where("start_dt_tm", "<", new Date(b.to))
        .execute();
      const [only, ...more] = rows;
      const held =
        only && more.length === 0
          ? typeof only.correct_by_code === "string"
            ? JSON.parse(only.correct_by_code)
            : only.correct_by_code
          : null;
      const lastAck = saves.map((s) => s.acknowledged).lastIndexOf(true);
      saves.forEach((s, i) => {
        if (!s.acknowledged) s.outcome = sameScores(held, s.correctByCode) ? "unacknowledged-landed" : "unacknowledged";
        else if (rows.length > 1) {
          s.outcome = "doubled";
          s.detail = `letters ${testCode} of ${participantId}: ${rows.length} tests in ${periodName}`;
        } else if (i < lastAck) s.outcome = "overwritten";
        else if (sameScores(held, s.correctByCode)) s.outcome = "once";
        // A later save of the same test, whose answer never reached the writer, holds instead.
        else if (saves.slice(i + 1).some((later) => sameScores(held, later.correctByCode))) s.outcome = "overwritten";
        else {
          s.outcome = "lost";
          s.detail = `letters ${testCode} of ${participantId}: ${rows.length ? "other scores" : "no test"} in ${periodName}`;
        }
      });
    }

    // RAN: one scoring event per save.
    for (const a of attempts) {
      if (a.kind !== "ran") continue;
      const { n } = (await db
        .selectFrom("ran_scoring_event")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("participant_test_question_response_id", "=", a.responseId)
        .where("scorer_user_id", "=", a.userId)
        .where("kind", "=", "score")
        .where("eval_response_time", "=", a.responseTime)
        .where("num_of_errors", "=", a.errors)
        .executeTakeFirstOrThrow()) as { n: number | string };
      const found = Number(n);
      if (!a.acknowledged) a.outcome = found > 0 ? "unacknowledged-landed" : "unacknowledged";
      else if (found === 1) a.outcome = "once";
      else {
        a.outcome = found === 0 ? "lost" : "doubled";
        a.detail = `RAN response ${a.responseId}: ${found} events of ${a.responseTime} s, ${a.errors} errors`;
      }
    }
  } finally {
    await handle.close();
  }
}
