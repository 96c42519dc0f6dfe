import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { recordPredictiveProfile, recordTestResult } from "#app/api/results-ingest";
import { letterItems, type TestCode } from "#app/domain/assessments";
import { CALENDAR_CHANGE_MESSAGES } from "#app/domain/calendar-changes";
import { first } from "#app/domain/presence";
import type { Period } from "#app/domain/periods";
import { CALENDAR_MESSAGES } from "#app/domain/screening-calendar";
import { makeClassroom, makeDistrict, makePeriods, makeSchool, makeStudent, makeTeacher, makeUser } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { freshApi } from "./support/world";

// Issue 16: a district's screening calendar through the API, on both engines. Who may read and
// change it; the rules, answered per field; a save that fails part-way leaves the year as it was;
// a stale version answers 409; the rollover; and the results follow a save at once (the current
// period and the grade lists the letter-score entry checks).

const data = useTempDataDir();

type Year = {
  academicYear: string;
  version: string;
  periods: { periodName: string; startDate: string; endDate: string; gradeLists: Record<string, string[]> }[];
};
type Calendar = { organizationId: string; years: Year[]; currentYear: string; nextYear: string | null };

const Y = "2026-2027";
const RANGES = {
  BOY: { start: "2026-08-15", end: "2026-10-31" },
  MOY: { start: "2026-12-01", end: "2027-02-28" },
  EOY: { start: "2027-04-01", end: "2027-06-15" },
};

const { handle, t } = await freshApi();
t.clock.now = new Date("2026-11-15T12:00:00");

afterAll(() => data.cleanup());

/** A district of its own with a 2026-2027 calendar (default lists), its admin, a school admin, a teacher with a K student. */
async function district({ periods = true } = {}) {
  const d = await makeDistrict(handle.db);
  const school = await makeSchool(handle.db, d.organization_id);
  const teacher = await makeTeacher(handle.db, school);
  const classroom = await makeClassroom(handle.db, school.organization_unit_id, [teacher.user_id]);
  const student = await makeStudent(handle.db, school.organization_unit_id, { classroomIds: [classroom.participant_group_id] });
  if (periods) await makePeriods(handle.db, d.organization_id, RANGES, Y);
  const admin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: d.organization_id });
  const schoolAdmin = await makeUser(handle.db, {
    role: "ORG_UNIT_ADMIN",
    organizationId: d.organization_id,
    schoolIds: [school.organization_unit_id],
  });
  return {
    id: d.organization_id,
    admin,
    schoolAdmin,
    teacher,
    student,
    school,
    classroom,
    token: await t.login(admin.email),
  };
}

let serial = 0;
/** A finished test of a student, taken at noon UTC on `day`. */
async function taken(participantId: string, testCode: TestCode, day: string) {
  await recordTestResult(handle.db, {
    clientTestId: `calendar-${++serial}`,
    participantId,
    testCode,
    grade: "K",
    startDtTm: `${day}T12:00:00Z`,
    endDtTm: `${day}T12:10:00Z`,
    completedFlag: true,
    abilityPercentile: 55,
  });
}
const riskScore = (participantId: string, periodName: Period, pwr: number, dyslexia: number) =>
  recordPredictiveProfile(handle.db, { participantId, academicYear: Y, periodName, pwr, dyslexia });

type GridRow = {
  participantId: string;
  profile: { kind: string; state: string; text: string }[];
  cells: { testCode: string; state: string; text: string }[];
};
/** One student's row of the classroom grid of a period, as a teacher sees it. */
async function gridRow(token: string, classroomId: string, period: Period, participantId: string) {
  const res = await t.call("GET", `/participantGroups/${classroomId}/results?period=${period}`, { token });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { grid: { rows: GridRow[] } };
  const row = body.grid.rows.find((r) => r.participantId === participantId)!;
  const done = row.cells.filter((c) => c.state === "complete").map((c) => c.testCode);
  const flags = row.profile.filter((p) => p.state === "complete").map((p) => `${p.kind}: ${p.text}`);
  return { done, flags };
}

