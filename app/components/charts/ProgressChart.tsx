import { dayNumber, type IsoDate } from "#app/domain/calendar-date";
import { goalAt, type ProgressChartModel } from "#app/domain/progress-monitoring";
import { ChartTable } from "./ChartTable";

// One measure's progress between benchmarks (issue 39 item 6): the probes as labelled points on a
// line, the goal line (dashed, from the last benchmark's score to the next benchmark's target),
// the least-squares trend (dotted) once there are three probes, and support sessions as markers.
// Each line has its own dash and each mark its own shape, named in the legend, so the chart reads
// the same in black and white; the numbers are a table for screen readers. RAN is timed, and fewer
// seconds is better: its axis runs with the fastest time at the top, so 'below the goal line'
// means short of the goal for every measure.

/**
 * A support session to mark on the chart (issue 39 item 7): drawn as a ▲ on the date axis with a
 * thin line up the plot and its short label, and listed in the table. Pass them in; the chart
 * draws those within its dates and lists them all. The support-groups work passes a group's
 * logged sessions here, e.g. `{ date: "2026-01-14", label: "Group B, 20 min" }`.
 */
export type SupportSessionMarker = { date: IsoDate; label: string };

const W = 440;
const H = 210;
const LEFT = 40;
const RIGHT = 18;
const TOP = 18;
const BOTTOM = 40;
const PLOT_W = W - LEFT - RIGHT;
const PLOT_H = H - TOP - BOTTOM;

const n1 = (v: number) => Number(v.toFixed(1));
const fmt = (v: number) => String(Number(v.toFixed(1)));

type Props = {
  chart: ProgressChartModel;
  /** Whose probes, for the picture's title: the student's name. */
  of: string;
  /** Support sessions to mark (optional): see SupportSessionMarker. */
  sessions?: readonly SupportSessionMarker[];
  /** Id of the figure's caption (unique on the page). */
  id: string;
};

