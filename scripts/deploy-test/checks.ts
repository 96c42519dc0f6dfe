import { DATABASE_UNAVAILABLE } from "#app/api/app";
import { LIMITS } from "#app/api/rate-limit";
import { first, itemAt } from "#app/domain/presence";
import type { components } from "#app/lib/generated/api-schema";
import { DEMO_DISTRICT_NAME, DEMO_PASSWORD } from "../seed/demo";
import { formOf, Visitor, type Answer } from "./client";
import { balancerStats, DATABASE, PORTS, query, type Part } from "./stack";

// What the deploy test shows, section by section. Each check prints one line (✓ or ✗) with the
// figures behind it; a section that throws counts as one failed check and the next one runs.

type Schemas = components["schemas"];
export interface Report {
  passed: number;
  failed: number;
}
type Parts = { pgbouncer: Part; app1: Part; app2: Part; haproxy: Part };

const BALANCER = `http://127.0.0.1:${PORTS.balancer}`;
const direct = (name: "app1" | "app2") => `http://127.0.0.1:${PORTS[name]}`;
const TEACHER = "teacher@demo.example";
const SUPER = "super@demo.example";
const DISTRICT_ADMIN = "district.admin@demo.example";
const SCHOOL_ADMIN = "school.admin@demo.example";

const report: Report = { passed: 0, failed: 0 };
function check(ok: boolean, text: string): boolean {
  report[ok ? "passed" : "failed"]++;
  console.log(`  ${ok ? "✓" : "✗"} ${text}`);
  return ok;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tally = (answers: Answer[]) => {
  const by = new Map<string, number>();
  for (const a of answers) by.set(a.servedBy, (by.get(a.servedBy) ?? 0) + 1);
  return [...by].map(([k, n]) => `${k} ×${n}`).join(", ");
};
/** A page that came back as the sign-in page, or a redirect to it: the visitor was signed out. */
const signedOut = (a: Answer) =>
  (a.status >= 300 && a.status < 400 && /^\/login/.test(String(a.headers.location ?? ""))) || a.path.startsWith("/login");
const json = <T>(a: Answer): T => JSON.parse(a.body) as T;
/** Something a visitor must never see: a stack trace. */
const stackTrace = (body: string) => /\n\s+at [\w.<>]+ \(|node_modules\/|\.tmp\/deploy-build/.test(body);

async function ids() {
  const district = first(
    await query<{ id: string }>(DATABASE, "select organization_id as id from organization where name = $1", [DEMO_DISTRICT_NAME]),
    "the demo district",
  );
  const school = first(
    await query<{ id: string }>(
      DATABASE,
      "select organization_unit_id as id from organization_unit where organization_id = $1 and name = 'Cedar Elementary'",
      [district.id],
    ),
    "Cedar Elementary",
  );
  const classroom = first(
    await query<{ id: string }>(
      DATABASE,
      "select participant_group_id as id from participant_group where organization_unit_id = $1 and name = 'Kindergarten Room 4'",
      [school.id],
    ),
    "Kindergarten Room 4",
  );
  return { district: district.id, school: school.id, classroom: classroom.id };
}
type Ids = Awaited<ReturnType<typeof ids>>;

/** Signs in through the sign-in page as a browser does; the visitor keeps the session cookie. */
async function signInPage(visitor: Visitor, email: string): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    const answer = await visitor.post("/login", { form: { email, password: DEMO_PASSWORD, redirectTo: "", attempt: "0" } });
    // A server busy hashing other passwords says so and when to come back (nothing was checked).
    if (answer.status === 200 && /busy with other sign-ins/.test(answer.body) && attempt < 10) {
      await sleep(2_000);
      continue;
    }
    if (answer.status !== 302) throw new Error(`sign-in of ${email} answered ${answer.status} ${answer.error ?? ""}`);
    return answer;
  }
}

/** Signs in through the API; the visitor sends the token from then on. */
async function signInApi(visitor: Visitor, email: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const answer = await visitor.post("/api/dashboard/login", { json: { username: email, password: DEMO_PASSWORD } });
    if (answer.status === 503 && attempt < 10) {
      await sleep(2_000);
      continue;
    }
    if (answer.status !== 200) throw new Error(`API sign-in of ${email} answered ${answer.status} ${answer.body.slice(0, 200)}`);
    visitor.bearer = json<{ token: string }>(answer).token;
    return;
  }
}