const read = async (token: string, id: string, query = "") => {
  const res = await t.call("GET", `/organization/${id}/screening-calendar${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Calendar;
};
/** The district's first (here, only) calendar year. */
const firstYear = async (token: string, id: string) => first((await read(token, id)).years, "a calendar year");
/** The period of `year` named `name`. */
const periodOf = (year: Year, name: Period) => {
  const period = year.periods.find((p) => p.periodName === name);
  if (!period) throw new Error(`${year.academicYear} has no ${name}`);
  return period;
};
const save = (token: string, id: string, body: unknown) => t.call("PUT", `/organization/${id}/screening-calendar`, { token, body });
const rollover = (token: string, id: string, academicYear: string) =>
  t.call("POST", `/organization/${id}/screening-calendar/rollover`, { token, body: { academicYear } });

/** A year as a save body: the periods keyed by name, with `change` applied to one of them. */
function bodyOf(
  year: Year,
  change: Record<string, Partial<{ startDate: string; endDate: string; gradeLists: Record<string, string[]> }>> = {},
) {
  return {
    academicYear: year.academicYear,
    version: year.version,
    periods: Object.fromEntries(
      year.periods.map((p) => [
        p.periodName,
        { startDate: p.startDate, endDate: p.endDate, gradeLists: p.gradeLists, ...change[p.periodName] },
      ]),
    ),
  };
}

describe(`screening calendar (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it("reads every year with its windows, grade lists and version; one year on request", async () => {
    const d = await district();
    const calendar = await read(d.token, d.id);
    expect(calendar.currentYear).toBe(Y);
    expect(calendar.nextYear).toBe("2027-2028");
    expect(calendar.years).toHaveLength(1);
    const year = first(calendar.years);
    expect(year.periods.map((p) => [p.periodName, p.startDate, p.endDate])).toEqual([
      ["BOY", "2026-08-15", "2026-10-31"],
      ["MOY", "2026-12-01", "2027-02-28"],
      ["EOY", "2027-04-01", "2027-06-15"],
    ]);
    expect(Object.keys(periodOf(year, "BOY").gradeLists).sort()).toEqual(["1", "2", "3", "K", "PK"]);
    expect(periodOf(year, "BOY").gradeLists.K).toContain("letter-names");
    expect(year.version).toMatch(/^[0-9a-f]{16}$/);
    expect((await read(d.token, d.id, "?academicYear=2025-2026")).years).toEqual([]);
    expect((await read(d.token, d.id, `?academicYear=${Y}`)).years).toEqual([year]);
  });

  it("only super admins and the district's own admins may read or change it", async () => {
    const d = await district();
    const other = await district();
    const superAdmin = await makeUser(handle.db, { role: "SUPER_ADMIN", organizationId: null });
    const year = await firstYear(d.token, d.id);
    const refused = [
      ["teacher", await t.login(d.teacher.email)],
      ["school admin", await t.login(d.schoolAdmin.email)],
      ["another district's admin", other.token],
    ] as const;
    for (const [who, token] of refused) {
      const answers = [
        (await t.call("GET", `/organization/${d.id}/screening-calendar`, { token })).status,
        (await save(token, d.id, bodyOf(year, { BOY: { startDate: "2026-08-20" } }))).status,
        (await rollover(token, d.id, "2027-2028")).status,
      ];
      expect(answers, who).toEqual([403, 403, 403]);
    }
    expect((await t.call("GET", `/organization/${d.id}/screening-calendar`)).status).toBe(401);
    expect((await read(d.token, d.id)).years).toEqual([year]);
    const superToken = await t.login(superAdmin.email);
    expect((await save(superToken, d.id, bodyOf(year, { BOY: { startDate: "2026-08-20" } }))).status).toBe(200);
  });

  it("saves a year: new windows and grade lists, at once in the results' period config", async () => {
    const d = await district();
    const year = await firstYear(d.token, d.id);
    const res = await save(
      d.token,
      d.id,
      bodyOf(year, {
        BOY: { endDate: "2026-10-15" },
        MOY: { startDate: "2026-11-01", gradeLists: { K: ["vocab", "letter-names"], "3": [] } },
      }),
    );
    expect(res.status).toBe(200);
    const saved = (await res.json()) as Year;
    const stored = await firstYear(d.token, d.id);
    expect(stored).toEqual(saved);
    expect(stored.version).not.toBe(year.version);
    expect(periodOf(stored, "MOY")).toEqual({
      periodName: "MOY",
      startDate: "2026-11-01",
      endDate: "2027-02-28",
      gradeLists: { K: ["letter-names", "vocab"] },
    });

    const config = await t.call("GET", `/assessmentConfig/currentAcademicYear/${d.id}`, { token: d.token });
    const periods = ((await config.json()) as { periods: { periodName: string; startDate: string; GradeAssessmentLists: unknown[] }[] })
      .periods;
    expect(periods.map((p) => [p.periodName, p.startDate])).toEqual([
      ["BOY", "2026-08-15"],
      ["MOY", "2026-11-01"],
      ["EOY", "2027-04-01"],
    ]);
    expect(periods[1]?.GradeAssessmentLists).toEqual([{ grade: "K", testCodes: "letter-names,vocab" }]);
  });

  it("the current period and the grade lists of letter-score entry and the student profile follow a save at once", async () => {
    const d = await district();
    const teacher = await t.login(d.teacher.email);
    const enter = () =>
      t.call("POST", "/participantTest/manual", {
        token: teacher,
        body: {
          testCode: "letter-sounds",
          participantId: d.student.participant_id,
          grade: "K",
          responses: letterItems("letter-sounds").map((questionCode) => ({ questionCode, score: 1 })),
        },
      });
    // November 15 falls between BOY and MOY: the current period is BOY, whose window has ended.
    const before = await enter();
    expect(before.status).toBe(201);
    expect(((await before.json()) as { participantTest: { startDtTm: string } }).participantTest.startDtTm.slice(0, 10)).toBe("2026-10-31");

    const year = await firstYear(d.token, d.id);
    // MOY now opens on November 10 and K no longer takes letter sounds in it.
    const moyLists = periodOf(year, "MOY").gradeLists;
    const lists = { ...moyLists, K: moyLists.K!.filter((c) => c !== "letter-sounds") };
    expect((await save(d.token, d.id, bodyOf(year, { MOY: { startDate: "2026-11-10", gradeLists: lists } }))).status).toBe(200);
    const after = await enter();
    expect(after.status).toBe(422);
    expect(((await after.json()) as { message: string }).message).toMatch(/letter sounds/i);

    // Put letter sounds back: the entry lands in MOY (today), not BOY.
    const now = await firstYear(d.token, d.id);
    const nowLists = periodOf(now, "MOY").gradeLists;
    const back = { ...nowLists, K: [...nowLists.K!, "letter-sounds"] };
    expect((await save(d.token, d.id, bodyOf(now, { MOY: { gradeLists: back } }))).status).toBe(200);
    const moy = await enter();
    expect(moy.status).toBe(201);
    expect(((await moy.json()) as { participantTest: { startDtTm: string } }).participantTest.startDtTm.slice(0, 10)).toBe("2026-11-15");

    // The student profile reads the same calendar: MOY from November 10, each test under its period.
    const profile = await t.call("GET", `/participants/profile/${d.student.participant_id}`, { token: teacher });
    expect(profile.status).toBe(200);
    const periods = ((await profile.json()) as { periods: { periodName: string; startDate: string; ParticipantTests: unknown[] }[] })
      .periods;
    expect(periods.map((p) => [p.periodName, p.startDate, p.ParticipantTests.length])).toEqual([
      ["BOY", "2026-08-15", 1],
      ["MOY", "2026-11-10", 1],
      ["EOY", "2027-04-01", 0],
    ]);
  });

  it("refuses broken rules with a message per field and changes nothing", async () => {
    const d = await district();
    const year = await firstYear(d.token, d.id);
    const cases: [Record<string, object>, string, string][] = [
      [{ MOY: { startDate: "2026-10-20" } }, "periods.MOY.startDate", CALENDAR_MESSAGES.overlap("MOY", "BOY", "2026-10-31")],
      [
        { EOY: { endDate: "2027-07-15" } },
        "periods.EOY.endDate",
        CALENDAR_MESSAGES.outsideYear(Y, { start: "2026-07-01", end: "2027-06-30" }),
      ],
      [{ BOY: { startDate: "2026-02-30" } }, "periods.BOY.startDate", "Not a calendar date: use YYYY-MM-DD."],
      [{ BOY: { endDate: "2026-08-01" } }, "periods.BOY.endDate", CALENDAR_MESSAGES.endBeforeStart],
      [{ BOY: { gradeLists: { PK: ["letter-ran"] } } }, "periods.BOY.gradeLists.PK", CALENDAR_MESSAGES.wrongGrade("letter-ran", "PK")],
      [{ BOY: { gradeLists: { "4": ["vocab"] } } }, "periods.BOY.gradeLists.4", CALENDAR_MESSAGES.unknownGrade],
      [{ BOY: { gradeLists: { K: ["vocab", "vocab"] } } }, "periods.BOY.gradeLists.K", CALENDAR_MESSAGES.duplicate("vocab", "K")],
    ];
    for (const [change, field, message] of cases) {
      const res = await save(d.token, d.id, bodyOf(year, change));
      const body = (await res.json()) as { message: string; errors: string[] };
      expect(res.status, field).toBe(400);
      expect(body.errors, field).toEqual([`${field}: ${message}`]);
      expect(body.message).toBe(message);
    }
    const noYear = await save(d.token, d.id, { ...bodyOf(year), academicYear: "2026-2028" });
    expect(noYear.status).toBe(400);
    expect(((await noYear.json()) as { errors: string[] }).errors).toContain(`academicYear: ${CALENDAR_MESSAGES.schoolYear}`);
    expect((await read(d.token, d.id)).years).toEqual([year]);
  });

  it("refuses a key that is not a grade or a period, __proto__ and constructor too, and leaves the year as it was", async () => {
    // Issue 33: zod dropped a __proto__ grade key without a word, so the period was saved with no tests.
    const d = await district();
    const year = await firstYear(d.token, d.id);
    // JSON.parse keeps "__proto__" as a key of its own, as a body sent over the wire has it.
    const lists = (key: string) => JSON.parse(`{${JSON.stringify(key)}: ["letter-names"]}`) as Record<string, string[]>;
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await save(d.token, d.id, bodyOf(year, { BOY: { gradeLists: lists(key) } }));
      expect(res.status, key).toBe(400);
      expect(((await res.json()) as { errors: string[] }).errors, key).toEqual([
        `periods.BOY.gradeLists.${key}: ${CALENDAR_MESSAGES.unknownGrade}`,
      ]);
      const withPeriods = bodyOf(year);
      const periods = JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(withPeriods.periods.BOY)}}`) as Record<string, unknown>;
      const res2 = await save(d.token, d.id, { ...withPeriods, periods: { ...withPeriods.periods, ...periods } });
      expect(res2.status, key).toBe(400);
      expect(((await res2.json()) as { errors: string[] }).errors, key).toEqual([`periods.${key}: ${CALENDAR_MESSAGES.unknownPeriod}`]);
    }
    const read2 = await read(d.token, d.id);
    expect(read2.years).toEqual([year]);
    expect(periodOf(first(read2.years), "BOY").gradeLists.K).toContain("letter-names");
  });

  it("a stale version answers 409 with the newer calendar; no version is last-writer-wins", async () => {
    const d = await district();
    const year = await firstYear(d.token, d.id);
    expect((await save(d.token, d.id, bodyOf(year, { BOY: { startDate: "2026-08-20" } }))).status).toBe(200);
    const stale = await save(d.token, d.id, bodyOf(year, { EOY: { endDate: "2027-06-20" } }));
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { message: string; current: Year };
    expect(body.message).toMatch(/Someone else changed this calendar/);
    expect(periodOf(body.current, "BOY").startDate).toBe("2026-08-20");
    expect(periodOf(body.current, "EOY").endDate).toBe("2027-06-15");
    const { version: _, ...unversioned } = bodyOf(year, { EOY: { endDate: "2027-06-20" } });
    expect((await save(d.token, d.id, unversioned)).status).toBe(200);
  });

  it("a save that fails part-way leaves the old calendar intact", async () => {
    const d = await district();
    const year = await firstYear(d.token, d.id);
    // A fault in the last statement of the save (a grade 3 list written for this district) rolls
    // back the period dates it had already changed.
    await sql`
      create or replace function calendar_fault() returns trigger language plpgsql as $$
      begin
        if new.grade = '3' and exists (select 1 from assessment_period p where p.assessment_period_id = new.assessment_period_id and p.organization_id = ${sql.lit(d.id)}::uuid) then
          raise exception 'injected calendar fault';
        end if;
        return new;
      end $$`.execute(handle.db);
    await sql`create trigger calendar_fault before insert on grade_assessment_list for each row execute function calendar_fault()`.execute(
      handle.db,
    );
    try {
      const quiet = console.error;
      console.error = () => {};
      const res = await save(d.token, d.id, bodyOf(year, { BOY: { startDate: "2026-08-01" }, EOY: { endDate: "2027-06-30" } })).finally(
        () => (console.error = quiet),
      );
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger calendar_fault on grade_assessment_list`.execute(handle.db);
      await sql`drop function calendar_fault()`.execute(handle.db);
    }
    expect((await read(d.token, d.id)).years).toEqual([year]);
  });

  it("a first calendar can be saved for a district without one; the empty version guards it", async () => {
    const d = await district({ periods: false });
    expect(await read(d.token, d.id)).toMatchObject({ years: [], nextYear: null });
    expect((await rollover(d.token, d.id, "2026-2027")).status).toBe(409);
    const body = {
      academicYear: Y,
      version: "new",
      periods: {
        BOY: { startDate: "2026-09-01", endDate: "2026-09-30", gradeLists: { K: ["vocab"] } },
        MOY: { startDate: "2027-01-05", endDate: "2027-01-30" },
        EOY: { startDate: "2027-05-01", endDate: "2027-05-30" },
      },
    };
    expect((await save(d.token, d.id, body)).status).toBe(200);
    expect((await save(d.token, d.id, body)).status).toBe(409);
    const year = await firstYear(d.token, d.id);
    expect(year.periods.map((p) => p.gradeLists)).toEqual([{ K: ["vocab"] }, {}, {}]);
  });

  it("rolls over to the next year from the latest, once", async () => {
    const d = await district();
    const year = await firstYear(d.token, d.id);
    const res = await rollover(d.token, d.id, "2027-2028");
    expect(res.status).toBe(201);
    const next = (await res.json()) as Year;
    expect(next.periods.map((p) => [p.periodName, p.startDate, p.endDate])).toEqual([
      ["BOY", "2027-08-15", "2027-10-31"],
      ["MOY", "2027-12-01", "2028-02-28"],
      ["EOY", "2028-04-01", "2028-06-15"],
    ]);
    expect(next.periods.map((p) => p.gradeLists)).toEqual(year.periods.map((p) => p.gradeLists));
    const calendar = await read(d.token, d.id);
    expect(calendar.years.map((y) => y.academicYear)).toEqual([Y, "2027-2028"]);
    expect(calendar.years[1]).toEqual(next);
    expect(calendar.nextYear).toBe("2028-2029");

    const again = await rollover(d.token, d.id, "2027-2028");
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(CALENDAR_MESSAGES.yearExists("2027-2028"));
    const skip = await rollover(d.token, d.id, "2029-2030");
    expect(skip.status).toBe(409);
    expect(((await skip.json()) as { message: string }).message).toBe(CALENDAR_MESSAGES.notNextYear("2028-2029"));
    expect((await read(d.token, d.id)).years).toEqual(calendar.years);
    // Today is still in 2026-2027: the results keep reading that year.
    const config = await t.call("GET", `/assessmentConfig/currentAcademicYear/${d.id}`, { token: d.token });
    expect(((await config.json()) as { academicYear: string }).academicYear).toBe(Y);
  });

  it("new dates that move results answer 409 with the counts and change nothing; confirmed, the risk scores move with their results", async () => {
    // Issue 35 item 11: moving EOY's start moved EOY's results into MOY while their risk scores
    // stayed in EOY, so the grid showed EOY 'Not started' beside EOY risk flags, and MOY the new
    // results beside the older MOY flags.
    t.clock.now = new Date("2027-05-01T12:00:00Z");
    try {
      const d = await district();
      const teacher = await t.login(d.teacher.email);
      const makeKid = () => makeStudent(handle.db, d.school.organization_unit_id, { classroomIds: [d.classroom.participant_group_id] });
      // Ada: a MOY test and score, two EOY tests (April 5 and 6) and an EOY score flagging risk.
      const ada = d.student.participant_id;
      await taken(ada, "vocab", "2027-01-10");
      await riskScore(ada, "MOY", 0.8, 0.1);
      await taken(ada, "vocab", "2027-04-05");
      await taken(ada, "letter-names", "2027-04-06");
      await riskScore(ada, "EOY", 0.05, 0.95);
      // Ben: EOY tests on April 5 and April 20; his EOY score stays with the later one.
      const ben = (await makeKid()).participant_id;
      await taken(ben, "vocab", "2027-04-05");
      await taken(ben, "letter-names", "2027-04-20");
      await riskScore(ben, "EOY", 0.3, 0.4);
      // Cy: only a BOY test and score, untouched by the change.
      const cy = (await makeKid()).participant_id;
      await taken(cy, "vocab", "2026-09-10");
      await riskScore(cy, "BOY", 0.6, 0.2);

      const adaEoy = await gridRow(teacher, d.classroom.participant_group_id, "EOY", ada);
      const adaMoy = await gridRow(teacher, d.classroom.participant_group_id, "MOY", ada);
      expect(adaEoy.done.sort()).toEqual(["letter-names", "vocab"]);
      expect(adaEoy.flags.length).toBeGreaterThan(0);
      expect(adaMoy.flags).not.toEqual(adaEoy.flags);

      // MOY now runs to April 9, EOY from April 10: the tests of April 5 and 6 move from EOY to MOY.
      const year = await firstYear(d.token, d.id);
      const body = bodyOf(year, { MOY: { endDate: "2027-04-09" }, EOY: { startDate: "2027-04-10" } });
      const asked = await save(d.token, d.id, body);
      expect(asked.status).toBe(409);
      expect(await asked.json()).toEqual({
        message: CALENDAR_CHANGE_MESSAGES.confirmMoves(3),
        movedResults: [{ from: "EOY", to: "MOY", count: 3, firstDate: "2027-04-05", lastDate: "2027-04-06" }],
        riskScores: { moved: 1, removed: 1 },
        changes: [
          "3 results taken between 2027-04-05 and 2027-04-06 move from EOY to MOY.",
          "1 student's risk score moves with its results.",
          "1 risk score is deleted: its results now share a period with later results of the same student, whose risk score is kept, or no window holds them any more.",
        ],
      });
      expect((await read(d.token, d.id)).years).toEqual([year]);
      expect(await gridRow(teacher, d.classroom.participant_group_id, "EOY", ada)).toEqual(adaEoy);
      // confirmMovedResults false is no confirmation.
      expect((await save(d.token, d.id, { ...body, confirmMovedResults: false })).status).toBe(409);

      const confirmed = await save(d.token, d.id, { ...body, confirmMovedResults: true });
      expect(confirmed.status).toBe(200);
      const saved = (await confirmed.json()) as Year & { changes: { movedResults: unknown[]; riskScores: unknown } };
      expect(saved.changes.riskScores).toEqual({ moved: 1, removed: 1 });
      expect(periodOf(saved, "MOY").endDate).toBe("2027-04-09");

      // Ada's results and her risk flags are in MOY together; EOY shows neither.
      const adaMoyAfter = await gridRow(teacher, d.classroom.participant_group_id, "MOY", ada);
      expect(adaMoyAfter.done.sort()).toEqual(["letter-names", "vocab"]);
      expect(adaMoyAfter.flags).toEqual(expect.arrayContaining(adaEoy.flags));
      expect(adaMoyAfter.flags).not.toEqual(expect.arrayContaining(adaMoy.flags));
      expect(await gridRow(teacher, d.classroom.participant_group_id, "EOY", ada)).toEqual({ done: [], flags: [] });
      // Ben keeps his EOY score beside his April 20 test; his April 5 test is in MOY, without a score.
      expect(await gridRow(teacher, d.classroom.participant_group_id, "EOY", ben)).toMatchObject({ done: ["letter-names"] });
      expect((await gridRow(teacher, d.classroom.participant_group_id, "EOY", ben)).flags.length).toBeGreaterThan(0);
      expect(await gridRow(teacher, d.classroom.participant_group_id, "MOY", ben)).toEqual({ done: ["vocab"], flags: [] });
      const scores = await handle.db
        .selectFrom("predictive_profile")
        .select(["participant_id", "period_name", "pwr"])
        .where("participant_id", "in", [ada, ben, cy])
        .orderBy("pwr")
        .execute();
      expect(scores.map((r) => [r.participant_id, r.period_name, r.pwr])).toEqual([
        [ada, "MOY", 0.05],
        [ben, "EOY", 0.3],
        [cy, "BOY", 0.6],
      ]);

      // A save that moves nothing needs no confirmation.
      const now = await firstYear(d.token, d.id);
      expect((await save(d.token, d.id, bodyOf(now, { EOY: { endDate: "2027-06-20" } }))).status).toBe(200);
    } finally {
      t.clock.now = new Date("2026-11-15T12:00:00");
    }
  });

  it("a result that no window holds any more, and one that a window now holds, are counted too", async () => {
    const d = await district();
    await taken(d.student.participant_id, "vocab", "2026-08-20");
    await taken(d.student.participant_id, "vocab", "2026-11-05");
    const year = await firstYear(d.token, d.id);
    const res = await save(d.token, d.id, bodyOf(year, { BOY: { startDate: "2026-09-01", endDate: "2026-11-10" } }));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { changes: string[] }).changes).toEqual([
      "1 result taken on 2026-08-20 moves out of BOY: no window holds it any more, so no period shows it.",
      "1 result taken on 2026-11-05 outside every window until now moves into BOY.",
    ]);
  });

  it("an unknown period name is refused with 400 and saves nothing", async () => {
    const d = await district();
    const year = await firstYear(d.token, d.id);
    const body = bodyOf(year);
    for (const name of ["SOY", "boy", "Moy"]) {
      const res = await save(d.token, d.id, { ...body, periods: { ...body.periods, [name]: body.periods.BOY } });
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { errors: string[] }).errors, name).toEqual([`periods.${name}: ${CALENDAR_MESSAGES.unknownPeriod}`]);
    }
    expect((await read(d.token, d.id)).years).toEqual([year]);
  });

  it("deletes a year's calendar while it holds no results, and refuses while it does", async () => {
    const d = await district();
    const remove = (token: string, year: string) => t.call("DELETE", `/organization/${d.id}/screening-calendar/${year}`, { token });
    // A year started by mistake: no results in it.
    expect((await rollover(d.token, d.id, "2027-2028")).status).toBe(201);
    for (const token of [await t.login(d.teacher.email), await t.login(d.schoolAdmin.email), (await district()).token]) {
      expect((await remove(token, "2027-2028")).status).toBe(403);
    }
    expect((await remove(d.token, "2027-2028")).status).toBe(204);
    const after = await read(d.token, d.id);
    expect(after.years.map((y) => y.academicYear)).toEqual([Y]);
    expect(after.nextYear).toBe("2027-2028");
    const gone = await remove(d.token, "2027-2028");
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe(CALENDAR_CHANGE_MESSAGES.noSuchYear("2027-2028"));
    expect((await remove(d.token, "2027")).status).toBe(400);

    // A year with a result, or a risk score, stays.
    await taken(d.student.participant_id, "vocab", "2026-09-10");
    const held = await remove(d.token, Y);
    expect(held.status).toBe(409);
    expect(((await held.json()) as { message: string }).message).toBe(CALENDAR_CHANGE_MESSAGES.holdsResults(Y, 1, 0));
    expect(CALENDAR_CHANGE_MESSAGES.holdsResults(Y, 1, 0)).toBe(
      "The 2026-2027 calendar cannot be deleted: its periods hold 1 result. Change its dates instead.",
    );
    const other = await district();
    await riskScore(other.student.participant_id, "BOY", 0.5, 0.5);
    const scored = await t.call("DELETE", `/organization/${other.id}/screening-calendar/${Y}`, { token: other.token });
    expect(scored.status).toBe(409);
    expect(((await scored.json()) as { message: string }).message).toBe(CALENDAR_CHANGE_MESSAGES.holdsResults(Y, 0, 1));
    expect((await read(d.token, d.id)).years.map((y) => y.academicYear)).toEqual([Y]);
  });
});
