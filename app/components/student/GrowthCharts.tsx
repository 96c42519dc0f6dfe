import { GROWTH_TEXTS_EN, type GrowthTexts } from "#app/components/charts/growth-texts";
import { PercentileChart } from "#app/components/charts/PercentileChart";
import { RiskScoreChart } from "#app/components/charts/RiskScoreChart";
import { ChartDefs } from "#app/components/charts/StackedBars";
import type { GrowthSeries, RiskSeries } from "#app/domain/growth";

export type Growth = { subtests: GrowthSeries[]; risk: RiskSeries[] };

/**
 * The student's growth across the periods (issue 39 item 1): risk scores, then one chart per subtest.
 * The family report's page of them passes its language's words, and its series in those words
 * (familyReportGrowthView); the student page keeps the English.
 */
export function GrowthCharts({
  growth,
  of,
  id,
  headingLevel: H = "h2",
  texts = GROWTH_TEXTS_EN,
}: {
  growth: Growth;
  of: string;
  id: string;
  headingLevel?: "h2" | "h3";
  texts?: GrowthTexts;
}) {
  if (growth.subtests.length === 0 && growth.risk.length === 0) return null;
  return (
    <section className="sp-growth" aria-labelledby={id}>
      <H id={id}>{texts.heading}</H>
      <ChartDefs id={`${id}-defs`} />
      <p className="sp-growth__note">{texts.note}</p>
      {growth.risk.length > 0 ? (
        <div className="charts-grid">
          {growth.risk.map((s) => (
            <RiskScoreChart key={s.kind} series={s} of={of} texts={texts} />
          ))}
        </div>
      ) : null}
      {growth.subtests.length > 0 ? (
        <div className="charts-grid">
          {growth.subtests.map((s) => (
            <PercentileChart key={s.testCode} series={s} of={of} defs={`${id}-defs`} texts={texts} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
