import type { ProfileCell, ShownCell, ShownGrid } from "#app/domain/results-grid";
import { BAND_LABELS, CELL_STATE_LABELS, flagMark } from "#app/domain/results-labels";
import { compactLetters } from "#app/domain/letters-to-work-on";

/**
 * A results grid row's cells as one HTML string (issue 15, hydration).
 *
 * A 30-student grid is some 2,000 elements; as React elements the browser hydrated every one of
 * them, and the classroom page took 1.17× the floor's time to hydrate at 6× CPU. The rows hold
 * only text and plain links (the table's one click handler opens their dialogs), so each row goes
 * out as one string: one element to hydrate, its cells untouched. Texts and attribute values go
 * through escapeHtml, as React escapes them; grid-row-html.test.ts holds the markup of every cell
 * state, which the grid's styles and browser tests read.
 */

export const PROFILE_TITLES = {
  dyslexia: "Risk Flag",
  pwr: "Potential For Word Reading",
  kready: "Reading Readiness",
  pkRisk: "Prekindergarten Risk",
  riskCategory: "Risk Category",
} as const;

export type GridRowLinks = {
  /** Where a letter cell leads (the letter score dialog), or null when it opens nothing. */
  letterHref: (participantId: string, cell: ShownCell) => string | null;
  /** A finished RAN cell's link to the RAN scoring dialog (issue 11). */
  ranHref?: (cell: ShownCell) => string | null;
  /** A letter cell's letters to work on (issue 40 item 3): the letters its entry missed, when it is the student's latest. */
  lettersToWorkOn?: (participantId: string, cell: ShownCell) => readonly string[] | null;
  /** The words beside a student's name when the family's notice is overdue or due this week (issue 38 item 3), and where they lead. */
  noticeMark?: (participantId: string) => { text: string; overdue: boolean; href: string } | null;
};

