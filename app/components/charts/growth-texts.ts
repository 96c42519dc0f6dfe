import type { GrowthTexts } from "#app/i18n/family-report/view";

export type { GrowthTexts };

// The words the growth charts draw (issue 39 item 1), so the family report's page of them can be
// in the report's language: the report's catalogues fill them on the server
// (app/i18n/family-report/view.server.ts, familyReportGrowthView) and the page gets these strings
// only. The student page's own charts use the English below, the words they have always had.

/** The student page's words, unchanged (the English catalogue's growth texts are these; GrowthCharts.test.ts). */
export const GROWTH_TEXTS_EN: GrowthTexts = {
  heading: "Growth across the year",
  note: "Percentiles by period; the shaded bands are Well Below Benchmark (hatched) and Below Benchmark (dotted).",
  percentileTitle: "{test} percentile of {student} across {periods}",
  riskTitle: "{score} score of {student} across {periods}",
  periods: { BOY: "BOY", MOY: "MOY", EOY: "EOY" },
  periodColumn: "Period",
  percentileColumns: ["Percentile", "Band"],
  riskColumns: ["Score", "Meaning"],
  noPercentile: "No %ile",
};

/** A text's {name} slots filled; a slot without a value is left as it is. */
export function fillSlots(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => (Object.hasOwn(values, name) ? values[name]! : slot));
}
