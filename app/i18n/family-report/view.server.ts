import type { AssessmentGroup } from "#app/domain/assessments";
import type { Readiness } from "#app/domain/cutoffs";
import { NOT_AVAILABLE, TBD_TEXT } from "#app/domain/display-rules";
import { FAMILY_REPORT_BANDS, type FamilyReportBand, type FamilyReportModel, type FamilyReportResult } from "#app/domain/family-report";
import type { GrowthSeries, RiskSeries } from "#app/domain/growth";
import { ordinal } from "#app/domain/ordinal";
import { PERCENTILE_BAND_LABELS, PERCENTILE_BANDS } from "#app/domain/percentile";
import { NO_PERCENTILE_TEXT, PROFILE_EMPTY_TEXT } from "#app/domain/results-grid";
import { BAND_MARKS, CELL_STATE_TEXT, NEEDS_SUPPORT_MARK, NOT_APPLICABLE_TEXT, PROFICIENCY_LABELS } from "#app/domain/results-labels";
import type { PwrBand } from "#app/domain/risk-category";
import { NO_CUTOFF_TEXT, NO_NORMS_TEXT } from "#app/domain/screening-standards";
import { familyReportMessages, type FamilyReportLang, type FamilyReportMessages } from "./index.server";
import type { FamilyReportBandView, FamilyReportCellView, FamilyReportGrowthView, FamilyReportView, GrowthTexts } from "./view";

// The report model in one language's words, on the server: the page receives sentences, and
// the catalogues stay out of the browser's JavaScript.

// A mark beside every band word, so the band survives black-and-white printing and the eye
// finds the rows that need attention; the grid's marks for the two lower bands.
const MARKS: Record<FamilyReportBand, string> = {
  "at-or-above": "✓",
  below: BAND_MARKS.below,
  "well-below": BAND_MARKS["well-below"],
  "on-track": "✓",
  // The grid's and student page's mark for a Needs Support cell (results-labels.ts flagMark).
  "needs-support": NEEDS_SUPPORT_MARK,
};

const bandView = (band: FamilyReportBand, m: FamilyReportMessages): FamilyReportBandView => ({
  band,
  mark: MARKS[band],
  word: m.bands[band],
});

function groupsOf(results: readonly FamilyReportResult[]): [AssessmentGroup, FamilyReportResult[]][] {
  const groups: [AssessmentGroup, FamilyReportResult[]][] = [];
  for (const r of results) {
    const last = groups.at(-1);
    if (last && last[0] === r.group) last[1].push(r);
    else groups.push([r.group, [r]]);
  }
  return groups;
}

function cellView(result: FamilyReportResult, m: FamilyReportMessages): FamilyReportCellView {
  const { score, band } = result;
  if (result.status !== "complete") return { kind: "status", text: m.statuses[result.status] };
  if (!score) return { kind: "status", text: m.score.notAvailable };
  if (score.kind === "ran-time")
    return { kind: "score", score: m.score.ranTime(score.seconds, score.errors), band: null, note: m.score.noNorms };
  if (score.kind === "no-cutoff") return { kind: "status", text: m.score.noCutoff };
  if ((score.kind === "band" || score.kind === "proficiency") && band) return { kind: "band", band: bandView(band, m) };
  const shown =
    score.kind === "percentile"
      ? m.score.percentile(score.value)
      : score.kind === "ratio"
        ? m.score.ratio(score.text)
        : score.kind === "tbd"
          ? m.score.tbd
          : m.score.notAvailable;
  return { kind: "score", score: shown, band: band ? bandView(band, m) : null };
}

/**
 * The key explains the kinds of score and the bands this report shows, nothing else, and every
 * paragraph stands on what the key prints: the benchmark bands are read in percentiles, so a
 * report that shows one (a RAN's band word alone included) explains percentiles too. (It used to
 * print 'A percent … reads the same way' for grades 2 and 3 without the paragraph it pointed to.)
 */
