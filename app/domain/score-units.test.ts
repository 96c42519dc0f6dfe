import { describe, expect, it } from "vitest";
import { familyReportMessages } from "#app/i18n/family-report/index.server";
import { familyReportView } from "#app/i18n/family-report/view.server";
import { TEST_CODES, type TestCode } from "./assessments";
import { displayRuleFor, type DisplayRule } from "./display-rules";
import { buildFamilyReport } from "./family-report";
import { GRADES, type Grade } from "./grades";
import { PERIODS, type Period } from "./periods";
import { csvCellText, gridCell, type GridTest } from "./results-grid";
import { effectiveStandards } from "./screening-standards";
import { buildStudentResults } from "./student-profile";

// Issue 34 item 6: one unit per number, everywhere. A subtest's national percentile
// (abilityPercentile) is a percentile wherever it is printed: the grid cell, both CSVs
// (csvCellText), the profile's cell, its slider, 'Why flagged' and the family report in English
// and Spanish. Grades 2–3 used to print '35%' in the cell (display rule algorithm_percentage)
// and '35th percentile' in the slider and the explanation beside it.

const quiet = () => {};
const PLAIN = { rerKindergarten: false, gr3InternalTestingDisplayRules: false };
const GR3_RULES = { rerKindergarten: false, gr3InternalTestingDisplayRules: true };
const FLAG_SETS = [PLAIN, { rerKindergarten: true, gr3InternalTestingDisplayRules: false }, GR3_RULES];
// Percentiles from each benchmark band, none of them a number the texts print otherwise (20, 21, 40, 50, 100).
const PERCENTILES = [8, 35, 72];

function finished(testCode: TestCode, abilityPercentile: number): GridTest {
  return {
    participantTestId: `t-${testCode}`,
    testCode,
    startDtTm: "2027-01-10T10:00:00.000Z",
    endDtTm: "2027-01-10T10:05:00.000Z",
    updatedAt: "2027-01-10T10:05:00.000Z",
    completedFlag: true,
    invalid: false,
    abilityPercentile,
    finalTheta: 0,
    correctItems: null,
    totalItems: null,
    correctByCode: null,
  };
}

type Unit = "percentile" | "percent" | "bare";

/** How a text writes the number n, or null when it does not print it. */
function unitOf(text: string, n: number): Unit | null {
  if (new RegExp(`(^|[^\\d.])${n}(st|nd|rd|th)\\b`).test(text) || new RegExp(`\\bPercentil ${n}\\b`).test(text)) return "percentile";
  if (new RegExp(`(^|[^\\d.])${n}\\s?%`).test(text)) return "percent";
  if (new RegExp(`(^|[^\\d.])${n}([^\\d]|$)`).test(text)) return "bare";
  return null;
}

type Rendering = { where: string; text: string };

function renderings(grade: Grade, period: Period, code: TestCode, flags: (typeof FLAG_SETS)[number], percentile: number): Rendering[] {
  const test = finished(code, percentile);
  const cell = gridCell(code, grade, period, true, test, { ...flags, mode: "percentile" });
  const profile = buildStudentResults({
    grade,
    periods: [{ periodName: period, GradeAssessmentLists: [{ grade, testCodes: code }], tests: [test] }],
    scores: {},
    selected: period,
    mode: "percentile",
    flags,
    view: { superAdmin: false, adminView: false },
    log: quiet,
  });
  const row = profile.groups.flatMap((g) => g.rows).find((r) => r.testCode === code);
  const model = buildFamilyReport({
    student: {
      participantId: "p-1",
      firstName: "Ana",
      lastName: "Ruiz",
      grade,
      dateOfBirth: null,
      schoolName: null,
      teacherNames: [],
    },
    period,
    lists: { [grade]: [code] },
    tests: [test],
    flags,
    today: "2027-01-20",
    log: quiet,
  });
  const reportCell = (lang: "en" | "es") => {
    const view = familyReportView(model, lang);
    const printed = "groups" in view.results ? view.results.groups.flatMap((g) => g.rows).find((r) => r.testCode === code) : undefined;
    if (!printed) return "";
    const c = printed.cell;
    return c.kind === "score" ? c.score : c.kind === "band" ? c.band.word : c.text;
  };
  return [
    { where: "grid cell", text: cell.grayedOut ? "" : cell.text },
    { where: "grid cell label", text: cell.grayedOut ? "" : cell.label },
    { where: "CSV", text: csvCellText(cell) },
    { where: "profile cell", text: row?.cells[0]?.text ?? "" },
    { where: "slider", text: row?.slider?.text ?? "" },
    { where: "why flagged", text: row?.cells[0]?.why?.text ?? "" },
    { where: "family report (en)", text: reportCell("en") },
    { where: "family report (es)", text: reportCell("es") },
  ];
}

