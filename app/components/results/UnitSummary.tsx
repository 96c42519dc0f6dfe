import { BarsLegend, ChartDefs, StackedBars } from "#app/components/charts/StackedBars";
import { CATEGORY_LABELS, RISK_CATEGORIES, SUBTEST_CATEGORIES, isProfileKind, type Bar } from "#app/domain/band-summary";
import type { Period } from "#app/domain/periods";

type Move = {
  kind: string;
  title: string;
  from: Period;
  to: Period;
  intoRisk: number;
  outOfRisk: number;
  stayedAtRisk: number;
  stayedNotAtRisk: number;
};
type UnitBars = { bars: readonly unknown[]; movement: readonly Move[] };
/** The answer of GET /report/bands/{id}, as the page hands it over. */
export type UnitSummaryData = {
  column: string;
  columns: readonly { column: string; title: string }[];
  schools: readonly ({ organizationUnitId: string; name: string } & UnitBars)[];
  grades: readonly ({ grade: string; label: string } & UnitBars)[];
  movement: readonly Move[];
};

type Props = {
  data: UnitSummaryData;
  /** Whose students: 'students of Lincoln Elementary'. */
  of: string;
  /** Query parameters the column choice keeps (the page's tab). */
  keep: Record<string, string>;
  /** Bars per school as well as per grade (the district page). */
  bySchool: boolean;
};

const DEFS = "unit-summary";
const rowsOf = (u: UnitBars) => (u.bars as Bar[]).map((bar) => ({ key: bar.period, label: bar.period, bar }));

/** The school and district pages' bars for one flag or subtest at a time, and movement into and out of risk (issue 39 item 3). */
export function UnitSummary({ data, of, keep, bySchool }: Props) {
  const title = data.columns.find((c) => c.column === data.column)?.title ?? data.column;
  const categories = isProfileKind(data.column) ? RISK_CATEGORIES : SUBTEST_CATEGORIES;
  const grades = data.grades.filter((g) => g.bars.length > 0);
  const schools = data.schools.filter((s) => s.bars.length > 0);
  return (
    <section className="summary" aria-labelledby="unit-summary-title">
      <h2 id="unit-summary-title">Students by band</h2>
      {data.columns.length === 0 ? (
        <p className="empty">No results yet this school year.</p>
      ) : (
        <>
          <form method="get" className="summary__filter">
            {Object.entries(keep).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <label htmlFor="summary-column">Show</label>
            <select id="summary-column" name="column" defaultValue={data.column}>
              {data.columns.map((c) => (
                <option key={c.column} value={c.column}>
                  {c.title}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--small">
              Show
            </button>
          </form>
          <ChartDefs id={DEFS} />
          <BarsLegend categories={categories} labels={CATEGORY_LABELS} defs={DEFS} />
          <h3>{title} by grade</h3>
          <div className="summary__grid">
            {grades.map((g) => (
              <StackedBars key={g.grade} title={`Grade ${g.label}`} rows={rowsOf(g)} defs={DEFS} of={`${title}, ${of}`} />
            ))}
          </div>
          {bySchool && schools.length > 1 ? (
            <>
              <h3>{title} by school</h3>
              <div className="summary__grid">
                {schools.map((s) => (
                  <StackedBars
                    key={s.organizationUnitId}
                    title={s.name}
                    rows={rowsOf(s)}
                    defs={DEFS}
                    of={`${title}, students of ${s.name}`}
                  />
                ))}
              </div>
            </>
          ) : null}
        </>
      )}
      <MovementTable data={data} bySchool={bySchool} />
    </section>
  );
}

function MovementTable({ data, bySchool }: { data: UnitSummaryData; bySchool: boolean }) {
  const rows: { unit: string; m: Move }[] = [
    ...data.movement.map((m) => ({ unit: "All", m })),
    ...data.grades.flatMap((g) => g.movement.map((m) => ({ unit: `Grade ${g.label}`, m }))),
    ...(bySchool && data.schools.length > 1 ? data.schools.flatMap((s) => s.movement.map((m) => ({ unit: s.name, m }))) : []),
  ];
  if (rows.length === 0) return null;
  return (
    <>
      <h3 id="movement-title">Moved into or out of risk</h3>
      <table className="movement" aria-labelledby="movement-title">
        <thead>
          <tr>
            <th scope="col">Students</th>
            <th scope="col">Flag</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Into risk</th>
            <th scope="col">Out of risk</th>
            <th scope="col">Stayed at risk</th>
            <th scope="col">Stayed not at risk</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ unit, m }) => (
            <tr key={`${unit}-${m.kind}-${m.from}`}>
              <th scope="row">{unit}</th>
              <td>{m.title}</td>
              <td>{m.from}</td>
              <td>{m.to}</td>
              <td>{m.intoRisk}</td>
              <td>{m.outOfRisk}</td>
              <td>{m.stayedAtRisk}</td>
              <td>{m.stayedNotAtRisk}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
