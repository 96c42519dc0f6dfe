import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Db } from "#app/db/connect.server";
import {
  districtSchools,
  districtStudentCount,
  exportTestRows,
  findSchool,
  membershipsOf,
  progressRows,
  rosterRows,
  schoolCountRows,
  schoolTeachers,
  schoolTestRows,
  scopeClassrooms,
  statusRows,
  studentBatch,
  type ReportScope,
} from "#app/db/queries/reports";
import { districtWithVersions, schoolScoresVersions } from "#app/db/queries/kept";
import { localIsoDate } from "#app/domain/calendar-date";
import { toCsv, UTF8_BOM } from "#app/domain/csv";
import { first } from "#app/domain/presence";
import {
  districtGradeRows,
  districtGrades,
  indexCounts,
  schoolDetail,
  schoolsPage,
  studentsCompleteOf,
  type CountIndex,
  type SchoolRef,
} from "#app/domain/completion-summary";
import { text, TEXT_MAX } from "#app/domain/text";
import { isUuid } from "#app/domain/uuid";
import { currentPeriod, isPeriod, periodInclusion, PERIODS, type Period } from "#app/domain/periods";
import {
  classroomRoster,
  COMPLETION_CSV_HEADER,
  completionCsvFileName,
  completionCsvRows,
  dataExportFileName,
  dataExportRows,
  districtCsvFileName,
  districtCsvRows,
  progressOf,
  reportPeriods,
  rosterOf,
  type ReportPeriod,
  type RosterStudentRow,
  schoolCsvFileName,
  schoolCsvRows,
  type CsvRow,
} from "#app/domain/report-rows";
import { displayRuleFlags } from "#app/server/flags.server";
import { type ApiEnv, errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden } from "../errors";
import { csvStream } from "../csv-stream";
import { keptCompletionCounts } from "../kept";
import { slots } from "../slots";
import { recordAccess } from "../record-access";
import { canDownloadDistrictCsv, canDownloadSchoolCsv, requireCapability } from "../scope";
import { loadAssessmentConfig } from "./results";

// Completion report (spec 000 §3) and the three CSV downloads (spec 000 §7, spec 001 §7/§9).
// Periods are the district's current academic year (loadAssessmentConfig). The reads are in
// app/db/queries/reports.ts (one query per figure for the whole district), the counting and the
// CSV rows in app/domain/report-rows.ts; a route here parses, checks the caller and answers.

export const REPORT_NOT_FOUND = "Report not found";
const reportNotFound = () => new ApiError(404, REPORT_NOT_FOUND);

const Counts = z.object({ total: z.number().int(), started: z.number().int(), finished: z.number().int() });
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
      z
        .object({ orgId: text(TEXT_MAX.code, { label: "orgId", error: "orgId is required" }), timePeriod: text(TEXT_MAX.code).nullish() })
        .openapi("CompletionReportRequest"),
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
const orgParam = z.object({ organizationId: text(TEXT_MAX.code).openapi({ param: { name: "organizationId", in: "path" } }) });
const streamedCsvResponse = {
  200: {
    content: { "text/csv": { schema: z.string().openapi({ description: "RFC 4180 CSV with a UTF-8 byte order mark, streamed" }) } },
    description:
      "The file, streamed a batch of students at a time; its name is in the Filename header (and Content-Disposition). " +
      "X-Total-Rows, when present, is the number of data rows to come. A failure after the first byte aborts the response.",
    headers: z.object({ Filename: z.string(), "X-Total-Rows": z.string().optional() }),
  },
};

const districtCsv = createRoute({
  method: "get",
  path: "/report/organization/{organizationId}",
  tags: ["Reports"],
  summary: "District CSV: every student with school, classrooms, teachers, grade, tags and status per period (super admin, district admin)",
  request: { params: orgParam },
  responses: { ...streamedCsvResponse, ...errorResponses },
});

const dataExport = createRoute({
  method: "get",
  path: "/report/district-data-export/{organizationId}",
  tags: ["Reports"],
  summary: "District data export: one row per student test of the academic year, with percentiles (super admin)",
  request: { params: orgParam },
  responses: { ...streamedCsvResponse, ...errorResponses },
});

