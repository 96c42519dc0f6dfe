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
};
