import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { sql } from "kysely";
import type { Db } from "#app/db/connect.server";
import { ASSESSMENTS, TEST_CODES, type TestCode } from "#app/domain/assessments";
import { localIsoDate } from "#app/domain/calendar-date";
import { INVALID_CELL_TEXT } from "#app/domain/cell-state";
import { fileSlug, toCsv, UTF8_BOM } from "#app/domain/csv";
import { STUDENT_GRADE_VALUES } from "#app/domain/grades";
import { clampPercentile } from "#app/domain/percentile";
import { currentPeriod, isPeriod, periodInclusion, PERIODS, type Period } from "#app/domain/periods";
import { gradeTestLists, periodBounds, pickTest } from "#app/domain/results-grid";
import { type ApiEnv, errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden } from "../errors";
import type { PeriodConfig } from "../results-mappers";
import { canDownloadDistrictCsv, canManageClassrooms, requireActor, requireSuperAdmin } from "../scope";
import { loadAssessmentConfig } from "./results";

// Completion report (spec 000 §3) and the three CSV downloads (spec 000 §7, spec 001 §7/§9).
//
// "Started": the student has at least one test started within the included periods.
// "Finished": for every included period, every test of the district's list for the student's
// grade is complete in that period (and the lists hold at least one test). Periods are the
// district's current academic year (loadAssessmentConfig); a test belongs to the period whose
// dates (end inclusive) hold its start. Each figure comes from one aggregate query per report.

export const REPORT_NOT_FOUND = "Report not found";
const reportNotFound = () => new ApiError(404, REPORT_NOT_FOUND);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Counts = z.object({ total: z.number().int(), started: z.number().int(), finished: z.number().int() });
type Counts = z.infer<typeof Counts>;
const CompletionReport = z
  .object({
    timePeriod: z.enum(PERIODS),
    periods: z.array(z.enum(PERIODS)).openapi({ description: "the periods included (spec 000 §4)" }),
    academicYear: z.string().nullable(),
    finishedByOrgUnit: z.record(z.string(), Counts.extend({ participantGroups: z.record(z.string(), Counts) })),
    finishedByGrade: z.record(z.string(), Counts),
    key: z.object({ orgUnits: z.record(z.string(), z.string()), participantGroups: z.record(z.string(), z.string()) }),
  })
  .openapi("CompletionReport");

const studentsComplete = createRoute({
  method: "post",
  path: "/report/students-complete",
  tags: ["Reports"],
  summary: "Students started and finished by school, classroom and grade (super admin)",
  description:
    "timePeriod defaults to BOY; BOY counts BOY, MOY counts MOY and BOY, EOY counts all three. Started: a test in those periods. Finished: every test of the grade's lists of those periods complete.",
  request: {
    body: jsonBody(
      z.object({ orgId: z.string({ error: "orgId is required" }), timePeriod: z.string().nullish() }).openapi("CompletionReportRequest"),
    ),
  },
  responses: { 200: jsonResponse(CompletionReport, "The completion report"), ...errorResponses },
});

const csvResponse = {
  200: {
    content: { "text/csv": { schema: z.string().openapi({ description: "RFC 4180 CSV with a UTF-8 byte order mark" }) } },
    description: "The file; its name is in the Filename header (and Content-Disposition)",
    headers: z.object({ Filename: z.string() }),
  },
};
const orgParam = z.object({ organizationId: z.string().openapi({ param: { name: "organizationId", in: "path" } }) });

const districtCsv = createRoute({
  method: "get",
  path: "/report/organization/{organizationId}",
  tags: ["Reports"],
  summary: "District CSV: every student with school, classrooms, teachers, grade, tags and status per period (super admin, district admin)",
  request: { params: orgParam },
  responses: { ...csvResponse, ...errorResponses },
});

const dataExport = createRoute({
  method: "get",
  path: "/report/district-data-export/{organizationId}",
  tags: ["Reports"],
  summary: "District data export: one row per student test of the academic year, with percentiles (super admin)",
  request: { params: orgParam },
  responses: { ...csvResponse, ...errorResponses },
});