export function ProgressChart({ chart, of, sessions = [], id }: Props) {
  const dates = [
    ...chart.points.map((p) => p.date),
    ...(chart.benchmark ? [chart.benchmark.date] : []),
    ...(chart.goal ? [chart.goal.from.date, chart.goal.to.date] : []),
    ...sessions.map((s) => s.date),
  ].map(dayNumber);
  const first = dates.length ? Math.min(...dates) : 0;
  const last = dates.length ? Math.max(...dates) : 0;
  // A week either side when everything falls on one day, so a lone point sits mid-plot.
  const [d0, d1] = first === last ? [first - 7, last + 7] : [first, last];
  const xAt = (date: IsoDate) => LEFT + ((dayNumber(date) - d0) / (d1 - d0)) * PLOT_W;
  const { min, max } = chart.scale;
  const fraction = (v: number) => (Math.min(max, Math.max(min, v)) - min) / (max - min);
  // Letters: more is higher. Seconds: fewer is higher (faster at the top).
  const yAt = (v: number) => (chart.higherIsBetter ? TOP + (1 - fraction(v)) * PLOT_H : TOP + fraction(v) * PLOT_H);
  const dayIso = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
  const axisLabel = chart.higherIsBetter ? `${chart.unit}` : `${chart.unit} (faster is higher)`;
  const titleText = `${chart.title} probes of ${of}${chart.goal ? ", with the goal line" : ""}${chart.trend ? " and the trend" : ""}`;
  const linePath = chart.points.map((p, i) => `${i === 0 ? "M" : "L"}${n1(xAt(p.date))} ${n1(yAt(p.value))}`).join(" ");
  const shown = sessions.filter((s) => dayNumber(s.date) >= d0 && dayNumber(s.date) <= d1);

  const rows = [
    ...(chart.benchmark
      ? [{ date: chart.benchmark.date, figure: fmt(chart.benchmark.value), meaning: `${chart.benchmark.period} benchmark` }]
      : []),
    ...chart.points.map((p) => ({
      date: p.date,
      figure: p.label,
      meaning: chart.goal ? `Probe; goal line here ${fmt(goalAt(chart.goal, p.date))}` : "Probe",
    })),
    ...(chart.goal
      ? [{ date: chart.goal.to.date, figure: fmt(chart.goal.to.value), meaning: `${chart.goal.to.period} target (goal line's end)` }]
      : []),
    ...sessions.map((s) => ({ date: s.date, figure: "—", meaning: `Support session: ${s.label}` })),
  ]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((r) => ({ period: r.date, figure: r.figure, meaning: r.meaning }));

  return (
    <figure className="chart prog" data-measure={chart.measure} aria-labelledby={id}>
      <figcaption id={id} className="chart__title">
        {chart.title}
      </figcaption>
      <svg role="img" viewBox={`0 0 ${W} ${H}`} className="prog__svg">
        <title>{titleText}</title>
        <rect x={LEFT} y={TOP} width={PLOT_W} height={PLOT_H} className="chart-frame" />
        {[min, (min + max) / 2, max].map((v) => (
          <text key={v} x={LEFT - 4} y={yAt(v) + 3} className="chart-axis" textAnchor="end">
            {fmt(v)}
          </text>
        ))}
        <text x={LEFT} y={TOP - 6} className="chart-axis">
          {axisLabel}
        </text>
        {dates.length > 0 ? (
          <>
            <text x={LEFT} y={H - BOTTOM + 12} className="chart-axis" textAnchor="start">
              {dayIso(d0)}
            </text>
            <text x={W - RIGHT} y={H - BOTTOM + 12} className="chart-axis" textAnchor="end">
              {dayIso(d1)}
            </text>
          </>
        ) : null}
        {shown.map((s, i) => {
          const x = n1(xAt(s.date));
          return (
            <g key={`${s.date}-${i}`} className="chart-session" data-date={s.date}>
              <line x1={x} y1={TOP} x2={x} y2={TOP + PLOT_H} className="chart-session__line" />
              <path d={`M${x} ${TOP + PLOT_H - 7} L${x + 5} ${TOP + PLOT_H} L${x - 5} ${TOP + PLOT_H} Z`} className="chart-ink-fill" />
              <text x={x} y={H - BOTTOM + 24} className="chart-note" textAnchor="middle">
                {s.label.length > 14 ? `${s.label.slice(0, 13)}…` : s.label}
              </text>
            </g>
          );
        })}
        {chart.goal ? (
          <g className="chart-goal" data-from={chart.goal.from.value} data-to={chart.goal.to.value}>
            <line
              x1={n1(xAt(chart.goal.from.date))}
              y1={n1(yAt(chart.goal.from.value))}
              x2={n1(xAt(chart.goal.to.date))}
              y2={n1(yAt(chart.goal.to.value))}
              className="chart-goal__line"
            />
            <rect
              x={n1(xAt(chart.goal.from.date)) - 3.5}
              y={n1(yAt(chart.goal.from.value)) - 3.5}
              width="7"
              height="7"
              className="chart-marker"
            />
            <text x={xAt(chart.goal.from.date)} y={yAt(chart.goal.from.value) + 15} className="chart-value" textAnchor="start">
              {`${chart.goal.from.period} ${fmt(chart.goal.from.value)}`}
            </text>
            <path
              d={`M${n1(xAt(chart.goal.to.date))} ${n1(yAt(chart.goal.to.value)) - 5} l5 5 l-5 5 l-5 -5 Z`}
              className="chart-marker chart-marker--flag"
            />
            <text x={xAt(chart.goal.to.date)} y={yAt(chart.goal.to.value) - 8} className="chart-value" textAnchor="end">
              {`${chart.goal.to.period} target ${fmt(chart.goal.to.value)}`}
            </text>
          </g>
        ) : chart.benchmark ? (
          <g className="chart-benchmark">
            <rect
              x={n1(xAt(chart.benchmark.date)) - 3.5}
              y={n1(yAt(chart.benchmark.value)) - 3.5}
              width="7"
              height="7"
              className="chart-marker"
            />
            <text x={xAt(chart.benchmark.date)} y={yAt(chart.benchmark.value) + 15} className="chart-value" textAnchor="start">
              {`${chart.benchmark.period} ${fmt(chart.benchmark.value)}`}
            </text>
          </g>
        ) : null}
        {chart.trend ? (
          <line
            x1={n1(xAt(chart.trend.from.date))}
            y1={n1(yAt(chart.trend.from.value))}
            x2={n1(xAt(chart.trend.to.date))}
            y2={n1(yAt(chart.trend.to.value))}
            className="chart-trend"
            data-slope={chart.trend.slopePerWeek}
          />
        ) : null}
        {chart.points.length > 1 ? <path d={linePath} className="chart-line" /> : null}
        {chart.points.map((p) => (
          <g key={p.probeId} className="chart-point" data-date={p.date} data-value={p.value}>
            <circle cx={n1(xAt(p.date))} cy={n1(yAt(p.value))} r="3.5" className="chart-marker" />
            <text x={xAt(p.date)} y={yAt(p.value) - 7} className="chart-value" textAnchor="middle">
              {fmt(p.value)}
            </text>
          </g>
        ))}
        {chart.points.length === 0 ? (
          <text x={LEFT + PLOT_W / 2} y={TOP + PLOT_H / 2} className="chart-note" textAnchor="middle">
            No probes yet
          </text>
        ) : null}
      </svg>
      <ul className="chart-legend prog__legend">
        <li>
          <svg width="26" height="12" viewBox="0 0 26 12" aria-hidden="true" focusable="false">
            <line x1="1" y1="6" x2="25" y2="6" className="chart-line" />
            <circle cx="13" cy="6" r="3.5" className="chart-marker" />
          </svg>
          Probes ({chart.unit})
        </li>
        {chart.goal ? (
          <li>
            <svg width="26" height="12" viewBox="0 0 26 12" aria-hidden="true" focusable="false">
              <line x1="1" y1="6" x2="25" y2="6" className="chart-goal__line" />
            </svg>
            Goal line: {chart.goal.from.period} benchmark to the {chart.goal.to.period} target (targets: <cite>{chart.goal.source}</cite>)
          </li>
        ) : null}
        {chart.trend ? (
          <li>
            <svg width="26" height="12" viewBox="0 0 26 12" aria-hidden="true" focusable="false">
              <line x1="1" y1="6" x2="25" y2="6" className="chart-trend" />
            </svg>
            Trend: {chart.trend.slopePerWeek > 0 ? "+" : ""}
            {fmt(chart.trend.slopePerWeek)} {chart.unit} a week
          </li>
        ) : null}
        {sessions.length > 0 ? (
          <li>
            <svg width="26" height="12" viewBox="0 0 26 12" aria-hidden="true" focusable="false">
              <path d="M13 2 L18 11 L8 11 Z" className="chart-ink-fill" />
            </svg>
            Support sessions
          </li>
        ) : null}
      </ul>
      {chart.noGoal ? <p className="prog__note">{chart.noGoal}</p> : null}
      {chart.advice ? (
        <p className="prog__advice" data-advice={chart.advice.kind}>
          <strong>{chart.advice.text}.</strong> {chart.advice.because} Decision rule: <cite>{chart.advice.source}</cite>.
        </p>
      ) : null}
      <ChartTable first="Date" headings={["Figure", "What"]} rows={rows} />
    </figure>
  );
}
