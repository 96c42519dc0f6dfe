import { describe, expect, it } from "vitest";
import { completionTables, reportSearch, type CompletionSummaryInput } from "./completion-report";

const n = (total: number, started: number, finished: number) => ({ total, started, finished });

const summary = (over: Partial<CompletionSummaryInput> = {}): CompletionSummaryInput => ({
  timePeriod: "MOY",
  schools: {
    page: 1,
    pageCount: 1,
    total: 2,
    items: [
      { organizationUnitId: "s2", name: "Birch Elementary", ...n(4, 2, 1) },
      { organizationUnitId: "s1", name: "Cedar Elementary", ...n(0, 0, 0) },
    ],
  },
  grades: [
    { grade: "PK", ...n(0, 0, 0) },
    { grade: "2", ...n(3, 3, 3) },
  ],
  school: null,
  ...over,
});

describe("reportSearch", () => {
  it.each([
    ["BOY", 1, undefined, "?tab=reports&period=BOY"],
    ["MOY", 3, undefined, "?tab=reports&period=MOY&reportPage=3"],
    ["EOY", 1, "s1", "?tab=reports&period=EOY&school=s1"],
    ["EOY", 2, "s1", "?tab=reports&period=EOY&reportPage=2&school=s1"],
  ])("%s page %i school %s → %s", (period, page, school, expected) => expect(reportSearch(period, page, school)).toBe(expected));
});

describe("completionTables", () => {
  it("one row per school in the API's order, linking to its drill-down; percentages whole with 0 for an empty school", () => {
    expect(completionTables(summary()).schools).toEqual([
      { id: "s2", name: "Birch Elementary", href: "?tab=reports&period=MOY&school=s2#report-school", counts: [4, 2, "50%", 1, "25%"] },
      { id: "s1", name: "Cedar Elementary", href: "?tab=reports&period=MOY&school=s1#report-school", counts: [0, 0, "0%", 0, "0%"] },
    ]);
  });

  it("grades with their labels", () => {
    expect(completionTables(summary()).grades.map((g) => [g.id, g.name, g.counts[4]])).toEqual([
      ["PK", "PK", "0%"],
      ["2", "2nd", "100%"],
    ]);
  });

  it.each([
    [1, 1, null, null],
    [1, 3, null, "?tab=reports&period=MOY&reportPage=2"],
    [2, 3, "?tab=reports&period=MOY", "?tab=reports&period=MOY&reportPage=3"],
    [3, 3, "?tab=reports&period=MOY&reportPage=2", null],
  ])("page %i of %i: previous %s, next %s", (page, pageCount, previous, next) => {
    const t = completionTables(summary({ schools: { page, pageCount, total: 120, items: [] } }));
    expect(t.pages).toEqual({ page, pageCount, previous, next });
  });

  it("a school's links keep its page of schools", () => {
    const t = completionTables(summary({ schools: { ...summary().schools, page: 2, pageCount: 2 } }));
    expect(t.schools[0]?.href).toBe("?tab=reports&period=MOY&reportPage=2&school=s2#report-school");
  });

  it("the opened school: its numbers, classrooms, grades, and the link that closes it", () => {
    const t = completionTables(
      summary({
        school: {
          organizationUnitId: "s2",
          name: "Birch Elementary",
          ...n(4, 2, 1),
          classrooms: [
            { participantGroupId: "c1", name: "Room 1", ...n(3, 2, 1) },
            { participantGroupId: "c2", name: "Room 2", ...n(0, 0, 0) },
          ],
          grades: [{ grade: "K", ...n(4, 2, 1) }],
        },
      }),
    );
    expect(t.school).toEqual({
      id: "s2",
      name: "Birch Elementary",
      counts: [4, 2, "50%", 1, "25%"],
      classrooms: [
        { id: "c1", name: "Room 1", counts: [3, 2, "67%", 1, "33%"] },
        { id: "c2", name: "Room 2", counts: [0, 0, "0%", 0, "0%"] },
      ],
      grades: [{ id: "K", name: "K", counts: [4, 2, "50%", 1, "25%"] }],
      close: "?tab=reports&period=MOY",
    });
  });

  it("an empty district has empty tables and no school", () => {
    const t = completionTables(summary({ schools: { page: 1, pageCount: 1, total: 0, items: [] }, grades: [] }));
    expect([t.schools, t.grades, t.school]).toEqual([[], [], null]);
  });
});
