import type { LogEvent } from "kysely";
import { describe, expect, it } from "vitest";
import { assessmentDefinition, definitionItems } from "#app/domain/assessment-definitions";
import { localIsoDate } from "#app/domain/calendar-date";
import { academicYearOf, currentPeriod, PERIODS, type Period } from "#app/domain/periods";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { apiFor } from "#app/lib/api.server";
import { getUser } from "#app/lib/auth.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { loader as rootLoader } from "#app/root";
import { loader as classroomLoader } from "#app/routes/classroom.$classroomId";
import { loader as districtLoader } from "#app/routes/district.$districtId";
import { loader as schoolLoader } from "#app/routes/school.$schoolId";
import { action as letterAction, loader as letterLoader } from "#app/routes/classroom.$classroomId.letters";
import { makePeriods, makeStudent } from "./support/fixtures";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

// How many SQL queries one page costs (issue 9: the classroom page ≤ 12, one letter save ≤ 15;
// issue 15: ≤ 7, and 2 once this process holds the classroom's grid: none of the grid's; issue 40
// item 3: one more the first time, the letters to work on, latest entries of tests and probes,
// kept after that beside the grid under its versions).
// The real route loaders and action run in-process against the test database, each with its own
// copy of the Request and one shared load context, as Remix calls them; Kysely's log hook counts
// every statement the database receives.

const PAGE_BUDGET = 8;
/**
 * The same page once this process holds the classroom's grid under its results version
 * (app/api/classroom-results.ts): the caller, and the classroom's scope check, which also reads
 * the heading (classroom, school and district names): one call, no classroom call besides it.
 * The letters to work on are kept under the same versions (probes raise them too, migration 0024).
 */
const WARM_PAGE_BUDGET = 2;
const SAVE_BUDGET = 15;
/** Opening a letter score dialog (issue 12): its own route's loader, one student's tests. */
const DIALOG_BUDGET = 9;
const STUDENTS = 20;
/**
 * The school page's Students tab (issue 15): the caller, the school with its district's name, a
 * classroom count, the students' count with one page of ids, those students with their classrooms, and
 * (issue 35 item 5) how many of the school's students lack a birth date, for an admin to complete.
 */
const SCHOOL_STUDENTS_BUDGET = 6;
/**
 * The district page's tabs: the caller, the district, the count with a page of ids, the rows
 * (Users: and their schools' names, a statement of its own: joined per user, PostgreSQL read every
 * school of the district for each user, 1.9 ms against 0.6 ms for 50 users at 100k, issue 15;
 * Schools: their roster imports too, and the district's rostering key with them, issue 35 item 1).
 */
const DISTRICT_TAB_BUDGET = { users: 5, schools: 7 } as const;

let counting: string[] | null = null;

const count = (event: LogEvent) => {
  if (event.level === "query") counting?.push(event.query.sql);
};

/** The statements `run` sent to the database. */
async function queriesOf<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const queries: string[] = [];
  counting = queries;
  try {
    return { result: await run(), queries };
  } finally {
    counting = null;
  }
}

// Periods around today, so the page shows the period in progress whatever day the test runs.
function periodsAroundToday(): Record<Period, { start: string; end: string }> {
  const startYear = Number(academicYearOf(localIsoDate(new Date())).slice(0, 4)); // '2026-2027' → 2026
  return {
    BOY: { start: `${startYear}-07-01`, end: `${startYear}-10-31` },
    MOY: { start: `${startYear}-11-01`, end: `${startYear + 1}-02-28` },
    EOY: { start: `${startYear + 1}-03-01`, end: `${startYear + 1}-06-30` },
  };
}

const currentPeriodName = (): Period => {
  const ranges = periodsAroundToday();
  const periods = PERIODS.map((periodName) => ({ periodName, startDate: ranges[periodName].start, endDate: ranges[periodName].end }));
  return currentPeriod(periods, localIsoDate(new Date()))!.periodName;
};

const isSessionLookUp = (sql: string) => /from "session"/.test(sql);

async function sessionCookie(email: string): Promise<string> {
  const session = await getSession(new Request("http://localhost/"));
  session.set("token", await t.login(email));
  return first((await commitSession(session)).split(";"), "a cookie");
}

