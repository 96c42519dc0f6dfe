import { describe, expect, it } from "vitest";
import { itemAt } from "./presence";
import {
  districtGradeRows,
  districtGrades,
  indexCounts,
  schoolDetail,
  schoolsPage,
  studentsCompleteOf,
  type CountRow,
} from "./completion-summary";

const row = (
  level: CountRow["level"],
  ids: Partial<Pick<CountRow, "organization_unit_id" | "participant_group_id" | "grade">>,
  t: number,
  s: number,
  f: number,
): CountRow => ({
  level,
  organization_unit_id: null,
  participant_group_id: null,
  grade: null,
  ...ids,
  total: t,
  started: s,
  finished: f,
});

// Counts as the database gives them; s3 and c3 have no students, so no row.
const rows: CountRow[] = [
  row("school", { organization_unit_id: "s1" }, 3, 2, 1),
  row("school", { organization_unit_id: "s2" }, 1, 1, 1),
  row("school_grade", { organization_unit_id: "s1", grade: "1" }, 1, 1, 1),
  row("school_grade", { organization_unit_id: "s1", grade: "K" }, 2, 1, 0),
  row("classroom", { organization_unit_id: "s1", participant_group_id: "c1" }, 3, 2, 1),
  row("classroom", { organization_unit_id: "s1", participant_group_id: "c2" }, 1, 1, 0),
  row("grade", { grade: "MULTI" }, 1, 0, 0),
  row("grade", { grade: "1" }, 2, 2, 2),
  row("grade", { grade: "K" }, 2, 1, 0),
];
const schools = [
  { organization_unit_id: "s1", name: "Aspen" },
  { organization_unit_id: "s2", name: "Birch" },
  { organization_unit_id: "s3", name: "Cedar" },
];
const classrooms = [
  { participant_group_id: "c1", name: "Room 1", organization_unit_id: "s1" },
  { participant_group_id: "c2", name: "Room 2", organization_unit_id: "s1" },
  { participant_group_id: "c3", name: "Room 3", organization_unit_id: "s3" },
];
const index = indexCounts(rows);

describe("studentsCompleteOf (spec 000 §3 shape)", () => {
  const r = studentsCompleteOf(index, schools, classrooms);
  it("every school and classroom, zeros for those without students", () => {
    expect(r.finishedByOrgUnit).toEqual({
      s1: {
        total: 3,
        started: 2,
        finished: 1,
        participantGroups: { c1: { total: 3, started: 2, finished: 1 }, c2: { total: 1, started: 1, finished: 0 } },
      },
      s2: { total: 1, started: 1, finished: 1, participantGroups: {} },
      s3: { total: 0, started: 0, finished: 0, participantGroups: { c3: { total: 0, started: 0, finished: 0 } } },
    });
  });
  it("every grade with students (a JSON object: grade '1' sorts first whatever the order built)", () => {
    expect(r.finishedByGrade).toEqual({
      K: { total: 2, started: 1, finished: 0 },
      "1": { total: 2, started: 2, finished: 2 },
      MULTI: { total: 1, started: 0, finished: 0 },
    });
  });
  it("names every school and classroom in the key", () => {
    expect(r.key).toEqual({
      orgUnits: { s1: "Aspen", s2: "Birch", s3: "Cedar" },
      participantGroups: { c1: "Room 1", c2: "Room 2", c3: "Room 3" },
    });
  });
  it("a classroom of an unknown school is left out", () => {
    const out = studentsCompleteOf(index, schools.slice(0, 1), classrooms);
    expect(Object.keys(out.finishedByOrgUnit)).toEqual(["s1"]);
  });
});

