import { en } from "./en";
import { es } from "./es";
import type { FamilyReportMessages } from "./messages";
import type { FamilyReportLanguageOption } from "./view";

export type { FamilyReportMessages } from "./messages";

// Server-only (`.server`): the catalogues are the report's largest texts, and pages get the
// report already in words (./view.server.ts), so none of them has to reach the browser.

/**
 * The family report's languages. A new language is one catalogue file typed
 * FamilyReportMessages (the compiler lists every text it still lacks) and one line here.
 */
export const FAMILY_REPORT_CATALOGUES = { en, es } satisfies Record<string, FamilyReportMessages>;

export type FamilyReportLang = keyof typeof FAMILY_REPORT_CATALOGUES;
export const FAMILY_REPORT_LANGS = Object.keys(FAMILY_REPORT_CATALOGUES) as FamilyReportLang[];
export const DEFAULT_FAMILY_REPORT_LANG: FamilyReportLang = "en";

export function isFamilyReportLang(value: unknown): value is FamilyReportLang {
  return typeof value === "string" && Object.hasOwn(FAMILY_REPORT_CATALOGUES, value);
}

export function familyReportMessages(lang: FamilyReportLang): FamilyReportMessages {
  return FAMILY_REPORT_CATALOGUES[lang];
}

/** The language choice: each language named in itself. */
export const FAMILY_REPORT_LANGUAGE_OPTIONS: FamilyReportLanguageOption<FamilyReportLang>[] = FAMILY_REPORT_LANGS.map((lang) => ({
  value: lang,
  label: FAMILY_REPORT_CATALOGUES[lang].languageName,
}));
