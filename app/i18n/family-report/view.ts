import type { FamilyReportBand } from "#app/domain/family-report";
import type { GrowthSeries, RiskSeries } from "#app/domain/growth";
import type { Period } from "#app/domain/periods";

// The family report in one language, every text already in words: what the loaders send and the
// FamilyReport component prints. The server fills it from the model and the catalogue
// (./view.server.ts), so the browser gets this page's sentences, never a catalogue.

/** A band as printed: a mark beside its word, so it survives black-and-white paper. */
export type FamilyReportBandView = { band: FamilyReportBand; mark: string; word: string };

/** The result and meaning columns of one subtest row. */
export type FamilyReportCellView =
  /** Not finished, or not scorable yet: one text across both columns. */
  | { kind: "status"; text: string }
  /** A band or a proficiency outcome is the whole result: the band across both columns. */
  | { kind: "band"; band: FamilyReportBandView }
  /** A score, and its band where it has one, or words in its place ('No norms configured'). */
  | { kind: "score"; score: string; band: FamilyReportBandView | null; note?: string };

export type FamilyReportRowView = { testCode: string; name: string; what: string; cell: FamilyReportCellView };

export type FamilyReportView = {
  participantId: string;
  /** BCP 47 tag of the report's lang attribute. */
  htmlLang: string;
  productName: string;
  /** 'Report date: January 20, 2027'. */
  reportDate: string;
  /** 'Family Report: Ana Ruiz'. */
  title: string;
  /** The accessible name of the student facts. */
  studentLabel: string;
  facts: { term: string; value: string }[];
  about: { heading: string; text: string; duration: string | null };
  results: { heading: string } & (
    | { noSubtests: string }
    | {
        summary: string;
        columns: { area: string; activity: string; result: string; meaning: string };
        groups: { group: string; name: string; rows: FamilyReportRowView[] }[];
      }
  );
  /** The meaning of what this report shows, and only that, so the page stays one page; null when it shows nothing to explain. */
  key: { heading: string; paragraphs: string[]; bands: { band: FamilyReportBandView; meaning: string }[] } | null;
  atHome: { heading: string; tips: string[] } | null;
  closing: string;
  /** The page of growth charts the student profile's report may add (issue 39 item 1); absent where the page prints none. */
  growth?: FamilyReportGrowthView | null;
};

/**
 * The words the growth charts draw (app/components/charts), so the report's page of them can be in
 * the report's language. A title's {slots} are filled by the chart, which knows its series. The
 * student page's own charts use the English (GROWTH_TEXTS_EN in app/components/charts/growth-texts.ts).
 */
export type GrowthTexts = {
  /** The section's heading. */
  heading: string;
  /** Under the heading: what the charts draw and how the shaded bands are told apart. */
  note: string;
  /** A percentile chart's picture, named: '{test} percentile of {student} across {periods}'. */
  percentileTitle: string;
  /** A risk-score chart's picture, named: '{score} score of {student} across {periods}'. */
  riskTitle: string;
  /** A period in the pictures' names and the tables' rows; the axes keep the period's code (BOY). */
  periods: Record<Period, string>;
  /** The tables' first column. */
  periodColumn: string;
  /** A percentile chart's table: the figure's and its band's columns. */
  percentileColumns: readonly [figure: string, meaning: string];
  /** A risk-score chart's table: the score's and its meaning's columns. */
  riskColumns: readonly [figure: string, meaning: string];
  /** Drawn where a period has no percentile. */
  noPercentile: string;
};

/**
 * The report's page of growth charts in one language (issue 39 item 1): the charts' words, and the
 * student's series with every word in them (test and score names, point texts, band words, what a
 * score means) in that language. Numbers, periods' codes and band edges are the series' own.
 */
export type FamilyReportGrowthView = { texts: GrowthTexts; subtests: GrowthSeries[]; risk: RiskSeries[] };

/** A choice of the report's language, named in itself ('English', 'Español'). */
export type FamilyReportLanguageOption<Lang extends string = string> = { value: Lang; label: string };