type Row = ShownGrid["rows"][number];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text safe in an element and in a quoted attribute value (React's escaping). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
const e = escapeHtml;

const hidden = (text: string) => `<span class="visually-hidden">${e(text)}</span>`;
const dash = (label: string) => `<span aria-hidden="true">—</span>${hidden(label)}`;

/** The words of a row's risk flags ('Risk Flag', …), for its badge and its row's class. */
export const rowFlags = (row: Row) => row.profile.filter((p) => p.tone === "risk").map((p) => PROFILE_TITLES[p.kind]);

function profileCellHtml(cell: ProfileCell, col: number): string {
  if (cell.state === "not-applicable")
    return `<td data-col="${col}" class="cell profile-cell cell--not-applicable">${dash(CELL_STATE_LABELS["not-applicable"])}</td>`;
  if (cell.state === "empty") return `<td data-col="${col}" class="cell profile-cell cell--empty">${e(cell.text)}</td>`;
  const qualifier = cell.qualifier ? `<span class="cell__qualifier">${e(cell.qualifier)}</span>` : "";
  return `<td data-col="${col}" class="cell profile-cell cell--profile tone--${cell.tone}"><span class="cell__value">${e(cell.text)}</span>${qualifier}</td>`;
}

/** What a test cell shows, in words for a screen reader too. */
function cellContentHtml(cell: ShownCell): string {
  switch (cell.state) {
    case "not-applicable":
      return dash(cell.label);
    case "invalid":
      return `<span aria-hidden="true">${e(cell.text)}</span>${hidden(cell.label)}`;
    case "complete": {
      if (cell.grayedOut) return dash(cell.label);
      // Hand-scored: the count, and the words for its missing percentile (issue 12).
      if (cell.handScore)
        return `<span class="cell__value">${e(cell.handScore)}</span><span class="cell__qualifier">${e(cell.text)}</span>${hidden(` (${cell.label})`)}`;
      // A figure with words beside it: a scored RAN's seconds and errors, 'No norms configured' (issue 34 item 4).
      if (cell.note) return `<span class="cell__value">${e(cell.text)}</span><span class="cell__qualifier">${e(cell.note)}</span>`;
      // ▼/▼▼ beside a band, ▼ beside 'Needs Support': the one rule the student page and family report draw too.
      const mark = flagMark(cell);
      return (
        `<span class="cell__value">${e(cell.text)}</span>` +
        (mark ? `<span class="cell__mark" aria-hidden="true">${mark}</span>` : "") +
        (cell.band ? hidden(`, ${BAND_LABELS[cell.band]}`) : cell.label !== cell.text ? hidden(` (${cell.label})`) : "")
      );
    }
    default:
      return e(cell.text);
  }
}

/**
 * The letters still missed, under a letter cell's score: the first few and '+N' (the cell is
 * narrow), all of them in words for a screen reader and in the tooltip.
 */
export function lettersToWorkOnHtml(letters: readonly string[]): string {
  if (letters.length === 0) return "";
  const { shown, more } = compactLetters(letters);
  const words = `Letters to work on: ${letters.join(", ")}`;
  const visible = shown.join(" ") + (more ? ` +${more}` : "");
  return `<span class="cell__letters" title="${e(words)}"><span aria-hidden="true">${e(visible)}</span>${hidden(words)}</span>`;
}

function testCellHtml(
  cell: ShownCell,
  col: number,
  href: string | null,
  ranHref: string | null,
  student: string,
  letters: readonly string[] | null,
): string {
  const missed = letters ? lettersToWorkOnHtml(letters) : "";
  const cls = [
    "cell",
    `cell--${cell.state}`,
    cell.band && `band--${cell.band}`,
    cell.grayedOut && "cell--grayed",
    missed && "cell--letters",
  ]
    .filter(Boolean)
    .join(" ");
  let inner = cellContentHtml(cell);
  if (ranHref) {
    const words = cell.state === "needs-scoring" ? `score RAN for ${student}` : `view RAN scoring for ${student}`;
    inner = `<a href="${e(ranHref)}" class="cell__action" title="${e(words.charAt(0).toUpperCase() + words.slice(1))}" data-discover="true">${inner}${hidden(` – ${words}`)}</a>`;
  } else if (href) {
    const verb = cell.letterAction === "edit" ? "enter" : "view";
    inner = `<a href="${e(href)}" class="cell__action" title="${verb === "enter" ? "Enter" : "View"} letter scores for ${e(student)}" data-discover="true">${inner}${hidden(` – ${verb} letter scores for ${student}`)}</a>`;
  }
  return `<td data-col="${col}" class="${cls}">${inner}${missed}</td>`;
}

/** The cells of one grid row: the student's name (with a flag badge), grade, profile and tests (from column `testOffset`). */
export function gridRowHtml(row: Row, testOffset: number, links: GridRowLinks): string {
  const flags = rowFlags(row);
  const badge = flags.length
    ? `<span class="flag-badge" title="${e(`Flagged: ${flags.join(", ")}`)}"><span aria-hidden="true">⚑</span>${hidden(`Flagged (${flags.join(", ")}):`)}</span>`
    : "";
  const notice = links.noticeMark?.(row.participantId);
  // Words, not a colour alone: the mark reads the same printed in grey or to a screen reader.
  const mark = notice
    ? ` <a href="${e(notice.href)}" class="notice-mark${notice.overdue ? " notice-mark--overdue" : ""}" data-discover="true">${e(notice.text)}${hidden(` – follow-up of ${row.name}`)}</a>`
    : "";
  let html =
    `<th scope="row" class="results-grid__name">${badge}<a href="/student/${e(row.participantId)}" data-discover="true">${e(row.name)}</a>${mark}</th>` +
    `<td class="results-grid__grade">${e(row.gradeLabel)}</td>`;
  row.profile.forEach((p, i) => (html += profileCellHtml(p, i)));
  row.cells.forEach(
    (cell, i) =>
      (html += testCellHtml(
        cell,
        testOffset + i,
        links.letterHref(row.participantId, cell),
        links.ranHref?.(cell) ?? null,
        row.name,
        // Only where the cell shows its score: a grayed-out cell's display rule hides it, letters included.
        cell.state === "complete" && !cell.grayedOut ? (links.lettersToWorkOn?.(row.participantId, cell) ?? null) : null,
      )),
  );
  return html;
}
