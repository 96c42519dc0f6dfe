import { GRADES, type Grade } from "./grades";
import { RAN_STIMULI, type RanStimulus } from "./ran";

// The RAN reference image a scorer follows while listening (spec 001 §2 'RAN scoring dialog': "a
// reference image that varies by grade"; §9: 40 objects, 50 objects or 50 letters). The charts
// are static SVGs in public/ran/, drawn by scripts/make-ran-reference.ts from the sequences below,
// so the picture, its alt text and the caption cannot say different things.

export type RanReferenceKind = RanStimulus["kind"];

/** Five simple objects a child can name and a line drawing can show (object RAN, PK and K). */
export const RAN_OBJECTS = ["dog", "ball", "hand", "star", "chair"] as const;
/** Five lower-case letters common in letter RAN (grades 1–3). */
export const RAN_LETTERS = ["s", "a", "p", "o", "d"] as const;

/**
 * Every chart has rows of 10, so a scorer counts along the same way in every grade: 50 items are
 * 5 rows, 40 objects (PK) are 4 rows (the first 4 rows of the 50-object chart).
 */
export const RAN_REFERENCE_COLUMNS = 10;

// Fixed pseudo-random orders: each row names each item twice, never the same item twice in a row
// (across the end of a row either). Row 1 is the order the demo recordings name (scripts/seed/make-audio.sh).
const OBJECT_ROWS = [
  "dog ball hand star chair star hand dog chair ball",
  "hand chair ball dog star ball chair hand star dog",
  "chair star dog hand ball dog star ball hand chair",
  "ball hand star chair dog hand ball chair dog star",
  "dog chair hand ball star chair dog star ball hand",
];
const LETTER_ROWS = ["s a p o d a o s p d", "o p s d a s o d a p", "a d o p s p a s d o", "p s a d o s d p o a", "d o s a p d s o a p"];

/** The whole sequence of a kind, row after row (50 items). */
export function ranSequence(kind: RanReferenceKind): string[] {
  return (kind === "objects" ? OBJECT_ROWS : LETTER_ROWS).flatMap((row) => row.split(" "));
}

/** The SVG's coordinate space: square cells, a left margin for the row numbers. */
export const RAN_REFERENCE_LAYOUT = { cell: 100, left: 48, right: 16, top: 16, bottom: 16 } as const;

export function ranReferenceSize(rows: number, columns: number = RAN_REFERENCE_COLUMNS): { width: number; height: number } {
  const { cell, left, right, top, bottom } = RAN_REFERENCE_LAYOUT;
  return { width: left + columns * cell + right, height: top + rows * cell + bottom };
}

export type RanReferenceChart = {
  kind: RanReferenceKind;
  count: number;
  rows: number;
  columns: number;
  /** The items in reading order, left to right, row after row. */
  items: string[];
  /** File name in public/ran/. */
  file: string;
  width: number;
  height: number;
};

/** A chart of the first `count` items of a kind's sequence, in rows of 10. */
export function ranReferenceChart(kind: RanReferenceKind, count: number): RanReferenceChart {
  const sequence = ranSequence(kind);
  if (!Number.isInteger(count) || count < 1 || count > sequence.length) {
    throw new RangeError(`A ${kind} RAN chart has 1 to ${sequence.length} items, not ${count}`);
  }
  const columns = RAN_REFERENCE_COLUMNS;
  const rows = Math.ceil(count / columns);
  return { kind, count, rows, columns, items: sequence.slice(0, count), file: `${kind}-${count}.svg`, ...ranReferenceSize(rows, columns) };
}

/** Every chart a grade uses, once each (objects-40, objects-50, letters-50): what the script draws. */
export function ranReferenceCharts(): RanReferenceChart[] {
  const seen = new Map<string, RanReferenceChart>();
  for (const grade of GRADES) {
    const chart = ranReferenceChart(RAN_STIMULI[grade].kind, RAN_STIMULI[grade].count);
    seen.set(chart.file, chart);
  }
  return [...seen.values()];
}

/** The items of each row, for the alt text and the drawing. */
export function ranReferenceRows(chart: Pick<RanReferenceChart, "items" | "columns">): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < chart.items.length; i += chart.columns) rows.push(chart.items.slice(i, i + chart.columns));
  return rows;
}

const rowsPhrase = (chart: RanReferenceChart) => (chart.rows === 1 ? `1 row of ${chart.count}` : `${chart.rows} rows of ${chart.columns}`);

/** "Reference: 50 letters, 5 rows of 10". */
export function ranReferenceCaption(chart: RanReferenceChart): string {
  return `Reference: ${chart.count} ${chart.kind}, ${rowsPhrase(chart)}`;
}

/** Alt text a screen-reader scorer can follow along with: the items, row by row. */
export function ranReferenceAlt(chart: RanReferenceChart): string {
  const rows = ranReferenceRows(chart).map((row, i) => `Row ${i + 1}: ${row.join(", ")}.`);
  return [`RAN reference chart of ${chart.count} ${chart.kind} in ${rowsPhrase(chart)}.`, ...rows].join(" ");
}

export type RanReference = RanReferenceChart & { src: string; alt: string; caption: string };

/** The reference image of a grade: object RAN for PK (40) and K (50), letter RAN for grades 1–3 (50). */
export function ranReference(grade: Grade): RanReference {
  const { kind, count } = RAN_STIMULI[grade];
  const chart = ranReferenceChart(kind, count);
  return { ...chart, src: `/ran/${chart.file}`, alt: ranReferenceAlt(chart), caption: ranReferenceCaption(chart) };
}
