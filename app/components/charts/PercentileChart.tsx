import type { GrowthSeries } from "#app/domain/growth";
import { PERCENTILE_SCALE } from "#app/domain/growth";
import { ChartTable } from "./ChartTable";
import { fillSlots, GROWTH_TEXTS_EN, type GrowthTexts } from "./growth-texts";
import { fillOf } from "./StackedBars";

// One subtest's percentile across the periods (issue 39 item 1): the two lower bands shaded with
// the domain's edges, each point labelled with its percentile, the numbers as a table for screen
// readers. Drawn in ink on patterns, it prints the same in black and white.

// Room on the right for the last period's label ('17% At risk' is centred on its point).
const W = 290;
const H = 130;
const LEFT = 34;
const RIGHT = 42;
/** The plot's box, shared with the risk-score chart so both read alike. */
export const PLOT = { W, H, LEFT, RIGHT };
const TOP = 16;
const BOTTOM = 22;

export const xAt = (i: number, n: number) => LEFT + (W - LEFT - RIGHT) * (n === 1 ? 0.5 : i / (n - 1));
const yAt = (value: number) => TOP + ((PERCENTILE_SCALE.max - value) / (PERCENTILE_SCALE.max - PERCENTILE_SCALE.min)) * (H - TOP - BOTTOM);

/** The line through the points that have a value; a period without one breaks it. */
export function pathOf(points: readonly { value: number | null }[], y: (v: number) => number): string {
  let d = "";
  let pen = false;
  points.forEach((p, i) => {
    if (p.value === null) {
      pen = false;
      return;
    }
    d += `${pen ? "L" : "M"}${xAt(i, points.length).toFixed(1)} ${y(p.value).toFixed(1)} `;
    pen = true;
  });
  return d.trim();
}

export function PercentileChart({
  series,
  of,
  defs,
  texts = GROWTH_TEXTS_EN,
}: {
  series: GrowthSeries;
  of: string;
  defs: string;
  /** The words drawn, in the family report's language; the student page's English when left out. */
  texts?: GrowthTexts;
}) {
  const n = series.points.length;
  const titleText = fillSlots(texts.percentileTitle, {
    test: series.title,
    student: of,
    periods: series.points.map((p) => texts.periods[p.period]).join(", "),
  });
  const edges = [...new Set([PERCENTILE_SCALE.min, ...PERCENTILE_SCALE.bands.map((b) => b.to), PERCENTILE_SCALE.max])];
  return (
    <figure className="chart pc" data-test-code={series.testCode}>
      <svg role="img" viewBox={`0 0 ${W} ${H}`} className="pc__svg">
        <title>{titleText}</title>
        {PERCENTILE_SCALE.bands.map((b) => (
          <rect
            key={b.band}
            x={LEFT}
            y={yAt(b.to)}
            width={W - LEFT - RIGHT}
            height={yAt(b.from) - yAt(b.to)}
            fill={fillOf(defs, b.band)}
            className="pc__band"
            data-band={b.band}
            data-from={b.from}
            data-to={b.to}
          />
        ))}
        <rect x={LEFT} y={TOP} width={W - LEFT - RIGHT} height={H - TOP - BOTTOM} className="chart-frame" />
        {edges.map((v) => (
          <text key={v} x={LEFT - 4} y={yAt(v) + 3} className="chart-axis" textAnchor="end">
            {v}
          </text>
        ))}
        {series.points.map((p, i) => (
          <text key={p.period} x={xAt(i, n)} y={H - 6} className="chart-axis" textAnchor="middle">
            {p.period}
          </text>
        ))}
        <path d={pathOf(series.points, yAt)} className="chart-line" />
        {series.points.map((p, i) =>
          p.value === null ? (
            <text key={p.period} x={xAt(i, n)} y={H - BOTTOM - 4} className="chart-note" textAnchor="middle">
              {texts.noPercentile}
            </text>
          ) : (
            <g key={p.period} className="chart-point" data-period={p.period} data-value={p.value}>
              <circle cx={xAt(i, n)} cy={yAt(p.value)} r="3.5" className="chart-marker" />
              <text x={xAt(i, n)} y={yAt(p.value) - 6} className="chart-value" textAnchor="middle">
                {p.text}
              </text>
            </g>
          ),
        )}
      </svg>
      <figcaption className="chart__title">{series.title}</figcaption>
      <ChartTable
        first={texts.periodColumn}
        headings={texts.percentileColumns}
        rows={series.points.map((p) => ({ period: p.period, label: texts.periods[p.period], figure: p.text, meaning: p.bandLabel ?? "—" }))}
      />
    </figure>
  );
}