describe("a subtest's percentile carries one unit in every rendering (issue 34 item 6)", () => {
  const cases = GRADES.flatMap((grade) =>
    FLAG_SETS.flatMap((flags) =>
      TEST_CODES.map((code) => ({ grade, code, flags, rule: displayRuleFor(grade, code, { ...flags, letterScores: "percentile" }) })),
    ),
  ).filter((c) => c.rule !== "grayed_out");

  it("covers every rule that prints a percentile, in every grade", () => {
    const rules = new Set<DisplayRule>(cases.map((c) => c.rule));
    expect([...rules].sort()).toEqual(expect.arrayContaining(["%", "algorithm_icon", "algorithm_percentage"]));
    for (const grade of GRADES) expect(cases.some((c) => c.grade === grade && c.rule !== "proficiency")).toBe(true);
  });

  it("every grade, period, flag set, test and band: each place that prints the number prints it as a percentile", () => {
    let checked = 0;
    for (const { grade, code, flags, rule } of cases) {
      for (const period of PERIODS) {
        for (const percentile of PERCENTILES) {
          const shown = renderings(grade, period, code, flags, percentile);
          const where = `grade ${grade} ${period} ${code} (${rule}, ${JSON.stringify(flags)}) at ${percentile}`;
          for (const r of shown) {
            const unit = unitOf(r.text, percentile);
            if (unit !== null) expect(unit, `${r.where} of ${where}: ${r.text}`).toBe("percentile");
          }
          // The rules that print the number print it in each of these places.
          const printing = rule === "%" || rule === "algorithm_percentage";
          for (const place of ["grid cell", "CSV", "profile cell", "slider", "family report (en)", "family report (es)"]) {
            const text = shown.find((r) => r.where === place)?.text ?? "";
            if (printing) expect(unitOf(text, percentile), `${place} of ${where}: ${text}`).toBe("percentile");
          }
          // The cell and the slider beside it print the very same words.
          if (printing) expect(shown.find((r) => r.where === "grid cell")?.text).toBe(shown.find((r) => r.where === "slider")?.text);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it.each<[string, Grade, TestCode, string, string, string]>([
    ["grade 2 RER Word Reading", "2", "rer-word-reading", "35th", "35th percentile", "Percentil 35"],
    ["grade 3 RER Nonword Reading", "3", "rer-nonword-reading", "35th", "35th percentile", "Percentil 35"],
    ["kindergarten Vocabulary", "K", "vocab", "35th", "35th percentile", "Percentil 35"],
  ])("%s at 35 reads the same in the cell, the CSV, the slider, 'Why flagged' and the report", (_name, grade, code, cellText, en, es) => {
    const shown = renderings(grade, "MOY", code, PLAIN, 35);
    const at = (where: string) => shown.find((r) => r.where === where)?.text;
    expect(at("grid cell")).toBe(cellText);
    expect(at("CSV")).toBe(cellText);
    expect(at("profile cell")).toBe(cellText);
    expect(at("slider")).toBe(cellText);
    expect(at("why flagged")).toContain("scored at the 35th percentile");
    expect(at("family report (en)")).toBe(en);
    expect(at("family report (es)")).toBe(es);
  });
});

describe("the family report's key explains what the report prints, and points to nothing it leaves out (issue 34 item 6)", () => {
  const report = (grade: Grade, tests: GridTest[], lang: "en" | "es") =>
    familyReportView(
      buildFamilyReport({
        student: { participantId: "p-1", firstName: "Ana", lastName: "Ruiz", grade, dateOfBirth: null, schoolName: null, teacherNames: [] },
        period: "MOY",
        lists: { [grade]: tests.map((t) => t.testCode) },
        tests,
        flags: PLAIN,
        today: "2027-01-20",
        log: quiet,
      }),
      lang,
    );

  it.each<[string, Grade, GridTest[]]>([
    ["grade 2 percentiles (the key printed only 'A percent … reads the same way')", "2", [finished("rer-word-reading", 35)]],
    ["grade 3 percentiles", "3", [finished("rer-nonword-reading", 72), finished("rer-deletion", 8)]],
    ["kindergarten percentiles", "K", [finished("vocab", 35)]],
    ["a grade 2 RAN band word alone: its band is read in percentiles", "2", [finished("rer-letter-ran", 8)]],
  ])("%s", (_name, grade, tests) => {
    for (const lang of ["en", "es"] as const) {
      const m = familyReportMessages(lang);
      const view = report(grade, tests, lang);
      expect(view.key?.paragraphs, lang).toEqual([m.key.percentile]);
      // No paragraph leans on another one ('reads the same way', 'se entiende igual').
      for (const p of view.key?.paragraphs ?? []) expect(p, lang).not.toMatch(/the same way|se entiende igual/);
      // Each band word printed in the rows is explained in the key.
      const rows = "groups" in view.results ? view.results.groups.flatMap((g) => g.rows) : [];
      const printedBands = rows.flatMap((r) => (r.cell.kind === "status" ? [] : r.cell.band ? [r.cell.band.band] : []));
      expect(view.key?.bands.map((b) => b.band.band).sort(), lang).toEqual([...new Set(printedBands)].sort());
    }
  });

  it("a report with only proficiency words explains no percentile", () => {
    // Grade 3's internal-testing rules report RER tests as proficiency (theta against a cutoff).
    const proficiency = familyReportView(
      buildFamilyReport({
        student: {
          participantId: "p-1",
          firstName: "Ana",
          lastName: "Ruiz",
          grade: "3",
          dateOfBirth: null,
          schoolName: null,
          teacherNames: [],
        },
        period: "MOY",
        lists: { "3": ["rer-word-reading"] },
        tests: [{ ...finished("rer-word-reading", 35), finalTheta: 3 }],
        flags: GR3_RULES,
        // The theta cutoff is configuration with a source (issue 34 item 4); none is configured unless given.
        standards: effectiveStandards(
          {
            abilityCutoffs: {
              source: "State theta table, 2026",
              cutoffs: [{ grade: "3", testCode: "rer-word-reading", period: "MOY", theta: 0 }],
            },
          },
          null,
        ),
        today: "2027-01-20",
        log: quiet,
      }),
      "en",
    );
    // No percentile paragraph; the one paragraph names where the theta cutoff comes from (issue 34 item 4).
    expect(proficiency.key?.paragraphs).toEqual([familyReportMessages("en").key.sources("ability cutoffs: State theta table, 2026")]);
    expect(proficiency.key?.bands.map((b) => b.band.band)).toEqual(["on-track"]);
  });
});
