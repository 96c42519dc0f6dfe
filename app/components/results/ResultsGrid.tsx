import clsx from "clsx";
import { useEffect, useRef, type CSSProperties } from "react";
import { useClientLinkClicks } from "../client-links";
import type { ShownGrid } from "#app/domain/results-grid";
import { gridRowHtml, PROFILE_TITLES, rowFlags, type GridRowLinks } from "./grid-row-html";

/**
 * Past this many columns (name and grade included) a printed grid's titles, side by side, do not
 * fit a landscape Letter page with their words whole even in its smallest type: print writes them
 * upwards (results.css).
 */
const VERTICAL_TITLES_PAST = 26;

type Props = GridRowLinks & {
  grid: ShownGrid;
  caption: string;
};

/**
 * Without scripts, the column highlight on hover and keyboard focus is CSS (:has), one rule per
 * column, written here because only the server knows how many columns exist. With scripts it is
 * columnHighlight below: a :has() rule on the table makes the browser restyle every cell of the
 * grid whenever anything in it changes, some 800 elements, 80 ms a time on a slow laptop, three
 * times each 'Save and next student' (issue 40 item 4).
 */
function columnHighlightCss(count: number): string {
  const rules: string[] = [];
  for (let i = 0; i < count; i++) {
    rules.push(`.results-grid:has([data-col="${i}"]:is(:hover,:focus-within)) [data-col="${i}"]{background-image:var(--grid-highlight)}`);
  }
  return `@media (scripting: none) {\n${rules.join("\n")}\n}`;
}

export function ResultsGrid({ grid, caption, letterHref, ranHref, noticeMark, lettersToWorkOn }: Props) {
  const columnCount = grid.profileColumns.length + grid.columnCount;
  // Name and grade too.
  const printColumns = columnCount + 2;
  const profileOffset = 0;
  const testOffset = grid.profileColumns.length;
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => (table.current ? rowArrowKeys(table.current) : undefined), []);
  useEffect(() => (table.current ? columnHighlight(table.current) : undefined), []);
  // The grid's links are plain <a> elements, one handler for them all (./client-links.ts); a
  // cell's dialog opens without scrolling the page back to the top.
  const onClick = useClientLinkClicks((link) => link.classList.contains("cell__action"));
  return (
    // A region that scrolls must take keyboard focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="results-grid__scroll" role="region" aria-labelledby="results-grid-caption" tabIndex={0}>
      <style dangerouslySetInnerHTML={{ __html: columnHighlightCss(columnCount) }} />
      {/* Clicks on the grid's links (keyboard activation included); the links themselves are focusable. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <table
        ref={table}
        className={clsx(
          "results-grid",
          grid.narrow && "results-grid--narrow",
          printColumns > VERTICAL_TITLES_PAST && "results-grid--vertical-titles",
        )}
        // Print sizes its type by the number of columns (results.css).
        style={{ "--grid-columns": printColumns } as CSSProperties}
        onClick={onClick}
      >
        <caption id="results-grid-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="colgroup" colSpan={2} className="results-grid__sticky-group">
              Student Info
            </th>
            {grid.profileColumns.length > 0 ? (
              <th scope="colgroup" colSpan={grid.profileColumns.length} className="results-grid__group">
                Predictive Profile
              </th>
            ) : null}
            {grid.groups.map((g) => (
              <th key={g.group} scope="colgroup" colSpan={g.columns.length} className="results-grid__group">
                {g.title}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="col" className="results-grid__name">
              Name
            </th>
            <th scope="col" className="results-grid__grade">
              Grade
            </th>
            {grid.profileColumns.map((kind, i) => (
              <th key={kind} scope="col" data-col={profileOffset + i} className="results-grid__col">
                {PROFILE_TITLES[kind]}
              </th>
            ))}
            {grid.groups
              .flatMap((g) => g.columns)
              .map((c, i) => (
                <th key={c.testCode} scope="col" data-col={testOffset + i} className="results-grid__col">
                  {c.title}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>
          {/* Each row's cells as one string (./grid-row-html.ts): React hydrates 30 rows, not 2,000 elements. */}
          {grid.rows.map((row) => (
            <tr
              key={row.participantId}
              className={rowFlags(row).length ? "results-grid__row--flagged" : undefined}
              dangerouslySetInnerHTML={{ __html: gridRowHtml(row, testOffset, { letterHref, ranHref, lettersToWorkOn, noticeMark }) }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Up and Down arrows move between the same column's links of neighbouring rows (a keyboard
 * teacher goes from one student's letter cell to the next in one key, issue 12); Tab still
 * walks every link. Returns the listener's removal.
 */
function rowArrowKeys(table: HTMLTableElement) {
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key !== "ArrowDown" && event.key !== "ArrowUp") || event.altKey || event.ctrlKey || event.metaKey) return;
    const link = (event.target as HTMLElement).closest("a");
    const cell = link?.closest("td, th");
    const row = cell?.parentElement;
    if (!link || !cell || !row || !table.tBodies[0]?.contains(row)) return;
    const index = [...row.children].indexOf(cell);
    let next = event.key === "ArrowDown" ? row.nextElementSibling : row.previousElementSibling;
    while (next) {
      const target = next.children[index]?.querySelector("a");
      if (target) {
        event.preventDefault();
        target.focus();
        return;
      }
      next = event.key === "ArrowDown" ? next.nextElementSibling : next.previousElementSibling;
    }
  };
  table.addEventListener("keydown", onKeyDown);
  return () => table.removeEventListener("keydown", onKeyDown);
}

const HOT = "results-grid__col--hot";

/**
 * The column under the pointer and the column with keyboard focus are highlighted (spec 001 §2:
 * hovering highlights the row and column), by a class on that column's cells only, so a change
 * restyles one column, not the grid. Returns the listeners' removal.
 */
function columnHighlight(table: HTMLTableElement) {
  let hovered: string | null = null;
  let focused: string | null = null;
  const columnOf = (target: EventTarget | null) =>
    target instanceof Element ? (target.closest<HTMLElement>("[data-col]")?.dataset.col ?? null) : null;
  const show = () => {
    const want = new Set([hovered, focused].filter((c): c is string => c !== null));
    for (const cell of table.querySelectorAll<HTMLElement>(`.${HOT}`)) if (!want.has(cell.dataset.col ?? "")) cell.classList.remove(HOT);
    for (const col of want) for (const cell of table.querySelectorAll(`[data-col="${col}"]:not(.${HOT})`)) cell.classList.add(HOT);
  };
  // Shown again on every event, not only when the column changes: a row the grid re-rendered
  // since has lost its cells' class.
  const set = (which: "hovered" | "focused", col: string | null) => {
    if (which === "hovered") hovered = col;
    else focused = col;
    show();
  };
  const onOver = (event: PointerEvent) => set("hovered", columnOf(event.target));
  const onLeave = () => set("hovered", null);
  const onFocusIn = (event: FocusEvent) => set("focused", columnOf(event.target));
  const onFocusOut = (event: FocusEvent) => set("focused", table.contains(event.relatedTarget as Node | null) ? focused : null);
  table.addEventListener("pointerover", onOver);
  table.addEventListener("pointerleave", onLeave);
  table.addEventListener("focusin", onFocusIn);
  table.addEventListener("focusout", onFocusOut);
  return () => {
    table.removeEventListener("pointerover", onOver);
    table.removeEventListener("pointerleave", onLeave);
    table.removeEventListener("focusin", onFocusIn);
    table.removeEventListener("focusout", onFocusOut);
  };
}
