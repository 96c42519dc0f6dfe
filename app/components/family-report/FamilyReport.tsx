import type { ReactNode } from "react";
import type { FamilyReportBandView, FamilyReportCellView, FamilyReportView } from "#app/i18n/family-report/view";

/** Put on the report when the page shows it only on paper (the student profile's Print Report). */
export const FAMILY_REPORT_PRINT_ONLY = "family-report--print-only";
/**
 * Put on the element the report is a direct child of: on paper every other child of it is left
 * out, so the printout is the report alone (no breadcrumb, card, tables or buttons).
 */
export const FAMILY_REPORT_HOST = "family-report-host";

type Props = {
  /** The report in one language, every text already in words (app/i18n/family-report/view.server.ts). */
  report: FamilyReportView;
  /** Hidden on screen, shown on paper. */
  printOnly?: boolean;
  /** A page of its own after the report (the student's growth charts, issue 39 item 1). */
  children?: ReactNode;
};

export function FamilyReport({ report, printOnly = false, children }: Props) {
  const id = `family-report-${report.participantId}`;
  const { results } = report;
  return (
    <article
      className={`family-report${printOnly ? ` ${FAMILY_REPORT_PRINT_ONLY}` : ""}`}
      lang={report.htmlLang}
      aria-labelledby={`${id}-title`}
      data-participant-id={report.participantId}
    >
      <header className="family-report__header">
        <p className="family-report__product">{report.productName}</p>
        <p className="family-report__date">{report.reportDate}</p>
        <h2 id={`${id}-title`} className="family-report__title">
          {report.title}
        </h2>
      </header>

      <section className="family-report__student" aria-label={report.studentLabel}>
        <dl className="family-report__facts">
          {report.facts.map((f) => (
            <div key={f.term} className="family-report__fact">
              <dt>{f.term}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="family-report__section" aria-labelledby={`${id}-about`}>
        <h3 id={`${id}-about`}>{report.about.heading}</h3>
        <p>
          {report.about.text}
          {report.about.duration !== null ? (
            <>
              {" "}
              <strong className="family-report__duration">{report.about.duration}</strong>
            </>
          ) : null}
        </p>
      </section>

      <section className="family-report__section" aria-labelledby={`${id}-results`}>
        <h3 id={`${id}-results`}>{results.heading}</h3>
        {"noSubtests" in results ? (
          <p>{results.noSubtests}</p>
        ) : (
          <>
            <p className="family-report__summary">{results.summary}</p>
            {/* On a narrow screen the table scrolls sideways in this box (WCAG 1.4.10), as DataTable's do; paper is never narrow. */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll box must be reachable by keyboard (axe: scrollable-region-focusable) */}
            <div className="family-report__table-wrap" tabIndex={0} role="group" aria-labelledby={`${id}-results`}>
              <table className="family-report__table">
                <colgroup>
                  <col className="family-report__col-area" />
                  <col className="family-report__col-activity" />
                  <col className="family-report__col-result" />
                  <col className="family-report__col-meaning" />
                </colgroup>
                <thead>
                  <tr>
                    <th scope="col">{results.columns.area}</th>
                    <th scope="col">{results.columns.activity}</th>
                    <th scope="col">{results.columns.result}</th>
                    <th scope="col">{results.columns.meaning}</th>
                  </tr>
                </thead>
                {results.groups.map((g) => (
                  <tbody key={g.group}>
                    {g.rows.map((r, i) => (
                      <tr key={r.testCode}>
                        {i === 0 ? (
                          <th scope="rowgroup" rowSpan={g.rows.length} className="family-report__area">
                            {g.name}
                          </th>
                        ) : null}
                        <th scope="row" className="family-report__activity">
                          {r.name}
                          <span className="family-report__what">{r.what}</span>
                        </th>
                        <ResultCells cell={r.cell} />
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </div>
          </>
        )}
      </section>

      <div className="family-report__columns">
        {report.key ? (
          <section className="family-report__section family-report__key" aria-labelledby={`${id}-key`}>
            <h3 id={`${id}-key`}>{report.key.heading}</h3>
            {report.key.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {report.key.bands.length > 0 ? (
              <ul className="family-report__bands">
                {report.key.bands.map((b) => (
                  <li key={b.band.band}>
                    <BandWord band={b.band} />: {b.meaning}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        ) : null}
        {report.atHome ? (
          <section className="family-report__section" aria-labelledby={`${id}-home`}>
            <h3 id={`${id}-home`}>{report.atHome.heading}</h3>
            <ul className="family-report__tips">
              {report.atHome.tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <p className="family-report__closing">{report.closing}</p>
      {children ? <div className="family-report__extra">{children}</div> : null}
    </article>
  );
}

function BandWord({ band }: { band: FamilyReportBandView }) {
  return (
    <span className={`family-report__band family-report__band--${band.band}`}>
      <span className="family-report__mark" aria-hidden="true">
        {band.mark}
      </span>{" "}
      {band.word}
    </span>
  );
}

function ResultCells({ cell }: { cell: FamilyReportCellView }) {
  if (cell.kind === "status") {
    return (
      <td colSpan={2} className="family-report__status">
        {cell.text}
      </td>
    );
  }
  if (cell.kind === "band") {
    return (
      <td colSpan={2}>
        <BandWord band={cell.band} />
      </td>
    );
  }
  return (
    <>
      <td className="family-report__score">{cell.score}</td>
      <td>{cell.band ? <BandWord band={cell.band} /> : (cell.note ?? "—")}</td>
    </>
  );
}
