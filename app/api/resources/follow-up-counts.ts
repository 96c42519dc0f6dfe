import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  countStudentRows,
  countYears,
  followUpCountRows,
  optedOutRows,
  screenedRows,
  type CountScope,
} from "#app/db/queries/follow-up-counts";
import { localIsoDate } from "#app/domain/calendar-date";
import { fileSlug, toCsv, UTF8_BOM } from "#app/domain/csv";
import {
  COUNT_COLUMNS,
  COUNT_DEFINITIONS,
  COUNT_LABELS,
  countGradeLabel,
  countPeriodLabel,
  followUpCounts,
  followUpCountsCsv,
  type CountRow,
} from "#app/domain/follow-up-counts";
import { NO_POLICY_TEXT } from "#app/domain/follow-up-policy";
import { PERIODS } from "#app/domain/periods";
import { may, reachOf } from "#app/domain/permissions";
import { schoolYearStart } from "#app/domain/screening-calendar";
import type { Db } from "#app/db/connect.server";
import { errorResponses, jsonResponse, type Actor, type ApiEnv, type Router } from "../env";
import { forbidden } from "../errors";
import { followUpSettings, followUpYear, syncFollowUps } from "../follow-ups";
import { idParam } from "../params";
import { assertOrganization, assertSchool, requireCapability } from "../scope";

// The annual follow-up counts (issue 38 item 5; docs/features/follow-up.md 'Annual counts'): per
// grade and period of a school year, students screened, flagged and notified within the deadline
// or not, and opted out; as JSON for the page and as CSV. A district's counts are for the roles
// that answer for the district; a school's for the school's admins and the district's.

const Count = z.number().int();
const CountsRow = z
  .object({
    grade: z.string().nullable().openapi({ description: "null: all grades" }),
    gradeLabel: z.string(),
    period: z.enum(PERIODS).nullable().openapi({ description: "null: all periods (the sum of the periods)" }),
    periodLabel: z.string(),
    screened: Count,
    flagged: Count,
    onTime: Count,
    late: Count,
    pastDeadline: Count,
    notYetDue: Count,
    noDeadline: Count,
    closedBeforeNotice: Count,
    optedOut: Count.nullable().openapi({ description: "counted once a school year: null on a period's row" }),
  })
  .openapi("FollowUpCountsRow");

const FollowUpCounts = z
  .object({
    organizationId: z.string(),
    districtName: z.string(),
    school: z.object({ organizationUnitId: z.string(), name: z.string() }).nullable(),
    academicYear: z.string(),
    academicYears: z.array(z.string()).openapi({ description: "the school years with data, newest first" }),
    today: z.string().openapi({ description: "the day 'past the deadline' is judged on" }),
    policySet: z.boolean(),
    noPolicyText: z.string(),
    columns: z.array(z.object({ key: z.enum(COUNT_COLUMNS), label: z.string(), definition: z.string() })),
    rows: z.array(CountsRow),
  })
  .openapi("FollowUpCounts");

const SCHOOL_YEAR_MESSAGE = "academicYear must be a school year such as 2025-2026.";
const CountsQuery = z.object({
  academicYear: z
    .string()
    .max(9, SCHOOL_YEAR_MESSAGE)
    .refine((y) => schoolYearStart(y) !== null, SCHOOL_YEAR_MESSAGE)
    .optional()
    .openapi({ example: "2025-2026", description: "default: the school year follow-ups are kept for now" }),
  schoolId: z.string().uuid().optional().openapi({ description: "one school's counts; without it, the district's" }),
});

const request = { params: idParam({ description: "organizationId (district)" }), query: CountsQuery };
const WHO =
  "Without schoolId, the district (district admins, super admins). With schoolId, a school the caller sees (school admins; district admins for their district's schools). Teachers are refused.";

const getCounts = createRoute({
  method: "get",
  path: "/organization/{id}/followUpCounts",
  tags: ["Follow-up"],
  summary: "Annual follow-up counts per grade and period: screened, flagged, notified within the deadline or late, opted out",
  description: WHO,
  request,
  responses: { 200: jsonResponse(FollowUpCounts, "The counts"), ...errorResponses },
});

