import { BarsLegend, StackedBars } from "#app/components/charts/StackedBars";
import { CATEGORY_LABELS, RISK_CATEGORIES, SUBTEST_CATEGORIES, isProfileKind, type Bar, type Segment } from "#app/domain/band-summary";

type Props = {
  bars: readonly Bar[];
  /** Whose students the bars count, for the charts' titles: 'students of Room 4'. */
  of: string;
  /** The grid filtered to a segment's students, or null where a segment is not a link. */
  hrefFor?: (bar: Bar, segment: Segment) => string | null;
  heading: string;
  headingLevel?: "h2" | "h3";
  id: string;
};

/** Bars grouped by what they count: one chart per flag and per subtest, each with a bar per period. */
export function chartsOf(bars: readonly Bar[]): { column: Bar["column"]; title: string; bars: Bar[] }[] {
  const charts: { column: Bar["column"]; title: string; bars: Bar[] }[] = [];
  for (const bar of bars) {
    const chart = charts.find((c) => c.column === bar.column);
    if (chart) chart.bars.push(bar);
    else charts.push({ column: bar.column, title: bar.title, bars: [bar] });
  }
  return charts;
}

/** The summary above the grid (issue 39 item 2) and on the school and district pages (item 3). */
export function BandSummary({ bars, of, hrefFor, heading, headingLevel: H = "h2", id }: Props) {
  const charts = chartsOf(bars);
  if (charts.length === 0) return null;
  const flags = charts.filter((c) => isProfileKind(c.column));
  const subtests = charts.filter((c) => !isProfileKind(c.column));
  return (
    <section className="summary" aria-labelledby={id}>
      <H id={id}>{heading}</H>
      {flags.length > 0 ? (
        <>
          <BarsLegend categories={RISK_CATEGORIES} labels={CATEGORY_LABELS} />
          <div className="summary__grid">
            {flags.map((c) => (
              <StackedBars key={c.column} title={c.title} bars={c.bars} hrefFor={hrefFor} of={of} />
            ))}
          </div>
        </>
      ) : null}
      {subtests.length > 0 ? (
        <>
          <BarsLegend categories={SUBTEST_CATEGORIES} labels={CATEGORY_LABELS} />
          <div className="summary__grid">
            {subtests.map((c) => (
              <StackedBars key={c.column} title={c.title} bars={c.bars} hrefFor={hrefFor} of={of} />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
