import { describe, expect, it } from "vitest";
import { dueSoonUntil, followUpStatus, nextStep, noticeOnTime, type FollowUpState } from "./follow-up-steps";

const OPEN: FollowUpState = {
  noticeDue: "2026-12-20",
  noticeSentOn: null,
  monitoringStartedOn: null,
  monitoringEndsOn: null,
  furtherStepDue: null,
  outcome: null,
  closedOn: null,
};

describe("nextStep", () => {
  it.each<[string, Partial<FollowUpState>, boolean, ReturnType<typeof nextStep>]>([
    ["the notice first", {}, true, { step: "notice-sent", due: "2026-12-20" }],
    ["a notice without a deadline", { noticeDue: null }, false, { step: "notice-sent", due: null }],
    ["then monitoring, when the policy has a window", { noticeSentOn: "2026-12-01" }, true, { step: "monitoring-started", due: null }],
    ["straight to the outcome without one", { noticeSentOn: "2026-12-01" }, false, { step: "outcome", due: null }],
    [
      "the outcome after monitoring, due at the further step",
      { noticeSentOn: "2026-12-01", monitoringStartedOn: "2026-12-02", monitoringEndsOn: "2027-01-13", furtherStepDue: "2027-02-12" },
      true,
      { step: "outcome", due: "2027-02-12" },
    ],
    [
      "or at the end of monitoring when no further-step figure is set",
      { noticeSentOn: "2026-12-01", monitoringStartedOn: "2026-12-02", monitoringEndsOn: "2027-01-13" },
      true,
      { step: "outcome", due: "2027-01-13" },
    ],
    ["nothing once an outcome is recorded", { noticeSentOn: "2026-12-01", outcome: "referred" }, true, null],
    ["nothing once closed", { closedOn: "2026-12-03" }, true, null],
  ])("%s", (_, change, monitoring, expected) => {
    expect(nextStep({ ...OPEN, ...change }, monitoring)).toEqual(expected);
  });
});

describe("followUpStatus on 2026-12-14 (a week runs to the 20th)", () => {
  const today = "2026-12-14";
  it.each<[string, Partial<FollowUpState>, boolean, string]>([
    ["due on the last day of the week", { noticeDue: "2026-12-20" }, false, "due-this-week"],
    ["due today", { noticeDue: "2026-12-14" }, false, "due-this-week"],
    ["due yesterday", { noticeDue: "2026-12-13" }, false, "overdue"],
    ["due in eight days", { noticeDue: "2026-12-22" }, false, "open"],
    ["no deadline set", { noticeDue: null }, false, "open"],
    ["outcome recorded", { noticeSentOn: "2026-12-01", outcome: "recovered" }, false, "done"],
    ["closed", { closedOn: "2026-12-02" }, false, "done"],
    ["opted out wins", { noticeDue: "2026-12-01" }, true, "opted-out"],
  ])("%s → %s", (_, change, optedOut, expected) => {
    expect(followUpStatus({ ...OPEN, ...change }, false, optedOut, today)).toBe(expected);
  });

  it("the week ends six days after today", () => {
    expect(dueSoonUntil(today)).toBe("2026-12-20");
  });
});

describe("noticeOnTime", () => {
  it.each<[string | null, string | null, boolean | null]>([
    ["2026-12-20", "2026-12-20", true],
    ["2026-12-20", "2026-12-21", false],
    ["2026-12-20", null, null],
    [null, "2026-12-01", null],
  ])("due %s, sent %s → %s", (noticeDue, noticeSentOn, expected) => {
    expect(noticeOnTime({ noticeDue, noticeSentOn })).toBe(expected);
  });
});
