import { describe, expect, it } from "vitest";
import {
  COUNT_COLUMNS,
  COUNT_DEFINITIONS,
  followUpCounts,
  followUpCountsCsv,
  NOTICE_BUCKETS,
  noticeBucket,
  orderedGrades,
  type CountFollowUp,
  type CountRow,
} from "./follow-up-counts";

const TODAY = "2026-01-15";

describe("noticeBucket on 2026-01-15", () => {
  it.each<[string, Omit<CountFollowUp, "participantId" | "period">, string]>([
    ["sent on the deadline day", { noticeDue: "2026-01-10", firstNoticeOn: "2026-01-10", closedOn: null }, "onTime"],
    ["sent before the deadline", { noticeDue: "2026-01-10", firstNoticeOn: "2026-01-02", closedOn: null }, "onTime"],
    ["sent a day after it", { noticeDue: "2026-01-10", firstNoticeOn: "2026-01-11", closedOn: null }, "late"],
    ["sent on time, closed since", { noticeDue: "2026-01-10", firstNoticeOn: "2026-01-09", closedOn: "2026-01-12" }, "onTime"],
    ["sent late, closed since", { noticeDue: "2026-01-10", firstNoticeOn: "2026-01-11", closedOn: "2026-01-12" }, "late"],
    ["open, not sent, deadline yesterday", { noticeDue: "2026-01-14", firstNoticeOn: null, closedOn: null }, "pastDeadline"],
    ["open, not sent, deadline today", { noticeDue: "2026-01-15", firstNoticeOn: null, closedOn: null }, "notYetDue"],
    ["open, not sent, deadline ahead", { noticeDue: "2026-02-01", firstNoticeOn: null, closedOn: null }, "notYetDue"],
    [
      "closed before a notice, deadline passed",
      { noticeDue: "2026-01-02", firstNoticeOn: null, closedOn: "2026-01-05" },
      "closedBeforeNotice",
    ],
    [
      "closed before a notice, deadline ahead",
      { noticeDue: "2026-02-01", firstNoticeOn: null, closedOn: "2026-01-05" },
      "closedBeforeNotice",
    ],
    ["no deadline, not sent", { noticeDue: null, firstNoticeOn: null, closedOn: null }, "noDeadline"],
    ["no deadline, sent", { noticeDue: null, firstNoticeOn: "2026-01-03", closedOn: null }, "noDeadline"],
    ["no deadline, closed", { noticeDue: null, firstNoticeOn: null, closedOn: "2026-01-03" }, "noDeadline"],
  ])("%s", (_, f, bucket) => {
    expect(noticeBucket(f, TODAY)).toBe(bucket);
  });
});

describe("orderedGrades", () => {
  it.each<[string[], string[]]>([
    [
      ["3", "K", "PK", "1"],
      ["PK", "K", "1", "3"],
    ],
    [
      ["MULTI", "2", "2", "5"],
      ["2", "5", "MULTI"],
    ],
    [[], []],
  ])("%j → %j", (grades, expected) => {
    expect(orderedGrades(grades)).toEqual(expected);
  });
});

const row = (rows: CountRow[], grade: string | null, period: CountRow["period"]) =>
  rows.find((r) => r.grade === grade && r.period === period)!.counts;