const schoolCsv = createRoute({
  method: "get",
  path: "/report/organizationUnit/{organizationUnitId}",
  tags: ["Reports"],
  summary: "School CSV: students with classroom, status and percentile per test for a period (admin roles of the school)",
  description:
    "period defaults to the district's current period. With participantGroupId, the students of that classroom of the school only. " +
    "File name (spec 001 §9): {classroom}_student_details_{period}.csv, the classroom name lowercased with underscores; " +
    "{school}_student_details_{period}.csv for the whole school. The cells are the classroom grid's, in percentile mode.",
  request: {
    params: z.object({ organizationUnitId: text(TEXT_MAX.code).openapi({ param: { name: "organizationUnitId", in: "path" } }) }),
    query: z.object({ period: z.enum(PERIODS).optional(), participantGroupId: z.string().uuid().optional() }),
  },
  responses: { ...csvResponse, ...errorResponses },
});

const SummaryCounts = { total: z.number().int(), started: z.number().int(), finished: z.number().int() };
const GradeSummary = z.object({ grade: z.string(), ...SummaryCounts }).openapi("CompletionGradeSummary");
const CompletionSummary = z
  .object({
    timePeriod: z.enum(PERIODS),
    periods: z.array(z.enum(PERIODS)).openapi({ description: "the periods included (spec 000 §4)" }),
    academicYear: z.string().nullable(),
    countedAt: z.string().openapi({ description: "when these numbers were counted (ISO 8601)" }),
    schools: z.object({
      page: z.number().int(),
      pageCount: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int().openapi({ description: "the district's schools" }),
      items: z.array(z.object({ organizationUnitId: z.string(), name: z.string(), ...SummaryCounts })),
    }),
    grades: z.array(GradeSummary).openapi({ description: "the whole district by grade" }),
    school: z
      .object({
        organizationUnitId: z.string(),
        name: z.string(),
        ...SummaryCounts,
        classrooms: z.array(z.object({ participantGroupId: z.string(), name: z.string(), ...SummaryCounts })),
        grades: z.array(GradeSummary),
      })
      .nullable()
      .openapi({ description: "the school asked for with schoolId: its classrooms and grades" }),
  })
  .openapi("CompletionSummary");

const completionSummary = createRoute({
  method: "get",
  path: "/report/completion/{organizationId}",
  tags: ["Reports"],
  summary: "Completion report summary: schools (50 a page), the district's grades, one school's classrooms and grades (super admin)",
  description:
    "The numbers of POST /report/students-complete, counted by the database and kept until a roster, score or calendar of the district changes (any change, through any server or by SQL, counts afresh). " +
    "The answer's size grows with the schools on one page, never with the students.",
  request: {
    params: z.object({ organizationId: text(TEXT_MAX.code).openapi({ param: { name: "organizationId", in: "path" } }) }),
    query: z.object({
      timePeriod: z.enum(PERIODS).optional(),
      schoolId: z.string().uuid().optional(),
      page: z.coerce.number().int().min(1).max(100_000).optional(),
    }),
  },
  responses: { 200: jsonResponse(CompletionSummary, "The completion report summary"), ...errorResponses },
});

const completionCsv = createRoute({
  method: "get",
  path: "/report/completion/{organizationId}/csv",
  tags: ["Reports"],
  summary: "Completion report detail: one row per student with the status the summary counts (super admin)",
  request: { params: orgParam, query: z.object({ timePeriod: z.enum(PERIODS).optional() }) },
  responses: { ...streamedCsvResponse, ...errorResponses },
});

// ── Routes: parse, check the caller, read, build, answer ────────────────────────────────────

function csvAnswer(c: Context<ApiEnv>, fileName: string, rows: readonly CsvRow[]) {
  return c.body(UTF8_BOM + toCsv(rows), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    Filename: fileName,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Access-Control-Expose-Headers": "Filename, Content-Disposition",
    "Cache-Control": "no-store",
  });
}

