import { describe, expect, it } from "vitest";
import {
  dueText,
  followUpCsvRow,
  followUpListApiQuery,
  nextStepLine,
  noticeMarkOf,
  noticeMarksLine,
  parseFollowUpListQuery,
  statusFilters,
  type FollowUpListItem,
} from "./follow-up-lists";

const TODAY = "2026-01-15";

describe("dueText", () => {
  it.each<[string | null, string]>([
    [null, "Due: not set"],
    ["2026-01-14", "Overdue: was due 2026-01-14 (1 day ago)"],
    ["2026-01-08", "Overdue: was due 2026-01-08 (7 days ago)"],
    ["2026-01-15", "Due today, 2026-01-15"],
    ["2026-01-16", "Due 2026-01-16 (in 1 day)"],
    ["2026-02-14", "Due 2026-02-14 (in 30 days)"],
  ])("%s → %s", (due, text) => expect(dueText(due, TODAY)).toBe(text));
});

describe("nextStepLine", () => {
  it.each<[Parameters<typeof nextStepLine>[0], string | null]>([
    [null, null],
    [{ step: "notice-sent", due: "2026-01-08" }, "Next: Send the family's notice. Overdue: was due 2026-01-08 (7 days ago)."],
    [{ step: "monitoring-started", due: null }, "Next: Start monitoring. Due: not set."],
    [{ step: "outcome", due: "2026-01-20" }, "Next: Record the outcome. Due 2026-01-20 (in 5 days)."],
  ])("%j", (next, line) => expect(nextStepLine(next, TODAY)).toBe(line));
});

describe("parseFollowUpListQuery", () => {
  it.each<[string, ReturnType<typeof parseFollowUpListQuery>]>([
    ["", { status: null, q: "", sort: "due", dir: "asc", page: 1 }],
    ["?status=overdue&q=%20Ann%20&sort=name&dir=desc&page=3", { status: "overdue", q: "Ann", sort: "name", dir: "desc", page: 3 }],
    ["?status=late&sort=grade&dir=up&page=-2", { status: null, q: "", sort: "due", dir: "asc", page: 1 }],
    ["?status=opted-out&sort=flaggedOn&page=201", { status: "opted-out", q: "", sort: "flaggedOn", dir: "asc", page: 1 }],
  ])("%s", (search, query) => expect(parseFollowUpListQuery(search)).toEqual(query));

  it("gives the API only the filter, search and sort (the CSV takes every page)", () => {
    expect(followUpListApiQuery(parseFollowUpListQuery("?status=done&q=Lee&page=2"))).toEqual({
      status: "done",
      q: "Lee",
      sort: "due",
      dir: "asc",
    });
    expect(followUpListApiQuery(parseFollowUpListQuery(""))).toEqual({ sort: "due", dir: "asc" });
  });
});

describe("statusFilters", () => {
  it("labels each status with its count, then all of them", () => {
    expect(statusFilters({ overdue: 3, "due-this-week": 2, open: 5, done: 1, "opted-out": 0 }).map((f) => [f.status, f.label])).toEqual([
      ["overdue", "Overdue (3)"],
      ["due-this-week", "Due this week (2)"],
      ["open", "Open (5)"],
      ["done", "Done (1)"],
      ["opted-out", "Opted out (0)"],
      [null, "All (11)"],
    ]);
  });
});

describe("followUpCsvRow", () => {
  const item: FollowUpListItem = {
    studentName: "Lee, Ann",
    participantCode: "P-1",
    schoolName: "Oak",
    classroomName: "Room 1, Room 2",
    grade: "K",
    periodName: "MOY",
    flags: ["dyslexia", "pwr"],
    flaggedOn: "2026-01-05",
    noticeDue: "2026-01-08",
    noticeSentOn: null,
    nextStep: { step: "notice-sent", due: "2026-01-08" },
    status: "overdue",
  };
  it("holds the dates as they are and the deadline in words", () => {
    expect(followUpCsvRow(item, TODAY)).toEqual([
      "Lee, Ann",
      "P-1",
      "Oak",
      "Room 1, Room 2",
      "K",
      "MOY",
      "Dyslexia risk, Low Potential For Word Reading",
      "2026-01-05",
      "2026-01-08",
      "",
      "Send the family's notice",
      "2026-01-08",
      "Overdue: was due 2026-01-08 (7 days ago)",
      "Overdue",
    ]);
  });
  it("an opted-out student without a follow-up: no period, flag or step", () => {
    const row = followUpCsvRow(
      { ...item, periodName: null, flags: [], flaggedOn: null, noticeDue: null, nextStep: null, status: "opted-out" },
      TODAY,
    );
    expect(row.slice(5)).toEqual(["", "", "", "", "", "", "", "", "Opted out"]);
  });
});

describe("noticeMarkOf", () => {
  it.each<[Parameters<typeof noticeMarkOf>[0], ReturnType<typeof noticeMarkOf>]>([
    [{ status: "overdue", nextStep: { step: "notice-sent" } }, "overdue"],
    [{ status: "due-this-week", nextStep: { step: "notice-sent" } }, "due-this-week"],
    [{ status: "open", nextStep: { step: "notice-sent" } }, null],
    // Late, but the notice went out: the mark is about the family's notice only.
    [{ status: "overdue", nextStep: { step: "outcome" } }, null],
    [{ status: "opted-out", nextStep: { step: "notice-sent" } }, null],
    [{ status: "done", nextStep: null }, null],
  ])("%j → %s", (item, mark) => expect(noticeMarkOf(item)).toBe(mark));

  it("the line above the grid", () => expect(noticeMarksLine(2, 1)).toBe("Family notice overdue: 2 · due this week: 1"));
});
