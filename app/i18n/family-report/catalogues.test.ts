import { describe, expect, it } from "vitest";
import { ASSESSMENTS, TEST_CODES } from "#app/domain/assessments";
import { PERCENTILE_BAND_LABELS } from "#app/domain/percentile";
import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import { PROFILE_TITLES } from "#app/domain/results-grid";
import { FAMILY_REPORT_CATALOGUES, FAMILY_REPORT_LANGUAGE_OPTIONS, FAMILY_REPORT_LANGS, isFamilyReportLang } from "./index.server";
import { familyReportGrowthView, growthWords } from "./view.server";

/** Every string a catalogue holds, with its path, functions called with sample values. */
function texts(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") {
    const sample =
      value.length === 3
        ? value("Vocabulary", "Ana", "BOY, MOY")
        : value.length === 2
          ? value({ assigned: 3, finished: 2, onTrack: 1, support: 1, strongSupport: 0 }, "Ana")
          : value(path === "formatDate" ? "2027-01-03" : 7);
    return [[`${path}()`, String(sample)]];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  throw new Error(`Unexpected value at ${path}`);
}

describe("family report catalogues", () => {
  it("lists English and Spanish, each named in itself", () => {
    expect(FAMILY_REPORT_LANGUAGE_OPTIONS).toEqual([
      { value: "en", label: "English" },
      { value: "es", label: "Español" },
    ]);
    expect(isFamilyReportLang("es")).toBe(true);
    expect(isFamilyReportLang("fr")).toBe(false);
    expect(isFamilyReportLang("toString")).toBe(false);
  });

  it.each(FAMILY_REPORT_LANGS)("%s has no empty text", (lang) => {
    const all = texts(FAMILY_REPORT_CATALOGUES[lang]);
    expect(all.length).toBeGreaterThan(100);
    for (const [path, text] of all) expect(text.trim(), path).not.toBe("");
  });

  it("Spanish is a translation, not a copy: no sentence-length text is left in English", () => {
    const english = new Map(texts(FAMILY_REPORT_CATALOGUES.en));
    for (const [path, text] of texts(FAMILY_REPORT_CATALOGUES.es)) {
      if (text.length > 12) expect(text, path).not.toBe(english.get(path));
    }
  });

  it("English subtest names are the grid's titles, so a family and a teacher read the same name", () => {
    for (const code of TEST_CODES) expect(FAMILY_REPORT_CATALOGUES.en.tests[code].name).toBe(ASSESSMENTS[code].title);
    // Spanish keeps the school's English name beside its own.
    for (const code of TEST_CODES) expect(FAMILY_REPORT_CATALOGUES.es.tests[code].name).toContain(`(${ASSESSMENTS[code].title})`);
  });

  it("English period names are the selector's", () => {
    for (const p of PERIODS) expect(FAMILY_REPORT_CATALOGUES.en.periods[p]).toBe(PERIOD_LABELS[p]);
  });

  it.each([
    ["en", "2027-01-03", "January 3, 2027"],
    ["en", "2026-12-31", "December 31, 2026"],
    ["es", "2027-01-03", "3 de enero de 2027"],
    ["es", "2026-09-15", "15 de septiembre de 2026"],
  ] as const)("%s formats %s as %j", (lang, iso, shown) => {
    expect(FAMILY_REPORT_CATALOGUES[lang].formatDate(iso)).toBe(shown);
  });

  it.each([
    ["en", 1, "1st percentile"],
    ["en", 22, "22nd percentile"],
    ["en", 13, "13th percentile"],
    ["es", 22, "Percentil 22"],
  ] as const)("%s percentile %i reads %j", (lang, value, shown) => {
    expect(FAMILY_REPORT_CATALOGUES[lang].score.percentile(value)).toBe(shown);
  });

  // The report's page of growth charts (issue 39 item 1).
  // That the English texts are the student page's charts' own is GrowthCharts.test.ts's (components sit above i18n).
  it("English growth words are the grid's and the predictive profile's, so the English report's page reads as the screen", () => {
    const { riskCategory: _category, ...scores } = PROFILE_TITLES;
    expect(FAMILY_REPORT_CATALOGUES.en.growth.scores).toEqual(scores);
    // Every word a series can hold is itself in English: the grid's and the profile's words, unchanged.
    for (const [word, english] of growthWords(FAMILY_REPORT_CATALOGUES.en)) expect(english, word).toBe(word);
  });

  it("Spanish growth texts: every chart word translated, the periods named as the report names them", () => {
    const { en, es } = FAMILY_REPORT_CATALOGUES;
    const spanish = familyReportGrowthView({ subtests: [], risk: [] }, "es").texts;
    expect(spanish.heading).toBe("Progreso a lo largo del año");
    expect(spanish.percentileTitle).toBe("Percentil de {student} en {test}, periodo por periodo: {periods}");
    expect(spanish.riskTitle).toBe("Puntuación de {student} en {score}, periodo por periodo: {periods}");
    expect([spanish.periodColumn, ...spanish.percentileColumns, ...spanish.riskColumns]).toEqual([
      "Periodo",
      "Percentil",
      "Nivel",
      "Puntuación",
      "Qué significa",
    ]);
    expect(es.growth.periods).toEqual(es.periods);
    const english = familyReportGrowthView({ subtests: [], risk: [] }, "en").texts;
    for (const [key, text] of Object.entries(spanish)) {
      if (typeof text === "string") expect(text, key).not.toBe(english[key as keyof typeof english]);
    }
    const words = growthWords(es);
    expect([...words.keys()]).toEqual([...growthWords(en).keys()]);
    for (const [word, translated] of words) expect(translated, word).not.toBe(word);
    // The school's name of each score stays beside the Spanish one, as the subtests' names do.
    const { riskCategory: _category, ...scores } = PROFILE_TITLES;
    for (const [kind, title] of Object.entries(scores)) expect(es.growth.scores[kind as keyof typeof scores]).toContain(`(${title})`);
  });

  it.each(FAMILY_REPORT_LANGS)("%s: the growth note names the two shaded bands with the report's band words", (lang) => {
    const m = FAMILY_REPORT_CATALOGUES[lang];
    expect(m.growth.note).toContain(m.bands["well-below"]);
    expect(m.growth.note).toContain(m.bands.below);
    if (lang === "en") expect(m.bands.below).toBe(PERCENTILE_BAND_LABELS.below);
  });

  it.each([
    ["en", 45, "45th"],
    ["es", 45, "45"],
  ] as const)("%s growth chart writes percentile %i as %j", (lang, value, shown) => {
    expect(FAMILY_REPORT_CATALOGUES[lang].growth.percentile(value)).toBe(shown);
  });
});
