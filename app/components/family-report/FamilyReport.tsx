import type { AssessmentGroup } from "#app/domain/assessments";
import type { FamilyReportBand, FamilyReportModel, FamilyReportResult } from "#app/domain/family-report";
import { BAND_MARKS } from "#app/domain/results-labels";
import { familyReportMessages, type FamilyReportLang, type FamilyReportMessages } from "#app/i18n/family-report";

/** Put on the report when the page shows it only on paper (the student profile's Print Report). */
export const FAMILY_REPORT_PRINT_ONLY = "family-report--print-only";
/**
 * Put on the element the report is a direct child of: on paper every other child of it is left
 * out, so the printout is the report alone (no breadcrumb, card, tables or buttons).
 */
export const FAMILY_REPORT_HOST = "family-report-host";

// A mark beside every band word, so the band survives black-and-white printing and the eye
// finds the rows that need attention; the grid's marks for the two lower bands.
const MARKS: Record<FamilyReportBand, string> = {
  "at-or-above": "✓",
  below: BAND_MARKS.below,
  "well-below": BAND_MARKS["well-below"],
  "on-track": "✓",
  "needs-support": BAND_MARKS.below,
};

type Props = {
  data: FamilyReportModel;
  lang: FamilyReportLang;
  /** Hidden on screen, shown on paper. */
  printOnly?: boolean;
};