/** A streamed CSV (csvStream): the headers go now, the rows as the reader takes them. */
function streamedCsvAnswer(fileName: string, body: ReadableStream<Uint8Array>, totalRows: number | null) {
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      Filename: fileName,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Access-Control-Expose-Headers": "Filename, Content-Disposition, X-Total-Rows",
      "Cache-Control": "no-store",
      ...(totalRows === null ? {} : { "X-Total-Rows": String(totalRows) }),
    },
  });
}

/** Students a streamed CSV reads at once: one batch of rows in memory, one keyset query each. */
export const STREAM_BATCH = 500;

/**
 * The district's live students a batch at a time: schools by name, each school's students by
 * last name, first name and id (the order of rosterRows), with that school's classrooms and
 * teachers, read once per school. Each batch is read only when the previous one was taken.
 */
async function* studentBatches(db: Db, organizationId: string, batchSize = STREAM_BATCH) {
  for (const school of await districtSchools(db, organizationId)) {
    const [classrooms, teachers] = await Promise.all([
      scopeClassrooms(db, { organizationId, schoolId: school.organization_unit_id }),
      schoolTeachers(db, school.organization_unit_id),
    ]);
    let after: { last: string; first: string; id: string } | null = null;
    for (;;) {
      const students: RosterStudentRow[] = await studentBatch(db, school, after, batchSize);
      const last = students.at(-1);
      if (!last) break;
      const ids = students.map((st) => st.participant_id);
      const members = await membershipsOf(db, ids);
      yield { ids, roster: rosterOf({ students, classrooms, members, teachers }) };
      if (students.length < batchSize) break;
      after = { last: last.last_name.toLowerCase(), first: last.first_name.toLowerCase(), id: last.participant_id };
    }
  }
}

const streamFailed = (what: string, organizationId: string) => (e: unknown) =>
  console.error(`[reports] ${what} for ${organizationId} stopped mid-stream:`, e instanceof Error ? e.message : e);

type SummaryCache = { index: CountIndex; schools: SchoolRef[]; classrooms: Awaited<ReturnType<typeof scopeClassrooms>>; countedAt: string };

type District = NonNullable<Awaited<ReturnType<typeof districtWithVersions>>>;

/** Schools this process counts at once: a cold report of a large district does not take every connection. */
const COUNT_WORKERS = 3;
const countSlot = slots(COUNT_WORKERS);

/**
 * The district's counts for a report period. Its schools and classrooms are kept under the
 * district's roster and calendar versions; each school's counts under those and the school's own
 * scores version (migration 0023), so a score saved in one school recounts that school alone.
 * Every version is read before what it names (app/api/kept.ts).
 */
async function districtCounts(
  db: Db,
  org: District,
  timePeriod: Period,
  periods: readonly ReportPeriod[],
  now: Date,
): Promise<SummaryCache> {
  const organizationId = org.organization_id;
  const key = `${organizationId}:${timePeriod}:${periods.map((p) => `${p.period}${p.from}${p.to}`).join()}`;
  const base = `${org.roster}:${org.config_version}`;
  const { schools, classrooms } = await keptCompletionCounts(db, `${key}:units`, base, async () => {
    const [schools, classrooms] = await Promise.all([districtSchools(db, organizationId), scopeClassrooms(db, { organizationId })]);
    return { schools, classrooms };
  });
  const versions = await schoolScoresVersions(
    db,
    schools.map((s) => s.organization_unit_id),
  );
  const perSchool = await Promise.all(
    schools.map(({ organization_unit_id: schoolId }) =>
      keptCompletionCounts(db, `${key}:${schoolId}`, `${base}:${versions.get(schoolId)}`, () =>
        countSlot(() => schoolCountRows(db, { organizationId, schoolId }, periods)),
      ),
    ),
  );
  const rows = perSchool.flat();
  return { index: indexCounts([...rows, ...districtGradeRows(rows)]), schools, classrooms, countedAt: now.toISOString() };
}

async function districtOr404(db: Db, id: string) {
  const org = isUuid(id) ? await districtWithVersions(db, id) : undefined;
  if (!org) throw reportNotFound();
  return org;
}

/** A file of the whole district's students, for the access log (issue 41 item 2): recorded as it starts, a download cut short included. */
const districtRead = (what: "district-csv" | "district-export" | "completion-report", organizationId: string, rows: number) => ({
  what,
  organizationId,
  scope: { kind: "district" as const, id: organizationId },
  rows,
});