async function newStudent(api: Visitor, ids: Ids, name: string, key?: string): Promise<Answer> {
  return api.post(
    "/api/participants",
    {
      json: {
        firstName: name,
        lastName: "Deploy",
        dateOfBirth: "05/17/2020",
        grade: "K",
        organizationUnitId: ids.school,
        participantGroupIds: [ids.classroom],
      },
    },
    key ? { "idempotency-key": key } : {},
  );
}

let pageTeacher: Visitor | null = null;

/**
 * A letter test's items as the dialog lists them for `student` (a teacher's page through the
 * balancer), scored as the API wants them: every item once, 1 for the first `correct` of them.
 */
async function letterResponses(ids: Ids, student: string, test: string, correct = 3) {
  if (!pageTeacher) {
    pageTeacher = new Visitor(BALANCER);
    await signInPage(pageTeacher, TEACHER);
  }
  const dialog = await pageTeacher.get(`/classroom/${ids.classroom}/letters?student=${student}&test=${test}`);
  const items = (dialog.status === 200 ? formOf(dialog.body, "intent") : null)?.checkboxes.get("correct") ?? [];
  if (items.length === 0) throw new Error(`the letter dialog of ${test} listed no letters (${dialog.status})`);
  return items.map((questionCode, i) => ({ questionCode, score: i < correct ? 1 : 0 }));
}

// ── 1. One session, two servers ──────────────────────────────────────────────────────────────

async function sessions(ids: Ids) {
  console.log("1. One session on two servers (round robin, no stickiness)");
  const teacher = new Visitor(BALANCER);
  const signIn = await signInPage(teacher, TEACHER);
  const pages: Answer[] = [];
  for (let i = 0; i < 6; i++) pages.push(await teacher.get(`/classroom/${ids.classroom}`));
  const servers = new Set(pages.map((p) => p.servedBy));
  check(
    pages.every((p) => p.status === 200 && !signedOut(p) && p.body.includes("Kindergarten Room 4")) && servers.size === 2,
    `signed in through ${signIn.servedBy}; the next ${pages.length} classroom pages came from ${tally(pages)}: ` +
      `${pages.filter((p) => p.status === 200).length} answered 200, none sent back to /login`,
  );
  teacher.close();

  // The per-address limit on failed sign-ins, with the balancer appending the visitor's address
  // (TRUST_PROXY=1). This visitor comes from an address of its own, so the limit is its own.
  const max = LIMITS.loginIp.max;
  const guesser = new Visitor(BALANCER, { localAddress: "127.0.0.2" });
  const failures: Answer[] = [];
  const others: Answer[] = [];
  let next = 0;
  const attempt = async (): Promise<Answer> => {
    const n = next++;
    return guesser.post("/api/dashboard/login", { json: { username: `guess-${n}@deploy.example`, password: "not the password" } });
  };
  // Two at a time: each is one password hash, and each server checks its own.
  while (failures.length + others.length < max) {
    const batch = await Promise.all([attempt(), attempt()].slice(0, Math.min(2, max - failures.length - others.length)));
    for (const a of batch) {
      if (a.status === 401) failures.push(a);
      else if (a.status === 503)
        next--; // busy hashing: nothing was counted; try again
      else others.push(a);
    }
    if (batch.some((a) => a.status === 503)) await sleep(1_000);
  }
  const refused: Answer[] = [];
  for (let i = 0; i < 4 && new Set(refused.map((r) => r.servedBy)).size < 2; i++) refused.push(await attempt());
  check(
    failures.length === max &&
      others.length === 0 &&
      new Set(failures.map((f) => f.servedBy)).size === 2 &&
      refused.length >= 2 &&
      refused.every((r) => r.status === 429 && Number(r.headers["retry-after"]) > 0) &&
      new Set(refused.map((r) => r.servedBy)).size === 2,
    `sign-in limit held across both: ${failures.length} failed sign-ins from one address (${tally(failures)}) answered 401` +
      `${others.length ? `, ${others.length} answered otherwise (${others.map((o) => o.status).join(", ")})` : ""}; ` +
      `then ${refused.map((r) => `${r.status} from ${r.servedBy}`).join(", ")} (Retry-After ${refused[0]?.headers["retry-after"] ?? "none"} s)`,
  );
  guesser.close();

  // An idempotency key: the same create sent to one server, then again to the other.
  const api1 = new Visitor(direct("app1"));
  await signInApi(api1, SUPER);
  const api2 = new Visitor(direct("app2"), { bearer: api1.bearer });
  const key = `deploy-${Date.now()}`;
  const first = await newStudent(api1, ids, "Idempotent", key);
  const again = await newStudent(api2, ids, "Idempotent", key);
  const { n: copies } = itemAt(
    await query<{ n: number }>(
      DATABASE,
      "select count(*)::int as n from participant where first_name = 'Idempotent' and last_name = 'Deploy' and deleted_at is null",
    ),
    0,
    "a count",
  );
  const firstId = first.status === 201 ? json<Schemas["Participant"]>(first).participantId : null;
  const againId = again.status === 201 ? json<Schemas["Participant"]>(again).participantId : null;
  check(
    first.status === 201 && again.status === 201 && again.headers["idempotent-replayed"] === "true" && againId === firstId && copies === 1,
    `idempotency key across both: a new student sent to app1 (${first.status}) and again to app2 with the same key ` +
      `(${again.status}, Idempotent-Replayed: ${again.headers["idempotent-replayed"] ?? "no"}, same id: ${againId === firstId}); ` +
      `${copies} student in the database`,
  );

  // A letter score create repeated on the other server: the period's test exists once.
  const scores = {
    testCode: "letter-names",
    participantId: firstId,
    grade: "K",
    responses: await letterResponses(ids, firstId!, "letter-names"),
  };
  const created = await api1.post("/api/participantTest/manual", { json: scores });
  const repeated = await api2.post("/api/participantTest/manual", { json: scores });
  const { n: tests } = itemAt(
    await query<{ n: number }>(
      DATABASE,
      "select count(*)::int as n from participant_test where participant_id = $1 and test_code = 'letter-names'",
      [firstId],
    ),
    0,
    "a count",
  );
  check(
    created.status === 201 && repeated.status === 409 && tests === 1,
    `a letter score save repeated on the other server: app1 ${created.status}, app2 ${repeated.status} ` +
      `(“${repeated.status === 409 ? json<{ message: string }>(repeated).message : repeated.body.slice(0, 120)}”); ${tests} test in the database`,
  );
  api1.close();
  api2.close();
}

