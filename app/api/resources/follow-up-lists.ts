import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { followUpRowsOf, followUpsOfStudent, optedOutIn, optOutRowsOfStudent, studentsOfScope } from "#app/db/queries/follow-up";
import { classroomNamesOf } from "#app/db/queries/follow-up-lists";
import { localIsoDate } from "#app/domain/calendar-date";
import { fileSlug, toCsv, UTF8_BOM } from "#app/domain/csv";
import { FOLLOW_UP_CSV_HEADER, FOLLOW_UP_LIST_SORTS, followUpCsvRow, noticeMarkOf } from "#app/domain/follow-up-lists";
import { FOLLOW_UP_STATUSES, type FollowUpStatus } from "#app/domain/follow-up-steps";
import { may, reachOf } from "#app/domain/permissions";
import { text } from "#app/domain/text";
import { errorResponses, jsonResponse, type ApiEnv, type Router } from "../env";
import { forbidden } from "../errors";
import { followUpSettings, followUpSettingsIfPolicy, standingOf, syncFollowUps } from "../follow-ups";
import { idParam } from "../params";
import { recordAccess } from "../record-access";
import { assertClassroom, assertOrganization, assertParticipant, assertSchool, requireCapability } from "../scope";
import { FollowUpBase, followUpOut } from "./follow-up";

// Where staff see follow-ups (issue 38 item 3; docs/features/follow-up.md): the list of a
// district, school or classroom this school year (paged, filtered by status, searched, sorted),
// the same list as a CSV (every page), and a classroom's notice marks for its results grid. The
// list also holds the students whose family opted out of screening this year and who have no
// follow-up (an opt-out keeps a student from being screened, so from being flagged).

const ListRow = FollowUpBase.extend({
  followUpId: z.string().nullable().openapi({ description: "null: the family opted out of screening and the student has no follow-up" }),
  periodName: FollowUpBase.shape.periodName.nullable(),
  flaggedOn: FollowUpBase.shape.flaggedOn.nullable(),
  studentName: z.string(),
  participantCode: z.string(),
  grade: z.string(),
  schoolName: z.string(),
  classroomName: z.string().openapi({ description: "the student's classrooms, by name, comma-separated; empty when none" }),
}).openapi("FollowUpListRow");

const StatusCounts = z.object(
  Object.fromEntries(FOLLOW_UP_STATUSES.map((s) => [s, z.number().int()])) as Record<FollowUpStatus, z.ZodNumber>,
);

const ListPage = z
  .object({
    academicYear: z.string(),
    policySet: z.boolean(),
    rows: z.array(ListRow),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    counts: StatusCounts.openapi({ description: "rows of the scope by status, whatever the filter" }),
  })
  .openapi("FollowUpListPage");

const OrgParam = idParam({ description: "organizationId (district)" });

const ListFilter = z.object({
  schoolId: z.string().uuid().optional(),
  classroomId: z.string().uuid().optional(),
  status: z.enum(FOLLOW_UP_STATUSES).optional(),
  q: text(100, { label: "q" })
    .optional()
    .openapi({ description: "search: the student's name or participant code, contains, case-insensitive" }),
  sort: z.enum(FOLLOW_UP_LIST_SORTS).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
});

const SCOPE_TEXT =
  "Without schoolId or classroomId, the district (district admins, super admins). schoolId: a school the caller sees (school admins, district admins). classroomId: a classroom the caller sees (teachers: one they teach).";

