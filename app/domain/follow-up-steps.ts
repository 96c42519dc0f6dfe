import type { IsoDate } from "./calendar-date";
import { addCalendarDays, daysBetween } from "./follow-up-days";

// What a follow-up has recorded and what comes next (issue 38 item 2). Every recorded step is a
// row of its own (follow_up_step); the follow-up row holds the latest of each for lists.

export const NOTICE_METHODS = ["printed", "emailed", "handed-over"] as const;
export type NoticeMethod = (typeof NOTICE_METHODS)[number];
export const NOTICE_METHOD_LABELS: Record<NoticeMethod, string> = {
  printed: "Printed",
  emailed: "E-mailed",
  "handed-over": "Handed over",
};

export const OUTCOMES = ["recovered", "further-screening", "referred", "family-declined"] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME_LABELS: Record<Outcome, string> = {
  recovered: "Recovered",
  "further-screening": "Further screening",
  referred: "Referred",
  "family-declined": "Family declined",
};

/** Steps a person records. */
export const RECORDED_STEPS = ["notice-sent", "monitoring-started", "outcome", "note"] as const;
export type RecordedStep = (typeof RECORDED_STEPS)[number];
/** Steps the product records: opening, closing when the flag goes, reopening when it returns. */
export type StepKind = RecordedStep | "opened" | "closed" | "reopened";

export const STEP_LABELS: Record<StepKind, string> = {
  opened: "Flagged: follow-up opened",
  "notice-sent": "Notice sent",
  "monitoring-started": "Monitoring started",
  outcome: "Outcome recorded",
  note: "Note",
  closed: "Follow-up closed",
  reopened: "Flagged again: follow-up reopened",
};

export const CLOSE_REASONS = ["no-longer-flagged"] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  "no-longer-flagged": "No longer flagged: the results changed",
};

export type FollowUpState = {
  noticeDue: IsoDate | null;
  noticeSentOn: IsoDate | null;
  monitoringStartedOn: IsoDate | null;
  monitoringEndsOn: IsoDate | null;
  furtherStepDue: IsoDate | null;
  outcome: Outcome | null;
  closedOn: IsoDate | null;
};

export type NextStep =
  | { step: "notice-sent"; due: IsoDate | null }
  | { step: "monitoring-started"; due: null }
  | { step: "outcome"; due: IsoDate | null }
  | null;

/**
 * The step the school owes next: the notice, then (when the policy has a monitoring window)
 * monitoring, then the outcome. None once closed or once an outcome is recorded. `due` null
 * means the policy sets no deadline for it ('not set').
 */
export function nextStep(state: FollowUpState, policyHasMonitoring: boolean): NextStep {
  if (state.closedOn !== null || state.outcome !== null) return null;
  if (state.noticeSentOn === null) return { step: "notice-sent", due: state.noticeDue };
  if (policyHasMonitoring && state.monitoringStartedOn === null) return { step: "monitoring-started", due: null };
  return { step: "outcome", due: state.furtherStepDue ?? state.monitoringEndsOn };
}

export const FOLLOW_UP_STATUSES = ["overdue", "due-this-week", "open", "done", "opted-out"] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];
export const FOLLOW_UP_STATUS_LABELS: Record<FollowUpStatus, string> = {
  overdue: "Overdue",
  "due-this-week": "Due this week",
  open: "Open",
  done: "Done",
  "opted-out": "Opted out",
};

/** A week is today and the six days after it. */
export const DUE_SOON_DAYS = 6;

/** Where a follow-up stands today, for the lists' filters. */
export function followUpStatus(state: FollowUpState, policyHasMonitoring: boolean, optedOut: boolean, today: IsoDate): FollowUpStatus {
  if (optedOut) return "opted-out";
  const next = nextStep(state, policyHasMonitoring);
  if (next === null) return "done";
  if (next.due === null) return "open";
  const left = daysBetween(today, next.due);
  if (left < 0) return "overdue";
  return left <= DUE_SOON_DAYS ? "due-this-week" : "open";
}

/** The last day of the week that starts today ('due this week'). */
export const dueSoonUntil = (today: IsoDate): IsoDate => addCalendarDays(today, DUE_SOON_DAYS);

/** Whether the notice went out on or before its deadline (null: no deadline, or not sent yet). */
export function noticeOnTime(state: Pick<FollowUpState, "noticeDue" | "noticeSentOn">): boolean | null {
  if (state.noticeDue === null || state.noticeSentOn === null) return null;
  return daysBetween(state.noticeSentOn, state.noticeDue) >= 0;
}
