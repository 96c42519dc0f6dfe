import type { RiskSeries } from "#app/domain/growth";
import { ChartTable } from "./ChartTable";
import { fillSlots, GROWTH_TEXTS_EN, type GrowthTexts } from "./growth-texts";
import { pathOf, PLOT, xAt } from "./PercentileChart";

// A risk score's probability across the periods (issue 39 item 1). The verdict is the profile
// cell's own (profileCell): a flagged point is drawn as ▼, the flag's mark everywhere, and its
// words are written beside it, so neither colour nor shape alone carries it.

const { W, H, LEFT, RIGHT } = PLOT;
const TOP = 16;
const BOTTOM = 22;
const yAt = (percent: number) => TOP + ((100 - percent) / 100) * (H - TOP - BOTTOM);

export function RiskScoreChart({
  series,
  of,
  texts = GROWTH_TEXTS_EN,
}: {
  series: RiskSeries;
  of: string;
  /** The words drawn, in the family report's language; the student page's English when left out. */
  texts?: GrowthTexts;
}) {
  const n = series.points.length;
  const titleText = fillSlots(texts.riskTitle, {
    score: series.title,
    student: of,
    periods: series.points.map((p) => texts.periods[p.period]).join(", "),
  });
  return (
    <figure className="chart rc" data-kind={series.kind}>
      <svg role="img" viewBox={`0 0 ${W} ${H}`} className="pc__svg">
        <title>{titleText}</title>
        <rect x={LEFT} y={TOP} width={W - LEFT - RIGHT} height={H - TOP - BOTTOM} className="chart-frame" />
        {[0, 50, 100].map((v) => (
          <text key={v} x={LEFT - 4} y={yAt(v) + 3} className="chart-axis" textAnchor="end">
            {`${v}%`}
          </text>
        ))}
        {series.points.map((p, i) => (
          <text key={p.period} x={xAt(i, n)} y={H - 6} className="chart-axis" textAnchor="middle">
            {p.period}
          </text>
        ))}
        <path d={pathOf(series.points, yAt)} className="chart-line" />
        {series.points.map((p, i) => {
          if (p.value === null)
            return (
              <text key={p.period} x={xAt(i, n)} y={H - BOTTOM - 4} className="chart-note" textAnchor="middle">
                {p.text}
              </text>
            );
          const x = xAt(i, n);
          const y = yAt(p.value);
          return (
            <g key={p.period} className="chart-point" data-period={p.period} data-value={p.value} data-tone={p.tone}>
              {p.tone === "risk" ? (
                <path d={`M${x - 4.5} ${y - 3.5} L${x + 4.5} ${y - 3.5} L${x} ${y + 4.5} Z`} className="chart-marker chart-marker--flag" />
              ) : (
                <circle cx={x} cy={y} r="3.5" className="chart-marker" />
              )}
              <text x={x} y={y > TOP + 14 ? y - 7 : y + 14} className="chart-value" textAnchor="middle">
                {p.qualifier ? `${p.text} ${p.qualifier}` : p.text}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="chart__title">{series.title}</figcaption>
      <ChartTable
        first={texts.periodColumn}
        headings={texts.riskColumns}
        rows={series.points.map((p) => ({ period: p.period, label: texts.periods[p.period], figure: p.text, meaning: p.qualifier || "—" }))}
      />
    </figure>
  );
}