function keyView(
  results: readonly FamilyReportResult[],
  m: FamilyReportMessages,
  sources: FamilyReportModel["sources"] = [],
): FamilyReportView["key"] {
  const kinds = new Set(results.map((r) => r.score?.kind));
  const bands = FAMILY_REPORT_BANDS.filter((b) => results.some((r) => r.band === b));
  // A percentile from configured RAN norms compares with those norms, not with children across the
  // country: the sources paragraph explains it (issue 34 item 4), the national one only the others.
  const national = results.filter((r) => !r.sources?.some((s) => s.kind === "ranNorms"));
  const nationalPercentile =
    national.some((r) => r.score?.kind === "percentile") ||
    national.some((r) => r.band !== null && (PERCENTILE_BANDS as readonly string[]).includes(r.band));
  const paragraphs = [nationalPercentile ? m.key.percentile : null, kinds.has("tbd") ? m.key.tbd : null].filter(
    (p): p is string => p !== null,
  );
  // Figures from configured norms and cutoffs name their source (issue 34 item 4).
  if (sources.length > 0) paragraphs.push(m.key.sources(sources.map((s) => `${m.key.sourceKinds[s.kind]}: ${s.source}`).join("; ")));
  if (paragraphs.length === 0 && bands.length === 0) return null;
  return { heading: m.key.heading, paragraphs, bands: bands.map((b) => ({ band: bandView(b, m), meaning: m.key.bands[b] })) };
}

/** One report in one language, ready to print. */
export function familyReportView(data: FamilyReportModel, lang: FamilyReportLang): FamilyReportView {
  const m = familyReportMessages(lang);
  const { student } = data;
  const explanation = data.explanation ? m.explanations[data.explanation] : null;
  const period = [m.periods[data.period], data.academicYear ? m.schoolYear(data.academicYear) : null].filter(Boolean).join(", ");
  return {
    participantId: student.participantId,
    htmlLang: m.htmlLang,
    productName: m.productName,
    reportDate: m.reportDate(m.formatDate(data.date)),
    title: `${m.title}: ${student.firstName} ${student.lastName}`,
    studentLabel: m.student.heading,
    facts: [
      { term: m.student.grade, value: student.grade ? m.grades[student.grade] : student.gradeLabel },
      { term: m.student.dateOfBirth, value: student.dateOfBirth ? m.formatDate(student.dateOfBirth) : "—" },
      { term: m.student.screenedOn, value: data.screenedOn ? m.formatDate(data.screenedOn) : m.student.notScreened },
      { term: m.student.school, value: student.schoolName ?? "—" },
      { term: m.student.teachers, value: student.teacherNames.length > 0 ? student.teacherNames.join(", ") : "—" },
    ],
    about: {
      heading: m.about.heading,
      text: `${m.about.intro} ${explanation ? explanation.measures : m.about.gradeNotScreened}`,
      duration: data.screenerMinutes !== null ? m.about.duration(data.screenerMinutes) : null,
    },
    results: data.noSubtests
      ? { heading: m.results.heading(period), noSubtests: m.results.noSubtests }
      : {
          heading: m.results.heading(period),
          summary: m.summary(data.summary, student.firstName),
          columns: m.results.columns,
          groups: groupsOf(data.results).map(([group, rows]) => ({
            group,
            name: m.groups[group],
            rows: rows.map((r) => ({
              testCode: r.testCode,
              name: m.tests[r.testCode].name,
              what: m.tests[r.testCode].what,
              cell: cellView(r, m),
            })),
          })),
        },
    key: data.noSubtests ? null : keyView(data.results, m, data.sources),
    atHome: explanation ? { heading: m.atHomeHeading, tips: explanation.atHome } : null,
    closing: m.closing,
  };
}

// ── The page of growth charts ─────────────────────────────────────────────────────────────────

/** The charts' words; a title's slots are filled on the page, where the charts know their series. */
function growthTexts(m: FamilyReportMessages): GrowthTexts {
  const g = m.growth;
  return {
    heading: g.heading,
    note: g.note,
    percentileTitle: g.percentileTitle("{test}", "{student}", "{periods}"),
    riskTitle: g.riskTitle("{score}", "{student}", "{periods}"),
    periods: g.periods,
    periodColumn: g.columns.period,
    percentileColumns: [g.columns.percentile, g.columns.band],
    riskColumns: [g.columns.score, g.columns.meaning],
    noPercentile: g.noPercentile,
  };
}

