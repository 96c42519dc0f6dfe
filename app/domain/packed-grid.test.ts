import { describe, expect, it } from "vitest";
import { packCell, packGrid, packProfile, unpackCell, unpackGrid, unpackProfile } from "./packed-grid";
import { first } from "./presence";
import type { ProfileCell, ShownCell, ShownGrid } from "./results-grid";

const cell = (c: Partial<ShownCell>): ShownCell => ({
  testCode: "blending",
  state: "complete",
  text: "73rd",
  label: "73rd, At or Above Benchmark",
  band: "at-or-above",
  grayedOut: false,
  letterAction: null,
  ...c,
});

describe("packCell / unpackCell", () => {
  it.each<[string, ShownCell, string]>([
    ["a percentile with its band", cell({}), "complete|73rd|+|at-or-above||||"],
    [
      "a state whose label is its text",
      cell({ state: "empty", text: "Not started", label: "Not started", band: null }),
      "empty|Not started||||||",
    ],
    [
      "a letter cell that opens the edit dialog",
      cell({ testCode: "letter-names", state: "empty", text: "Not started", label: "Not started", band: null, letterAction: "edit" }),
      "empty|Not started||||edit||",
    ],
    [
      "a hand-scored letter cell",
      cell({
        testCode: "letter-sounds",
        text: "No %ile",
        label: "No percentile (12/26 correct)",
        band: null,
        letterAction: "view",
        handScore: "12/26",
      }),
      "complete|No %ile|No percentile (12/26 correct)|||view|12/26|",
    ],
    [
      "a finished RAN test",
      cell({ testCode: "object-ran", ranTestId: "dd7776ff-282a-4049-9749-31478e43437f" }),
      "complete|73rd|+|at-or-above||||dd7776ff-282a-4049-9749-31478e43437f",
    ],
    [
      "a grayed-out score",
      cell({ text: "—", label: "Not reported for this grade", band: null, grayedOut: true }),
      "complete|—|Not reported for this grade||1|||",
    ],
    [
      "a band whose label is not the usual words",
      cell({ text: "12", label: "12 correct", band: "below" }),
      "complete|12|12 correct|below||||",
    ],
    ["an invalid test", cell({ state: "invalid", text: "N/A", label: "Invalid (N/A)", band: null }), "invalid|N/A|Invalid (N/A)|||||"],
    [
      "a scored RAN without norms (issue 34 item 4)",
      cell({
        testCode: "letter-ran",
        text: "41 s, 2 errors",
        label: "41 s, 2 errors, No norms configured",
        band: null,
        note: "No norms configured",
        ranTestId: "dd7776ff-282a-4049-9749-31478e43437f",
      }),
      "complete|41 s, 2 errors|41 s, 2 errors, No norms configured|||||dd7776ff-282a-4049-9749-31478e43437f|No norms configured",
    ],
  ])("%s", (_, c, packed) => {
    expect(packCell(c)).toBe(packed);
    expect(unpackCell(packed, c.testCode)).toEqual(c);
  });

  it("refuses a value holding the separator", () => {
    expect(() => packCell(cell({ text: "a|b" }))).toThrow(/separator/);
  });
});

describe("packProfile / unpackProfile", () => {
  it.each<ProfileCell>([
    { kind: "dyslexia", state: "complete", text: "5%", qualifier: "Not at risk", tone: "ok" },
    { kind: "pwr", state: "empty", text: "No score", qualifier: "", tone: "none" },
    { kind: "riskCategory", state: "complete", text: "High Performance", qualifier: "", tone: "ok" },
  ])("$kind $state", (p) => {
    expect(unpackProfile(packProfile(p))).toEqual(p);
  });
});

describe("packGrid", () => {
  const grid: ShownGrid = {
    period: "EOY",
    mode: "percentile",
    profileColumns: ["dyslexia"],
    groups: [
      {
        group: "phonemic-awareness",
        title: "Phonemic Awareness",
        columns: [
          { testCode: "blending", title: "Blending" },
          { testCode: "rhyming", title: "Rhyming" },
        ],
      },
    ],
    columnCount: 2,
    narrow: false,
    scoreToggleEnabled: true,
    sources: [{ kind: "ranNorms", source: "Riverside USD norms study, 2025" }],
    gradeMissing: ["Grade 3 is missing from the district's assessment list for End of Year (EOY)."],
    rows: [
      {
        participantId: "p1",
        name: "Allen, Sofia",
        grade: "K",
        gradeLabel: "Kindergarten",
        profile: [{ kind: "dyslexia", state: "empty", text: "No score", qualifier: "", tone: "none" }],
        cells: [cell({}), cell({ testCode: "rhyming", state: "empty", text: "Not started", label: "Not started", band: null })],
        sources: [],
      },
    ],
  };

  it("round-trips a grid", () => {
    expect(unpackGrid(packGrid(grid))).toEqual(grid);
  });

  const row = first(grid.rows);

  it("refuses a row whose cells do not follow the columns", () => {
    const swapped = { ...grid, rows: [{ ...row, cells: [...row.cells].reverse() }] };
    expect(() => packGrid(swapped)).toThrow(/columns/);
  });

  it("sends equal cells as equal strings, which the document writes once", () => {
    const twice = { ...grid, rows: [row, { ...row, participantId: "p2" }] };
    const [one, two] = packGrid(twice).rows;
    expect(two?.cells).toEqual(one?.cells);
    expect(typeof one?.cells[0]).toBe("string");
  });
});
