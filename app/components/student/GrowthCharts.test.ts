import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GROWTH_TEXTS_EN } from "#app/components/charts/growth-texts";
import { FamilyReport } from "#app/components/family-report/FamilyReport";
import type { TestCode } from "#app/domain/assessments";
import { buildFamilyReport } from "#app/domain/family-report";
import { growthSeries, riskSeries, type GrowthInput } from "#app/domain/growth";
import { PERIODS } from "#app/domain/periods";
import { NO_PERCENTILE_TEXT } from "#app/domain/results-grid";
import { gradeOneReportInput } from "#app/domain/test-support/family-report-input";
import { gridTest } from "#app/domain/test-support/grid-test";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test runs in Node: the English catalogue's words.
import { FAMILY_REPORT_CATALOGUES } from "#app/i18n/family-report/index.server";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test runs in Node: it puts the report in words as the loaders do.
import { familyReportGrowthView, familyReportView, growthWords } from "#app/i18n/family-report/view.server";
import { GrowthCharts, type Growth } from "./GrowthCharts";

// Issue 39 item 1, leftover: the family report's page of growth charts speaks the report's
// language. A Spanish report's page has no English word of the charts left; an English report's
// page is the student page's charts, character for character.

const codes: TestCode[] = ["letter-names", "vocab", "letter-ran"];
const input: GrowthInput = {
  grade: "1",
  periods: PERIODS.map((p) => ({
    periodName: p,
    GradeAssessmentLists: [{ grade: "1", testCodes: codes.join(",") }],
    tests: {
      BOY: [
        gridTest("vocab", { abilityPercentile: 12.4 }),
        gridTest("letter-names", { abilityPercentile: 61 }),
        // Hand-scored, no norms configured: its seconds and errors, no percentile.
        gridTest("letter-ran", { scoredSecs: 41.5, scoredErrors: 2, invalid: false }),
      ],
      MOY: [
        gridTest("vocab", { abilityPercentile: 35 }),
        gridTest("letter-names", { completedFlag: false }),
        gridTest("letter-ran", { abilityPercentile: 30 }),
      ],
      // Waiting for the teacher's scoring.
      EOY: [gridTest("vocab", { abilityPercentile: 50, invalid: true }), gridTest("letter-ran")],
    }[p],
  })),
  scores: {
    BOY: { dyslexia: 0.5, pwr: 0.7, kready: null, pkRisk: null },
    MOY: { dyslexia: 0.1, pwr: null, kready: null, pkRisk: null },
  },
  flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
  log: () => {},
};
const growth: Growth = { subtests: growthSeries(input), risk: riskSeries(input) };

const report = (lang: "en" | "es") =>
  familyReportView(buildFamilyReport(gradeOneReportInput({ lists: { "1": codes }, tests: [], log: () => {} })), lang);