describe("followUpCounts", () => {
  const students = [
    { participantId: "a", grade: "1" },
    { participantId: "b", grade: "1" },
    { participantId: "c", grade: "1" },
    { participantId: "d", grade: "K" },
    { participantId: "e", grade: "K" },
  ];
  const rows = followUpCounts({
    students,
    screenings: [
      { participantId: "a", period: "BOY" },
      { participantId: "a", period: "BOY" }, // repeated row: one screening
      { participantId: "a", period: "MOY" },
      { participantId: "b", period: "BOY" },
      { participantId: "c", period: "BOY" },
      { participantId: "d", period: "BOY" },
      { participantId: "zz", period: "BOY" }, // not in the scope
    ],
    followUps: [
      { participantId: "a", period: "BOY", noticeDue: "2025-09-30", firstNoticeOn: "2025-09-20", closedOn: null },
      { participantId: "a", period: "MOY", noticeDue: "2026-01-10", firstNoticeOn: null, closedOn: null },
      { participantId: "b", period: "BOY", noticeDue: "2025-09-30", firstNoticeOn: "2025-10-02", closedOn: null },
      { participantId: "c", period: "BOY", noticeDue: "2025-09-30", firstNoticeOn: null, closedOn: "2025-09-25" },
      { participantId: "d", period: "BOY", noticeDue: null, firstNoticeOn: null, closedOn: null },
      { participantId: "zz", period: "BOY", noticeDue: null, firstNoticeOn: null, closedOn: null },
    ],
    optedOut: new Set(["e", "zz"]),
    today: TODAY,
  });

  it("has a row per grade and period, an All periods row per grade, then all grades", () => {
    expect(rows.map((r) => `${r.grade ?? "all"} ${r.period ?? "all"}`)).toEqual([
      "K BOY",
      "K MOY",
      "K EOY",
      "K all",
      "1 BOY",
      "1 MOY",
      "1 EOY",
      "1 all",
      "all BOY",
      "all MOY",
      "all EOY",
      "all all",
    ]);
  });

  it.each<[string | null, CountRow["period"], Partial<Record<string, number | null>>]>([
    ["1", "BOY", { screened: 3, flagged: 3, onTime: 1, late: 1, closedBeforeNotice: 1, pastDeadline: 0, optedOut: null }],
    ["1", "MOY", { screened: 1, flagged: 1, pastDeadline: 1, onTime: 0 }],
    ["1", "EOY", { screened: 0, flagged: 0 }],
    ["1", null, { screened: 4, flagged: 4, onTime: 1, late: 1, pastDeadline: 1, closedBeforeNotice: 1, optedOut: 0 }],
    ["K", "BOY", { screened: 1, flagged: 1, noDeadline: 1 }],
    ["K", null, { screened: 1, flagged: 1, noDeadline: 1, optedOut: 1 }],
    [null, "BOY", { screened: 4, flagged: 4, onTime: 1, late: 1, closedBeforeNotice: 1, noDeadline: 1, optedOut: null }],
    [null, null, { screened: 5, flagged: 5, pastDeadline: 1, noDeadline: 1, optedOut: 1 }],
  ])("grade %s, period %s", (grade, period, expected) => {
    expect(row(rows, grade, period)).toMatchObject(expected);
  });

  it("the notice columns add up to Flagged on every row", () => {
    for (const r of rows) expect(NOTICE_BUCKETS.reduce((n, b) => n + r.counts[b], 0)).toBe(r.counts.flagged);
  });

  it("an empty scope has only the all-grades rows, all zero", () => {
    const empty = followUpCounts({ students: [], screenings: [], followUps: [], optedOut: new Set(), today: TODAY });
    expect(empty).toHaveLength(4);
    expect(row(empty, null, null)).toMatchObject({ screened: 0, flagged: 0, optedOut: 0 });
  });

  it("the CSV has a header and a line per row, opted out empty where not counted", () => {
    const csv = followUpCountsCsv({ scope: "Demo", academicYear: "2025-2026" }, rows);
    expect(csv[0]).toEqual([
      "Scope",
      "School year",
      "Grade",
      "Period",
      "Screened",
      "Flagged",
      "Notified within the deadline",
      "Notified late",
      "Not notified, past the deadline",
      "Not notified, not yet due",
      "No deadline set",
      "Closed before a notice",
      "Opted out",
    ]);
    expect(csv).toHaveLength(rows.length + 1);
    expect(csv[5]).toEqual(["Demo", "2025-2026", "1st", "BOY", 3, 3, 1, 1, 0, 0, 0, 1, null]);
    expect(csv.at(-1)).toEqual(["Demo", "2025-2026", "All grades", "All periods", 5, 5, 1, 1, 1, 0, 1, 1, 1]);
  });

  it("defines every column in one sentence", () => {
    for (const c of COUNT_COLUMNS) expect(COUNT_DEFINITIONS[c]).toMatch(/^[^.]+\.$/);
  });
});
