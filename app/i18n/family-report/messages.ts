import type { AssessmentGroup, TestCode } from "#app/domain/assessments";
import type { IsoDate } from "#app/domain/calendar-date";
import type { FamilyReportBand, FamilyReportExplanation, FamilyReportStatus, FamilyReportSummary } from "#app/domain/family-report";
import type { Grade } from "#app/domain/grades";
import type { Period } from "#app/domain/periods";

/**
 * Every word of the family report in one language. A catalogue is a value of this type, so a
 * language missing a key, a grade, a subtest or a band does not compile. Texts that carry numbers
 * are functions, so each language places and inflects them its own way.
 */
import type { ScoreKind } from "#app/domain/results-grid";
import type { StandardKind } from "#app/domain/screening-standards";

export type FamilyReportMessages = {
  /** The language's name in itself, for the language choice ('English', 'Español'). */
  languageName: string;
  /** BCP 47 tag of the report's lang attribute. */
  htmlLang: string;
  productName: string;
  title: string;
  reportDate: (date: string) => string;
  formatDate: (date: IsoDate) => string;
  grades: Record<Grade, string>;
  periods: Record<Period, string>;
  schoolYear: (year: string) => string;
  student: {
    heading: string;
    name: string;
    grade: string;
    dateOfBirth: string;
    school: string;
    teachers: string;
    period: string;
    screenedOn: string;
    notScreened: string;
  };
  about: {
    heading: string;
    /** Said for every grade: what a screener is and is not. */
    intro: string;
    duration: (minutes: number) => string;
    /** For a roster grade the screener does not cover. */
    gradeNotScreened: string;
  };
  /** What the screener measures in each grade, and what the family can do at home. */
  explanations: Record<FamilyReportExplanation, { measures: string; atHome: string[] }>;
  results: {
    heading: (period: string) => string;
    columns: { area: string; activity: string; result: string; meaning: string };
    /** 'No subtests assigned to student grade.' (spec 001 §2) in this language. */
    noSubtests: string;
  };
  summary: (s: FamilyReportSummary, firstName: string) => string;
  groups: Record<AssessmentGroup, string>;
  tests: Record<TestCode, { name: string; what: string }>;
  score: {
    percentile: (value: number) => string;
    ratio: (correctOfTotal: string) => string;
    tbd: string;
    notAvailable: string;
    /** A hand-scored RAN's raw figures: '41 s, 2 errors'. */
    ranTime: (seconds: number, errors?: number | null) => string;
    /** Beside them: no norms configured, so no percentile (issue 34 item 4). */
    noNorms: string;
    /** A result judged by a theta cutoff that is not configured. */
    noCutoff: string;
  };
  statuses: Record<Exclude<FamilyReportStatus, "complete">, string>;
  bands: Record<FamilyReportBand, string>;
  key: {
    heading: string;
    percentile: string;
    bands: Record<FamilyReportBand, string>;
    tbd: string;
    /** Where the norms and cutoffs behind some results come from ('RAN norms: Riverside USD norms study, 2025'). */
    sources: (list: string) => string;
    sourceKinds: Record<StandardKind, string>;
  };
  atHomeHeading: string;
  closing: string;
  /**
   * The report's page of growth charts (issue 39 item 1): every word the charts draw. English is
   * the student page's own words (app/components/charts/growth-texts.ts and the grid's), so the
   * English report's page reads as the screen does. Band words, test names, 'N/A', the RAN's
   * figures and 'No cutoff configured' are the report's own (bands, tests, score) in every language.
   */
  growth: {
    heading: string;
    /** Names the two shaded bands with the words of `bands`. */
    note: string;
    /** A percentile chart's picture, named. */
    percentileTitle: (test: string, student: string, periods: string) => string;
    /** A risk-score chart's picture, named. */
    riskTitle: (score: string, student: string, periods: string) => string;
    /** A period in the pictures' names and the tables' rows (the axes keep BOY, MOY, EOY). */
    periods: Record<Period, string>;
    columns: { period: string; percentile: string; band: string; score: string; meaning: string };
    /** Drawn where a period has no percentile ('No %ile'). */
    noPercentile: string;
    /** A percentile written over its point and in the table ('45th'); short, the points are close. */
    percentile: (value: number) => string;
    /** The risk scores' names: the predictive profile's titles in English. */
    scores: Record<ScoreKind, string>;
    /**
     * A period's words where it has no figure: the grid's in English. `notApplicable` is a risk
     * score's period without a cutoff ('N/A' beside 'Not applicable'), not the report's 'N/A' of an
     * invalid test (score.notAvailable).
     */
    cells: { notStarted: string; inProgress: string; needsScoring: string; noScore: string; tbd: string; notApplicable: string };
    /** What a risk score means, written beside it: the predictive profile's words in English. */
    qualifiers: {
      atRisk: string;
      notAtRisk: string;
      highRisk: string;
      moderateRisk: string;
      lowRisk: string;
      emerging: string;
      ready: string;
      notApplicable: string;
    };
  };
};