const charts = (lang: "en" | "es") => {
  const view = familyReportGrowthView(growth, lang);
  return renderToStaticMarkup(
    createElement(GrowthCharts, { growth: view, texts: view.texts, of: "Ana Ruiz", id: "report-growth-title", headingLevel: "h3" }),
  );
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
/** Every number drawn: the points' values and the shaded bands' edges. */
const figures = (html: string) => [...html.matchAll(/data-(?:value|from|to)="([^"]*)"/g)].map((m) => m[1]);

describe("the family report's page of growth charts", () => {
  it("the fixture draws every kind of point: a percentile, none, a RAN's figures, an unfinished test, a risk verdict, no score", () => {
    const words = growth.subtests.flatMap((s) => s.points.map((p) => p.text));
    expect(words).toEqual(
      expect.arrayContaining(["61st", "12th", "35th", "N/A", "In progress", "Not started", "Needs scoring", "41.5 s, 2 errors"]),
    );
    expect(growth.risk.flatMap((s) => s.points.map((p) => `${p.text} ${p.qualifier}`.trim()))).toEqual(
      expect.arrayContaining(["50% At risk", "10% Not at risk", "No score"]),
    );
  });

  it("in Spanish: headings, pictures' names, notes, tables and every point in Spanish", () => {
    const html = charts("es");
    const shown = text(html);
    for (const phrase of [
      "Progreso a lo largo del año",
      "Percentil en cada periodo. Las franjas sombreadas marcan «Muy por debajo de lo esperado» (con rayas) y «Por debajo de lo esperado» (con puntos).",
      "Percentil de Ana Ruiz en Vocabulario (Vocabulary), periodo por periodo: Inicio del año escolar (BOY), Mitad del año escolar (MOY), Fin del año escolar (EOY)",
      "Puntuación de Ana Ruiz en Alerta de riesgo (Risk Flag), periodo por periodo:",
      "Periodo Percentil Nivel",
      "Periodo Puntuación Qué significa",
      "Inicio del año escolar (BOY) 12 Muy por debajo de lo esperado",
      "Mitad del año escolar (MOY) 35 Por debajo de lo esperado",
      "Fin del año escolar (EOY) No disponible —",
      "Sin percentil",
      "41,5 s, 2 errores", // a no-break space before the s, a space once tags are stripped
      "Sin terminar",
      "Sin empezar",
      "Pendiente de calificar",
      "50% En riesgo",
      "10% Sin riesgo",
      "Sin puntuación",
    ])
      expect(shown).toContain(phrase);
    // The school's English names stay beside the Spanish ones, in brackets, as on the report's first page; nothing else is English.
    const unbracketed = shown.replace(/\([^)]*\)/g, "");
    const english = [
      ...Object.values(GROWTH_TEXTS_EN).flatMap((t) => (typeof t === "string" ? t.split(/\{\w+\}/) : [])),
      ...GROWTH_TEXTS_EN.percentileColumns,
      ...GROWTH_TEXTS_EN.riskColumns,
      ...growthWords(FAMILY_REPORT_CATALOGUES.en).keys(),
      "12th",
      "35th",
      "61st",
      "errors",
      "Vocabulary",
      "Letter Names",
      "Risk Flag",
    ]
      .map((w) => w.trim())
      .filter((w) => w.length > 1);
    expect(english).toEqual(expect.arrayContaining(["Growth across the year", "percentile of", "Period", "Band", "No %ile", "At risk"]));
    const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    for (const w of english) expect(unbracketed, w).not.toMatch(new RegExp(`(^|\\W)${escape(w)}(?!\\w)`));
  });

  it("in Spanish the numbers, band edges and periods' codes are the English page's", () => {
    const [en, es] = [charts("en"), charts("es")];
    expect(figures(es)).toEqual(figures(en));
    expect(figures(es)).toEqual(expect.arrayContaining(["12", "35", "61", "1", "20", "40"]));
    const axis = (html: string) => [...html.matchAll(/class="chart-axis"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(axis(es)).toEqual(axis(en));
    expect(axis(es)).toEqual(expect.arrayContaining(["BOY", "MOY", "EOY", "0%", "100%"]));
  });

  it("in English it is the student page's charts, character for character", () => {
    const view = familyReportGrowthView(growth, "en");
    expect(view.texts).toEqual(GROWTH_TEXTS_EN);
    expect(GROWTH_TEXTS_EN.noPercentile).toBe(NO_PERCENTILE_TEXT);
    expect({ subtests: view.subtests, risk: view.risk }).toEqual(growth);
    const screen = renderToStaticMarkup(
      createElement(GrowthCharts, { growth, of: "Ana Ruiz", id: "report-growth-title", headingLevel: "h3" }),
    );
    expect(charts("en")).toBe(screen);
    expect(text(screen)).toContain("Growth across the year");
    expect(screen).toContain("<title>Vocabulary percentile of Ana Ruiz across BOY, MOY, EOY</title>");
  });

  it("a risk score's period it does not apply to: 'No corresponde' in Spanish, the page's 'N/A' in English", () => {
    // Kindergarten's Potential For Word Reading has no EOY cutoff (spec 001 §9).
    const k: GrowthInput = { ...input, grade: "K", scores: { BOY: { dyslexia: null, pwr: 0.7, kready: null, pkRisk: null } } };
    const pwr = riskSeries(k).find((s) => s.kind === "pwr")!;
    expect(pwr.points.at(-1)).toMatchObject({ period: "EOY", value: null, text: "N/A", qualifier: "Not applicable" });
    const inWords = (lang: "en" | "es") => familyReportGrowthView({ subtests: [], risk: [pwr] }, lang).risk[0]!;
    expect(inWords("en")).toEqual(pwr);
    expect(inWords("es").points.at(-1)).toMatchObject({ period: "EOY", value: null, text: "No corresponde", qualifier: "No corresponde" });
  });

  it("sits in the report's article, which carries the report's lang", () => {
    for (const lang of ["en", "es"] as const) {
      const view = { ...report(lang), growth: familyReportGrowthView(growth, lang) };
      const html = renderToStaticMarkup(
        createElement(FamilyReport, {
          report: view,
          children: createElement(GrowthCharts, {
            growth: view.growth,
            texts: view.growth.texts,
            of: "Ana Ruiz",
            id: "report-growth-title",
            headingLevel: "h3",
          }),
        }),
      );
      expect(html).toMatch(new RegExp(`^<article class="family-report" lang="${lang}"`));
      const section = html.indexOf('<section class="sp-growth"');
      expect(section).toBeGreaterThan(0);
      expect(html.lastIndexOf("</article>")).toBeGreaterThan(section);
      // No lang of its own inside: the page is in the report's language.
      expect(html.slice(section)).not.toContain(" lang=");
    }
  });
});