// ── 2. An edit on one server, the next answer from the other ─────────────────────────────────

async function freshness(ids: Ids) {
  console.log("2. An edit on one server shows on the other in the very next answer");
  const a = new Visitor(direct("app1"));
  await signInApi(a, SUPER);
  const b = new Visitor(direct("app2"), { bearer: a.bearer });
  const studentsPage = `/api/participants/organizationUnit/${ids.school}/page`;
  const usersPage = `/api/user/organization/${ids.district}/page`;
  // EOY counts the whole year (BOY, MOY and EOY), so a save in any period of it counts as started.
  const completion = `/api/report/completion/${ids.district}?schoolId=${ids.school}&timePeriod=EOY`;
  const grid = `/api/participantGroups/${ids.classroom}/results`;
  const read = async (v: Visitor) => {
    const [students, users, report, results] = await Promise.all([v.get(studentsPage), v.get(usersPage), v.get(completion), v.get(grid)]);
    for (const x of [students, users, report, results])
      if (x.status !== 200) throw new Error(`${x.path} answered ${x.status} on ${x.servedBy}`);
    const school = json<Schemas["CompletionSummary"]>(report).school;
    const room = school?.classrooms.find((c) => c.participantGroupId === ids.classroom);
    return {
      students: json<{ total: number }>(students).total,
      users: json<{ total: number }>(users).total,
      completion: room ? { total: room.total, started: room.started } : null,
      rows: json<Schemas["ClassroomResults"]>(results).grid?.rows ?? [],
    };
  };
  // Both servers have read (and may keep) every figure before the edits.
  await read(a);
  const before = await read(b);

  const created = await newStudent(a, ids, "Fresh");
  if (created.status !== 201) throw new Error(`creating a student on app1 answered ${created.status}`);
  const student = json<Schemas["Participant"]>(created).participantId;
  const afterStudent = await read(b);
  check(
    afterStudent.students === before.students + 1,
    `school's student list total: ${before.students} before, app1 added a student, app2's next answer says ${afterStudent.students}`,
  );
  check(
    afterStudent.completion?.total === (before.completion?.total ?? 0) + 1,
    `completion report, the classroom's students: ${before.completion?.total} before, app2's next answer says ${afterStudent.completion?.total}`,
  );
  check(
    afterStudent.rows.some((r) => r.participantId === student),
    `classroom grid: app2's next answer ${afterStudent.rows.some((r) => r.participantId === student) ? "has" : "lacks"} the student app1 added (${before.rows.length} → ${afterStudent.rows.length} rows)`,
  );

  const user = await a.post("/api/user", {
    json: {
      firstName: "Fresh",
      lastName: "Deploy",
      email: `fresh-${Date.now()}@deploy.example`,
      roles: ["TEACHER"],
      organizationId: ids.district,
      organizationUnitIds: [ids.school],
    },
  });
  const afterUser = await read(b);
  check(
    user.status === 201 && afterUser.users === before.users + 1,
    `district's user list total: ${before.users} before, app1 added a user (${user.status}), app2's next answer says ${afterUser.users}`,
  );

  const cell = (rows: typeof before.rows) =>
    JSON.stringify(rows.find((r) => r.participantId === student)?.cells.find((c) => c.testCode === "letter-names"));
  const responses = await letterResponses(ids, student, "letter-names");
  const saved = await a.post("/api/participantTest/manual", {
    json: { testCode: "letter-names", participantId: student, grade: "K", responses },
  });
  const afterSave = await read(b);
  const onA = await read(a);
  check(
    saved.status === 201 && afterSave.completion?.started === (afterUser.completion?.started ?? 0) + 1,
    `completion report, the classroom's students started: ${afterUser.completion?.started} before, app1 saved letter scores (${saved.status}), ` +
      `app2's next answer says ${afterSave.completion?.started}`,
  );
  check(
    saved.status === 201 && cell(afterSave.rows) === cell(onA.rows) && cell(afterSave.rows) !== cell(afterUser.rows),
    `classroom grid: the student's Letter Names cell on app2 right after the save ${cell(afterSave.rows) === cell(onA.rows) ? "matches" : "differs from"} app1's`,
  );
  a.close();
  b.close();
}

