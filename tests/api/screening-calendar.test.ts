import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { letterItems } from "#app/domain/assessments";
import { CALENDAR_MESSAGES } from "#app/domain/screening-calendar";
import { makeDistrict, makePeriods, makeSchool, makeStudent, makeUser, makeClassroom } from "./support/fixtures";
import { createTestApi, useTempDataDir, type TestApi } from "./support/test-api";
import { createTestDb } from "./support/test-db";

// Issue 16: a district's screening calendar through the API, on both engines. Who may read and
// change it; the rules, answered per field; a save that fails part-way leaves the year as it was;
// a stale version answers 409; the rollover; and the results follow a save at once (the current
// period and the grade lists the letter-score entry checks).

const data = useTempDataDir();
let handle: DbHandle;
let t: TestApi;

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

beforeAll(async () => {
  handle = await createTestDb();
  t = createTestApi(handle.db);
  t.clock.now = new Date("2026-11-15T12:00:00");
});

afterAll(async () => {
  await handle?.close();
  data.cleanup();
});

/** A district of its own with a 2026-2027 calendar (default lists), its admin, a school admin, a teacher with a K student. */
async function district({ periods = true } = {}) {
  const d = await makeDistrict(handle.db);
  const school = await makeSchool(handle.db, d.organization_id);
  const teacher = await makeUser(handle.db, {
    role: "TEACHER",
    organizationId: d.organization_id,
    schoolIds: [school.organization_unit_id],
  });
  const classroom = await makeClassroom(handle.db, school.organization_unit_id, [teacher.user_id]);
  const student = await makeStudent(handle.db, school.organization_unit_id, { classroomIds: [classroom.participant_group_id] });
  if (periods) await makePeriods(handle.db, d.organization_id, RANGES, Y);
  const admin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: d.organization_id });
  const schoolAdmin = await makeUser(handle.db, {
    role: "ORG_UNIT_ADMIN",
    organizationId: d.organization_id,
    schoolIds: [school.organization_unit_id],
  });
  return { id: d.organization_id, admin, schoolAdmin, teacher, student, token: await t.login(admin.email) };
}

const read = async (token: string, id: string, query = "") => {
  const res = await t.call("GET", `/organization/${id}/screening-calendar${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Calendar;
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
    const [year] = calendar.years;
    expect(year.periods.map((p) => [p.periodName, p.startDate, p.endDate])).toEqual([
      ["BOY", "2026-08-15", "2026-10-31"],
      ["MOY", "2026-12-01", "2027-02-28"],
      ["EOY", "2027-04-01", "2027-06-15"],
    ]);
    expect(Object.keys(year.periods[0].gradeLists).sort()).toEqual(["1", "2", "3", "K", "PK"]);
    expect(year.periods[0].gradeLists.K).toContain("letter-names");
    expect(year.version).toMatch(/^[0-9a-f]{16}$/);
    expect((await read(d.token, d.id, "?academicYear=2025-2026")).years).toEqual([]);
    expect((await read(d.token, d.id, `?academicYear=${Y}`)).years).toEqual([year]);
  });

  it("only super admins and the district's own admins may read or change it", async () => {
    const d = await district();
    const other = await district();
    const superAdmin = await makeUser(handle.db, { role: "SUPER_ADMIN", organizationId: null });
    const [year] = (await read(d.token, d.id)).years;
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
    const [year] = (await read(d.token, d.id)).years;
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
    const [stored] = (await read(d.token, d.id)).years;
    expect(stored).toEqual(saved);
    expect(stored.version).not.toBe(year.version);
    expect(stored.periods[1]).toEqual({
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
    expect(periods[1].GradeAssessmentLists).toEqual([{ grade: "K", testCodes: "letter-names,vocab" }]);
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

    const [year] = (await read(d.token, d.id)).years;
    // MOY now opens on November 10 and K no longer takes letter sounds in it.
    const lists = { ...year.periods[1].gradeLists, K: year.periods[1].gradeLists.K!.filter((c) => c !== "letter-sounds") };
    expect((await save(d.token, d.id, bodyOf(year, { MOY: { startDate: "2026-11-10", gradeLists: lists } }))).status).toBe(200);
    const after = await enter();
    expect(after.status).toBe(422);
    expect(((await after.json()) as { message: string }).message).toMatch(/letter sounds/i);

    // Put letter sounds back: the entry lands in MOY (today), not BOY.
    const [now] = (await read(d.token, d.id)).years;
    const back = { ...now.periods[1].gradeLists, K: [...now.periods[1].gradeLists.K!, "letter-sounds"] };
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
    const [year] = (await read(d.token, d.id)).years;
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
    const [year] = (await read(d.token, d.id)).years;
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
    expect(read2.years[0].periods[0].gradeLists.K).toContain("letter-names");
  });

  it("a stale version answers 409 with the newer calendar; no version is last-writer-wins", async () => {
    const d = await district();
    const [year] = (await read(d.token, d.id)).years;
    expect((await save(d.token, d.id, bodyOf(year, { BOY: { startDate: "2026-08-20" } }))).status).toBe(200);
    const stale = await save(d.token, d.id, bodyOf(year, { EOY: { endDate: "2027-06-20" } }));
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { message: string; current: Year };
    expect(body.message).toMatch(/Someone else changed this calendar/);
    expect(body.current.periods[0].startDate).toBe("2026-08-20");
    expect(body.current.periods[2].endDate).toBe("2027-06-15");
    const { version: _, ...unversioned } = bodyOf(year, { EOY: { endDate: "2027-06-20" } });
    expect((await save(d.token, d.id, unversioned)).status).toBe(200);
  });

  it("a save that fails part-way leaves the old calendar intact", async () => {
    const d = await district();
    const [year] = (await read(d.token, d.id)).years;
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
    const [year] = (await read(d.token, d.id)).years;
    expect(year.periods.map((p) => p.gradeLists)).toEqual([{ K: ["vocab"] }, {}, {}]);
  });

  it("rolls over to the next year from the latest, once", async () => {
    const d = await district();
    const [year] = (await read(d.token, d.id)).years;
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
});
