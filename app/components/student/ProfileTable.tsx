import { PERIOD_LABELS, type Period } from "#app/domain/periods";
import type { RiskRow } from "#app/domain/student-profile";
import { WhyFlagged } from "./WhyFlagged";

/** Column headers BOY, MOY, EOY; the selected period's column is marked in words and in look. */
export function PeriodHeaders({ periods, selected }: { periods: readonly Period[]; selected: Period }) {
  return (
    <>
      {periods.map((period) => (
        <th key={period} scope="col" className={period === selected ? "sp-col sp-col--selected" : "sp-col"}>
          <abbr title={PERIOD_LABELS[period]}>{period}</abbr>
          {period === selected ? <span className="visually-hidden"> (selected)</span> : null}
        </th>
      ))}
    </>
  );
}

/** The Predictive Profile table (spec 001 §2): one row per risk score that applies to the grade. */
export function ProfileTable({ rows, periods, selected }: { rows: readonly RiskRow[]; periods: readonly Period[]; selected: Period }) {
  return (
    <table className="sp-table">
      <caption className="sp-table__caption">Predictive Profile</caption>
      <thead>
        <tr>
          <th scope="col" className="sp-table__measure">
            Measure
          </th>
          <PeriodHeaders periods={periods} selected={selected} />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.kind}>
            <th scope="row" className="sp-table__measure">
              {row.title}
            </th>
            {row.cells.map((cell) => {
              const classes = ["cell", "sp-cell", `cell--${cell.state === "complete" ? "profile" : cell.state}`];
              if (cell.state === "complete") classes.push(`tone--${cell.tone}`);
              if (cell.period === selected) classes.push("sp-cell--selected");
              return (
                <td key={cell.period} className={classes.join(" ")}>
                  <span className="cell__value">{cell.text}</span>
                  {cell.state === "not-applicable" ? <span className="visually-hidden"> (Not applicable)</span> : null}
                  {cell.qualifier && cell.state === "complete" ? <span className="cell__qualifier">{cell.qualifier}</span> : null}
                  {cell.why ? <WhyFlagged why={cell.why} period={PERIOD_LABELS[cell.period]} /> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