export function FamilyReport({ data, lang, printOnly = false }: Props) {
  const m = familyReportMessages(lang);
  const { student } = data;
  const id = `family-report-${student.participantId}`;
  const name = `${student.firstName} ${student.lastName}`;
  const explanation = data.explanation ? m.explanations[data.explanation] : null;
  const period = [m.periods[data.period], data.academicYear ? m.schoolYear(data.academicYear) : null].filter(Boolean).join(", ");
  return (
    <article
      className={`family-report${printOnly ? ` ${FAMILY_REPORT_PRINT_ONLY}` : ""}`}
      lang={m.htmlLang}
      aria-labelledby={`${id}-title`}
      data-participant-id={student.participantId}
    >
      <header className="family-report__header">
        <p className="family-report__product">{m.productName}</p>
        <p className="family-report__date">{m.reportDate(m.formatDate(data.date))}</p>
        <h2 id={`${id}-title`} className="family-report__title">
          {m.title}: {name}
        </h2>
      </header>

      <section className="family-report__student" aria-label={m.student.heading}>
        <dl className="family-report__facts">
          <Fact term={m.student.grade} value={student.grade ? m.grades[student.grade] : student.gradeLabel} />
          <Fact term={m.student.dateOfBirth} value={student.dateOfBirth ? m.formatDate(student.dateOfBirth) : "—"} />
          <Fact term={m.student.screenedOn} value={data.screenedOn ? m.formatDate(data.screenedOn) : m.student.notScreened} />
          <Fact term={m.student.school} value={student.schoolName ?? "—"} />
          <Fact term={m.student.teachers} value={student.teacherNames.length > 0 ? student.teacherNames.join(", ") : "—"} />
        </dl>
      </section>

      <section className="family-report__section" aria-labelledby={`${id}-about`}>
        <h3 id={`${id}-about`}>{m.about.heading}</h3>
        <p>
          {m.about.intro} {explanation ? explanation.measures : m.about.gradeNotScreened}
          {data.screenerMinutes !== null ? (
            <>
              {" "}
              <strong className="family-report__duration">{m.about.duration(data.screenerMinutes)}</strong>
            </>
          ) : null}
        </p>
      </section>

      <section className="family-report__section" aria-labelledby={`${id}-results`}>
        <h3 id={`${id}-results`}>{m.results.heading(period)}</h3>
        {data.noSubtests ? (
          <p>{m.results.noSubtests}</p>
        ) : (
          <>
            <p className="family-report__summary">{m.summary(data.summary, student.firstName)}</p>
            <ResultsTable results={data.results} m={m} />
          </>
        )}
      </section>

      <div className="family-report__columns">
        {data.noSubtests ? null : <Key results={data.results} m={m} id={id} />}
        {explanation ? (
          <section className="family-report__section" aria-labelledby={`${id}-home`}>
            <h3 id={`${id}-home`}>{m.atHomeHeading}</h3>
            <ul className="family-report__tips">
              {explanation.atHome.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      <p className="family-report__closing">{m.closing}</p>
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="family-report__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function groupsOf(results: readonly FamilyReportResult[]): [AssessmentGroup, FamilyReportResult[]][] {
  const groups: [AssessmentGroup, FamilyReportResult[]][] = [];
  for (const r of results) {
    const last = groups.at(-1);
    if (last && last[0] === r.group) last[1].push(r);
    else groups.push([r.group, [r]]);
  }
  return groups;
}

function BandWord({ band, m }: { band: FamilyReportBand; m: FamilyReportMessages }) {
  return (
    <span className={`family-report__band family-report__band--${band}`}>
      <span className="family-report__mark" aria-hidden="true">
        {MARKS[band]}
      </span>{" "}
      {m.bands[band]}
    </span>
  );
}

function ResultsTable({ results, m }: { results: readonly FamilyReportResult[]; m: FamilyReportMessages }) {
  return (
    <table className="family-report__table">
      <colgroup>
        <col className="family-report__col-area" />
        <col className="family-report__col-activity" />
        <col className="family-report__col-result" />
        <col className="family-report__col-meaning" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{m.results.columns.area}</th>
          <th scope="col">{m.results.columns.activity}</th>
          <th scope="col">{m.results.columns.result}</th>
          <th scope="col">{m.results.columns.meaning}</th>
        </tr>
      </thead>
      {groupsOf(results).map(([group, rows]) => (
        <tbody key={group}>
          {rows.map((r, i) => (
            <tr key={r.testCode}>
              {i === 0 ? (
                <th scope="rowgroup" rowSpan={rows.length} className="family-report__area">
                  {m.groups[group]}
                </th>
              ) : null}
              <th scope="row" className="family-report__activity">
                {m.tests[r.testCode].name}
                <span className="family-report__what">{m.tests[r.testCode].what}</span>
              </th>
              <ResultCells result={r} m={m} />
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}

function ResultCells({ result, m }: { result: FamilyReportResult; m: FamilyReportMessages }) {
  const { score, band } = result;
  if (result.status !== "complete" || !score) {
    return (
      <td colSpan={2} className="family-report__status">
        {m.statuses[result.status as Exclude<typeof result.status, "complete">]}
      </td>
    );
  }
  // A band or a proficiency outcome is the whole result: one cell, the word and its mark.
  if ((score.kind === "band" || score.kind === "proficiency") && band) {
    return (
      <td colSpan={2}>
        <BandWord band={band} m={m} />
      </td>
    );
  }
  const shown =
    score.kind === "percentile"
      ? m.score.percentile(score.value)
      : score.kind === "percent"
        ? m.score.percent(score.value)
        : score.kind === "ratio"
          ? m.score.ratio(score.text)
          : score.kind === "tbd"
            ? m.score.tbd
            : m.score.notAvailable;
  return (
    <>
      <td className="family-report__score">{shown}</td>
      <td>{band ? <BandWord band={band} m={m} /> : "—"}</td>
    </>
  );
}

/** The meaning of what this report shows, and only that, so the page stays one page. */
function Key({ results, m, id }: { results: readonly FamilyReportResult[]; m: FamilyReportMessages; id: string }) {
  const kinds = new Set(results.map((r) => r.score?.kind));
  const bands = (["at-or-above", "below", "well-below", "on-track", "needs-support"] as const).filter((b) =>
    results.some((r) => r.band === b),
  );
  const paragraphs = [
    kinds.has("percentile") ? m.key.percentile : null,
    kinds.has("percent") ? m.key.percent : null,
    kinds.has("tbd") ? m.key.tbd : null,
  ].filter((p): p is string => p !== null);
  if (paragraphs.length === 0 && bands.length === 0) return null;
  return (
    <section className="family-report__section family-report__key" aria-labelledby={`${id}-key`}>
      <h3 id={`${id}-key`}>{m.key.heading}</h3>
      {paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {bands.length > 0 ? (
        <ul className="family-report__bands">
          {bands.map((b) => (
            <li key={b}>
              <BandWord band={b} m={m} />: {m.key.bands[b]}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