// ── 3. One app server killed under a write-mixed load ────────────────────────────────────────

const LOAD = { writers: 8, readers: 16, studentsPerWriter: 2, seconds: 24, killAfterSeconds: 8, thinkMs: [500, 1500] as const };

interface Write {
  key: string;
  correct: string[];
  answer: Answer;
}

async function failover(parts: Parts, ids: Ids) {
  console.log(
    `3. app1 killed (SIGKILL) under load: ${LOAD.writers + LOAD.readers} signed-in users through the balancer ` +
      `(${LOAD.writers} teachers saving letter scores, ${LOAD.readers} reading pages) for ${LOAD.seconds} s, the kill at ${LOAD.killAfterSeconds} s`,
  );
  // The writers' own students: nobody else writes their scores.
  const admin = new Visitor(BALANCER);
  await signInApi(admin, SUPER);
  const owned: string[][] = [];
  for (let w = 0; w < LOAD.writers; w++) {
    const students: string[] = [];
    for (let s = 0; s < LOAD.studentsPerWriter; s++) {
      const answer = await newStudent(admin, ids, `Load${w}x${s}`);
      if (answer.status !== 201) throw new Error(`creating a student for the load answered ${answer.status}`);
      students.push(json<Schemas["Participant"]>(answer).participantId);
    }
    owned.push(students);
  }
  admin.close();

  const emails = [
    ...Array.from({ length: LOAD.writers }, () => TEACHER),
    ...Array.from({ length: LOAD.readers }, (_, i) => itemAt([TEACHER, SCHOOL_ADMIN, DISTRICT_ADMIN], i % 3)),
  ];
  const users = emails.map(() => new Visitor(BALANCER));
  // Four at a time: two password hashes on each server (its hashing queue runs two at once).
  for (let i = 0; i < users.length; i += 4)
    await Promise.all(users.slice(i, i + 4).map((u, j) => signInPage(u, itemAt(emails, i + j, "an email for each user"))));

  const readerPages = [`/classroom/${ids.classroom}`, `/school/${ids.school}`, `/district/${ids.district}`];
  const answers: Answer[] = [];
  const writes: Write[] = [];
  const start = Date.now();
  const end = start + LOAD.seconds * 1000;
  let killedAt = Infinity;
  const think = () => sleep(LOAD.thinkMs[0] + Math.random() * (LOAD.thinkMs[1] - LOAD.thinkMs[0]));

  const writer = async (user: Visitor, students: string[]) => {
    let turn = 0;
    while (Date.now() < end) {
      answers.push(await user.get(`/classroom/${ids.classroom}`));
      await think();
      const studentId = itemAt(students, turn % students.length, "a student of the writer's");
      const test = turn % 4 < 2 ? "letter-names" : "letter-sounds";
      turn++;
      const dialog = await user.get(`/classroom/${ids.classroom}/letters?student=${studentId}&test=${test}`);
      answers.push(dialog);
      const form = dialog.status === 200 ? formOf(dialog.body, "intent") : null;
      if (!form) continue;
      const items = form.checkboxes.get("correct") ?? [];
      const correct = items.filter(() => Math.random() < 0.5);
      await think();
      const answer = await user.post(form.action, { form: { ...form.fields, correct } });
      answers.push(answer);
      writes.push({ key: `${studentId} ${test}`, correct, answer });
    }
  };
  const reader = async (user: Visitor, n: number) => {
    let turn = n;
    while (Date.now() < end) {
      answers.push(await user.get(itemAt(readerPages, turn++ % readerPages.length)));
      await think();
    }
  };
  const killer = async () => {
    await sleep(LOAD.killAfterSeconds * 1000);
    killedAt = Date.now();
    await parts.app1.stop("SIGKILL");
  };
  await Promise.all([
    killer(),
    ...users.slice(0, LOAD.writers).map((u, w) => writer(u, itemAt(owned, w, "the writer's students"))),
    ...users.slice(LOAD.writers).map((u, r) => reader(u, r)),
  ]);

  const ok = (a: Answer) => !a.error && (a.method === "POST" ? a.status === 302 && !signedOut(a) : a.status === 200);
  const failed = answers.filter((a) => !ok(a));
  // In flight on app1 when it died, and not sent again: a POST it had received (it may have been
  // saved: the visitor gets 502 and decides), or an answer it had begun to send (half a page
  // cannot be completed by another server; the balancer cuts the connection).
  // Or a request sent on a kept-alive connection just before the kill: HAProxy closes the
  // visitor's connection with no answer at all (a client may send it again, RFC 9112 §9.3.1), so
  // no server is named; it was under way when app1 died, the only server that did.
  const closedUnanswered = (a: Answer) =>
    a.status === 0 && Boolean(a.error) && a.servedBy === `:${PORTS.balancer}` && a.startedAt <= killedAt && a.endedAt >= killedAt;
  const inFlight = (a: Answer) =>
    closedUnanswered(a) ||
    (a.servedBy === "app1" && a.startedAt <= killedAt && (a.method === "POST" ? a.status === 502 : Boolean(a.error)));
  const survivorFailed = failed.filter((a) => a.servedBy === "app2");
  const unexplained = failed.filter((a) => !inFlight(a));
  const afterKill = answers.filter((a) => a.startedAt > killedAt);
  const sinceKill = (t: number) => `${t >= killedAt ? "+" : ""}${((t - killedAt) / 1000).toFixed(2)} s`;
  check(
    survivorFailed.length === 0 && unexplained.length === 0,
    `${answers.length} requests (${tally(answers)}), ${afterKill.length} of them after the kill; ` +
      `${survivorFailed.length} failed on the survivor; in flight on app1 at the kill and not sent again: ` +
      `${failed.filter((a) => inFlight(a) && !closedUnanswered(a) && a.method === "POST").length} POSTs (502), ` +
      `${failed.filter((a) => inFlight(a) && !closedUnanswered(a) && a.method !== "POST").length} pages cut off mid-answer, ` +
      `${failed.filter(closedUnanswered).length} closed by the balancer unanswered` +
      (unexplained.length
        ? `; other failures: ${unexplained
            .slice(0, 5)
            .map(
              (a) =>
                `${a.method} ${a.path.split("?")[0]} ${a.status} ${a.error ?? ""} via ${a.servedBy} (sent ${sinceKill(a.startedAt)}, ended ${sinceKill(a.endedAt)} from the kill)`,
            )
            .join("; ")}`
        : ""),
  );
  check(!answers.some(signedOut), `nobody was signed out: ${answers.filter(signedOut).length} answers sent a user back to /login`);

  // Every acknowledged save is in the database, once: the test's items are those of the last
  // acknowledged save, or of a later one whose answer was lost (it may have landed).
  const keys = [...new Set(writes.map((w) => w.key))];
  let acknowledged = 0;
  let lost = 0;
  let doubled = 0;
  for (const key of keys) {
    const [participantId, testCode] = key.split(" ");
    const mine = writes.filter((w) => w.key === key);
    const acked = mine.filter((w) => w.answer.status === 302);
    acknowledged += acked.length;
    const rows = await query<{ correct_by_code: Record<string, number> | string | null }>(
      DATABASE,
      "select correct_by_code from participant_test where participant_id = $1 and test_code = $2",
      [participantId, testCode],
    );
    if (rows.length > 1) doubled++;
    const last = acked.at(-1);
    if (!last) continue;
    const stored = rows[0]?.correct_by_code;
    const byCode = (typeof stored === "string" ? JSON.parse(stored) : (stored ?? {})) as Record<string, number>;
    const inDb = Object.keys(byCode)
      .filter((c) => byCode[c] === 1)
      .sort()
      .join(",");
    const allowed = [last, ...mine.slice(mine.indexOf(last) + 1)].map((w) => [...w.correct].sort().join(","));
    if (rows.length === 0 || !allowed.includes(inDb)) lost++;
  }
  check(
    acknowledged > 0 && lost === 0 && doubled === 0,
    `${writes.length} letter score saves, ${acknowledged} acknowledged (302) over ${keys.length} tests: ${lost} lost, ${doubled} doubled (counted in PostgreSQL)`,
  );
  const stats = await balancerStats();
  const app1 = stats.get("app1");
  check(
    app1?.status === "DOWN",
    `HAProxy marked app1 ${app1?.status ?? "?"} (checks went down ${app1?.downs ?? 0}×); ` +
      `retries ${[...stats.values()].reduce((n, s) => n + s.retries, 0)}, redispatches ${[...stats.values()].reduce((n, s) => n + s.redispatches, 0)}`,
  );

  // app1 comes back and takes its share again.
  parts.app1.start();
  const back = Date.now();
  let up = false;
  for (let i = 0; i < 120 && !up; i++) {
    await sleep(500);
    up = (await balancerStats()).get("app1")?.status === "UP";
  }
  const again: Answer[] = [];
  for (let i = 0; i < 4; i++) again.push(await first(users, "a signed-in user").get(`/classroom/${ids.classroom}`));
  check(
    up && again.every((a) => a.status === 200) && again.some((a) => a.servedBy === "app1"),
    `app1 restarted: UP again after ${((Date.now() - back) / 1000).toFixed(1)} s; the same teacher's next pages from ${tally(again)}, still signed in` +
      (up ? "" : `; app1's log says: ${whyNotReady(parts.app1) || "nothing about its database"}`),
  );
  for (const u of users) u.close();
}