const getList = createRoute({
  method: "get",
  path: "/organization/{id}/followUps",
  tags: ["Follow-up"],
  summary: "The follow-ups of a district, school or classroom this school year: paged, filtered by status, searchable, sortable",
  description: `${SCOPE_TEXT} counts: every status of the scope. Students whose family opted out of screening this year and who have no follow-up are rows of status opted-out (followUpId null).`,
  request: {
    params: OrgParam,
    query: ListFilter.extend({
      page: z.coerce.number().int().min(1).max(10_000).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: { 200: jsonResponse(ListPage, "A page of follow-ups"), ...errorResponses },
});

const getCsv = createRoute({
  method: "get",
  path: "/organization/{id}/followUps/csv",
  tags: ["Follow-up"],
  summary: "The same list as a CSV: every row the filter and search match, in the list's order",
  description: SCOPE_TEXT,
  request: { params: OrgParam, query: ListFilter },
  responses: {
    200: {
      content: { "text/csv": { schema: z.string().openapi({ description: "RFC 4180 CSV with a UTF-8 byte order mark" }) } },
      description: "The file; its name is in the Filename header (and Content-Disposition)",
      headers: z.object({ Filename: z.string() }),
    },
    ...errorResponses,
  },
});

const Marks = z
  .object({
    policySet: z.boolean(),
    marks: z.array(
      z.object({
        participantId: z.string(),
        mark: z.enum(["overdue", "due-this-week"]),
        due: z.string().nullable(),
      }),
    ),
    overdue: z.number().int(),
    dueThisWeek: z.number().int(),
  })
  .openapi("FollowUpNoticeMarks");

const getMarks = createRoute({
  method: "get",
  path: "/participantGroups/{id}/followUpMarks",
  tags: ["Follow-up"],
  summary: "A classroom's students whose family notice is overdue or due this week (the results grid's marks)",
  description:
    "A classroom the caller sees. Without a district policy the answer is empty at the cost of one read; otherwise only the classroom's students are brought up to date.",
  request: { params: idParam({ description: "participantGroupId (classroom)" }) },
  responses: { 200: jsonResponse(Marks, "The marks, one per student at most"), ...errorResponses },
});

const Next = z
  .object({
    policySet: z.boolean(),
    next: z
      .object({
        followUpId: z.string(),
        periodName: FollowUpBase.shape.periodName,
        step: z.enum(["notice-sent", "monitoring-started", "outcome"]),
        due: z.string().nullable().openapi({ description: "YYYY-MM-DD; null: the policy sets no deadline for it" }),
        status: z.enum(FOLLOW_UP_STATUSES),
      })
      .nullable()
      .openapi({ description: "the most pressing step owed this school year; null: none" }),
  })
  .openapi("FollowUpNext");

const getNext = createRoute({
  method: "get",
  path: "/participant/{id}/followUpNext",
  tags: ["Follow-up"],
  summary: "The next step owed for a student this school year, the most pressing first (the student page's line)",
  description: "The student's scope. Without a district policy the answer is empty at the cost of one read.",
  request: { params: idParam({ description: "participantId (student)" }) },
  responses: { 200: jsonResponse(Next, "The next step, or none"), ...errorResponses },
});

/** Which follow-up's step the student page names first: the late one, then the one due this week, then any with a deadline, soonest first. */
const URGENCY: Record<FollowUpStatus, number> = { overdue: 0, "due-this-week": 1, open: 2, done: 3, "opted-out": 4 };

type Filter = z.infer<typeof ListFilter>;
type Row = z.infer<typeof ListRow>;

/** The scope's rows this school year, filtered, searched and sorted (not paged), with the counts of the whole scope. */
async function listOf(c: Context<ApiEnv>, organizationId: string, query: Filter) {
  const { db, now } = c.var.deps;
  const actor = requireCapability(c.var.actor, "followUps");
  const org = await assertOrganization(db, actor, organizationId);
  let scope: { kind: "classroom" | "school" | "district"; id: string; name: string };
  if (query.classroomId) {
    const classroom = await assertClassroom(db, actor, query.classroomId);
    if (classroom.organization_id !== org.organization_id) throw forbidden();
    scope = { kind: "classroom", id: classroom.participant_group_id, name: classroom.name };
  } else if (query.schoolId) {
    if (reachOf(actor.role) === "classrooms") throw forbidden();
    const school = await assertSchool(db, actor, query.schoolId);
    if (school.organization_id !== org.organization_id) throw forbidden();
    scope = { kind: "school", id: school.organization_unit_id, name: school.name };
  } else {
    // A whole district's list is for the roles that answer for the district.
    if (!may(actor.role, "manageFollowUpPolicy")) throw forbidden();
    scope = { kind: "district", id: org.organization_id, name: org.name };
  }
  const at = now();
  const today = localIsoDate(at);
  const settings = await followUpSettings(db, org.organization_id);
  const { academicYear } = await syncFollowUps(db, org.organization_id, null, settings, at);
  const [students, rows, optedOut] = await Promise.all([
    studentsOfScope(db, scope, reachOf(actor.role) === "classrooms" ? actor.userId : null),
    followUpRowsOf(db, org.organization_id, academicYear, null),
    optedOutIn(db, org.organization_id, academicYear),
  ]);
  const classrooms = await classroomNamesOf(db, org.organization_id);
  const byStudent = new Map(students.map((s) => [s.participant_id, s]));
  const about = (s: (typeof students)[number]) => ({
    studentName: `${s.last_name}, ${s.first_name}`,
    participantCode: s.participant_code,
    grade: s.grade,
    schoolName: s.school_name,
    classroomName: classrooms.get(s.participant_id) ?? "",
  });
  const withRow = new Set<string>();
  const all: Row[] = rows.flatMap((row) => {
    const s = byStudent.get(row.participant_id);
    if (!s) return [];
    withRow.add(s.participant_id);
    return [{ ...followUpOut(row, settings.policy, optedOut.has(row.participant_id), today), ...about(s) }];
  });
  for (const id of optedOut) {
    const s = byStudent.get(id);
    if (!s || withRow.has(id)) continue;
    all.push({
      followUpId: null,
      participantId: id,
      academicYear,
      periodName: null,
      flags: [],
      flaggedOn: null,
      noticeDue: null,
      noticeSentOn: null,
      noticeMethod: null,
      monitoringStartedOn: null,
      monitoringEndsOn: null,
      furtherStepDue: null,
      outcome: null,
      outcomeOn: null,
      closedOn: null,
      closeReason: null,
      nextStep: null,
      status: "opted-out",
      ...about(s),
    });
  }
  const counts = Object.fromEntries(FOLLOW_UP_STATUSES.map((st) => [st, all.filter((r) => r.status === st).length])) as Record<
    FollowUpStatus,
    number
  >;
  const q = query.q?.trim().toLowerCase() ?? "";
  const matching = all.filter(
    (r) =>
      (!query.status || r.status === query.status) &&
      (q === "" || r.studentName.toLowerCase().includes(q) || r.participantCode.toLowerCase().includes(q)),
  );
  const sort = query.sort ?? "due";
  const sign = query.dir === "desc" ? -1 : 1;
  // No deadline sorts last, no flag day first: an opted-out student has neither.
  const keyOf = (r: Row) =>
    sort === "name" ? r.studentName.toLowerCase() : sort === "flaggedOn" ? (r.flaggedOn ?? "") : (r.nextStep?.due ?? "9999-12-31");
  const tie = (r: Row) => r.followUpId ?? `~${r.participantId}`;
  matching.sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    return tie(a) < tie(b) ? -1 : tie(a) > tie(b) ? 1 : 0;
  });
  return { org, scope, academicYear, policySet: settings.policy !== null, counts, matching, today };
}

export function registerFollowUpLists(app: Router) {
  app.openapi(getList, async (c) => {
    const query = c.req.valid("query");
    const list = await listOf(c, c.req.valid("param").id, query);
    const pageSize = query.limit ?? 50;
    const page = query.page ?? 1;
    const shown = list.matching.slice((page - 1) * pageSize, page * pageSize);
    recordAccess(c, { what: "follow-up-list", organizationId: list.org.organization_id, scope: list.scope, rows: shown.length });
    return c.json(
      {
        academicYear: list.academicYear,
        policySet: list.policySet,
        rows: shown,
        total: list.matching.length,
        page,
        pageSize,
        counts: list.counts,
      },
      200,
    );
  });

  app.openapi(getCsv, async (c) => {
    const list = await listOf(c, c.req.valid("param").id, c.req.valid("query"));
    recordAccess(c, { what: "follow-up-list", organizationId: list.org.organization_id, scope: list.scope, rows: list.matching.length });
    const fileName = `follow-ups_${fileSlug(list.scope.name)}_${list.academicYear}.csv`;
    const body = UTF8_BOM + toCsv([FOLLOW_UP_CSV_HEADER, ...list.matching.map((r) => followUpCsvRow(r, list.today))]);
    return c.body(body, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      Filename: fileName,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Access-Control-Expose-Headers": "Filename, Content-Disposition",
      "Cache-Control": "no-store",
    });
  });

  app.openapi(getNext, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const settings = await followUpSettingsIfPolicy(db, student.organization_id);
    if (!settings?.policy) return c.json({ policySet: false, next: null }, 200);
    const at = now();
    const today = localIsoDate(at);
    const { academicYear } = await syncFollowUps(db, student.organization_id, [student.participant_id], settings, at);
    const [rows, optOuts] = await Promise.all([
      followUpsOfStudent(db, student.participant_id),
      optOutRowsOfStudent(db, student.participant_id),
    ]);
    const optedOut = optOuts.find((o) => o.academic_year === academicYear)?.opted_out ?? false;
    // Read of the student page, which the access log already holds as the profile's read: no row of its own.
    const owed = rows
      .filter((r) => r.academic_year === academicYear)
      .map((r) => ({ row: r, ...standingOf(r, settings.policy, optedOut, today) }))
      .filter((x) => x.nextStep !== null && x.status !== "opted-out")
      .sort((a, b) => URGENCY[a.status] - URGENCY[b.status] || (a.nextStep!.due ?? "9999").localeCompare(b.nextStep!.due ?? "9999"));
    const first = owed[0];
    return c.json(
      {
        policySet: true,
        next: first
          ? {
              followUpId: first.row.follow_up_id,
              periodName: first.row.period_name,
              step: first.nextStep!.step,
              due: first.nextStep!.due,
              status: first.status,
            }
          : null,
      },
      200,
    );
  });

  app.openapi(getMarks, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "followUps");
    const classroom = await assertClassroom(db, actor, c.req.valid("param").id);
    // The scope check read whether the district has a policy: without one, no further read.
    const settings = classroom.follow_up_policy_set ? await followUpSettings(db, classroom.organization_id) : null;
    if (!settings?.policy) return c.json({ policySet: false, marks: [], overdue: 0, dueThisWeek: 0 }, 200);
    const at = now();
    const today = localIsoDate(at);
    const students = await studentsOfScope(db, { kind: "classroom", id: classroom.participant_group_id }, null);
    const ids = students.map((s) => s.participant_id);
    const { academicYear } = await syncFollowUps(db, classroom.organization_id, ids, settings, at);
    const [rows, optedOut] = await Promise.all([
      followUpRowsOf(db, classroom.organization_id, academicYear, ids),
      optedOutIn(db, classroom.organization_id, academicYear),
    ]);
    // One mark a student: the overdue one, else the soonest due.
    const best = new Map<string, { participantId: string; mark: "overdue" | "due-this-week"; due: string | null }>();
    for (const row of rows) {
      const standing = standingOf(row, settings.policy, optedOut.has(row.participant_id), today);
      const mark = noticeMarkOf(standing);
      if (!mark) continue;
      const due = standing.nextStep?.due ?? null;
      const had = best.get(row.participant_id);
      if (!had || (had.mark !== "overdue" && (mark === "overdue" || (due ?? "") < (had.due ?? "")))) {
        best.set(row.participant_id, { participantId: row.participant_id, mark, due });
      }
    }
    const marks = [...best.values()];
    recordAccess(c, {
      what: "follow-up-list",
      organizationId: classroom.organization_id,
      scope: { kind: "classroom", id: classroom.participant_group_id },
      rows: marks.length,
    });
    return c.json(
      {
        policySet: true,
        marks,
        overdue: marks.filter((m) => m.mark === "overdue").length,
        dueThisWeek: marks.filter((m) => m.mark === "due-this-week").length,
      },
      200,
    );
  });
}
