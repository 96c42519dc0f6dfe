import { Fragment } from "react";
import { COUNT_NOTES } from "#app/domain/follow-up-counts";
import type { ApiSchema } from "#app/lib/api.server";

type Counts = ApiSchema<"FollowUpCounts">;
type Row = Counts["rows"][number];

/**
 * The annual follow-up counts (issue 38 item 5) of a district or a school: the school-year
 * choice (a GET form: it works without JavaScript), the CSV link, the table (a row group per
 * grade, then all grades) and one sentence per count. Printable: the print styles drop the
 * controls and keep the table, its caption and the definitions.
 */
export function CountsReport({ data, scopeName, csvHref }: { data: Counts; scopeName: string; csvHref: string }) {
  const groups: Row[][] = [];
  for (const row of data.rows) {
    const last = groups.at(-1);
    if (last && last[0]!.grade === row.grade) last.push(row);
    else groups.push([row]);
  }
  return (
    <>
      <p>
        Students screened, flagged and notified in the {data.academicYear} school year, per grade and period. Counted on {data.today}.
      </p>
      {data.policySet ? null : <p className="follow-up-counts__no-policy">{data.noPolicyText}</p>}
      <div className="follow-up-counts__controls no-print">
        <form method="get" className="follow-up-counts__year">
          <label htmlFor="academicYear">School year</label>
          <select id="academicYear" name="academicYear" defaultValue={data.academicYear}>
            {data.academicYears.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            Show
          </button>
        </form>
        <a href={csvHref} download>
          Download CSV<span className="visually-hidden"> of the follow-up counts, {data.academicYear}</span>
        </a>
      </div>
      <div className="follow-up-counts__scroll">
        <table className="follow-up-counts__table">
          <caption>
            Follow-up counts: {scopeName}, school year {data.academicYear}, counted on {data.today}
          </caption>
          <thead>
            <tr>
              <th scope="col">Grade</th>
              <th scope="col">Period</th>
              {data.columns.map((c) => (
                <th scope="col" key={c.key}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group[0]!.gradeLabel} className={group[0]!.grade === null ? "follow-up-counts__all" : undefined}>
              {group.map((row, i) => (
                <tr key={row.periodLabel} className={row.period === null ? "follow-up-counts__total" : undefined}>
                  {i === 0 ? (
                    <th scope="rowgroup" rowSpan={group.length}>
                      {row.gradeLabel}
                    </th>
                  ) : null}
                  <th scope="row">{row.periodLabel}</th>
                  {data.columns.map((c) => {
                    const value = row[c.key];
                    return (
                      <td key={c.key} data-column={c.key}>
                        {value === null ? (
                          <Fragment>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden">counted once a school year</span>
                          </Fragment>
                        ) : (
                          value
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <section aria-labelledby="counts-definitions" className="follow-up-counts__definitions">
        <h2 id="counts-definitions">What each count means</h2>
        <ul>
          {data.columns.map((c) => (
            <li key={c.key}>{c.definition}</li>
          ))}
        </ul>
        {COUNT_NOTES.map((note) => (
          <p key={note}>{note}</p>
        ))}
      </section>
    </>
  );
}
