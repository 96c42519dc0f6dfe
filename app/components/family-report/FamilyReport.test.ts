import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildFamilyReport, type FamilyReportInput } from "#app/domain/family-report";
import type { GridTest } from "#app/domain/results-grid";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a test runs in Node: it puts the report in words as the loaders do.
import { familyReportView } from "#app/i18n/family-report/view.server";
import { FAMILY_REPORT_PRINT_ONLY, FamilyReport } from "./FamilyReport";

function test(fields: Partial<GridTest> & Pick<GridTest, "testCode">): GridTest {
  return {
    participantTestId: `t-${fields.testCode}`,
    startDtTm: "2027-01-10T10:00:00.000Z",
    endDtTm: "2027-01-10T10:05:00.000Z",
    updatedAt: "2027-01-10T10:05:00.000Z",
    completedFlag: true,
    invalid: null,
    abilityPercentile: 50,
    finalTheta: null,
    correctItems: null,
    totalItems: null,
    correctByCode: null,
    ...fields,
  };
}

const input: FamilyReportInput = {
  student: {
    participantId: "p-1",
    firstName: "Ana",
    lastName: "Ruiz",
    grade: "K",
    dateOfBirth: "05/17/2021",
    schoolName: "Cedar Elementary",
    teacherNames: ["Pat Lee"],
  },
  period: "MOY",
  academicYear: "2026-2027",
  lists: { K: ["vocab", "blending", "rhyming", "object-ran"] },
  tests: [
    test({ testCode: "vocab", abilityPercentile: 72 }),
    test({ testCode: "blending", abilityPercentile: 33 }),
    test({ testCode: "rhyming", abilityPercentile: 8 }),
  ],
  flags: { rerKindergarten: false, gr3InternalTestingDisplayRules: false },
  today: "2027-01-20",
  log: () => {},
};

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("<FamilyReport>", () => {
  it.each([
    [
      "en",
      [
        "Family Report: Ana Ruiz",
        "Report date: January 20, 2027",
        "Kindergarten",
        "May 17, 2021",
        "Middle of Year (MOY), school year 2026-2027",
        "In kindergarten, the screener checks",
        "The screener takes about 45 minutes.",
        "Vocabulary Knowing what words mean 72nd percentile ✓ At or Above Benchmark",
        "Blending Putting sounds together to make a word 33rd percentile ▼ Below Benchmark",
        "Rhyming Hearing which words rhyme 8th percentile ▼▼ Well Below Benchmark",
        "Object RAN Naming pictures of objects quickly Not taken yet",
        "How you can help at home",
      ],
    ],
    [
      "es",
      [
        "Informe para la familia: Ana Ruiz",
        "Fecha del informe: 20 de enero de 2027",
        "Kínder",
        "17 de mayo de 2021",
        "En kínder, la evaluación revisa",
        "La evaluación dura unos 45 minutos.",
        "Percentil 72 ✓ En lo esperado o por encima",
        "Percentil 33 ▼ Por debajo de lo esperado",
        "Percentil 8 ▼▼ Muy por debajo de lo esperado",
        "Todavía no la ha hecho",
        "Cómo puede ayudar en casa",
      ],
    ],
  ] as const)("prints the model in %s, every band as a mark and a word", (lang, expected) => {
    const html = renderToStaticMarkup(createElement(FamilyReport, { report: familyReportView(buildFamilyReport(input), lang) }));
    expect(html).toContain(`lang="${lang}"`);
    for (const phrase of expected) expect(text(html)).toContain(phrase);
  });

  it("explains only the bands it shows", () => {
    const html = renderToStaticMarkup(
      createElement(FamilyReport, {
        report: familyReportView(buildFamilyReport({ ...input, tests: [test({ testCode: "vocab", abilityPercentile: 72 })] }), "en"),
      }),
    );
    expect(text(html)).toContain("At or Above Benchmark : above the 40th percentile; right where we expect");
    expect(text(html)).not.toContain("Well Below Benchmark");
  });

  it("says 'No subtests assigned to student grade.' with nothing to list", () => {
    const html = renderToStaticMarkup(
      createElement(FamilyReport, { report: familyReportView(buildFamilyReport({ ...input, lists: {} }), "en") }),
    );
    expect(text(html)).toContain("No subtests assigned to student grade.");
    expect(html).not.toContain("<table");
  });

  it("is hidden on screen only when the host asks", () => {
    const report = familyReportView(buildFamilyReport(input), "en");
    expect(renderToStaticMarkup(createElement(FamilyReport, { report, printOnly: true }))).toContain(FAMILY_REPORT_PRINT_ONLY);
    expect(renderToStaticMarkup(createElement(FamilyReport, { report }))).not.toContain(FAMILY_REPORT_PRINT_ONLY);
  });
});
