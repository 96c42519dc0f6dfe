import { Link } from "@remix-run/react";
import clsx from "clsx";
import type { ProfileCell, ShownCell, ShownGrid } from "#app/domain/results-grid";
import { BAND_LABELS, BAND_MARKS, CELL_STATE_LABELS } from "#app/domain/results-labels";

const PROFILE_TITLES = {
  dyslexia: "Risk Flag",
  pwr: "Potential For Word Reading",
  kready: "Reading Readiness",
  pkRisk: "Prekindergarten Risk",
  riskCategory: "Risk Category",
} as const;

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
  return (
    // A region that scrolls must take keyboard focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="results-grid__scroll" role="region" aria-labelledby="results-grid-caption" tabIndex={0}>
      <style dangerouslySetInnerHTML={{ __html: columnHighlightCss(columnCount) }} />
      <table className={clsx("results-grid", grid.narrow && "results-grid--narrow")}>
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
          {grid.rows.map((row) => (
            <tr key={row.participantId}>
              <th scope="row" className="results-grid__name">
                <Link to={`/student/${row.participantId}`}>{row.name}</Link>
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
          ))}
        </tbody>
      </table>
    </div>
  );
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
      return (
        <>
          <span className="cell__value">{cell.text}</span>
          {mark ? (
            <span className="cell__mark" aria-hidden="true">
              {mark}
            </span>
          ) : null}
          {cell.band ? <span className="visually-hidden">, {BAND_LABELS[cell.band]}</span> : null}
          {!cell.band && cell.label !== cell.text ? <span className="visually-hidden"> ({cell.label})</span> : null}
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
        <Link to={ranHref} preventScrollReset className="cell__action" title={ranWords[0].toUpperCase() + ranWords.slice(1)}>
          <CellContent cell={cell} />
          <span className="visually-hidden"> – {ranWords}</span>
        </Link>
      ) : href ? (
        <Link
          to={href}
          preventScrollReset
          className="cell__action"
          title={`${cell.letterAction === "edit" ? "Enter" : "View"} letter scores for ${student}`}
        >
          <CellContent cell={cell} />
          <span className="visually-hidden">
            {" "}
            – {cell.letterAction === "edit" ? "enter" : "view"} letter scores for {student}
          </span>
        </Link>
      ) : (
        <CellContent cell={cell} />
      )}
    </td>
  );
}
