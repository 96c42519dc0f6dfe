import clsx from "clsx";
import { useEffect, useRef } from "react";
import { useClientLinkClicks } from "../client-links";
import type { ProfileCell, ShownCell, ShownGrid } from "#app/domain/results-grid";
import { BAND_LABELS, BAND_MARKS, CELL_STATE_LABELS } from "#app/domain/results-labels";

const PROFILE_TITLES = {
  dyslexia: "Risk Flag",
  pwr: "Potential For Word Reading",
  kready: "Reading Readiness",
  pkRisk: "Prekindergarten Risk",
  riskCategory: "Risk Category",
} as const;

/** Where the long words of column titles may break in a narrow column (no arbitrary mid-word breaks). */
const BREAKS: Record<string, string[]> = {
  Predictive: ["Predic", "tive"],
  Repetition: ["Repe", "tition"],
  Vocabulary: ["Vocabu", "lary"],
  Comprehension: ["Compre", "hension"],
  Directions: ["Direc", "tions"],
  Prekindergarten: ["Pre", "kinder", "garten"],
  Performance: ["Perfor", "mance"],
};

/** A title with <wbr> break points in its long words; the text itself is unchanged. */
function Breakable({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\s+)/).map((word, i) => {
        const parts = BREAKS[word];
        if (!parts) return word;
        return (
          <span key={i}>
            {parts.map((part, j) => (
              <span key={j}>
                {j > 0 ? <wbr /> : null}
                {part}
              </span>
            ))}
          </span>
        );
      })}
    </>
  );
}

type Props = {
  grid: ShownGrid;
  caption: string;
  /** Where a letter cell leads (the letter score dialog), or null when it opens nothing. */
  letterHref: (participantId: string, cell: ShownCell) => string | null;
  /** A finished RAN cell's link to the RAN scoring dialog (issue 11). */
  ranHref?: (cell: ShownCell) => string | null;
};

/**
 * Row and column highlight on hover and keyboard focus is pure CSS (:has / :focus-within);
 * the per-column rules are written here because only the server knows how many columns exist.
 */
function columnHighlightCss(count: number): string {
  const rules: string[] = [];
  for (let i = 0; i < count; i++) {
    rules.push(`.results-grid:has([data-col="${i}"]:is(:hover,:focus-within)) [data-col="${i}"]{background-image:var(--grid-highlight)}`);
  }
  return rules.join("\n");
}

