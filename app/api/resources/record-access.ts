import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { pageOfIds } from "#app/db/queries/lists";
import { recordAccessRows, recordAccessSource, type RecordAccessFilter, type RecordAccessRow } from "#app/db/queries/record-access";
import { decodeCursor, PAGE_SIZE } from "#app/domain/paging";
import { reachOf } from "#app/domain/permissions";
import { ACCESS_DIR, ACCESS_SORT, accessDateBounds, RECORD_ACCESS_KINDS, userFilter } from "#app/domain/record-access";
import { calendarDate, isCleanText } from "#app/domain/text";
import { errorResponses, jsonResponse, type ApiEnv, type Router } from "../env";
import { ApiError } from "../errors";
import { inOrder, Page, PAGE_MESSAGES, PageQuery } from "../paging";
import { idParam } from "../params";
import { flushRecordAccess, retentionOf } from "../record-access";
import { assertOrganization, assertParticipant, requireCapability } from "../scope";

// Who looked at a child's record (issue 41 item 2): a district's access log and one student's
// access history, for district admins (their district) and super admins, newest first, paged
// like the administration lists (docs/decisions/0014-paged-lists.md). Reading only: nothing in
// the API changes or deletes a row; those paths answer every other method 405.

export const LOG_READ_ONLY = "The access log cannot be changed.";

const RecordAccess = z
  .object({
    recordAccessId: z.string(),
    occurredAt: z.string().openapi({ description: "ISO 8601" }),
    userId: z.string().openapi({ description: "who read" }),
    userEmail: z.string().nullable(),
    userFirstName: z.string().nullable(),
    userLastName: z.string().nullable(),
    what: z.string().openapi({ description: `the kind of read: ${RECORD_ACCESS_KINDS.join(", ")}` }),
    participantId: z.string().nullable().openapi({ description: "the student, for a single student's read" }),
    participantFirstName: z.string().nullable(),
    participantLastName: z.string().nullable(),
    scopeKind: z.enum(["classroom", "school", "district"]).nullable().openapi({ description: "for a list read (a CSV, an export)" }),
    scopeId: z.string().nullable(),
    scopeName: z.string().nullable(),
    rowCount: z.number().int().nullable().openapi({ description: "students in a list read" }),
    clientIp: z.string().nullable().openapi({ description: "as the server saw it (the socket, or what a trusted proxy appended)" }),
    userAgent: z.string().nullable(),
    detail: z.string().nullable().openapi({ description: "a RAN recording's file name" }),
    requestId: z.string().nullable(),
  })
  .openapi("RecordAccess");

const RecordAccessPage = z
  .object({
    ...Page(RecordAccess, "RecordAccessRows").shape,
    retentionDays: z.number().int().nullable().openapi({ description: "days a row is kept; null: kept until deleted" }),
    retentionProblem: z.string().nullable().openapi({ description: "why the configured retention is not used, when it cannot be read" }),
  })
  .openapi("RecordAccessPage");

const IsoDate = calendarDate();
const AccessQuery = PageQuery([ACCESS_SORT])
  .pick({ cursor: true, page: true, limit: true })
  .extend({
    user: z
      .string()
      .max(254, "user: at most 254 characters")
      .refine(isCleanText, "user: contains characters that are not allowed")
      .optional()
      .openapi({ description: "who read: a user id, or part of an e-mail address (case-insensitive)" }),
    from: IsoDate.optional().openapi({ description: "from this day (YYYY-MM-DD, the server's time zone), inclusive" }),
    to: IsoDate.optional().openapi({ description: "up to this day, inclusive" }),
  });

const describeAccess =
  "Newest first, `limit` a page (50 unless given), `next`/`prev` cursors as the paged lists. Reads made on this server are written before the answer; another server's within a second.";

const organizationLog = createRoute({
  method: "get",
  path: "/organization/{id}/recordAccess",
  tags: ["Record access"],
  summary: "A district's access log: who read which student's record or which file of students, when, from where",
  description: `District admins of the district and super admins. ${describeAccess}`,
  request: {
    params: idParam({ description: "organizationId (district)" }),
    query: AccessQuery.extend({ participantId: z.string().uuid().optional().openapi({ description: "one student's reads" }) }),
  },
  responses: { 200: jsonResponse(RecordAccessPage, "One page of the log"), ...errorResponses },
});