const schoolCsv = createRoute({
  method: "get",
  path: "/report/organizationUnit/{organizationUnitId}",
  tags: ["Reports"],
  summary: "School CSV: students with classroom, status and percentile per test for a period (admin roles of the school)",
  description: "period defaults to the district's current period. File name: {school}_student_details_{period}.csv (spec 001 §9).",
  request: {
    params: z.object({ organizationUnitId: z.string().openapi({ param: { name: "organizationUnitId", in: "path" } }) }),
    query: z.object({ period: z.enum(PERIODS).optional() }),
  },
  responses: { ...csvResponse, ...errorResponses },
});

// ── Queries ─────────────────────────────────────────────────────────────────────────────────

type StudentScope = { organizationId: string; schoolId?: string };

/** Live students of a district (or one school of it), with school, by school then name. */
async function loadRoster(db: Db, scope: StudentScope) {
  const [students, groups] = await Promise.all([
    db
      .selectFrom("participant as p")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
      .select([
        "p.participant_id",
        "p.participant_code",
        "p.organization_unit_id",
        "p.first_name",
        "p.middle_name",
        "p.last_name",
        "p.date_of_birth",
        "p.grade",
        "p.tags",
        "p.external_id",
        "ou.name as school_name",
      ])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("ou.deleted_at", "is", null)
      .where("p.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("p.organization_unit_id", "=", scope.schoolId ?? ""))
      .orderBy(sql`lower(ou.name)`)
      .orderBy(sql`lower(p.last_name)`)
      .orderBy(sql`lower(p.first_name)`)
      .orderBy("p.participant_id")
      .execute(),
    loadGroups(db, scope),
  ]);
  return { students, ...groups };
}

/** Live classrooms of the scope, memberships of live students, and teacher names per classroom. */
async function loadGroups(db: Db, scope: StudentScope) {
  const [classrooms, members, teachers] = await Promise.all([
    db
      .selectFrom("participant_group as g")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["g.participant_group_id", "g.name", "g.organization_unit_id"])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("ou.deleted_at", "is", null)
      .where("g.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("g.organization_unit_id", "=", scope.schoolId ?? ""))
      .orderBy(sql`lower(g.name)`)
      .execute(),
    db
      .selectFrom("participant_group_member as m")
      .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .select(["m.participant_id", "m.participant_group_id"])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("g.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("g.organization_unit_id", "=", scope.schoolId ?? ""))
      .execute(),
    db
      .selectFrom("participant_group_teacher as t")
      .innerJoin("participant_group as g", "g.participant_group_id", "t.participant_group_id")
      .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
      .innerJoin("app_user as u", "u.user_id", "t.user_id")
      .select(["t.participant_group_id", "u.first_name", "u.last_name"])
      .where("ou.organization_id", "=", scope.organizationId)
      .where("g.deleted_at", "is", null)
      .where("u.deleted_at", "is", null)
      .$if(scope.schoolId !== undefined, (q) => q.where("g.organization_unit_id", "=", scope.schoolId ?? ""))
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .execute(),
  ]);
  const classroomName = new Map(classrooms.map((g) => [g.participant_group_id, g.name]));
  const groupsOf = new Map<string, string[]>();
  for (const m of members) {
    if (classroomName.has(m.participant_group_id))
      groupsOf.set(m.participant_id, [...(groupsOf.get(m.participant_id) ?? []), m.participant_group_id]);
  }
  for (const ids of groupsOf.values()) ids.sort((a, b) => (classroomName.get(a) ?? "").localeCompare(classroomName.get(b) ?? ""));
  const teachersOf = new Map<string, string[]>();
  for (const t of teachers)
    teachersOf.set(t.participant_group_id, [...(teachersOf.get(t.participant_group_id) ?? []), `${t.first_name} ${t.last_name}`]);
  return { classrooms, classroomName, groupsOf, teachersOf };
}

/** The periods of `config` among `names`, each with its bounds and per-grade test lists. */
function periodsOf(config: PeriodConfig[], names: readonly Period[]) {
  return config
    .filter((p) => names.includes(p.periodName))
    .map((p) => {
      const lists = gradeTestLists(p.GradeAssessmentLists);
      const required = new Map<string, TestCode[]>();
      for (const [grade, codes] of Object.entries(lists)) required.set(grade, [...new Set(codes ?? [])]);
      return { period: p.periodName, ...periodBounds(p), required };
    });
}
type ReportPeriod = ReturnType<typeof periodsOf>[number];

/**
 * Per student and period with at least one test started in it: how many of the tests the
 * district lists for the student's grade in that period are complete. One aggregate query.
 */
async function progressByStudent(db: Db, scope: StudentScope, periods: readonly ReportPeriod[]) {
  const out = new Map<string, Map<Period, number>>();
  if (periods.length === 0) return out;
  const pr = sql.join(periods.map((p) => sql`(${p.period}::text, ${p.from}::timestamptz, ${p.to}::timestamptz)`));
  const reqRows = periods.flatMap((p) =>
    [...p.required].flatMap(([grade, codes]) => codes.map((code) => sql`(${p.period}::text, ${grade}::text, ${code}::text)`)),
  );
  const req = reqRows.length ? sql`values ${sql.join(reqRows)}` : sql`select null::text, null::text, null::text where false`;
  const schoolFilter = scope.schoolId ? sql`and p.organization_unit_id = ${scope.schoolId}` : sql``;
  const result = await sql<{ participant_id: string; period_name: Period; done: number }>`
    with pr(period_name, t0, t1) as (values ${pr}),
    req(period_name, grade, test_code) as (${req}),
    st as (
      select p.participant_id, p.grade
      from participant p
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${scope.organizationId} and ou.deleted_at is null and p.deleted_at is null ${schoolFilter}
    ),
    t as (
      select t.participant_id, pr.period_name, t.test_code, bool_or(t.completed_flag) as complete
      from participant_test t
      join st on st.participant_id = t.participant_id
      join pr on t.start_dt_tm >= pr.t0 and t.start_dt_tm < pr.t1
      where t.deleted_at is null
      group by t.participant_id, pr.period_name, t.test_code
    )
    select t.participant_id, t.period_name,
      (count(req.test_code) filter (where t.complete))::int as done
    from t
    join st on st.participant_id = t.participant_id
    left join req on req.period_name = t.period_name and req.grade = st.grade and req.test_code = t.test_code
    group by t.participant_id, t.period_name
  `.execute(db);
  for (const r of result.rows) {
    let m = out.get(r.participant_id);
    if (!m) out.set(r.participant_id, (m = new Map()));
    m.set(r.period_name, Number(r.done));
  }
  return out;
}

/** Started and finished over a set of periods, from the per-period progress. */
function status(grade: string, periods: readonly ReportPeriod[], progress: Map<Period, number> | undefined) {
  const required = periods.reduce((n, p) => n + (p.required.get(grade)?.length ?? 0), 0);
  const done = periods.reduce((n, p) => n + (progress?.get(p.period) ?? 0), 0);
  const started = periods.some((p) => progress?.has(p.period));
  return { started, finished: required > 0 && done === required };
}

const statusText = (s: { started: boolean; finished: boolean }) => (s.finished ? "Finished" : s.started ? "Started" : "Not Started");

// ── Responses ───────────────────────────────────────────────────────────────────────────────

function csvAnswer(c: Context<ApiEnv>, fileName: string, rows: (string | number | null | undefined)[][]) {
  return c.body(UTF8_BOM + toCsv(rows), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    Filename: fileName,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Access-Control-Expose-Headers": "Filename, Content-Disposition",
    "Cache-Control": "no-store",
  });
}

async function findDistrict(db: Db, id: string) {
  if (!UUID.test(id)) throw reportNotFound();
  const org = await db
    .selectFrom("organization")
    .select(["organization_id", "name"])
    .where("organization_id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!org) throw reportNotFound();
  return org;
}

const gradeOrder = (g: string) => {
  const i = (STUDENT_GRADE_VALUES as readonly string[]).indexOf(g);
  return i === -1 ? STUDENT_GRADE_VALUES.length : i;
};
const names = (ids: readonly string[], of: Map<string, string>) => ids.map((id) => of.get(id) ?? "").join("; ");
const teacherNames = (ids: readonly string[], of: Map<string, string[]>) => [...new Set(ids.flatMap((id) => of.get(id) ?? []))].join("; ");

export function registerReports(app: Router) {
  app.openapi(studentsComplete, async (c) => {
    requireSuperAdmin(c.var.actor);
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const timePeriod = body.timePeriod || "BOY";
    if (!isPeriod(timePeriod)) throw new ApiError(400, "timePeriod must be BOY, MOY or EOY.");
    const org = await findDistrict(db, body.orgId);
    const scope = { organizationId: org.organization_id };
    const config = await loadAssessmentConfig(db, org.organization_id, now());
    const included = periodInclusion(timePeriod);
    const periods = periodsOf(config.periods, included);
    const [roster, schools, progress] = await Promise.all([
      loadRoster(db, scope),
      db
        .selectFrom("organization_unit")
        .select(["organization_unit_id", "name"])
        .where("organization_id", "=", org.organization_id)
        .where("deleted_at", "is", null)
        .orderBy(sql`lower(name)`)
        .execute(),
      progressByStudent(db, scope, periods),
    ]);
    const zero = (): Counts => ({ total: 0, started: 0, finished: 0 });
    const add = (k: Counts, s: { started: boolean; finished: boolean }) => {
      k.total++;
      if (s.started) k.started++;
      if (s.finished) k.finished++;
    };
    const byUnit: Record<string, Counts & { participantGroups: Record<string, Counts> }> = {};
    for (const s of schools) byUnit[s.organization_unit_id] = { ...zero(), participantGroups: {} };
    for (const g of roster.classrooms) {
      const unit = byUnit[g.organization_unit_id];
      if (unit) unit.participantGroups[g.participant_group_id] = zero();
    }
    const byGrade: Record<string, Counts> = {};
    for (const st of roster.students) {
      const s = status(st.grade, periods, progress.get(st.participant_id));
      const unit = byUnit[st.organization_unit_id];
      if (unit) {
        add(unit, s);
        for (const gid of roster.groupsOf.get(st.participant_id) ?? []) {
          const group = unit.participantGroups[gid];
          if (group) add(group, s);
        }
      }
      add((byGrade[st.grade] ??= zero()), s);
    }
    const finishedByGrade = Object.fromEntries(Object.entries(byGrade).sort(([a], [b]) => gradeOrder(a) - gradeOrder(b)));
    return c.json(
      {
        timePeriod,
        periods: included,
        academicYear: config.academicYear,
        finishedByOrgUnit: byUnit,
        finishedByGrade,
        key: {
          orgUnits: Object.fromEntries(schools.map((s) => [s.organization_unit_id, s.name])),
          participantGroups: Object.fromEntries(roster.classrooms.map((g) => [g.participant_group_id, g.name])),
        },
      },
      200,
    );
  });

  app.openapi(districtCsv, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (actor.role !== "SUPER_ADMIN" && actor.role !== "ORG_ADMIN") throw forbidden();
    const org = await findDistrict(db, c.req.valid("param").organizationId);
    if (!canDownloadDistrictCsv(actor, org.organization_id)) throw forbidden();
    const scope = { organizationId: org.organization_id };
    const config = await loadAssessmentConfig(db, org.organization_id, now());
    const periods = periodsOf(config.periods, PERIODS);
    const [roster, progress] = await Promise.all([loadRoster(db, scope), progressByStudent(db, scope, periods)]);
    const rows: (string | number | null)[][] = [
      [
        "District",
        "School",
        "Classroom",
        "Teacher",
        "Last Name",
        "First Name",
        "Middle Name",
        "Participant Code",
        "Student ID",
        "Grade",
        "Date of Birth",
        "Tags",
        ...periods.map((p) => `${p.period} Status`),
      ],
    ];
    for (const st of roster.students) {
      const groups = roster.groupsOf.get(st.participant_id) ?? [];
      const progressOf = progress.get(st.participant_id);
      rows.push([
        org.name,
        st.school_name,
        names(groups, roster.classroomName),
        teacherNames(groups, roster.teachersOf),
        st.last_name,
        st.first_name,
        st.middle_name,
        st.participant_code,
        st.external_id,
        st.grade,
        usDate(st.date_of_birth),
        st.tags.join(","),
        ...periods.map((p) => statusText(status(st.grade, [p], progressOf))),
      ]);
    }
    return csvAnswer(c, `${fileSlug(org.name)}_district_report_${config.academicYear ?? localIsoDate(now()).slice(0, 4)}.csv`, rows);
  });

  app.openapi(dataExport, async (c) => {
    requireSuperAdmin(c.var.actor);
    const { db, now } = c.var.deps;
    const org = await findDistrict(db, c.req.valid("param").organizationId);
    const scope = { organizationId: org.organization_id };
    const config = await loadAssessmentConfig(db, org.organization_id, now());
    const periods = periodsOf(config.periods, PERIODS);
    const roster = await loadRoster(db, scope);
    const tests = periods.length
      ? (
          await sql<{
            participant_id: string;
            period_name: Period;
            test_code: string;
            start_dt_tm: Date;
            end_dt_tm: Date | null;
            completed_flag: boolean;
            invalid: boolean | null;
            ability_percentile: number | null;
            final_theta: number | null;
            correct_items: number | null;
            total_items: number | null;
          }>`
            with pr(period_name, t0, t1) as (values ${sql.join(periods.map((p) => sql`(${p.period}::text, ${p.from}::timestamptz, ${p.to}::timestamptz)`))})
            select t.participant_id, pr.period_name, t.test_code, t.start_dt_tm, t.end_dt_tm, t.completed_flag, t.invalid,
              t.ability_percentile, t.final_theta, t.correct_items, t.total_items
            from participant_test t
            join participant p on p.participant_id = t.participant_id
            join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
            join pr on t.start_dt_tm >= pr.t0 and t.start_dt_tm < pr.t1
            where ou.organization_id = ${org.organization_id} and ou.deleted_at is null and p.deleted_at is null and t.deleted_at is null
            order by t.participant_id, t.start_dt_tm, t.test_code
          `.execute(db)
        ).rows
      : [];
    const testsOf = new Map<string, typeof tests>();
    for (const t of tests) testsOf.set(t.participant_id, [...(testsOf.get(t.participant_id) ?? []), t]);
    const rows: (string | number | null)[][] = [
      [
        "District",
        "School",
        "Classroom",
        "Participant ID",
        "Participant Code",
        "Student ID",
        "Last Name",
        "First Name",
        "Grade",
        "Tags",
        "Academic Year",
        "Period",
        "Test Code",
        "Test",
        "Started At",
        "Ended At",
        "Completed",
        "Invalid",
        "Percentile",
        "Final Theta",
        "Correct Items",
        "Total Items",
      ],
    ];
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    for (const st of roster.students) {
      const base = [
        org.name,
        st.school_name,
        names(roster.groupsOf.get(st.participant_id) ?? [], roster.classroomName),
        st.participant_id,
        st.participant_code,
        st.external_id,
        st.last_name,
        st.first_name,
        st.grade,
        st.tags.join(","),
        config.academicYear,
      ];
      const own = (testsOf.get(st.participant_id) ?? []).sort(
        (a, b) => PERIODS.indexOf(a.period_name) - PERIODS.indexOf(b.period_name) || codeOrder(a.test_code) - codeOrder(b.test_code),
      );
      if (own.length === 0) rows.push([...base, null, null, null, null, null, null, null, null, null, null, null]);
      for (const t of own) {
        rows.push([
          ...base,
          t.period_name,
          t.test_code,
          ASSESSMENTS[t.test_code as TestCode]?.title ?? t.test_code,
          iso(t.start_dt_tm),
          iso(t.end_dt_tm),
          t.completed_flag ? "Yes" : "No",
          t.invalid === null ? null : t.invalid ? "Yes" : "No",
          clampPercentile(t.ability_percentile),
          t.final_theta,
          t.correct_items,
          t.total_items,
        ]);
      }
    }
    return csvAnswer(c, `${fileSlug(org.name)}_data_export_${config.academicYear ?? localIsoDate(now()).slice(0, 4)}.csv`, rows);
  });

  app.openapi(schoolCsv, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    if (actor.role === "TEACHER") throw forbidden();
    const id = c.req.valid("param").organizationUnitId;
    if (!UUID.test(id)) throw reportNotFound();
    const school = await db
      .selectFrom("organization_unit")
      .select(["organization_unit_id", "organization_id", "name"])
      .where("organization_unit_id", "=", id)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!school) throw reportNotFound();
    if (!canManageClassrooms(actor, school)) throw forbidden();
    const config = await loadAssessmentConfig(db, school.organization_id, now());
    const periodName: Period = c.req.valid("query").period ?? currentPeriod(config.periods, localIsoDate(now()))?.periodName ?? "BOY";
    const scope = { organizationId: school.organization_id, schoolId: school.organization_unit_id };
    const periods = periodsOf(config.periods, [periodName]);
    const period = periods[0];
    const [roster, progress, tests] = await Promise.all([
      loadRoster(db, scope),
      progressByStudent(db, scope, periods),
      period
        ? db
            .selectFrom("participant_test as t")
            .innerJoin("participant as p", "p.participant_id", "t.participant_id")
            .select(["t.participant_id", "t.test_code", "t.completed_flag", "t.invalid", "t.ability_percentile", "t.start_dt_tm"])
            .where("p.organization_unit_id", "=", school.organization_unit_id)
            .where("p.deleted_at", "is", null)
            .where("t.deleted_at", "is", null)
            .where("t.start_dt_tm", ">=", new Date(period.from))
            .where("t.start_dt_tm", "<", new Date(period.to))
            .execute()
        : Promise.resolve([]),
    ]);
    const grades = new Set(roster.students.map((s) => s.grade));
    const used = new Set<TestCode>();
    for (const g of grades) for (const code of period?.required.get(g) ?? []) used.add(code);
    const columns = TEST_CODES.filter((code) => used.has(code));
    const testsOf = new Map<string, typeof tests>();
    for (const t of tests)
      testsOf.set(`${t.participant_id}:${t.test_code}`, [...(testsOf.get(`${t.participant_id}:${t.test_code}`) ?? []), t]);
    const rows: (string | number | null)[][] = [
      [
        "School",
        "Classroom",
        "Teacher",
        "Last Name",
        "First Name",
        "Participant Code",
        "Student ID",
        "Grade",
        "Date of Birth",
        "Tags",
        `${periodName} Status`,
        ...columns.map((code) => `${ASSESSMENTS[code].title} Percentile`),
      ],
    ];
    for (const st of roster.students) {
      const groups = roster.groupsOf.get(st.participant_id) ?? [];
      const applies = new Set(period?.required.get(st.grade) ?? []);
      rows.push([
        school.name,
        names(groups, roster.classroomName),
        teacherNames(groups, roster.teachersOf),
        st.last_name,
        st.first_name,
        st.participant_code,
        st.external_id,
        st.grade,
        usDate(st.date_of_birth),
        st.tags.join(","),
        statusText(status(st.grade, periods, progress.get(st.participant_id))),
        ...columns.map((code) => {
          if (!applies.has(code)) return null;
          const t = pickTest(
            (testsOf.get(`${st.participant_id}:${code}`) ?? []).map((x) => ({
              ...x,
              completedFlag: x.completed_flag,
              startDtTm: new Date(x.start_dt_tm).toISOString(),
            })),
          );
          if (!t) return null;
          if (!t.completed_flag) return "Incomplete";
          if (t.invalid) return INVALID_CELL_TEXT;
          return clampPercentile(t.ability_percentile) ?? "Complete";
        }),
      ]);
    }
    return csvAnswer(c, `${fileSlug(school.name)}_student_details_${periodName}.csv`, rows);
  });
}

const codeOrder = (code: string) => {
  const i = (TEST_CODES as readonly string[]).indexOf(code);
  return i === -1 ? TEST_CODES.length : i;
};
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
