import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Db } from "#app/db/connect.server";
import {
  districtSchools,
  exportTestRows,
  findDistrict,
  findSchool,
  progressRows,
  rosterRows,
  schoolTestRows,
  type ReportScope,
} from "#app/db/queries/reports";
import { localIsoDate } from "#app/domain/calendar-date";
import { toCsv, UTF8_BOM } from "#app/domain/csv";
import { text, TEXT_MAX } from "#app/domain/text";
import { currentPeriod, isPeriod, periodInclusion, PERIODS, type Period } from "#app/domain/periods";
import {
  classroomRoster,
  completionCounts,
  dataExportFileName,
  dataExportRows,
  districtCsvFileName,
  districtCsvRows,
  progressOf,
  reportPeriods,
  rosterOf,
  schoolCsvFileName,
  schoolCsvRows,
  type CsvRow,
} from "#app/domain/report-rows";
import { isOn } from "#app/server/flags.server";
import { type ApiEnv, errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, forbidden } from "../errors";
import { canDownloadDistrictCsv, canDownloadSchoolCsv, requireCapability } from "../scope";
import { loadAssessmentConfig } from "./results";

// Completion report (spec 000 §3) and the three CSV downloads (spec 000 §7, spec 001 §7/§9).
// Periods are the district's current academic year (loadAssessmentConfig). The reads are in
// app/db/queries/reports.ts (one query per figure for the whole district), the counting and the
// CSV rows in app/domain/report-rows.ts; a route here parses, checks the caller and answers.

export const REPORT_NOT_FOUND = "Report not found";
const reportNotFound = () => new ApiError(404, REPORT_NOT_FOUND);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

async function districtOr404(db: Db, id: string) {
  const org = UUID.test(id) ? await findDistrict(db, id) : undefined;
  if (!org) throw reportNotFound();
  return org;
}

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
    const scope = { organizationId: org.organization_id };
    const config = await loadAssessmentConfig(db, org.organization_id, now());
    const included = periodInclusion(timePeriod);
    const periods = reportPeriods(config.periods, included);
    const [roster, schools, progress] = await Promise.all([
      rosterOfScope(db, scope),
      districtSchools(db, org.organization_id),
      progressRows(db, scope, periods),
    ]);
    const counts = completionCounts({ schools, roster, periods, progress: progressOf(progress) });
    return c.json({ timePeriod, periods: included, academicYear: config.academicYear, ...counts }, 200);
  });

  app.openapi(districtCsv, async (c) => {
    const actor = requireCapability(c.var.actor, "downloadDistrictCsv");
    const { db, now } = c.var.deps;
    const org = await districtOr404(db, c.req.valid("param").organizationId);
    if (!canDownloadDistrictCsv(actor, org.organization_id)) throw forbidden();
    const scope = { organizationId: org.organization_id };
    const config = await loadAssessmentConfig(db, org.organization_id, now());
    const periods = reportPeriods(config.periods, PERIODS);
    const [roster, progress] = await Promise.all([rosterOfScope(db, scope), progressRows(db, scope, periods)]);
    const rows = districtCsvRows({ districtName: org.name, roster, periods, progress: progressOf(progress) });
    return csvAnswer(c, districtCsvFileName(org.name, config.academicYear, localIsoDate(now())), rows);
  });

  app.openapi(dataExport, async (c) => {
    requireCapability(c.var.actor, "downloadDataExport");
    const { db, now } = c.var.deps;
    const org = await districtOr404(db, c.req.valid("param").organizationId);
    const config = await loadAssessmentConfig(db, org.organization_id, now());
    const periods = reportPeriods(config.periods, PERIODS);
    const roster = await rosterOfScope(db, { organizationId: org.organization_id });
    const tests = await exportTestRows(db, org.organization_id, periods);
    const rows = dataExportRows({ districtName: org.name, academicYear: config.academicYear, roster, tests });
    return csvAnswer(c, dataExportFileName(org.name, config.academicYear, localIsoDate(now())), rows);
  });

  app.openapi(schoolCsv, async (c) => {
    const actor = requireCapability(c.var.actor, "downloadSchoolCsv");
    const { db, now } = c.var.deps;
    const id = c.req.valid("param").organizationUnitId;
    const school = UUID.test(id) ? await findSchool(db, id) : undefined;
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
    const flags = {
      rerKindergarten: isOn(c.var.flags, "rer-kindergarten"),
      gr3InternalTestingDisplayRules: isOn(c.var.flags, "gr-3-internal-testing-display-rules"),
    };
    const classroom = query.participantGroupId
      ? schoolRoster.classrooms.find((g) => g.participant_group_id === query.participantGroupId)
      : undefined;
    if (query.participantGroupId && !classroom) throw reportNotFound();
    const roster = classroom ? classroomRoster(schoolRoster, classroom.participant_group_id) : schoolRoster;
    const rows = schoolCsvRows({ schoolName: school.name, periodName, periods, roster, progress: progressOf(progress), tests, flags });
    return csvAnswer(c, schoolCsvFileName(classroom?.name ?? school.name, periodName), rows);
  });
}