const pageUrl = (query = "") => `http://localhost/classroom/${w.classA.participant_group_id}${query}`;
const context = () => ({});

process.env.SESSION_SECRET ??= "query-count-test-secret";
const { handle, t, w } = await apiWorld({ log: count });
setApiAppForTests(t.api, t.deps);
await makePeriods(handle.db, w.district.organization_id, periodsAroundToday(), academicYearOf(localIsoDate(new Date())));
for (let i = 0; i < STUDENTS; i++) {
  await makeStudent(handle.db, w.schoolA.organization_unit_id, { grade: "K", classroomIds: [w.classA.participant_group_id] });
}
const cookie: string = await sessionCookie(w.teacher.email);

describe(`SQL queries per page (${process.env.TEST_DB_ENGINE})`, () => {
  it(`the classroom page (root and page loaders) costs at most ${PAGE_BUDGET}`, async () => {
    const shared = context();
    const request = () => new Request(pageUrl(), { headers: { cookie } });
    const { result, queries } = await queriesOf(async () => {
      const [root, page] = await Promise.all([
        rootLoader({ request: request(), context: shared, params: {} }),
        classroomLoader({ request: request(), context: shared, params: { classroomId: w.classA.participant_group_id } }),
      ]);
      return { root: (await root.json()) as { user: { email: string } | null }, page };
    });
    const { root, page } = result;
    expect(root.user?.email).toBe(w.teacher.email);
    expect(page.results?.error).toBeNull();
    expect(page.results?.grid?.rows).toHaveLength(STUDENTS + 1);
    expect(queries.filter(isSessionLookUp), "one look-up of the caller for both loaders").toHaveLength(1);
    console.info(`[query-count] classroom page: ${queries.length} queries`);
    expect(queries.length, queries.join("\n")).toBeLessThanOrEqual(PAGE_BUDGET);

    // Again, as every later visit: nothing behind the grid changed, so it comes from this
    // process's copy (its version read with the scope check): no calendar, test or risk query.
    const again = await queriesOf(() =>
      classroomLoader({ request: request(), context: context(), params: { classroomId: w.classA.participant_group_id } }),
    );
    expect(again.result.results?.grid?.rows).toHaveLength(STUDENTS + 1);
    expect(again.result.results?.grid).toEqual(page.results?.grid);
    expect(again.queries.filter((q) => /from "(assessment_period|participant_test|predictive_profile)"/.test(q))).toEqual([]);
    console.info(`[query-count] classroom page, grid kept: ${again.queries.length} queries (page loader alone)`);
    expect(again.queries.length, again.queries.join("\n")).toBeLessThanOrEqual(WARM_PAGE_BUDGET);
  });

  it(`opening a letter score dialog (its route's loader alone) costs at most ${DIALOG_BUDGET}`, async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      grade: "K",
      classroomIds: [w.classA.participant_group_id],
    });
    const url = pageUrl(`/letters?student=${student.participant_id}&test=letter-names`);
    const { result, queries } = await queriesOf(() =>
      letterLoader({
        request: new Request(url, { headers: { cookie } }),
        context: context(),
        params: { classroomId: w.classA.participant_group_id },
      }),
    );
    expect(result.dialog).toMatchObject({ kind: "ready", mode: "edit", participantId: student.participant_id });
    // None of the grid's statements: no classroom list of students, no classroom risk scores.
    expect(queries.filter((q) => /participant_group_member/.test(q) && /participant_test/.test(q))).toEqual([]);
    console.info(`[query-count] letter dialog: ${queries.length} queries`);
    expect(queries.length, queries.join("\n")).toBeLessThanOrEqual(DIALOG_BUDGET);
  });

  it(`one letter-score save (the letter dialog's action) costs at most ${SAVE_BUDGET}`, async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      grade: "K",
      classroomIds: [w.classA.participant_group_id],
    });
    const form = new URLSearchParams({
      intent: "create",
      testCode: "letter-names",
      participantId: student.participant_id,
      grade: "K",
      periodName: currentPeriodName(),
    });
    const items = definitionItems(assessmentDefinition("letter-names"), "K", currentPeriodName()) ?? [];
    for (const item of items.slice(0, 5)) form.append("correct", item);
    const url = pageUrl(`/letters?student=${student.participant_id}&test=letter-names`);
    const { result, queries } = await queriesOf(() =>
      letterAction({
        request: new Request(url, {
          method: "POST",
          headers: { cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
          body: form,
        }),
        context: context(),
        params: { classroomId: w.classA.participant_group_id },
      }),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    const saved = await handle.db
      .selectFrom("participant_test")
      .select("participant_test_id")
      .where("participant_id", "=", student.participant_id)
      .execute();
    expect(saved).toHaveLength(1);
    console.info(`[query-count] letter save: ${queries.length} queries`);
    expect(queries.length, queries.join("\n")).toBeLessThanOrEqual(SAVE_BUDGET);
  });
});

