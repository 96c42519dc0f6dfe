import { BarsLegend, ChartDefs, StackedBars } from "#app/components/charts/StackedBars";
import { CATEGORY_LABELS, RISK_CATEGORIES, SUBTEST_CATEGORIES, isProfileKind, type Bar, type Segment } from "#app/domain/band-summary";

type Props = {
  /** The bars of one period: a bar per flag and per subtest. */
  bars: readonly Bar[];
  /** Whose students the bars count, for the charts' titles: 'students of Room 4'. */
  of: string;
  period: string;
  /** The grid filtered to a segment's students, or null where a segment is not a link. */
  hrefFor?: (bar: Bar, segment: Segment) => string | null;
  /** Shown open: the grid is filtered to one of its segments. */
  open?: boolean;
};

const DEFS = "band-summary";
const rowsOf = (bars: readonly Bar[]) => bars.map((bar) => ({ key: bar.column, label: bar.title, bar }));

/** The summary above the grid (issue 39 item 2): for the grid's period, a bar per flag and per subtest. */
export function BandSummary({ bars, of, period, hrefFor, open = false }: Props) {
  const flags = bars.filter((b) => isProfileKind(b.column));
  const subtests = bars.filter((b) => !isProfileKind(b.column));
  if (bars.length === 0) return null;
  return (
    // Closed until asked for (open while the grid is filtered to a segment): open, it would push the
    // grid's header row and first rows out of a laptop's screen and onto the printed class's pages.
    <details className="summary summary--collapsible" open={open}>
      <summary>
        <h2 id="summary-title">Students by band</h2>
      </summary>
      <ChartDefs id={DEFS} />
      <div className="summary__grid">
        {flags.length > 0 ? (
          <div>
            <BarsLegend categories={RISK_CATEGORIES} labels={CATEGORY_LABELS} defs={DEFS} />
            <StackedBars title={`Risk flags, ${period}`} of={of} rows={rowsOf(flags)} defs={DEFS} hrefFor={hrefFor} />
          </div>
        ) : null}
        {subtests.length > 0 ? (
          <div>
            <BarsLegend categories={SUBTEST_CATEGORIES} labels={CATEGORY_LABELS} defs={DEFS} />
            <StackedBars title={`Subtests, ${period}`} of={of} rows={rowsOf(subtests)} defs={DEFS} hrefFor={hrefFor} />
          </div>
        ) : null}
      </div>
    </details>
  );
}
