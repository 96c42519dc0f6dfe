import type { AssessmentGroup } from "#app/domain/assessments";
import { FAMILY_REPORT_BANDS, type FamilyReportBand, type FamilyReportModel, type FamilyReportResult } from "#app/domain/family-report";
import { PERCENTILE_BANDS } from "#app/domain/percentile";
import { BAND_MARKS, NEEDS_SUPPORT_MARK } from "#app/domain/results-labels";
import { familyReportMessages, type FamilyReportLang, type FamilyReportMessages } from "./index.server";
import type { FamilyReportBandView, FamilyReportCellView, FamilyReportView } from "./view";

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