/** What a server's log says about its database and readiness (app/lib/readiness.server.ts, app/db/connect.server.ts). */
function whyNotReady(part: Part): string {
  return part
    .logTail(200)
    .split("\n")
    .filter((line) => /^\[(readyz|database|api)\]/.test(line))
    .slice(-3)
    .join(" | ");
}

// ── 4. The database goes away and comes back ─────────────────────────────────────────────────

async function outage(parts: Parts, ids: Ids) {
  console.log("4. The database goes away (PgBouncer, the app servers' only way to PostgreSQL, stopped) and comes back");
  const teacher = new Visitor(BALANCER);
  await signInPage(teacher, TEACHER);
  const api = new Visitor(BALANCER);
  await signInApi(api, TEACHER);
  const page = `/classroom/${ids.classroom}`;
  const grid = `/api/participantGroups/${ids.classroom}/results`;
  for (const v of [teacher, api]) {
    const a = await v.get(v === teacher ? page : grid);
    if (a.status !== 200) throw new Error(`before the outage ${a.path} answered ${a.status}`);
  }
  await parts.pgbouncer.stop("SIGTERM");
  const during: Answer[] = [];
  for (let i = 0; i < 2; i++) {
    during.push(await teacher.get(page));
    during.push(await api.get(grid));
    during.push(
      await api.post("/api/participants", {
        json: {
          firstName: "Outage",
          lastName: "Deploy",
          dateOfBirth: "05/17/2020",
          grade: "K",
          organizationUnitId: ids.school,
          participantGroupIds: [ids.classroom],
        },
      }),
    );
  }
  const clean = (a: Answer) => a.status === 503 && a.body.includes(DATABASE_UNAVAILABLE) && !stackTrace(a.body);
  check(
    during.every(clean) && new Set(during.map((a) => a.servedBy)).size === 2,
    `while it was away: ${during.map((a) => `${a.method} ${a.path.startsWith("/api") ? a.path.split("/").slice(0, 3).join("/") : "page"} ${a.status} (${a.servedBy})`).join(", ")}; ` +
      `${during.filter(clean).length} of ${during.length} said “${DATABASE_UNAVAILABLE}”, ${during.filter((a) => stackTrace(a.body)).length} showed a stack trace`,
  );

  // The balancer's health check (/readyz) takes both servers out of the ready backend; with none
  // ready it sends visitors to the live ones (app_servers_up), so they still read the app's words.
  const serversAre = async (status: "UP" | "DOWN") => {
    const stats = await balancerStats();
    return stats.get("app1")?.status === status && stats.get("app2")?.status === status;
  };
  const notReady = await waitFor(() => serversAre("DOWN"));
  const readyz = await Promise.all((["app1", "app2"] as const).map(readyzOf));
  const unreachable = (a: Answer) => a.status === 503 && a.body === JSON.stringify({ status: "not ready", database: "unreachable" });
  const meanwhile = [await teacher.get(page), await api.get(grid), await teacher.get(page), await api.get(grid)];
  check(
    notReady !== null && readyz.every(unreachable) && meanwhile.every(clean) && new Set(meanwhile.map((a) => a.servedBy)).size === 2,
    `/readyz of each server: ${readyz.map((a) => `${a.status} ${a.body}`).join(", ")}; HAProxy took both out of the ready backend ` +
      `${notReady === null ? "never (waited 15 s)" : `after ${(notReady / 1000).toFixed(1)} s`}, and still sent visitors to them: ` +
      `${meanwhile.map((a) => `${a.path.startsWith("/api") ? "API" : "page"} ${a.status} (${a.servedBy})`).join(", ")}, ` +
      `${meanwhile.filter(clean).length} of ${meanwhile.length} with the app's message`,
  );

  const stoppedAt = Date.now();
  parts.pgbouncer.start();
  let recovered: Answer | null = null;
  for (let i = 0; i < 80 && recovered?.status !== 200; i++) {
    if (i > 0) await sleep(250);
    recovered = await teacher.get(page);
  }
  const after = await api.get(grid);
  check(
    recovered?.status === 200 && !signedOut(recovered) && after.status === 200 && parts.app1.running && parts.app2.running,
    `back by itself ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s after PgBouncer started again: the page ${recovered?.status}, still signed in; ` +
      `the API ${after.status}; both app servers kept running (no restart)`,
  );
  const readyAgain = await waitFor(() => serversAre("UP"));
  const readyzAfter = await Promise.all((["app1", "app2"] as const).map(readyzOf));
  check(
    readyAgain !== null && readyzAfter.every((a) => a.status === 200),
    `/readyz of each server ${readyzAfter.map((a) => a.status).join(" and ")}; both back in the ready backend ` +
      `${readyAgain === null ? "never (waited 15 s)" : `${(readyAgain / 1000).toFixed(1)} s after the page was`}`,
  );
  teacher.close();
  api.close();
}

/** One app server's /readyz, asked directly (not through the balancer). */
async function readyzOf(name: "app1" | "app2"): Promise<Answer> {
  const visitor = new Visitor(direct(name));
  try {
    return await visitor.get("/readyz");
  } finally {
    visitor.close();
  }
}

/** Polls `done` every 250 ms for at most `ms`: how long it took, or null when it never was. */
async function waitFor(done: () => Promise<boolean>, ms = 15_000): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await done()) return Date.now() - start;
    await sleep(250);
  }
  return null;
}

export async function runChecks(parts: Parts): Promise<Report> {
  const found = await ids();
  for (const section of [() => sessions(found), () => freshness(found), () => failover(parts, found), () => outage(parts, found)]) {
    const started = Date.now();
    try {
      await section();
    } catch (error) {
      check(false, `the section stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  pageTeacher?.close();
  return report;
}
