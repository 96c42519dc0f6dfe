import { describe, expect, it } from "vitest";
import { encodeCursor } from "./paging";
import {
  accessDateBounds,
  accessKindLabel,
  accessSubjectText,
  accessTimeText,
  keptUserAgent,
  parseAccessLogQuery,
  parseRetention,
  PRUNE_INTERVAL_MS,
  pruneDue,
  RECORD_ACCESS_KINDS,
  RECORD_ACCESS_LABELS,
  retentionCutoff,
  retentionText,
  USER_AGENT_MAX,
  userFilter,
  type ShownAccess,
} from "./record-access";

describe("the retention setting", () => {
  it.each([
    [undefined, { days: null, problem: null }, "Kept until deleted: no retention period is configured."],
    ["", { days: null, problem: null }, "Kept until deleted: no retention period is configured."],
    ["  ", { days: null, problem: null }, "Kept until deleted: no retention period is configured."],
    ["1", { days: 1, problem: null }, "Kept for 1 day, then deleted by the server."],
    [" 400 ", { days: 400, problem: null }, "Kept for 400 days, then deleted by the server."],
    ["2555", { days: 2555, problem: null }, "Kept for 2,555 days, then deleted by the server."],
  ] as const)("%j reads as %j", (raw, retention, text) => {
    expect(parseRetention(raw)).toEqual(retention);
    expect(retentionText(parseRetention(raw))).toBe(text);
  });

  it.each(["0", "-5", "1.5", "30d", "1e3", "1234567", "forever"])("%j is no period: nothing is deleted, and the page says why", (raw) => {
    const r = parseRetention(raw);
    expect(r.days).toBeNull();
    expect(r.problem).toContain(`RECORD_ACCESS_RETENTION_DAYS is set to “${raw}”`);
    expect(retentionText(r)).toMatch(
      /^Kept until deleted: RECORD_ACCESS_RETENTION_DAYS is set to .*nothing is deleted until it is corrected\.$/,
    );
  });

  it("cuts off whole days before now", () => {
    expect(retentionCutoff(new Date("2026-03-10T12:00:00Z"), 7).toISOString()).toBe("2026-03-03T12:00:00.000Z");
  });

  it.each([
    [null, 0, true],
    [0, PRUNE_INTERVAL_MS - 1, false],
    [0, PRUNE_INTERVAL_MS, true],
    [10_000, 5_000, true],
  ])("last pruned %s, now %s: due %s", (last, now, due) => {
    expect(pruneDue(last, now)).toBe(due);
  });
});

describe("what a row keeps", () => {
  it.each([
    [null, null],
    ["", null],
    ["  \t ", null],
    ["Mozilla/5.0 (X11; Linux x86_64)", "Mozilla/5.0 (X11; Linux x86_64)"],
    ["a\u0000b\nc   d", "a b c d"],
  ])("user agent %j is kept as %j", (raw, kept) => {
    expect(keptUserAgent(raw)).toBe(kept);
  });

  it("cuts a long user agent", () => {
    expect(keptUserAgent("x".repeat(5000))).toHaveLength(USER_AGENT_MAX);
  });

  it("has words for every kind, and shows an unknown kind as stored", () => {
    for (const kind of RECORD_ACCESS_KINDS) expect(RECORD_ACCESS_LABELS[kind]).toBeTruthy();
    expect(accessKindLabel("student-profile")).toBe("Student profile");
    expect(accessKindLabel("something-newer")).toBe("something-newer");
  });
});

describe("Student or scope", () => {
  const row = (over: Partial<ShownAccess>): ShownAccess => ({
    what: "student-profile",
    participantId: null,
    participantName: null,
    scopeKind: null,
    scopeName: null,
    rowCount: null,
    ...over,
  });
  it.each([
    [row({ participantId: "p", participantName: "Lovelace, Ada" }), "Lovelace, Ada"],
    [row({ participantId: "p" }), "A student no longer on record"],
    [row({ scopeKind: "classroom", scopeName: "Room 4", rowCount: 1 }), "Classroom: Room 4, 1 student"],
    [row({ scopeKind: "school", scopeName: "Oak", rowCount: 1312 }), "School: Oak, 1,312 students"],
    [row({ scopeKind: "district", scopeName: null, rowCount: 0 }), "District: no longer on record, 0 students"],
  ])("%j → %s", (r, text) => {
    expect(accessSubjectText(r)).toBe(text);
  });
});

describe("When", () => {
  it("names the time with its zone", () => {
    expect(accessTimeText("2026-03-02T10:04:59.000Z", "UTC")).toBe("Mar 2, 2026, 10:04 AM UTC");
    expect(accessTimeText("2026-07-02T22:30:00.000Z", "America/New_York")).toBe("Jul 2, 2026, 6:30 PM EDT");
  });
});

describe("searching the log", () => {
  it.each([
    ["", null],
    ["  ", null],
    ["Teacher@Demo.example", { email: "teacher@demo.example" }],
    ["3F0C2B8E-1D2A-4C3B-9A8B-0123456789AB", { userId: "3f0c2b8e-1d2a-4c3b-9a8b-0123456789ab" }],
  ])("user %j → %j", (value, filter) => {
    expect(userFilter(value)).toEqual(filter);
  });

  it("bounds dates from the start of From to the end of To, in the server's time zone", () => {
    const { from, before } = accessDateBounds("2026-03-01", "2026-03-02");
    expect(from).toEqual(new Date(2026, 2, 1));
    expect(before).toEqual(new Date(2026, 2, 3));
    expect(accessDateBounds(undefined, undefined)).toEqual({ from: null, before: null });
    // Month ends roll over to the next month's first day.
    expect(accessDateBounds(undefined, "2026-02-28").before).toEqual(new Date(2026, 2, 1));
  });

  it.each([
    ["", { user: "", from: null, to: null, errors: {} }],
    ["user=a%40b.c&from=2026-03-01&to=2026-03-05", { user: "a@b.c", from: "2026-03-01", to: "2026-03-05", errors: {} }],
    ["from=03/01/2026", { from: null, errors: { from: "From: enter a date as YYYY-MM-DD." } }],
    ["to=2026-02-30", { to: null, errors: { to: "To: enter a date as YYYY-MM-DD." } }],
    ["from=2026-03-05&to=2026-03-01", { from: "2026-03-05", to: null, errors: { to: "To: must be on or after From." } }],
    [`user=${"x".repeat(255)}`, { user: "", errors: { user: "User: at most 254 characters." } }],
  ])("%s", (search, expected) => {
    expect(parseAccessLogQuery(search)).toMatchObject(expected);
  });

  it("keeps a cursor of the log's order only, and a page number in bounds", () => {
    const ours = encodeCursor({ k: ["2026-03-01 10:00:00+00", "7"], i: 50, b: false, s: "time:desc" });
    const foreign = encodeCursor({ k: ["a", "b"], i: 50, b: false, s: "name:asc" });
    expect(parseAccessLogQuery(`cursor=${ours}`).cursor).toMatchObject({ i: 50 });
    expect(parseAccessLogQuery(`cursor=${foreign}`).cursor).toBeNull();
    expect(parseAccessLogQuery("page=3").page).toBe(3);
    expect(parseAccessLogQuery("page=9999").page).toBe(1);
  });
});