describe(`the school page's Students tab (${process.env.TEST_DB_ENGINE})`, () => {
  it(`checks the school once for its three reads (school, classrooms, students), in at most ${SCHOOL_STUDENTS_BUDGET} queries`, async () => {
    const admin = await sessionCookie(w.schoolAdmin.email);
    const url = `http://localhost/school/${w.schoolA.organization_unit_id}?tab=students`;
    const { result, queries } = await queriesOf(() =>
      schoolLoader({
        request: new Request(url, { headers: { cookie: admin } }),
        context: context(),
        params: { schoolId: w.schoolA.organization_unit_id },
      }),
    );
    expect(result.students.rows?.length).toBeGreaterThanOrEqual(STUDENTS);
    console.info(`[query-count] school students tab: ${queries.length} queries`);
    expect(
      queries.filter((q) => /from "organization_unit" as "ou" inner join "organization" as "o"/.test(q)),
      queries.join("\n"),
    ).toHaveLength(1);
    // The tab needs only whether the school has classrooms (who may add a student): a count, no rows.
    expect(result.classroomCount).toBeGreaterThan(0);
    expect(result.may.createStudents).toBe(true);
    expect(queries.length, queries.join("\n")).toBeLessThanOrEqual(SCHOOL_STUDENTS_BUDGET);
  });
});

describe(`the district page's tabs (${process.env.TEST_DB_ENGINE})`, () => {
  it.each(["users", "schools"] as const)("the %s tab checks the district once for all its reads, within its budget", async (tab) => {
    const admin = await sessionCookie(w.districtAdmin.email);
    const url = `http://localhost/district/${w.district.organization_id}?tab=${tab}`;
    const { result, queries } = await queriesOf(() =>
      districtLoader({
        request: new Request(url, { headers: { cookie: admin } }),
        context: context(),
        params: { districtId: w.district.organization_id },
      }),
    );
    expect(result.district?.name).toBe(w.district.name);
    expect(tab === "users" ? result.users.rows?.length : result.schools.rows?.length).toBeGreaterThan(0);
    console.info(`[query-count] district ${tab} tab: ${queries.length} queries`);
    expect(queries.length, queries.join("\n")).toBeLessThanOrEqual(DISTRICT_TAB_BUDGET[tab]);
    expect(
      queries.filter((q) => /from "organization" where "organization_id" = \$1/.test(q)),
      queries.join("\n"),
    ).toHaveLength(1);
  });
});

describe(`the caller a UI request shares (${process.env.TEST_DB_ENGINE})`, () => {
  it("is looked up again after a change, so a sign-out in an action is seen by the loaders after it", async () => {
    const own = await sessionCookie(w.teacher.email);
    const shared = context();
    const request = () => new Request("http://localhost/logout", { method: "POST", headers: { cookie: own, origin: "http://localhost" } });
    expect(await getUser(request(), shared)).toMatchObject({ email: w.teacher.email });
    const api = apiFor(request(), shared);
    expect((await api.POST("/dashboard/logout")).response.status).toBe(204);
    expect(await getUser(request(), shared)).toBeNull();
  });

  it("is not lent to a request with another session, even under the same load context", async () => {
    const admin = await sessionCookie(w.schoolAdmin.email);
    const shared = context();
    expect(await getUser(new Request(pageUrl(), { headers: { cookie } }), shared)).toMatchObject({ email: w.teacher.email });
    expect(await getUser(new Request(pageUrl(), { headers: { cookie: admin } }), shared)).toMatchObject({ email: w.schoolAdmin.email });
  });
});