async function rosterOfScope(db: Db, scope: ReportScope) {
  return rosterOf(await rosterRows(db, scope));
}

export function registerReports(app: Router) {
  app.openapi(studentsComplete, async (c) => {
    requireCapability(c.var.actor, "completionReport");
    const { db, now } = c.var.deps;
    const body = c.req.valid("json");
    const timePeriod = body.timePeriod || "BOY";
    if (!isPeriod(timePeriod)) throw new ApiError(400, "timePeriod must be BOY, MOY or EOY.");
    const org = await districtOr404(db, body.orgId);
    const config = await loadAssessmentConfig(db, org.organization_id, now(), org.config_version);
    const included = periodInclusion(timePeriod);
    const periods = reportPeriods(config.periods, included);
    const counts = await districtCounts(db, org, timePeriod, periods, now());
    return c.json(
      {
        timePeriod,
        periods: included,
        academicYear: config.academicYear,
        ...studentsCompleteOf(counts.index, counts.schools, counts.classrooms),
      },
      200,
    );
  });

  app.openapi(completionSummary, async (c) => {
    requireCapability(c.var.actor, "completionReport");
    const { db, now } = c.var.deps;
    const org = await districtOr404(db, c.req.valid("param").organizationId);
    const query = c.req.valid("query");
    const timePeriod = query.timePeriod ?? "BOY";
    const config = await loadAssessmentConfig(db, org.organization_id, now(), org.config_version);
    const included = periodInclusion(timePeriod);
    const counts = await districtCounts(db, org, timePeriod, reportPeriods(config.periods, included), now());
    const school = query.schoolId ? counts.schools.find((s) => s.organization_unit_id === query.schoolId) : undefined;
    if (query.schoolId && !school) throw reportNotFound();
    return c.json(
      {
        timePeriod,
        periods: included,
        academicYear: config.academicYear,
        countedAt: counts.countedAt,
        schools: schoolsPage(counts.index, counts.schools, query.page ?? 1),
        grades: districtGrades(counts.index),
        school: school ? schoolDetail(counts.index, school, counts.classrooms) : null,
      },
      200,
    );
  });

  app.openapi(completionCsv, async (c) => {
    requireCapability(c.var.actor, "completionReport");
    const { db, now } = c.var.deps;
    const org = await districtOr404(db, c.req.valid("param").organizationId);
    const timePeriod = c.req.valid("query").timePeriod ?? "BOY";
    const config = await loadAssessmentConfig(db, org.organization_id, now(), org.config_version);
    const periods = reportPeriods(config.periods, periodInclusion(timePeriod));
    const total = await districtStudentCount(db, org.organization_id);
    recordAccess(c, districtRead("completion-report", org.organization_id, total));
    async function* rows() {
      for await (const batch of studentBatches(db, org.organization_id)) {
        const status = new Map((await statusRows(db, org.organization_id, batch.ids, periods)).map((r) => [r.participant_id, r]));
        yield completionCsvRows({ roster: batch.roster, period: timePeriod, status });
      }
    }
    const fileName = completionCsvFileName(org.name, timePeriod, config.academicYear, localIsoDate(now()));
    return streamedCsvAnswer(
      fileName,
      csvStream(COMPLETION_CSV_HEADER, rows(), streamFailed("completion CSV", org.organization_id)),
      total,
    );
  });

  app.openapi(districtCsv, async (c) => {
    const actor = requireCapability(c.var.actor, "downloadDistrictCsv");
    const { db, now } = c.var.deps;
    const org = await districtOr404(db, c.req.valid("param").organizationId);
    if (!canDownloadDistrictCsv(actor, org.organization_id)) throw forbidden();
    const config = await loadAssessmentConfig(db, org.organization_id, now(), org.config_version);
    const periods = reportPeriods(config.periods, PERIODS);
    const total = await districtStudentCount(db, org.organization_id);
    recordAccess(c, districtRead("district-csv", org.organization_id, total));
    const header = first(
      districtCsvRows({
        districtName: org.name,
        roster: rosterOf({ students: [], classrooms: [], members: [], teachers: [] }),
        periods,
        progress: new Map(),
      }),
      "a header",
    );
    async function* rows() {
      for await (const { ids, roster } of studentBatches(db, org.organization_id)) {
        const progress = progressOf(await progressRows(db, { organizationId: org.organization_id, participantIds: ids }, periods));
        yield districtCsvRows({ districtName: org.name, roster, periods, progress }).slice(1);
      }
    }
    const fileName = districtCsvFileName(org.name, config.academicYear, localIsoDate(now()));
    return streamedCsvAnswer(fileName, csvStream(header, rows(), streamFailed("district CSV", org.organization_id)), total);
  });

  app.openapi(dataExport, async (c) => {
    requireCapability(c.var.actor, "downloadDataExport");
    const { db, now } = c.var.deps;
    const org = await districtOr404(db, c.req.valid("param").organizationId);
    const config = await loadAssessmentConfig(db, org.organization_id, now(), org.config_version);
    const periods = reportPeriods(config.periods, PERIODS);
    // The export's rows are tests; the log counts the students whose tests it reads.
    recordAccess(c, districtRead("district-export", org.organization_id, await districtStudentCount(db, org.organization_id)));
    const empty = rosterOf({ students: [], classrooms: [], members: [], teachers: [] });
    const header = first(
      dataExportRows({ districtName: org.name, academicYear: config.academicYear, roster: empty, tests: [] }),
      "a header",
    );
    async function* rows() {
      for await (const { ids, roster } of studentBatches(db, org.organization_id)) {
        const tests = await exportTestRows(db, org.organization_id, periods, ids);
        yield dataExportRows({ districtName: org.name, academicYear: config.academicYear, roster, tests }).slice(1);
      }
    }
    // One row per test: how many is not known before reading them, so no X-Total-Rows.
    const fileName = dataExportFileName(org.name, config.academicYear, localIsoDate(now()));
    return streamedCsvAnswer(fileName, csvStream(header, rows(), streamFailed("data export", org.organization_id)), null);
  });

  app.openapi(schoolCsv, async (c) => {
    const actor = requireCapability(c.var.actor, "downloadSchoolCsv");
    const { db, now } = c.var.deps;
    const id = c.req.valid("param").organizationUnitId;
    const school = isUuid(id) ? await findSchool(db, id) : undefined;
    if (!school) throw reportNotFound();
    if (!canDownloadSchoolCsv(actor, school)) throw forbidden();
    const config = await loadAssessmentConfig(db, school.organization_id, now());
    const query = c.req.valid("query");
    const periodName: Period = query.period ?? currentPeriod(config.periods, localIsoDate(now()))?.periodName ?? "BOY";
    const scope = { organizationId: school.organization_id, schoolId: school.organization_unit_id };
    const periods = reportPeriods(config.periods, [periodName]);
    const [schoolRoster, progress, tests] = await Promise.all([
      rosterOfScope(db, scope),
      progressRows(db, scope, periods),
      periods[0] ? schoolTestRows(db, school.organization_unit_id, periods[0]) : Promise.resolve([]),
    ]);
    const flags = displayRuleFlags(c.var.flags);
    const classroom = query.participantGroupId
      ? schoolRoster.classrooms.find((g) => g.participant_group_id === query.participantGroupId)
      : undefined;
    if (query.participantGroupId && !classroom) throw reportNotFound();
    const roster = classroom ? classroomRoster(schoolRoster, classroom.participant_group_id) : schoolRoster;
    recordAccess(c, {
      what: classroom ? "classroom-details-csv" : "school-csv",
      organizationId: school.organization_id,
      scope: classroom ? { kind: "classroom", id: classroom.participant_group_id } : { kind: "school", id: school.organization_unit_id },
      rows: roster.students.length,
    });
    const rows = schoolCsvRows({
      schoolName: school.name,
      periodName,
      periods,
      roster,
      progress: progressOf(progress),
      tests,
      flags,
      standards: config.standards,
    });
    return csvAnswer(c, schoolCsvFileName(classroom?.name ?? school.name, periodName), rows);
  });
}
