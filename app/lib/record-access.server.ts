import { accessKindLabel, accessSubjectText, accessTimeText, parseAccessLogQuery, retentionText } from "#app/domain/record-access";
import { encodeCursor } from "#app/domain/paging";
import type { ApiSchema } from "./api.server";

// The access-log pages' side (issue 41 item 2): the URL's search as the API's query, and each
// row in words, made on the server so the page hydrates the same text (times in the server's zone).

export type AccessSearch = ReturnType<typeof parseAccessLogQuery>;

export function accessSearchOf(request: Request): AccessSearch {
  return parseAccessLogQuery(new URL(request.url).search);
}

/** The API's query for a search: only what was given (a field with an error is left out). */
export function accessApiQuery(search: AccessSearch) {
  return {
    ...(search.user ? { user: search.user } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    ...(search.cursor ? { cursor: encodeCursor(search.cursor) } : search.page > 1 ? { page: search.page } : {}),
  };
}

export type ShownAccessRow = {
  id: string;
  when: string;
  whenIso: string;
  who: string;
  whoEmail: string | null;
  what: string;
  subject: string;
  /** The student's page, for a single student's read. */
  subjectHref: string | null;
  from: string;
  userAgent: string | null;
};

export function shownAccessPage(page: ApiSchema<"RecordAccessPage">) {
  return {
    rows: page.rows.map(shownAccessRow),
    page: { total: page.total, from: page.from, to: page.to, next: page.next, prev: page.prev },
    retention: retentionText({ days: page.retentionDays, problem: page.retentionProblem }),
  };
}

function shownAccessRow(r: ApiSchema<"RecordAccess">): ShownAccessRow {
  const participantName = r.participantLastName === null ? null : `${r.participantLastName}, ${r.participantFirstName ?? ""}`;
  return {
    id: r.recordAccessId,
    when: accessTimeText(r.occurredAt),
    whenIso: r.occurredAt,
    who: r.userLastName === null ? "A user no longer on record" : `${r.userLastName}, ${r.userFirstName ?? ""}`,
    whoEmail: r.userEmail,
    what: accessKindLabel(r.what),
    subject: accessSubjectText({ ...r, participantName }),
    subjectHref: r.participantId ? `/student/${r.participantId}` : null,
    from: r.clientIp ?? "Address not known",
    userAgent: r.userAgent,
  };
}
