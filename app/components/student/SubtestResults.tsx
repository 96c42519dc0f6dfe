import { Form, Link } from "@remix-run/react";
import { PERIOD_LABELS, type Period } from "#app/domain/periods";
import { BAND_LABELS, flagMark } from "#app/domain/results-labels";
import type { SubtestCell, SubtestGroup, SubtestRow } from "#app/domain/student-profile";
import { LazyTestDetailsDialog } from "./dialogs";
import { PercentileSlider } from "./PercentileSlider";
import { PeriodHeaders } from "./ProfileTable";
import { studentHref, viewFields, type StudentView } from "./urls";
import { WhyFlagged } from "./WhyFlagged";

type Props = {
  studentId: string;
  groups: readonly SubtestGroup[];
  periods: readonly Period[];
  view: StudentView & { period: Period };
  phonics: { enabled: boolean; mode: "percentile" | "score" };
};

/** The subtest groups of the Subtest Results (spec 001 §2): a table per group, a row per subtest the grade takes. */
export function SubtestResults({ studentId, groups, periods, view, phonics }: Props) {
  return (
    <div className="sp-groups">
      {groups.map((g) => (
        <section key={g.group} className="sp-group" aria-labelledby={`group-${g.group}`}>
          <div className="sp-group__header">
            <h3 id={`group-${g.group}`} className="sp-group__title">
              {g.title}
            </h3>
            {g.group === "phonics" ? <PhonicsSwitch view={view} {...phonics} /> : null}
          </div>
          {g.emptyText ? (
            <p className="empty">{g.emptyText}</p>
          ) : (
            // On a narrow screen (or zoomed in) the table scrolls sideways in this box (WCAG 1.4.10), as DataTable's do.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be reachable by keyboard (axe: scrollable-region-focusable)
            <div className="table-wrap" tabIndex={0} role="group" aria-labelledby={`group-${g.group}`}>
              <table className="sp-table sp-table--subtests" aria-labelledby={`group-${g.group}`}>
                <thead>
                  <tr>
                    <th scope="col" className="sp-table__measure">
                      Subtest
                    </th>
                    <th scope="col" className="sp-table__slider">
                      Percentile ({view.period})
                    </th>
                    <PeriodHeaders periods={periods} selected={view.period} />
                  </tr>
                </thead>
                <tbody>
                  {g.rows.map((row) => (
                    <tr key={row.testCode} id={`subtest-${row.testCode}`}>
                      <th scope="row" className="sp-table__measure">
                        <span className="token" aria-hidden="true">
                          {row.token}
                        </span>
                        <Title studentId={studentId} row={row} view={view} />
                      </th>
                      <td className="sp-table__slider">{row.slider ? <PercentileSlider slider={row.slider} title={row.title} /> : null}</td>
                      {row.cells.map((cell) => (
                        <CellTd key={cell.period} cell={cell} selected={cell.period === view.period} />
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

/** A title opens the read-only details, or (issue 11) the RAN scoring dialog, when §6 allows it. */
function Title({ studentId, row, view }: { studentId: string; row: SubtestRow; view: StudentView }) {
  if (!row.action || !row.testId) return <span className="sp-title">{row.title}</span>;
  const dialog =
    row.action === "ran" ? ({ dialog: "ran", test: row.testId } as const) : ({ dialog: "test-details", test: row.testId } as const);
  // The details dialog's code loads on intent, so it is usually in by the time the click's data is.
  const preload = row.action === "ran" ? undefined : LazyTestDetailsDialog.preload;
  return (
    <Link to={studentHref(studentId, view, dialog)} className="sp-title" preventScrollReset onPointerEnter={preload} onFocus={preload}>
      {row.title}
      <span className="visually-hidden">{row.action === "ran" ? " – RAN scoring" : " – test details"}</span>
    </Link>
  );
}

function CellTd({ cell, selected }: { cell: SubtestCell; selected: boolean }) {
  const classes = ["cell", "sp-cell", `cell--${cell.state}`];
  if (cell.band) classes.push(`band--${cell.band}`);
  if (cell.grayedOut) classes.push("cell--grayed");
  if (selected) classes.push("sp-cell--selected");
  // The grid's rule: ▼/▼▼ beside a band, ▼ beside 'Needs Support'.
  const mark = flagMark(cell);
  let content;
  if (cell.grayedOut) {
    content = (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{cell.label}</span>
      </>
    );
  } else if (cell.state === "complete") {
    content = (
      <>
        <span className="cell__value">{cell.text}</span>
        {/* A scored RAN's seconds and errors: 'No norms configured' beside them (issue 34 item 4). */}
        {cell.note ? <span className="cell__qualifier">{cell.note}</span> : null}
        {mark ? (
          <span className="cell__mark" aria-hidden="true">
            {mark}
          </span>
        ) : null}
        {cell.band ? <span className="visually-hidden">, {BAND_LABELS[cell.band]}</span> : null}
        {!cell.band && !cell.note && cell.label !== cell.text ? <span className="visually-hidden"> ({cell.label})</span> : null}
      </>
    );
  } else {
    content = (
      <>
        <span className="cell__value">{cell.text}</span>
        {cell.label !== cell.text ? <span className="visually-hidden"> ({cell.label})</span> : null}
      </>
    );
  }
  return (
    <td className={classes.join(" ")}>
      {content}
      {cell.why ? <WhyFlagged why={cell.why} period={PERIOD_LABELS[cell.period]} /> : null}
    </td>
  );
}

/**
 * The phonics display-rule switch (spec 001 §2): letter tests as percentiles or raw scores, a GET
 * form so it works without JavaScript; disabled until a letter name or letter sound test is complete.
 */
function PhonicsSwitch({ view, enabled, mode }: { view: StudentView; enabled: boolean; mode: "percentile" | "score" }) {
  return (
    <Form method="get" className="sp-switch" preventScrollReset>
      {viewFields(view, "score").map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="sp-switch__set" disabled={!enabled} aria-describedby={enabled ? undefined : "phonics-switch-note"}>
        <legend className="sp-switch__legend">Letter tests show</legend>
        <button type="submit" name="score" value="percentile" className="button button--small" aria-pressed={mode === "percentile"}>
          Percentile
        </button>
        <button type="submit" name="score" value="raw" className="button button--small" aria-pressed={mode === "score"}>
          Score
        </button>
      </fieldset>
      {enabled ? null : (
        <p id="phonics-switch-note" className="sp-switch__note">
          Available once a letter name or letter sound test is complete.
        </p>
      )}
    </Form>
  );
}