const participantHistory = createRoute({
  method: "get",
  path: "/participant/{id}/recordAccess",
  tags: ["Record access"],
  summary: "A student's access history: every read of their record",
  description: `District admins of the student's district and super admins. Lists and exports that held the student are in the district's log by their scope. ${describeAccess}`,
  request: { params: idParam({ description: "participantId (student)" }), query: AccessQuery },
  responses: { 200: jsonResponse(RecordAccessPage, "One page of the student's history"), ...errorResponses },
});

type Query = z.infer<typeof AccessQuery>;

async function answerLog(c: Context<ApiEnv>, filter: RecordAccessFilter, district: string, query: Query) {
  const deps = c.var.deps;
  if (query.from && query.to && query.to < query.from) throw new ApiError(400, "to: must be on or after from");
  let cursor = null;
  if (query.cursor) {
    cursor = decodeCursor(query.cursor);
    if (!cursor || cursor.s !== `${ACCESS_SORT}:${ACCESS_DIR}` || cursor.k.length !== 2) throw new ApiError(400, PAGE_MESSAGES.cursor);
  }
  // This server's waiting rows first: an admin sees a read made a moment ago here.
  await flushRecordAccess(deps);
  const bounds = accessDateBounds(query.from, query.to);
  const source = recordAccessSource({ ...filter, user: userFilter(query.user), from: bounds.from, before: bounds.before }, district);
  const limit = query.limit ?? PAGE_SIZE;
  const page = await pageOfIds(deps.db, source, { q: "", sort: ACCESS_SORT, dir: ACCESS_DIR, cursor, page: query.page ?? 1, limit });
  const rows = inOrder(page.ids, await recordAccessRows(deps.db, page.ids), (r) => r.record_access_id).map(toRecordAccess);
  const retention = retentionOf(deps);
  return c.json(
    {
      rows,
      total: page.total,
      from: page.from,
      to: page.to,
      pageSize: limit,
      next: page.next,
      prev: page.prev,
      retentionDays: retention.days,
      retentionProblem: retention.problem,
    },
    200,
  );
}

function toRecordAccess(r: RecordAccessRow): z.infer<typeof RecordAccess> {
  return {
    recordAccessId: r.record_access_id,
    occurredAt: new Date(r.occurred_at).toISOString(),
    userId: r.actor_user_id,
    userEmail: r.actor_email,
    userFirstName: r.actor_first_name,
    userLastName: r.actor_last_name,
    what: r.what,
    participantId: r.participant_id,
    participantFirstName: r.participant_first_name,
    participantLastName: r.participant_last_name,
    scopeKind: r.scope_kind,
    scopeId: r.scope_id,
    scopeName: r.scope_name,
    rowCount: r.row_count,
    clientIp: r.client_ip,
    userAgent: r.user_agent,
    detail: r.detail,
    requestId: r.request_id,
  };
}

export function registerRecordAccess(app: Router) {
  app.openapi(organizationLog, async (c) => {
    // A teacher or school admin hears 403 before any look-up: the answer tells them nothing.
    const actor = requireCapability(c.var.actor, "readRecordAccess");
    const org = await assertOrganization(c.var.deps.db, actor, c.req.valid("param").id);
    const query = c.req.valid("query");
    const filter = { organizationId: org.organization_id, participantId: query.participantId };
    return answerLog(c, filter, org.organization_id, query);
  });

  app.openapi(participantHistory, async (c) => {
    const actor = requireCapability(c.var.actor, "readRecordAccess");
    const student = await assertParticipant(c.var.deps.db, actor, c.req.valid("param").id);
    // A district admin sees the reads logged under their district only (a student moved from
    // another district keeps that district's reads, and its staff's names, out of their view).
    const filter = {
      participantId: student.participant_id,
      organizationId: reachOf(actor.role) === "everything" ? undefined : student.organization_id,
    };
    return answerLog(c, filter, student.organization_id, c.req.valid("query"));
  });

  // The log is read-only through the product: every other method is refused, and says so.
  for (const path of ["/organization/:id/recordAccess", "/participant/:id/recordAccess"]) {
    app.on(["POST", "PUT", "PATCH", "DELETE"], path, (c) => c.json({ message: LOG_READ_ONLY }, 405, { Allow: "GET, HEAD" }));
  }
}
