import { describe, expect, it } from "vitest";
import { ASSESSMENTS, TEST_CODES } from "#app/domain/assessments";
import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import { FAMILY_REPORT_CATALOGUES, FAMILY_REPORT_LANGUAGE_OPTIONS, FAMILY_REPORT_LANGS, isFamilyReportLang } from "./index.server";

/** Every string a catalogue holds, with its path, functions called with sample values. */
function texts(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") {
    const sample =
      value.length === 2
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
});
