import { describe, expect, it } from "vitest";
import {
  countText,
  districtCountsText,
  ERASED,
  ERASURE_MESSAGES,
  listText,
  redactExact,
  redactMentions,
  rosterImportWithoutStudent,
  sameCounts,
  STUDENT_COUNT_KEYS,
  studentCountsText,
} from "./student-records";

const PID = "3f0c5d1e-0000-4000-8000-000000000001";
const OTHER = "3f0c5d1e-0000-4000-8000-000000000002";

describe("the confirmation's words", () => {
  it.each([
    ["results", 0, "0 results"],
    ["results", 1, "1 result"],
    ["scores", 2, "2 scores"],
    ["recordings", 1200, "1,200 recordings"],
    ["staff", 1, "1 staff account"],
    ["staff", 3, "3 staff accounts"],
  ] as const)("%s %d: %s", (key, n, text) => {
    expect(countText(key, n)).toBe(text);
  });

  it.each([
    [[], ""],
    [["a"], "a"],
    [["a", "b"], "a and b"],
    [["a", "b", "c"], "a, b and c"],
  ])("list %j: %s", (parts, text) => {
    expect(listText(parts)).toBe(text);
  });

  it("states a student's and a district's counts", () => {
    expect(studentCountsText({ results: 4, scores: 37, recordings: 1 })).toBe("4 results, 37 scores and 1 recording");
    expect(districtCountsText({ schools: 1, classrooms: 2, students: 30, staff: 4, results: 90, scores: 900, recordings: 12 })).toBe(
      "1 school, 2 classrooms, 30 students, 4 staff accounts, 90 results, 900 scores and 12 recordings",
    );
    expect(ERASURE_MESSAGES.studentConfirm("Ada Lovelace", { results: 1, scores: 2, recordings: 0 })).toBe(
      "Delete Ada Lovelace for good? This removes 1 result, 2 scores and 0 recordings, with the student's details, classroom places and access history. It cannot be undone.",
    );
  });
});

describe("sameCounts", () => {
  it.each([
    [{ results: 1, scores: 2, recordings: 3 }, { results: 1, scores: 2, recordings: 3 }, true],
    [{ results: 1, scores: 2, recordings: 3 }, { results: 2, scores: 2, recordings: 3 }, false],
    [{ results: 1, scores: 2, recordings: 3 }, { results: 1, scores: 2, recordings: 4 }, false],
    [{ results: 0, scores: 0, recordings: 0 }, { results: 0, scores: 0, recordings: 0 }, true],
  ])("%j against %j: %s", (confirmed, now, same) => {
    expect(sameCounts(STUDENT_COUNT_KEYS, confirmed, now)).toBe(same);
  });
});

describe("redactMentions", () => {
  it.each([
    ["a string naming the id", `moved ${PID}`, ERASED, true],
    ["another id", `moved ${OTHER}`, `moved ${OTHER}`, false],
    ["nested values and keys", { a: [PID, OTHER], b: { [PID]: 3, c: 1 } }, { a: [ERASED, OTHER], b: { c: 1 } }, true],
    ["numbers and null", { n: 1, z: null }, { n: 1, z: null }, false],
  ])("%s", (_, value, expected, changed) => {
    expect(redactMentions(value, [PID])).toEqual({ value: expected, changed });
  });

  it("ignores empty needles", () => {
    expect(redactMentions({ a: "x" }, [""])).toEqual({ value: { a: "x" }, changed: false });
  });
});

describe("redactExact", () => {
  it.each([
    ["the sourcedId itself", ["s1", "s10"], [ERASED, "s10"], true],
    ["inside other text", "s1 and s10", "s1 and s10", false],
  ])("%s", (_, value, expected, changed) => {
    expect(redactExact(value, "s1")).toEqual({ value: expected, changed });
  });
});

describe("rosterImportWithoutStudent", () => {
  const records = {
    roster: {
      students: [
        { sourcedId: "s1", firstName: "Ada" },
        { sourcedId: "s2", firstName: "Bo" },
      ],
      enrollments: [
        { classSourcedId: "c1", userSourcedId: "s1", role: "student" },
        { classSourcedId: "c1", userSourcedId: "s2", role: "student" },
      ],
      problems: [
        { file: "users.csv", line: 3, column: "grade", reason: "sourcedId 's1' has no grade" },
        { file: "users.csv", line: 4, column: "grade", reason: "sourcedId 's2' has no grade" },
      ],
      leftAlone: { schools: [], classrooms: [], users: ["s1", "s2"], enrollments: [{ classSourcedId: "c1", userSourcedId: "s1" }] },
    },
    changes: {
      created: { schools: [], classrooms: [], teachers: [], students: [PID, OTHER] },
      updated: { schools: [], classrooms: [], teachers: [], students: [{ id: PID, first_name: "Ada" }] },
      deactivated: { schools: [], classrooms: [], teachers: [], students: [] },
      membersAdded: [
        ["g1", PID],
        ["g1", OTHER],
      ],
      membersRemoved: [],
      teachersAdded: [],
      teachersRemoved: [],
      versions: { schools: {}, classrooms: {}, teachers: {}, students: { [PID]: 2, [OTHER]: 2 } },
    },
    report: {
      confirmations: [{ recordId: PID, name: "Ada" }],
      leftAlone: [{ kind: "students", id: OTHER, name: "Bo" }],
      errors: [],
      notices: [{ file: "users.csv", line: 3, column: "", reason: "sourcedId 's1' is skipped" }],
    },
  };

  it("takes the student out of the staged roster, the undo data and the report, and leaves the others", () => {
    const out = rosterImportWithoutStudent(records, { participantId: PID, sourcedId: "s1" });
    expect(out.roster).toEqual({
      students: [{ sourcedId: "s2", firstName: "Bo" }],
      enrollments: [{ classSourcedId: "c1", userSourcedId: "s2", role: "student" }],
      problems: [{ file: "users.csv", line: 4, column: "grade", reason: "sourcedId 's2' has no grade" }],
      leftAlone: { schools: [], classrooms: [], users: ["s2"], enrollments: [] },
    });
    expect(out.changes).toMatchObject({
      created: { students: [OTHER] },
      updated: { students: [] },
      membersAdded: [["g1", OTHER]],
      versions: { students: { [OTHER]: 2 } },
    });
    expect(out.report).toMatchObject({ confirmations: [], leftAlone: [{ id: OTHER }], notices: [] });
    expect(JSON.stringify(out)).not.toContain(PID);
    expect(JSON.stringify(out)).not.toContain('"s1"');
    expect(out.removed).toBeGreaterThan(0);
    // The input is left as it was.
    expect(records.changes.created.students).toEqual([PID, OTHER]);
  });

  it("changes nothing for an import that does not name the student", () => {
    const out = rosterImportWithoutStudent(records, { participantId: "3f0c5d1e-0000-4000-8000-000000000009", sourcedId: "s9" });
    expect(out.removed).toBe(0);
    expect(out.roster).toEqual(records.roster);
  });

  it("takes a student made by hand (no sourcedId) out by id only, and copes with empty records", () => {
    const out = rosterImportWithoutStudent(records, { participantId: PID, sourcedId: null });
    expect(out.roster).toEqual(records.roster);
    expect(JSON.stringify(out.changes)).not.toContain(PID);
    expect(rosterImportWithoutStudent({ roster: null, changes: null, report: {} }, { participantId: PID, sourcedId: "s1" }).removed).toBe(
      0,
    );
  });
});