describe("schoolsPage", () => {
  it.each([
    [1, 2, 1, 2, ["s1", "s2"]],
    [2, 2, 2, 2, ["s3"]],
    [9, 2, 2, 2, ["s3"]],
    [0, 2, 1, 2, ["s1", "s2"]],
    [1, 50, 1, 1, ["s1", "s2", "s3"]],
  ])("page %i of %i a page → page %i of %i", (page, size, current, pageCount, ids) => {
    const p = schoolsPage(index, schools, page, size);
    expect([p.page, p.pageCount, p.total, p.items.map((s) => s.organizationUnitId)]).toEqual([current, pageCount, 3, ids]);
  });
  it("a school's numbers, zeros when it has no students", () => {
    expect(schoolsPage(index, schools, 1).items).toEqual([
      { organizationUnitId: "s1", name: "Aspen", total: 3, started: 2, finished: 1 },
      { organizationUnitId: "s2", name: "Birch", total: 1, started: 1, finished: 1 },
      { organizationUnitId: "s3", name: "Cedar", total: 0, started: 0, finished: 0 },
    ]);
  });
  it("a district without schools has one empty page", () => {
    expect(schoolsPage(indexCounts([]), [], 1)).toMatchObject({ page: 1, pageCount: 1, total: 0, items: [] });
  });
});

describe("schoolDetail", () => {
  it("its classrooms in the given order with zeros, its grades in grade order", () => {
    expect(schoolDetail(index, itemAt(schools, 0), classrooms)).toEqual({
      organizationUnitId: "s1",
      name: "Aspen",
      total: 3,
      started: 2,
      finished: 1,
      classrooms: [
        { participantGroupId: "c1", name: "Room 1", total: 3, started: 2, finished: 1 },
        { participantGroupId: "c2", name: "Room 2", total: 1, started: 1, finished: 0 },
      ],
      grades: [
        { grade: "K", total: 2, started: 1, finished: 0 },
        { grade: "1", total: 1, started: 1, finished: 1 },
      ],
    });
  });
  it("a school without students: its empty classrooms, no grades", () => {
    expect(schoolDetail(index, itemAt(schools, 2), classrooms)).toMatchObject({
      total: 0,
      classrooms: [{ participantGroupId: "c3", total: 0 }],
      grades: [],
    });
  });
});

describe("districtGrades", () => {
  it("counts as strings (a driver's bigint) become numbers", () => {
    const g = districtGrades(indexCounts([{ ...row("grade", { grade: "K" }, 0, 0, 0), total: "7" as unknown as number }]));
    expect(g).toEqual([{ grade: "K", total: 7, started: 0, finished: 0 }]);
  });
});

describe("districtGradeRows", () => {
  it.each([
    ["no schools", [], []],
    [
      "one school's grades, as they are",
      [row("school_grade", { organization_unit_id: "s1", grade: "K" }, 2, 1, 0)],
      [row("grade", { grade: "K" }, 2, 1, 0)],
    ],
    [
      "a grade in two schools, summed; other levels left out",
      [
        row("school", { organization_unit_id: "s1" }, 3, 2, 1),
        row("school_grade", { organization_unit_id: "s1", grade: "K" }, 2, 1, 0),
        row("school_grade", { organization_unit_id: "s1", grade: "1" }, 1, 1, 1),
        row("classroom", { organization_unit_id: "s1", participant_group_id: "c1" }, 3, 2, 1),
        row("school_grade", { organization_unit_id: "s2", grade: "K" }, 4, 3, 2),
      ],
      [row("grade", { grade: "K" }, 6, 4, 2), row("grade", { grade: "1" }, 1, 1, 1)],
    ],
    // node-postgres hands bigint counts over as strings; they are added as numbers.
    [
      "counts given as text",
      [
        { ...row("school_grade", { organization_unit_id: "s1", grade: "2" }, 0, 0, 0), total: "5", started: "2", finished: "1" },
        { ...row("school_grade", { organization_unit_id: "s2", grade: "2" }, 0, 0, 0), total: "1", started: "1", finished: "0" },
      ] as unknown as CountRow[],
      [row("grade", { grade: "2" }, 6, 3, 1)],
    ],
  ])("%s", (_, input, expected) => {
    expect(districtGradeRows(input)).toEqual(expected);
  });
});
