import { useId, type CSSProperties } from "react";
import type { Bar, Segment, SummaryCategory } from "#app/domain/band-summary";

// Stacked bars of how many students fall in each band, one bar per period (issue 39 items 2–4).
// The picture is an <svg role="img">; each segment's link is an HTML <a> laid over its stretch
// of the bar (links inside role="img" would be hidden from assistive technology), and the numbers
// are a table under it. Colour is never the only signal: every category has its own pattern, the
// counts are written on the bar and the legend names them.

/** A category's fill: a light tint under a pattern that stays apart in black and white. */
const PATTERN: Record<SummaryCategory, "hatch" | "dots" | "plain" | "lines"> = {
  "well-below": "hatch",
  risk: "hatch",
  below: "dots",
  moderate: "dots",
  "at-or-above": "plain",
  ok: "plain",
  none: "lines",
};

/** Row geometry in viewBox units; the overlay's rows use the same ratio in rem (charts.css). */
const ROW = 7;
const GAP = 2;

type Props = {
  /** What the bars count: 'Letter Names', 'Risk Flag'. */
  title: string;
  /** The bars of one column, in period order. */
  bars: readonly Bar[];
  /** Where a segment leads (the grid filtered to its students), or null for no link. */
  hrefFor?: (bar: Bar, segment: Segment) => string | null;
  /** What the chart is of, for its <title>: 'students of Room 4'. */
  of: string;
};

const pct = (count: number, total: number) => (total === 0 ? 0 : (count / total) * 100);

export function ChartPatterns({ id }: { id: string }) {
  // Patterns live in each chart's own <defs>: a printed page, a copied chart and a hidden one keep their fills.
  return (
    <defs>
      <pattern id={`${id}-hatch`} width="2" height="2" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="2" height="2" className="chart-fill--well-below" />
        <line x1="0" y1="0" x2="0" y2="2" className="chart-ink" strokeWidth="0.9" />
      </pattern>
      <pattern id={`${id}-dots`} width="2" height="2" patternUnits="userSpaceOnUse">
        <rect width="2" height="2" className="chart-fill--below" />
        <circle cx="1" cy="1" r="0.45" className="chart-ink-fill" />
      </pattern>
      <pattern id={`${id}-plain`} width="2" height="2" patternUnits="userSpaceOnUse">
        <rect width="2" height="2" className="chart-fill--at-or-above" />
      </pattern>
      <pattern id={`${id}-lines`} width="2" height="2" patternUnits="userSpaceOnUse">
        <rect width="2" height="2" className="chart-fill--none" />
        <line x1="0" y1="1" x2="2" y2="1" className="chart-ink" strokeWidth="0.3" />
      </pattern>
    </defs>
  );
}

export function fillOf(id: string, category: SummaryCategory): string {
  return `url(#${id}-${PATTERN[category]})`;
}

export function segmentText(s: Pick<Segment, "count" | "label">): string {
  return `${s.count} ${s.count === 1 ? "student" : "students"} ${s.label}`;
}

export function StackedBars({ title, bars, hrefFor, of }: Props) {
  const id = `sb${useId().replace(/:/g, "")}`;
  const height = bars.length * ROW + (bars.length - 1) * GAP;
  const periodText = (bar: Bar) =>
    `${bar.period}: ${bar.segments
      .filter((s) => s.count > 0)
      .map(segmentText)
      .join(", ")}`;
  return (
    <figure className="chart sb">
      <figcaption className="chart__title">{title}</figcaption>
      <div className="sb__body" style={{ "--sb-rows": bars.length } as CSSProperties}>
        <div className="sb__periods" aria-hidden="true">
          {bars.map((bar) => (
            <span key={bar.period}>{bar.period}</span>
          ))}
        </div>
        <div className="sb__track">
          <svg role="img" viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" className="sb__svg">
            <title>{`${title}, ${of}, students by band. ${bars.map(periodText).join(". ")}.`}</title>
            <ChartPatterns id={id} />
            {bars.map((bar, row) => {
              let x = 0;
              return (
                <g key={bar.period}>
                  {bar.segments.map((s) => {
                    const w = pct(s.count, bar.total);
                    const rect =
                      w > 0 ? (
                        <rect
                          key={s.category}
                          x={x}
                          y={row * (ROW + GAP)}
                          width={w}
                          height={ROW}
                          fill={fillOf(id, s.category)}
                          className="sb__seg"
                          data-category={s.category}
                          data-count={s.count}
                        />
                      ) : null;
                    x += w;
                    return rect;
                  })}
                </g>
              );
            })}
          </svg>
          <div className="sb__links">
            {bars.map((bar) => (
              <div key={bar.period} className="sb__row">
                {bar.segments
                  .filter((s) => s.count > 0)
                  .map((s) => {
                    const href = hrefFor?.(bar, s) ?? null;
                    const style = { width: `${pct(s.count, bar.total)}%` };
                    const name = `${title}, ${bar.period}: ${segmentText(s)}`;
                    return href ? (
                      <a key={s.category} href={href} className="sb__link" style={style}>
                        <span className="sb__count" aria-hidden="true">
                          {s.count}
                        </span>
                        <span className="visually-hidden">{`${name}. Show them in the grid`}</span>
                      </a>
                    ) : (
                      <span key={s.category} className="sb__link" style={style} aria-hidden="true">
                        <span className="sb__count">{s.count}</span>
                      </span>
                    );
                  })}
              </div>
            ))}
          </div>
        </div>
      </div>
      <details className="chart__numbers">
        <summary>Numbers</summary>
        <table className="chart__table">
          <thead>
            <tr>
              <th scope="col">Period</th>
              {bars[0]?.segments.map((s) => (
                <th key={s.category} scope="col">
                  {s.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.period} data-period={bar.period}>
                <th scope="row">{bar.period}</th>
                {bar.segments.map((s) => (
                  <td key={s.category} data-category={s.category}>
                    {s.count}
                  </td>
                ))}
                <td>{bar.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The legend of a set of bars: each category's pattern and its words. */
export function BarsLegend({ categories, labels }: { categories: readonly SummaryCategory[]; labels: Record<SummaryCategory, string> }) {
  const id = `sl${useId().replace(/:/g, "")}`;
  return (
    <ul className="chart-legend">
      {categories.map((c) => (
        <li key={c}>
          <svg width="24" height="14" viewBox="0 0 12 7" aria-hidden="true" focusable="false">
            <ChartPatterns id={`${id}-${c}`} />
            <rect width="12" height="7" fill={fillOf(`${id}-${c}`, c)} className="chart-legend__swatch" />
          </svg>
          {labels[c]}
        </li>
      ))}
    </ul>
  );
}
