import { localIsoDate } from "#app/domain/calendar-date";
import {
  FOLLOW_UP_LIST_LOAD_FAILED,
  NOTICE_MARK_TEXT,
  nextStepLine,
  noticeMarksLine,
  followUpListApiQuery,
  parseFollowUpListQuery,
  type FollowUpListQuery,
} from "#app/domain/follow-up-lists";
import { NO_POLICY_TEXT } from "#app/domain/follow-up-policy";
import { PAGE_SIZE } from "#app/domain/paging";
import { loadPart } from "./admin.server";
import type { ApiClient, ApiSchema } from "./api.server";

// The school and district pages' 'Follow-up' tab (issue 38 item 3): one page of the scope's
// follow-ups this school year, with the URL's status, search, sort and page, and the links to
// its CSV and to the annual counts.

export type FollowUpListTab = {
  query: FollowUpListQuery;
  data: ApiSchema<"FollowUpListPage"> | null;
  error: string | null;
  today: string;
  noPolicyText: string;
  /** Whether the list names each row's school (the district's list). */
  bySchool: boolean;
  csvHref: string;
  /** The annual counts of the school or district; none for a classroom. */
  countsHref: string | null;
};

export async function loadFollowUpListTab(
  request: Request,
  api: ApiClient,
  scope: { districtId: string; schoolId?: string; classroomId?: string },
  search: string,
): Promise<FollowUpListTab> {
  const query = parseFollowUpListQuery(search);
  const filter = followUpListApiQuery(query);
  const school = scope.classroomId ? { classroomId: scope.classroomId } : scope.schoolId ? { schoolId: scope.schoolId } : {};
  const page = await loadPart(
    request,
    api.GET("/organization/{id}/followUps", {
      params: {
        path: { id: scope.districtId },
        query: { ...filter, ...school, ...(query.page > 1 ? { page: query.page } : {}), limit: PAGE_SIZE },
      },
    }),
    FOLLOW_UP_LIST_LOAD_FAILED,
    { denied: "alert" },
  );
  const csv = new URLSearchParams(
    Object.entries({ ...filter, ...school }).filter((kv): kv is [string, string] => typeof kv[1] === "string"),
  );
  // The CSV route reads the scope's id from its own params, the district's from the path.
  return {
    query,
    data: page.data,
    error: page.error,
    today: localIsoDate(new Date()),
    noPolicyText: NO_POLICY_TEXT,
    bySchool: !scope.schoolId && !scope.classroomId,
    csvHref: `/download/follow-ups/${scope.districtId}?${csv}`,
    countsHref: scope.classroomId
      ? null
      : scope.schoolId
        ? `/school/${scope.schoolId}/follow-up-counts`
        : `/district/${scope.districtId}/follow-up-counts`,
  };
}

export type NoticeMarks = {
  /** 'Family notice overdue: 2 · due this week: 1' (the words made here: the page's bundle stays without the domain's texts). */
  line: string;
  byStudent: Record<string, { text: string; overdue: boolean }>;
  listHref: string;
};

/**
 * A classroom's notice marks for its results grid (issue 38 item 3), or null: no policy, or the
 * marks could not be read (the grid shows without them rather than fail).
 */
export async function loadNoticeMarks(api: ApiClient, classroomId: string): Promise<NoticeMarks | null> {
  const answer = await api.result(api.GET("/participantGroups/{id}/followUpMarks", { params: { path: { id: classroomId } } }));
  if (!answer.ok || !answer.data.policySet) return null;
  return {
    line: noticeMarksLine(answer.data.overdue, answer.data.dueThisWeek),
    byStudent: Object.fromEntries(
      answer.data.marks.map((m) => [m.participantId, { text: NOTICE_MARK_TEXT[m.mark], overdue: m.mark === "overdue" }]),
    ),
    listHref: `/classroom/${classroomId}/follow-ups`,
  };
}

/**
 * The student page's line under 'Follow-up after a flag' (issue 38 item 3): the most pressing step
 * owed this school year with its deadline in words, or null (no policy, nothing owed, or the
 * answer could not be read: the page shows without it).
 */
export async function loadFollowUpNext(api: ApiClient, studentId: string, today: string): Promise<string | null> {
  try {
    const answer = await api.result(api.GET("/participant/{id}/followUpNext", { params: { path: { id: studentId } } }));
    return answer.ok && answer.data.next ? nextStepLine(answer.data.next, today) : null;
  } catch {
    return null;
  }
}