const PWR_QUALIFIERS: Record<PwrBand, keyof FamilyReportMessages["growth"]["qualifiers"]> = {
  High: "highRisk",
  Moderate: "moderateRisk",
  Low: "lowRisk",
};
const READINESS_QUALIFIERS: Record<Readiness, keyof FamilyReportMessages["growth"]["qualifiers"]> = {
  Emerging: "emerging",
  Ready: "ready",
};

/**
 * Every word a growth series can hold (the grid's and the predictive profile's, results-grid.ts),
 * with the catalogue's word for it. Exported for the test that no word is left untranslated.
 */
export function growthWords(m: FamilyReportMessages): Map<string, string> {
  const g = m.growth;
  return new Map<string, string>([
    [CELL_STATE_TEXT.empty, g.cells.notStarted],
    [CELL_STATE_TEXT.incomplete, g.cells.inProgress],
    [CELL_STATE_TEXT["needs-scoring"], g.cells.needsScoring],
    [CELL_STATE_TEXT.invalid, m.score.notAvailable],
    [NOT_AVAILABLE, m.score.notAvailable],
    [TBD_TEXT, g.cells.tbd],
    [NO_PERCENTILE_TEXT, g.noPercentile],
    [NO_CUTOFF_TEXT, m.score.noCutoff],
    [NO_NORMS_TEXT, m.score.noNorms],
    [PROFICIENCY_LABELS.onTrack, m.bands["on-track"]],
    [PROFICIENCY_LABELS.notOnTrack, m.bands["needs-support"]],
    ...PERCENTILE_BANDS.map((b): [string, string] => [PERCENTILE_BAND_LABELS[b], m.bands[b]]),
    [PROFILE_EMPTY_TEXT, g.cells.noScore],
    [NOT_APPLICABLE_TEXT, g.qualifiers.notApplicable],
    // profileCell's verdicts (results-grid.ts).
    ["At risk", g.qualifiers.atRisk],
    ["Not at risk", g.qualifiers.notAtRisk],
    ...Object.entries(PWR_QUALIFIERS).map(([band, key]): [string, string] => [`${band} risk`, g.qualifiers[key]]),
    ...Object.entries(READINESS_QUALIFIERS).map(([status, key]): [string, string] => [status, g.qualifiers[key]]),
  ]);
}

/** A hand-scored RAN's figures as the grid writes them (ranRawText): '41.5 s, 2 errors'. */
const RAN_RAW = /^(\d+(?:\.\d+)?) s(?:, (\d+) errors?)?$/;

/** One of a series' words in the report's language; figures ('12/26', '23%', '—') are left as they are. */
function growthWord(text: string, m: FamilyReportMessages, words: Map<string, string>): string {
  const word = words.get(text);
  if (word !== undefined) return word;
  const ran = RAN_RAW.exec(text);
  if (ran) return m.score.ranTime(Number(ran[1]), ran[2] === undefined ? null : Number(ran[2]));
  return text;
}

/**
 * The student's growth charts in the report's language, for the report's page of them: the
 * series' words translated, every number, period and band edge kept. In English it is the
 * student page's own charts, word for word.
 */
export function familyReportGrowthView(
  growth: { subtests: readonly GrowthSeries[]; risk: readonly RiskSeries[] },
  lang: FamilyReportLang,
): FamilyReportGrowthView {
  const m = familyReportMessages(lang);
  const words = growthWords(m);
  const word = (text: string) => growthWord(text, m, words);
  return {
    texts: growthTexts(m),
    subtests: growth.subtests.map((s) => ({
      ...s,
      title: m.tests[s.testCode].name,
      points: s.points.map((p) => ({
        ...p,
        // A shown percentile is written '45th' (formatPercentile); a RAN's icon rule writes its band instead.
        text: p.value !== null && p.text === ordinal(p.value) ? m.growth.percentile(p.value) : word(p.text),
        bandLabel: p.bandLabel === null ? null : word(p.bandLabel),
      })),
    })),
    risk: growth.risk.map((s) => ({
      ...s,
      title: m.growth.scores[s.kind],
      points: s.points.map((p) => ({
        ...p,
        // riskSeries writes 'N/A' for a period the score does not apply to: not applicable, not an invalid test's 'N/A'.
        text: p.value === null && p.qualifier === NOT_APPLICABLE_TEXT ? m.growth.cells.notApplicable : word(p.text),
        qualifier: p.qualifier === "" ? "" : word(p.qualifier),
      })),
    })),
  };
}
