import { PercentileChart } from "#app/components/charts/PercentileChart";
import { RiskScoreChart } from "#app/components/charts/RiskScoreChart";
import { ChartDefs } from "#app/components/charts/StackedBars";
import type { GrowthSeries, RiskSeries } from "#app/domain/growth";

export type Growth = { subtests: GrowthSeries[]; risk: RiskSeries[] };

/** The student's growth across the periods (issue 39 item 1): risk scores, then one chart per subtest. */
export function GrowthCharts({
  growth,
  of,
  id,
  headingLevel: H = "h2",
}: {
  growth: Growth;
  of: string;
  id: string;
  headingLevel?: "h2" | "h3";
}) {
  if (growth.subtests.length === 0 && growth.risk.length === 0) return null;
  return (
    <section className="sp-growth" aria-labelledby={id}>
      <H id={id}>Growth across the year</H>
      <ChartDefs id={`${id}-defs`} />
      <p className="sp-growth__note">
        Percentiles by period; the shaded bands are Well Below Benchmark (hatched) and Below Benchmark (dotted).
      </p>
      {growth.risk.length > 0 ? (
        <div className="charts-grid">
          {growth.risk.map((s) => (
            <RiskScoreChart key={s.kind} series={s} of={of} />
          ))}
        </div>
      ) : null}
      {growth.subtests.length > 0 ? (
        <div className="charts-grid">
          {growth.subtests.map((s) => (
            <PercentileChart key={s.testCode} series={s} of={of} defs={`${id}-defs`} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
