import { describe, expect, it } from "vitest";
import { massDeactivations, massDeactivationText } from "./roster-deactivation";

const totals = { students: 715, classrooms: 35, teachers: 35 };

describe("massDeactivations", () => {
  it.each([
    ["nothing deactivated", { students: 0, classrooms: 0, teachers: 0 }, []],
    ["the wipe of issue 35", { students: 715, classrooms: 35, teachers: 35 }, ["students", "classrooms", "teachers"]],
    ["exactly 5% of students is allowed", { students: 35.75, classrooms: 0, teachers: 0 }, []],
    ["36 of 715 students (5.03%) needs a confirmation", { students: 36, classrooms: 0, teachers: 0 }, ["students"]],
    ["1 of 35 classrooms (2.9%) is allowed", { students: 0, classrooms: 1, teachers: 0 }, []],
    ["2 of 35 teachers (5.7%) needs a confirmation", { students: 0, classrooms: 0, teachers: 2 }, ["teachers"]],
  ] as const)("%s", (_, deactivated, kinds) => {
    expect(massDeactivations(deactivated, totals).map((m) => m.kind)).toEqual(kinds);
  });

  it("a district of one student: deactivating it is 100%", () => {
    expect(massDeactivations({ students: 1, classrooms: 0, teachers: 0 }, { students: 1, classrooms: 3, teachers: 3 })).toEqual([
      { kind: "students", deactivated: 1, total: 1 },
    ]);
  });
});

describe("massDeactivationText", () => {
  it.each([
    [{ kind: "students", deactivated: 715, total: 715 }, "715 of 715 students (100%)"],
    [{ kind: "teachers", deactivated: 2, total: 35 }, "2 of 35 teachers (6%)"],
    [{ kind: "classrooms", deactivated: 1, total: 1 }, "1 of 1 classroom (100%)"],
    [{ kind: "students", deactivated: 1200, total: 20000 }, "1,200 of 20,000 students (6%)"],
  ] as const)("%j → %s", (m, text) => {
    expect(massDeactivationText(m)).toBe(text);
  });
});