export function ResultsGrid({ grid, caption, letterHref, ranHref }: Props) {
  const columnCount = grid.profileColumns.length + grid.columnCount;
  const profileOffset = 0;
  const testOffset = grid.profileColumns.length;
  const table = useRef<HTMLTableElement>(null);
  useEffect(() => (table.current ? rowArrowKeys(table.current) : undefined), []);
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
      <table ref={table} className={clsx("results-grid", grid.narrow && "results-grid--narrow")} onClick={onClick}>
        <caption id="results-grid-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="colgroup" colSpan={2} className="results-grid__sticky-group">
              Student Info
            </th>
            {grid.profileColumns.length > 0 ? (
              <th scope="colgroup" colSpan={grid.profileColumns.length} className="results-grid__group">
                <Breakable text="Predictive Profile" />
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
                <Breakable text={PROFILE_TITLES[kind]} />
              </th>
            ))}
            {grid.groups
              .flatMap((g) => g.columns)
              .map((c, i) => (
                <th key={c.testCode} scope="col" data-col={testOffset + i} className="results-grid__col">
                  <Breakable text={c.title} />
                </th>
              ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => {
            const flags = row.profile.filter((p) => p.tone === "risk").map((p) => PROFILE_TITLES[p.kind]);
            return (
              <tr key={row.participantId} className={flags.length ? "results-grid__row--flagged" : undefined}>
                <th scope="row" className="results-grid__name">
                  {flags.length ? (
                    <span className="flag-badge" title={`Flagged: ${flags.join(", ")}`}>
                      <span aria-hidden="true">⚑</span>
                      <span className="visually-hidden">{`Flagged (${flags.join(", ")}):`}</span>
                    </span>
                  ) : null}
                  <a href={`/student/${row.participantId}`} data-discover="true">
                    {row.name}
                  </a>
                </th>
                <td className="results-grid__grade">{row.gradeLabel}</td>
                {row.profile.map((p, i) => (
                  <ProfileTd key={p.kind} cell={p} col={profileOffset + i} />
                ))}
                {row.cells.map((cell, i) => (
                  <CellTd
                    key={cell.testCode}
                    cell={cell}
                    col={testOffset + i}
                    href={letterHref(row.participantId, cell)}
                    ranHref={ranHref?.(cell) ?? null}
                    student={row.name}
                  />
                ))}
              </tr>
            );
          })}
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

function ProfileTd({ cell, col }: { cell: ProfileCell; col: number }) {
  if (cell.state === "not-applicable") {
    return (
      <td data-col={col} className="cell profile-cell cell--not-applicable">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{CELL_STATE_LABELS["not-applicable"]}</span>
      </td>
    );
  }
  if (cell.state === "empty") {
    return (
      <td data-col={col} className="cell profile-cell cell--empty">
        {cell.text}
      </td>
    );
  }
  return (
    <td data-col={col} className={`cell profile-cell cell--profile tone--${cell.tone}`}>
      <span className="cell__value">{cell.text}</span>
      {cell.qualifier ? <span className="cell__qualifier">{cell.qualifier}</span> : null}
    </td>
  );
}

// In this grid every visually hidden text is one string: adjacent JSX texts would be separate DOM
// text nodes with a comment between them, a third of the grid's nodes (issue 15, hydration).
function CellContent({ cell }: { cell: ShownCell }) {
  const mark = cell.band ? BAND_MARKS[cell.band] : "";
  switch (cell.state) {
    case "not-applicable":
      return (
        <>
          <span aria-hidden="true">—</span>
          <span className="visually-hidden">{cell.label}</span>
        </>
      );
    case "invalid":
      return (
        <>
          <span aria-hidden="true">{cell.text}</span>
          <span className="visually-hidden">{cell.label}</span>
        </>
      );
    case "complete":
      if (cell.grayedOut) {
        return (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{cell.label}</span>
          </>
        );
      }
      if (cell.handScore) {
        // Hand-scored: the count, and the words for its missing percentile (issue 12).
        return (
          <>
            <span className="cell__value">{cell.handScore}</span>
            <span className="cell__qualifier">{cell.text}</span>
            <span className="visually-hidden">{` (${cell.label})`}</span>
          </>
        );
      }
      return (
        <>
          <span className="cell__value">{cell.text}</span>
          {mark ? (
            <span className="cell__mark" aria-hidden="true">
              {mark}
            </span>
          ) : null}
          {cell.band ? <span className="visually-hidden">{`, ${BAND_LABELS[cell.band]}`}</span> : null}
          {!cell.band && cell.label !== cell.text ? <span className="visually-hidden">{` (${cell.label})`}</span> : null}
        </>
      );
    default:
      return <>{cell.text}</>;
  }
}

function CellTd({
  cell,
  col,
  href,
  ranHref,
  student,
}: {
  cell: ShownCell;
  col: number;
  href: string | null;
  ranHref: string | null;
  student: string;
}) {
  const ranWords = cell.state === "needs-scoring" ? `score RAN for ${student}` : `view RAN scoring for ${student}`;
  return (
    <td data-col={col} className={clsx("cell", `cell--${cell.state}`, cell.band && `band--${cell.band}`, cell.grayedOut && "cell--grayed")}>
      {ranHref ? (
        <a href={ranHref} className="cell__action" title={ranWords[0].toUpperCase() + ranWords.slice(1)} data-discover="true">
          <CellContent cell={cell} />
          <span className="visually-hidden">{` – ${ranWords}`}</span>
        </a>
      ) : href ? (
        <a
          href={href}
          className="cell__action"
          title={`${cell.letterAction === "edit" ? "Enter" : "View"} letter scores for ${student}`}
          data-discover="true"
        >
          <CellContent cell={cell} />
          <span className="visually-hidden">{` – ${cell.letterAction === "edit" ? "enter" : "view"} letter scores for ${student}`}</span>
        </a>
      ) : (
        <CellContent cell={cell} />
      )}
    </td>
  );
}