const getCountsCsv = createRoute({
  method: "get",
  path: "/organization/{id}/followUpCounts/csv",
  tags: ["Follow-up"],
  summary: "The annual follow-up counts as CSV, a line per grade and period",
  description: WHO,
  request,
  responses: {
    200: {
      content: { "text/csv": { schema: z.string().openapi({ description: "RFC 4180 CSV with a UTF-8 byte order mark" }) } },
      description: "The file; its name is in the Filename header (and Content-Disposition)",
      headers: z.object({ Filename: z.string() }),
    },
    ...errorResponses,
  },
});

/** The caller's scope for the counts, refused (403/404) before anything is read. */
async function countScope(db: Db, actor: Actor, organizationId: string, schoolId: string | undefined) {
  const org = await assertOrganization(db, actor, organizationId);
  if (schoolId) {
    if (reachOf(actor.role) === "classrooms") throw forbidden();
    const school = await assertSchool(db, actor, schoolId);
    if (school.organization_id !== org.organization_id) throw forbidden();
    return { org, school: { organizationUnitId: school.organization_unit_id, name: school.name } };
  }
  // A whole district's counts are for the roles that answer for the district.
  if (!may(actor.role, "manageFollowUpPolicy")) throw forbidden();
  return { org, school: null };
}

async function countsAnswer(c: Context<ApiEnv>, organizationId: string, query: z.infer<typeof CountsQuery>) {
  const { db, now } = c.var.deps;
  const actor = requireCapability(c.var.actor, "followUps");
  const { org, school } = await countScope(db, actor, organizationId, query.schoolId);
  const at = now();
  const settings = await followUpSettings(db, org.organization_id);
  const { academicYear: current } = await followUpYear(db, org.organization_id, at);
  const academicYear = query.academicYear ?? current;
  // The year follow-ups are kept for is brought up to date first, as the lists are; other years are as stored.
  if (academicYear === current) await syncFollowUps(db, org.organization_id, null, settings, at);
  const scope: CountScope = { organizationId: org.organization_id, schoolId: school?.organizationUnitId ?? null };
  const [students, screened, followUps, optedOut, years] = await Promise.all([
    countStudentRows(db, scope),
    screenedRows(db, scope, academicYear),
    followUpCountRows(db, scope, academicYear),
    optedOutRows(db, scope, academicYear),
    countYears(db, org.organization_id),
  ]);
  const today = localIsoDate(at);
  const rows = followUpCounts({
    students: students.map((s) => ({ participantId: s.participant_id, grade: s.grade })),
    screenings: screened.map((s) => ({ participantId: s.participant_id, period: s.period_name })),
    followUps: followUps.map((f) => ({
      participantId: f.participant_id,
      period: f.period_name,
      noticeDue: f.notice_due,
      firstNoticeOn: f.first_notice_on,
      closedOn: f.closed_on,
    })),
    optedOut: new Set(optedOut),
    today,
  });
  const academicYears = [...new Set([current, academicYear, ...years])].sort().reverse();
  return { org, school, academicYear, academicYears, today, policySet: settings.policy !== null, rows };
}

const rowOut = (r: CountRow) => ({
  grade: r.grade,
  gradeLabel: countGradeLabel(r.grade),
  period: r.period,
  periodLabel: countPeriodLabel(r.period),
  ...r.counts,
});

export function registerFollowUpCounts(app: Router) {
  app.openapi(getCounts, async (c) => {
    const a = await countsAnswer(c, c.req.valid("param").id, c.req.valid("query"));
    return c.json(
      {
        organizationId: a.org.organization_id,
        districtName: a.org.name,
        school: a.school,
        academicYear: a.academicYear,
        academicYears: a.academicYears,
        today: a.today,
        policySet: a.policySet,
        noPolicyText: NO_POLICY_TEXT,
        columns: COUNT_COLUMNS.map((key) => ({ key, label: COUNT_LABELS[key], definition: COUNT_DEFINITIONS[key] })),
        rows: a.rows.map(rowOut),
      },
      200,
    );
  });

  app.openapi(getCountsCsv, async (c) => {
    const a = await countsAnswer(c, c.req.valid("param").id, c.req.valid("query"));
    const scopeName = a.school?.name ?? a.org.name;
    const fileName = `${fileSlug(scopeName)}_follow_up_counts_${a.academicYear}.csv`;
    return c.body(UTF8_BOM + toCsv(followUpCountsCsv({ scope: scopeName, academicYear: a.academicYear }, a.rows)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      Filename: fileName,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Access-Control-Expose-Headers": "Filename, Content-Disposition",
      "Cache-Control": "no-store",
    });
  });
}
