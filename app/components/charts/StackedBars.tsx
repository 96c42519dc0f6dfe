import type { CSSProperties } from "react";
import type { Bar, Segment, SummaryCategory } from "#app/domain/band-summary";

// Stacked bars of how many students fall in each band (issue 39 items 2–4): one chart, a bar per
// row (a subtest, a flag, or a period). The picture is an <svg role="img">; each segment's link is
// an HTML <a> laid over its stretch of the bar (links inside role="img" would be hidden from
// assistive technology), and the numbers are a table under it. Colour is never the only signal:
// every category has its own pattern, the counts are written on the bars and a legend names them.
// Patterns are defined once a page (ChartDefs) and referred to by id, which keeps the page light.

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

/** The patterns, once a page: an SVG of no size (not display: none, which would drop the fills). */
export function ChartDefs({ id }: { id: string }) {
  return (
    <svg className="chart-defs" width="0" height="0" aria-hidden="true" focusable="false">
      <defs>
        {/* Diagonals drawn in the tile, not a rotated tile: Chromium's PDF drops rotated pattern tiles. */}
        <pattern id={`${id}-hatch`} width="3" height="3" patternUnits="userSpaceOnUse">
          <rect width="3" height="3" className="chart-fill--well-below" />
          <path d="M-0.75,0.75 L0.75,-0.75 M0,3 L3,0 M2.25,3.75 L3.75,2.25" className="chart-ink" strokeWidth="0.8" />
        </pattern>
        <pattern id={`${id}-dots`} width="2.5" height="2.5" patternUnits="userSpaceOnUse">
          <rect width="2.5" height="2.5" className="chart-fill--below" />
          <circle cx="1.25" cy="1.25" r="0.6" className="chart-ink-fill" />
        </pattern>
        <pattern id={`${id}-plain`} width="2" height="2" patternUnits="userSpaceOnUse">
          <rect width="2" height="2" className="chart-fill--at-or-above" />
        </pattern>
        <pattern id={`${id}-lines`} width="2" height="2" patternUnits="userSpaceOnUse">
          <rect width="2" height="2" className="chart-fill--none" />
          <line x1="0" y1="1" x2="2" y2="1" className="chart-ink" strokeWidth="0.3" />
        </pattern>
      </defs>
    </svg>
  );
}

export function fillOf(defs: string, category: SummaryCategory): string {
  return `url(#${defs}-${PATTERN[category]})`;
}

export type BarRow = { key: string; label: string; bar: Bar };

type Props = {
  /** What the chart shows: 'Subtests, BOY', 'Grade K'. */
  title: string;
  /** Whose students, for the picture's title: 'students of Room 4'. */
  of: string;
  rows: readonly BarRow[];
  /** The id ChartDefs was given on this page. */
  defs: string;
  /** Where a segment leads (the grid filtered to its students), or null for no link. */
  hrefFor?: (bar: Bar, segment: Segment) => string | null;
};

const pct = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 10000) / 100);

export function StackedBars({ title, of, rows, defs, hrefFor }: Props) {
  const height = rows.length * ROW + (rows.length - 1) * GAP;
  const categories = rows[0]?.bar.segments ?? [];
  return (
    <figure className="chart sb">
      <figcaption className="chart__title">{title}</figcaption>
      <div className="sb__body" style={{ "--sb-rows": rows.length } as CSSProperties}>
        <div className="sb__labels" aria-hidden="true">
          {rows.map((r) => (
            <span key={r.key}>{r.label}</span>
          ))}
        </div>
        <div className="sb__track">
          <svg role="img" viewBox={`0 0 100 ${height}`} preserveAspectRatio="none" className="sb__svg">
            <title>{`${title}: ${of} by band`}</title>
            {rows.map((r, i) => {
              let x = 0;
              return (
                <g key={r.key} data-row={r.key}>
                  {r.bar.segments.map((s) => {
                    const w = pct(s.count, r.bar.total);
                    const rect =
                      w > 0 ? (
                        <rect
                          key={s.category}
                          x={x}
                          y={i * (ROW + GAP)}
                          width={w}
                          height={ROW}
                          fill={fillOf(defs, s.category)}
                          data-c={s.category}
                          data-n={s.count}
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
            {rows.map((r) => (
              <div key={r.key} className="sb__row">
                {r.bar.segments
                  .filter((s) => s.count > 0)
                  .map((s) => {
                    const href = hrefFor?.(r.bar, s) ?? null;
                    const style = { width: `${pct(s.count, r.bar.total)}%` };
                    return href ? (
                      <a key={s.category} href={href} className="sb__link" style={style}>
                        <b>{s.count}</b>
                        <span className="visually-hidden">{` ${s.label}, ${r.label}`}</span>
                      </a>
                    ) : (
                      <span key={s.category} className="sb__link" style={style} aria-hidden="true">
                        <b>{s.count}</b>
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
              <td />
              {categories.map((s) => (
                <th key={s.category} scope="col">
                  {s.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} data-row={r.key}>
                <th scope="row">{r.label}</th>
                {r.bar.segments.map((s) => (
                  <td key={s.category} data-c={s.category}>
                    {s.count}
                  </td>
                ))}
                <td>{r.bar.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The legend of a set of bars: each category's pattern and its words. */
export function BarsLegend({
  categories,
  labels,
  defs,
}: {
  categories: readonly SummaryCategory[];
  labels: Record<SummaryCategory, string>;
  defs: string;
}) {
  return (
    <ul className="chart-legend">
      {categories.map((c) => (
        <li key={c}>
          <svg width="24" height="14" viewBox="0 0 12 7" aria-hidden="true" focusable="false">
            <rect width="12" height="7" fill={fillOf(defs, c)} className="chart-legend__swatch" />
          </svg>
          {labels[c]}
        </li>
      ))}
    </ul>
  );
}
