// A chart's numbers as a table for screen readers (issue 39 item 4): one row per period, its
// figure and what the figure means, hidden from sight where the chart draws them. The hiding box is
// a div: a table does not shrink to the one pixel of .visually-hidden, and at 320 px its width made
// the page scroll sideways.
export function ChartTable({
  first = "Period",
  headings,
  rows,
}: {
  /** The first column's heading: the period, or the date of a progress chart's point. */
  first?: string;
  /** The figure's and its meaning's column headings (the first column is always the period). */
  headings: readonly [figure: string, meaning: string];
  /** `label` is the row's heading when it is not the period itself (a period's name in the family report's language). */
  rows: readonly { period: string; label?: string; figure: string; meaning: string }[];
}) {
  return (
    <div className="visually-hidden">
      <table>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">{headings[0]}</th>
            <th scope="col">{headings[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${i}-${r.period}`} data-period={r.period}>
              <th scope="row">{r.label ?? r.period}</th>
              <td>{r.figure}</td>
              <td>{r.meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
