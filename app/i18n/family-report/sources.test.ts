import { describe, expect, it } from "vitest";
import { buildFamilyReport } from "#app/domain/family-report";
import type { GridTest } from "#app/domain/results-grid";
import { gradeOneReportInput } from "#app/domain/test-support/family-report-input";
import { familyReportMessages } from "./index.server";
import { familyReportView } from "./view.server";

// Issue 34 item 4 in the printed family report: a scored RAN without norms prints its seconds and
// errors and says no norms are configured; a RAN percentile from configured norms names their
// source and is never explained as a comparison with children across the country.

const ran = (over: Partial<GridTest>): GridTest => ({
  participantTestId: "t-ran",
  testCode: "letter-ran",
  startDtTm: "2027-01-10T10:00:00.000Z",
  endDtTm: "2027-01-10T10:05:00.000Z",
  updatedAt: "2027-01-10T10:05:00.000Z",
  completedFlag: true,
  invalid: false,
  abilityPercentile: null,
  finalTheta: null,
  correctItems: null,
  totalItems: null,
  correctByCode: null,
  ...over,
});

const view = (test: GridTest, lang: "en" | "es") =>
  familyReportView(buildFamilyReport(gradeOneReportInput({ lists: { "1": ["letter-ran"] }, tests: [test] })), lang);
const cellOf = (v: ReturnType<typeof view>) => ("groups" in v.results ? v.results.groups[0]?.rows[0]?.cell : null);

describe("the family report and configured norms", () => {
  it.each([
    ["en", "41.5 s, 2 errors", "No norms configured"],
    ["es", "41,5\u00a0s, 2 errores", "Sin normas configuradas"],
  ] as const)("%s: a RAN without norms prints its figures, no percentile or band", (lang, score, note) => {
    const v = view(ran({ scoredSecs: 41.5, scoredErrors: 2 }), lang);
    expect(cellOf(v)).toEqual({ kind: "score", score, band: null, note });
    expect(v.key).toBeNull();
  });

  it.each(["en", "es"] as const)("%s: a RAN percentile from norms names their source, and not 'across the country'", (lang) => {
    const m = familyReportMessages(lang);
    const v = view(ran({ abilityPercentile: 30, scoredSecs: 52, scoredErrors: 1, normsSource: "Riverside USD norms study, 2025" }), lang);
    expect(cellOf(v)).toMatchObject({ kind: "score", score: m.score.percentile(30) });
    expect(v.key?.paragraphs).toEqual([m.key.sources(`${m.key.sourceKinds.ranNorms}: Riverside USD norms study, 2025`)]);
    expect(v.key?.paragraphs).not.toContain(m.key.percentile);
  });
});
