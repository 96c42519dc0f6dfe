import { describe, expect, it } from "vitest";
import { GRADES, type Grade } from "./grades";
import { RAN_STIMULI } from "./ran";
import {
  RAN_LETTERS,
  RAN_OBJECTS,
  ranReference,
  ranReferenceAlt,
  ranReferenceCaption,
  ranReferenceChart,
  ranReferenceCharts,
  ranReferenceRows,
  ranReferenceSize,
  ranSequence,
  type RanReferenceKind,
} from "./ran-reference";

describe("ranSequence", () => {
  it.each<[RanReferenceKind, readonly string[]]>([
    ["objects", RAN_OBJECTS],
    ["letters", RAN_LETTERS],
  ])("%s: 50 items in rows of 10, each item twice a row, never twice in a row", (kind, alphabet) => {
    const items = ranSequence(kind);
    expect(items).toHaveLength(50);
    for (const item of items) expect(alphabet).toContain(item);
    for (let i = 1; i < items.length; i++) expect(items[i], `items ${i} and ${i + 1}`).not.toBe(items[i - 1]);
    for (let r = 0; r < 5; r++) {
      const row = items.slice(r * 10, r * 10 + 10);
      for (const item of alphabet)
        expect(
          row.filter((x) => x === item),
          `${item} in row ${r + 1}`,
        ).toHaveLength(2);
    }
  });

  it("letters are lower case; rows differ from each other", () => {
    for (const kind of ["objects", "letters"] as const) {
      const rows = ranReferenceRows({ items: ranSequence(kind), columns: 10 }).map((r) => r.join(" "));
      expect(new Set(rows).size).toBe(5);
    }
    expect(ranSequence("letters").every((l) => /^[a-z]$/.test(l))).toBe(true);
  });

  it("row 1 is the order the demo recordings name", () => {
    expect(ranSequence("objects").slice(0, 10).join(", ")).toBe("dog, ball, hand, star, chair, star, hand, dog, chair, ball");
    expect(ranSequence("letters").slice(0, 10).join(", ")).toBe("s, a, p, o, d, a, o, s, p, d");
  });
});

describe("ranReferenceChart", () => {
  it.each<[RanReferenceKind, number, number, string, number, number]>([
    ["objects", 40, 4, "objects-40.svg", 1064, 432],
    ["objects", 50, 5, "objects-50.svg", 1064, 532],
    ["letters", 50, 5, "letters-50.svg", 1064, 532],
    ["letters", 7, 1, "letters-7.svg", 1064, 132],
    ["letters", 45, 5, "letters-45.svg", 1064, 532],
  ])("%s × %s → %s rows, %s (%s × %s)", (kind, count, rows, file, width, height) => {
    const chart = ranReferenceChart(kind, count);
    expect(chart).toMatchObject({ kind, count, rows, columns: 10, file, width, height });
    expect(chart.items).toEqual(ranSequence(kind).slice(0, count));
  });

  it.each<[number]>([[0], [51], [2.5], [-10], [Number.NaN]])("refuses %s items", (count) => {
    expect(() => ranReferenceChart("letters", count)).toThrow(RangeError);
  });

  it("40 objects are the first 4 rows of the 50", () => {
    expect(ranReferenceChart("objects", 40).items).toEqual(ranReferenceChart("objects", 50).items.slice(0, 40));
  });

  it("sizes: square 100 cells, a 48 left margin for row numbers, 16 elsewhere", () => {
    expect(ranReferenceSize(5)).toEqual({ width: 1064, height: 532 });
    expect(ranReferenceSize(2, 3)).toEqual({ width: 364, height: 232 });
  });
});

describe("ranReferenceCharts", () => {
  it("are the three files the grades use, once each", () => {
    expect(ranReferenceCharts().map((c) => c.file)).toEqual(["objects-40.svg", "objects-50.svg", "letters-50.svg"]);
  });
});

describe("ranReference", () => {
  it.each<[Grade, string, string, number]>([
    ["PK", "/ran/objects-40.svg", "Reference: 40 objects, 4 rows of 10", 4],
    ["K", "/ran/objects-50.svg", "Reference: 50 objects, 5 rows of 10", 5],
    ["1", "/ran/letters-50.svg", "Reference: 50 letters, 5 rows of 10", 5],
    ["2", "/ran/letters-50.svg", "Reference: 50 letters, 5 rows of 10", 5],
    ["3", "/ran/letters-50.svg", "Reference: 50 letters, 5 rows of 10", 5],
  ])("grade %s: %s, '%s'", (grade, src, caption, rows) => {
    const ref = ranReference(grade);
    expect(ref).toMatchObject({ src, caption, rows, columns: 10, kind: RAN_STIMULI[grade].kind, count: RAN_STIMULI[grade].count });
    expect(ref.items).toHaveLength(RAN_STIMULI[grade].count);
  });

  it("every grade has a reference", () => {
    for (const grade of GRADES) expect(ranReference(grade).items.length).toBeGreaterThan(0);
  });

  it("alt text reads the chart row by row", () => {
    expect(ranReference("1").alt).toBe(
      "RAN reference chart of 50 letters in 5 rows of 10. " +
        "Row 1: s, a, p, o, d, a, o, s, p, d. " +
        "Row 2: o, p, s, d, a, s, o, d, a, p. " +
        "Row 3: a, d, o, p, s, p, a, s, d, o. " +
        "Row 4: p, s, a, d, o, s, d, p, o, a. " +
        "Row 5: d, o, s, a, p, d, s, o, a, p.",
    );
    const pk = ranReference("PK").alt;
    expect(pk.startsWith("RAN reference chart of 40 objects in 4 rows of 10. Row 1: dog, ball, hand, star, chair,")).toBe(true);
    expect(pk.match(/Row \d:/g)).toEqual(["Row 1:", "Row 2:", "Row 3:", "Row 4:"]);
  });

  it("a chart of one short row says so", () => {
    const chart = ranReferenceChart("objects", 3);
    expect(ranReferenceCaption(chart)).toBe("Reference: 3 objects, 1 row of 3");
    expect(ranReferenceAlt(chart)).toBe("RAN reference chart of 3 objects in 1 row of 3. Row 1: dog, ball, hand.");
  });
});
