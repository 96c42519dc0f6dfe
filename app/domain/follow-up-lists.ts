import type { IsoDate } from "./calendar-date";
import { daysBetween } from "./follow-up-days";
import { FOLLOW_UP_FLAG_LABELS, NOT_SET_TEXT, type FollowUpFlag } from "./follow-up-policy";
import { FOLLOW_UP_STATUS_LABELS, FOLLOW_UP_STATUSES, type FollowUpStatus } from "./follow-up-steps";
import { gradeLabel } from "./grades";
import { cleanQuery, pageNumber, type SortDir } from "./paging";
import { PERIODS, type Period } from "./periods";

// Where staff see follow-ups (issue 38 item 3): the words of a next step and its deadline, the
// status filters with their counts, the list's URL state, the CSV's rows and the classroom's
// marks. One set of texts for the student page, the school and district tabs, the CSV and the
// classroom grid, so a deadline reads the same everywhere.

export const FOLLOW_UP_LIST_LOAD_FAILED = "Unable to load the follow-ups.";

export type NextStepKind = "notice-sent" | "monitoring-started" | "outcome";

/** What the school owes next, as an instruction. */
export const NEXT_STEP_LABELS: Record<NextStepKind, string> = {
  "notice-sent": "Send the family's notice",
  "monitoring-started": "Start monitoring",
  outcome: "Record the outcome",
};

/** A deadline as staff read it: 'Due … (in N days)', 'Due today, …', 'Overdue: was due … (N days ago)' or 'Due: not set'. */
export function dueText(due: IsoDate | null, today: IsoDate): string {
  if (due === null) return `Due: ${NOT_SET_TEXT}`;
  const left = daysBetween(today, due);
  if (left < 0) return `Overdue: was due ${due} (${-left} day${left === -1 ? "" : "s"} ago)`;
  if (left === 0) return `Due today, ${due}`;
  return `Due ${due} (in ${left} day${left === 1 ? "" : "s"})`;
}

/** The next step in one line: 'Next: Send the family's notice. Overdue: was due 2026-01-08 (7 days ago).' */
export function nextStepLine(next: { step: NextStepKind; due: IsoDate | null } | null, today: IsoDate): string | null {
  if (!next) return null;
  return `Next: ${NEXT_STEP_LABELS[next.step]}. ${dueText(next.due, today)}.`;
}

export const flagsText = (flags: readonly string[]) => flags.map((f) => FOLLOW_UP_FLAG_LABELS[f as FollowUpFlag] ?? f).join(", ");

// ── The list's URL state ─────────────────────────────────────────────────────────────────────

export const FOLLOW_UP_LIST_SORTS = ["due", "name", "flaggedOn"] as const;
export type FollowUpListSort = (typeof FOLLOW_UP_LIST_SORTS)[number];

export type FollowUpListQuery = {
  status: FollowUpStatus | null;
  q: string;
  sort: FollowUpListSort;
  dir: SortDir;
  page: number;
};

/** The list's state from its URL; a bad value falls back to its default (all, due, ascending, page 1), never an error. */
export function parseFollowUpListQuery(search: string | URLSearchParams): FollowUpListQuery {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  const sort = params.get("sort");
  return {
    status: (FOLLOW_UP_STATUSES as readonly string[]).includes(status ?? "") ? (status as FollowUpStatus) : null,
    q: cleanQuery(params.get("q")),
    sort: (FOLLOW_UP_LIST_SORTS as readonly string[]).includes(sort ?? "") ? (sort as FollowUpListSort) : "due",
    dir: params.get("dir") === "desc" ? "desc" : "asc",
    page: pageNumber(params.get("page")),
  };
}

/** The API's query for a list state (paging left to the caller: the CSV takes every page). */
export function followUpListApiQuery(query: FollowUpListQuery) {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
    sort: query.sort,
    dir: query.dir,
  };
}

/** The filter links' words, with how many follow-ups each holds: 'Overdue (3)', 'All (11)'. */
export function statusFilters(counts: Readonly<Record<FollowUpStatus, number>>): { status: FollowUpStatus | null; label: string }[] {
  const all = FOLLOW_UP_STATUSES.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return [
    ...FOLLOW_UP_STATUSES.map((s) => ({ status: s, label: `${FOLLOW_UP_STATUS_LABELS[s]} (${counts[s] ?? 0})` })),
    { status: null, label: `All (${all})` },
  ];
}

// ── The CSV ──────────────────────────────────────────────────────────────────────────────────

export type FollowUpListItem = {
  studentName: string;
  participantCode: string;
  schoolName: string;
  classroomName: string;
  grade: string;
  periodName: string | null;
  flags: readonly string[];
  flaggedOn: IsoDate | null;
  noticeDue: IsoDate | null;
  noticeSentOn: IsoDate | null;
  nextStep: { step: NextStepKind; due: IsoDate | null } | null;
  status: FollowUpStatus;
};

export const FOLLOW_UP_CSV_HEADER = [
  "Student",
  "Participant Code",
  "School",
  "Classroom",
  "Grade",
  "Period",
  "Flags",
  "Flagged On",
  "Notice Due",
  "Notice Sent On",
  "Next Step",
  "Next Step Due",
  "Due",
  "Status",
] as const;

const periodText = (p: string | null) => ((PERIODS as readonly string[]).includes(p ?? "") ? (p as Period) : "");

/** One CSV row of a list item: dates as YYYY-MM-DD, the deadline also in words as of `today`. */
export function followUpCsvRow(item: FollowUpListItem, today: IsoDate): string[] {
  return [
    item.studentName,
    item.participantCode,
    item.schoolName,
    item.classroomName,
    gradeLabel(item.grade),
    periodText(item.periodName),
    flagsText(item.flags),
    item.flaggedOn ?? "",
    item.noticeDue ?? "",
    item.noticeSentOn ?? "",
    item.nextStep ? NEXT_STEP_LABELS[item.nextStep.step] : "",
    item.nextStep?.due ?? "",
    item.nextStep ? dueText(item.nextStep.due, today) : "",
    FOLLOW_UP_STATUS_LABELS[item.status],
  ];
}

// ── The classroom's marks ────────────────────────────────────────────────────────────────────

export type NoticeMark = "overdue" | "due-this-week";

/** The family's notice is what the mark is about: a student whose next step is the notice, late or due within the week. */
export function noticeMarkOf(item: { status: FollowUpStatus; nextStep: { step: NextStepKind } | null }): NoticeMark | null {
  if (item.nextStep?.step !== "notice-sent") return null;
  return item.status === "overdue" || item.status === "due-this-week" ? item.status : null;
}

export const NOTICE_MARK_TEXT: Record<NoticeMark, string> = {
  overdue: "Notice overdue",
  "due-this-week": "Notice due this week",
};

/** The line above the grid: 'Family notice overdue: 2 · due this week: 1'. */
export const noticeMarksLine = (overdue: number, dueThisWeek: number) =>
  `Family notice overdue: ${overdue} · due this week: ${dueThisWeek}`;
