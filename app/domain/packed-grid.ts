import type { TestCode } from "./assessments";
import { itemAt } from "./presence";
import { PERCENTILE_BAND_LABELS, type PercentileBand } from "./percentile";
import type { ProfileCell, ShownCell, ShownGrid } from "./results-grid";

// The classroom grid as the page's loader sends it (issue 15): each cell one short string.
// Remix writes loader data into the document (turbo-stream), where a cell object costs a key
// and a value reference per field, about 70 bytes; the same values as one string are written
// once per distinct cell and referenced by index after that ('Not started' in a column, the
// same percentile): the loader data of a 30-student class goes from about 46 KB to a fraction.
// The page unpacks the rows before it renders, so the grid component reads the usual shape.

const SEP = "|";

export type PackedGrid = Omit<ShownGrid, "rows"> & {
  rows: (Omit<ShownGrid["rows"][number], "cells" | "profile"> & { profile: string[]; cells: string[] })[];
};

function join(fields: readonly (string | null | undefined)[]): string {
  for (const f of fields) if (f?.includes(SEP)) throw new Error(`A grid value holds the separator '${SEP}': ${f}`);
  return fields.map((f) => f ?? "").join(SEP);
}

// A cell's label (its words for assistive technology) is never empty, so "" stands for "the text"
// and BAND for "the text, then its band's words" (how results-grid.ts words a percentile). The
// test code is the column's: the row's cells follow the grid's columns.
const BAND = "+";

export function packCell(c: ShownCell): string {
  const bandLabel = c.band ? `${c.text}, ${PERCENTILE_BAND_LABELS[c.band]}` : null;
  return join([
    c.state,
    c.text,
    c.label === c.text ? "" : c.label === bandLabel ? BAND : c.label,
    c.band,
    c.grayedOut ? "1" : "",
    c.letterAction,
    c.handScore,
    c.ranTestId,
    // Last, and only when there is one: a cell without words beside its figure packs as before.
    ...(c.note ? [c.note] : []),
  ]);
}

export function unpackCell(s: string, testCode: TestCode): ShownCell {
  // join() writes every field, empty ones as "", except a trailing note there is none of.
  const [state = "", text = "", label = "", band = "", grayedOut = "", letterAction = "", handScore = "", ranTestId = "", note = ""] =
    s.split(SEP);
  const cell: ShownCell = {
    testCode,
    state: state as ShownCell["state"],
    text,
    label: label === BAND && band ? `${text}, ${PERCENTILE_BAND_LABELS[band as PercentileBand]}` : label || text,
    band: (band || null) as ShownCell["band"],
    grayedOut: grayedOut === "1",
    letterAction: (letterAction || null) as ShownCell["letterAction"],
  };
  if (handScore) cell.handScore = handScore;
  if (ranTestId) cell.ranTestId = ranTestId;
  if (note) cell.note = note;
  return cell;
}

export function packProfile(p: ProfileCell): string {
  return join([p.kind, p.state, p.text, p.qualifier, p.tone]);
}

export function unpackProfile(s: string): ProfileCell {
  const [kind = "", state = "", text = "", qualifier = "", tone = ""] = s.split(SEP);
  return {
    kind: kind as ProfileCell["kind"],
    state: state as ProfileCell["state"],
    text,
    qualifier,
    tone: tone as ProfileCell["tone"],
  };
}

const columnCodes = (grid: Pick<ShownGrid, "groups">) => grid.groups.flatMap((g) => g.columns.map((c) => c.testCode));

export function packGrid(grid: ShownGrid): PackedGrid {
  const codes = columnCodes(grid);
  return {
    ...grid,
    rows: grid.rows.map((r) => {
      if (r.cells.some((c, i) => c.testCode !== codes[i])) throw new Error("A row's cells do not follow the grid's columns");
      return { ...r, profile: r.profile.map(packProfile), cells: r.cells.map(packCell) };
    }),
  };
}

export function unpackGrid(grid: PackedGrid): ShownGrid {
  const codes = columnCodes(grid);
  return {
    ...grid,
    rows: grid.rows.map((r) => ({
      ...r,
      profile: r.profile.map(unpackProfile),
      cells: r.cells.map((c, i) => unpackCell(c, itemAt(codes, i, "a column for each cell"))),
    })),
  };
}
