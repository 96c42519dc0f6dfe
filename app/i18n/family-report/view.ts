import type { FamilyReportBand } from "#app/domain/family-report";

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
};

/** A choice of the report's language, named in itself ('English', 'Español'). */
export type FamilyReportLanguageOption<Lang extends string = string> = { value: Lang; label: string };
