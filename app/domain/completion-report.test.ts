import { describe, expect, it } from "vitest";
import { completionTables, type CompletionReportInput } from "./completion-report";

const n = (total: number, started: number, finished: number) => ({ total, started, finished });

const report: CompletionReportInput = {
  finishedByOrgUnit: {
    s2: { ...n(4, 2, 1), participantGroups: { c3: n(4, 2, 1) } },
    s1: { ...n(3, 3, 0), participantGroups: { c2: n(1, 1, 0), c1: n(2, 2, 0) } },
    s9: { ...n(0, 0, 0), participantGroups: {} },
  },
  finishedByGrade: { "2": n(1, 1, 1), K: n(5, 3, 0), PK: n(0, 0, 0) },
  key: { orgUnits: { s1: "Cedar Elementary", s2: "Birch Elementary" }, participantGroups: { c1: "Room 10", c2: "Room 9", c3: "Room 1" } },
};

describe("completionTables", () => {
  const tables = completionTables(report);

  it("schools by name, unknown ids as themselves, percentages whole with 0 for an empty school", () => {
    expect(tables.schools).toEqual([
      { id: "s2", name: "Birch Elementary", counts: [4, 2, "50%", 1, "25%"] },
      { id: "s1", name: "Cedar Elementary", counts: [3, 3, "100%", 0, "0%"] },
      { id: "s9", name: "s9", counts: [0, 0, "0%", 0, "0%"] },
    ]);
  });

  it("classrooms grouped by school in school order, by name within (numbers in numeric order)", () => {
    expect(tables.classrooms.map((c) => [c.name, c.school, c.counts[2]])).toEqual([
      ["Room 1", "Birch Elementary", "50%"],
      ["Room 9", "Cedar Elementary", "100%"],
      ["Room 10", "Cedar Elementary", "100%"],
    ]);
  });

  it("grades in grade order with their labels", () => {
    expect(tables.grades.map((g) => [g.id, g.name, g.counts[0]])).toEqual([
      ["PK", "PK", 0],
      ["K", "K", 5],
      ["2", "2nd", 1],
    ]);
  });

  it("an empty report has empty tables", () => {
    expect(completionTables({ finishedByOrgUnit: {}, finishedByGrade: {}, key: { orgUnits: {}, participantGroups: {} } })).toEqual({
      schools: [],
      classrooms: [],
      grades: [],
    });
  });
});
