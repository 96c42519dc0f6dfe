import { z } from "zod";
import { bandFilterText, classroomBars, parseBandFilter, rowMatches, type Bar } from "#app/domain/band-summary";
import { LETTER_TEST_CODES } from "#app/domain/letter-score-form";
import { mostMissedText } from "#app/domain/letters-to-work-on";
import { PERIOD_LABELS, PERIODS, type Period } from "#app/domain/periods";
import { bannerApplies, type ShownGrid } from "#app/domain/results-grid";
import { UNABLE_TO_LOAD_CLASSROOM } from "#app/domain/results-labels";
import type { ResultsQuery as Query } from "#app/components/results/urls";
import { expectData, type ApiClient, type ApiResult, type ApiSchema } from "#app/lib/api.server";
import { loadBanner } from "#app/lib/banner.server";

// What the classroom page and its CSV export load: one definition of "the grid as shown".

const ResultsQuerySchema: z.ZodType<Query> = z.object({
  tab: z.enum(["results", "students"]).catch("results"),
  period: z.enum(PERIODS).optional().catch(undefined),
  score: z.enum(["percentile", "raw"]).catch("percentile"),
  order: z.enum(["alpha", "product"]).catch("alpha"),
  dialog: z.literal("letters").optional().catch(undefined),
  student: z.string().uuid().optional().catch(undefined),
  test: z.enum(LETTER_TEST_CODES).optional().catch(undefined),
  mode: z.enum(["edit", "view"]).catch("edit"),
  from: z.literal("view").optional().catch(undefined),
  band: z
    .string()
    .optional()
    .transform((v) => (parseBandFilter(v) ? v : undefined))
    .catch(undefined),
});

export function parseResultsQuery(url: URL): Query {
  return ResultsQuerySchema.parse(Object.fromEntries(url.searchParams));
}

// The page's loader and action call the domain rules through the helpers below, so the route
// module imports none of them: it stays small in the browser.

/** The banner, when it names a grade of the classroom's students. */
export function classroomBanner(studentGrades: readonly string[]) {
  const banner = loadBanner();
  return banner && bannerApplies(banner.grades, studentGrades) ? banner : null;
}

export type ResultsData = {
  error: string | null;
  period: Period | null;
  periods: { name: Period; label: string }[];
  grid: ShownGrid | null;
  hasStudents: boolean;
  studentGrades: string[];
  /** The summary above the grid: students per band, per flag and subtest, per period (issue 39 item 2). */
  summary: Bar[];
  /** The segment the grid is filtered to, in words, with how many students it shows. */
  filter: { param: string; text: string; shown: number; of: number } | null;
};

/** 401 signs out; 403/404 belong to the ErrorBoundary; anything else is the spec's alert. */
async function must<T>(request: Request, what: string, pending: Promise<ApiResult<T>>): Promise<T | null> {
  const result = await pending;
  if (result.ok) return result.data;
  if (result.status === 401 || result.status === 403 || result.status === 404) return expectData(request, result);
  console.error("[classroom]", what, result.status, result.error.message);
  return null;
}

/** The classroom as the page heads it: its name, school and district, and its students' grades. */
export type ClassroomInfo = {
  id: string;
  name: string;
  schoolId: string;
  schoolName: string;
  districtId: string;
  districtName: string;
  studentGrades: string[];
};

type Heading = Pick<ApiSchema<"Classroom">, "participantGroupId" | "name" | "OrganizationUnit">;
const infoOf = (c: Heading, studentGrades: string[]): ClassroomInfo => ({
  id: c.participantGroupId,
  name: c.name,
  schoolId: c.OrganizationUnit.organizationUnitId,
  schoolName: c.OrganizationUnit.name,
  districtId: c.OrganizationUnit.Organization.organizationId,
  districtName: c.OrganizationUnit.Organization.name,
  studentGrades,
});

/** The classroom with its students' grades, from the classroom call (the Students tab, and a grid that could not be shown). */
export async function loadClassroom(api: ApiClient, classroomId: string) {
  const classroom = await api.load(api.GET("/participantGroups/{id}", { params: { path: { id: classroomId } } }));
  return { classroom, info: infoOf(classroom, [...new Set(classroom.Participant.map((p) => p.grade))]) };
}

/**
 * The grid and the classroom around it. One call when the grid can be shown (issue 15: the
 * results call carries the classroom's heading); when it cannot, the classroom call says whether
 * there are students at all.
 */
export async function loadResults(
  request: Request,
  api: ApiClient,
  classroomId: string,
  q: Query,
): Promise<{ info: ClassroomInfo; results: ResultsData }> {
  // The API builds the grid by the display rules and keeps it while nothing behind it changes.
  const results = await must(
    request,
    "results",
    api.result(
      api.GET("/participantGroups/{id}/results", { params: { path: { id: classroomId }, query: { period: q.period, score: q.score } } }),
    ),
  );
  if (results?.period && results.grid) {
    const summary = await summaryOf(api, classroomId, results.period, q.score === "raw" ? null : results.grid);
    const filter = parseBandFilter(q.band);
    const grid = filter ? { ...results.grid, rows: results.grid.rows.filter((r) => rowMatches(r, filter)) } : results.grid;
    return {
      info: infoOf(results.classroom, results.studentGrades),
      results: {
        error: null,
        period: results.period,
        periods: results.periods.map((name) => ({ name, label: PERIOD_LABELS[name] })),
        grid,
        hasStudents: results.hasStudents,
        studentGrades: results.studentGrades,
        summary,
        filter: filter && {
          param: q.band!,
          text: `${bandFilterText(filter)} (${results.period})`,
          shown: grid.rows.length,
          of: results.grid.rows.length,
        },
      },
    };
  }
  const { classroom, info } = await loadClassroom(api, classroomId);
  const shown: ResultsData = {
    error: UNABLE_TO_LOAD_CLASSROOM,
    period: null,
    periods: [],
    grid: null,
    hasStudents: classroom.Participant.length > 0,
    studentGrades: [],
    summary: [],
    filter: null,
  };
  if (!results) return { info, results: shown };
  const periods = results.periods.map((name) => ({ name, label: PERIOD_LABELS[name] }));
  return { info, results: { ...shown, periods, error: "The district has no assessment periods for this school year." } };
}

/**
 * The summary's bars for the grid's period (issue 39 item 2), read off the grid's own cells. With
 * raw scores shown, the letter tests' cells carry counts rather than bands: the summary then reads
 * the period's grid in percentile mode (kept by the API, issue 19, so a repeated visit is cheap).
 */
async function summaryOf(api: ApiClient, classroomId: string, period: Period, shown: ShownGrid | null): Promise<Bar[]> {
  if (shown) return classroomBars([shown]);
  const other = await api.result(
    api.GET("/participantGroups/{id}/results", { params: { path: { id: classroomId }, query: { period, score: "percentile" } } }),
  );
  return other.ok && other.data.period === period && other.data.grid ? classroomBars([other.data.grid]) : [];
}

/**
 * The classroom's blind scoring page for `period` (issue 34 item 7), when the caller has a RAN test
 * there to score blind or scored blind; null otherwise, or when the list cannot be read (the link
 * is then left out). With the grid at hand, the list is asked only when the grid shows a RAN test
 * with a score (`gridHasScoredRan`): a classroom without one pays no call.
 */
export async function blindRanHref(api: ApiClient, classroomId: string, period: Period | undefined): Promise<string | null> {
  const list = await api.result(
    api.GET("/participantGroups/{id}/blindRanScoring", { params: { path: { id: classroomId }, query: { period } } }),
  );
  if (!list.ok || !list.data.period || list.data.students.length === 0) return null;
  return `/classroom/${classroomId}/blind-ran?${new URLSearchParams({ period: list.data.period })}`;
}

/** Whether the grid shows a finished RAN test that has a score (a figure, N/A or a percentile): only then can one be scored blind. */
export function gridHasScoredRan(grid: ShownGrid | null): boolean {
  return Boolean(grid?.rows.some((r) => r.cells.some((c) => c.ranTestId && (c.state === "complete" || c.state === "invalid"))));
}

/** What the classroom page shows of the letters to work on (issue 40 item 3): per letter cell of the period, and the class's most missed. */
export type LettersShown = {
  /** `${participantId}:${testCode}` → the letters the student's latest entry missed, when that entry is of the grid's period. */
  cells: Record<string, string[]>;
  /** The class's most missed letters in words, per test ('B (12 students), D (10)'); '' when none is missed. */
  mostMissed: { letterNames: string; letterSounds: string };
};

/** How many letters the classroom page names per test; the groups page lists them all. */
const MOST_MISSED_SHOWN = 10;
const mostMissedLine = (rows: readonly { letter: string; students: number }[]) =>
  mostMissedText(rows.slice(0, MOST_MISSED_SHOWN)) + (rows.length > MOST_MISSED_SHOWN ? `, +${rows.length - MOST_MISSED_SHOWN} more` : "");

/**
 * The letters to work on, or null when they could not be read: the grid then shows without them
 * (they add to the page; they never stand in its way). Asked beside the grid, in parallel.
 */
export async function loadLettersToWorkOn(api: ApiClient, classroomId: string): Promise<ApiSchema<"LettersToWorkOn"> | null> {
  const result = await api.result(api.GET("/participantGroups/{id}/lettersToWorkOn", { params: { path: { id: classroomId } } }));
  if (result.ok) return result.data;
  if (![401, 403, 404].includes(result.status)) console.error("[classroom] letters", result.status, result.error.message);
  return null;
}

/**
 * What the grid of `period` shows of them. A letter cell shows its letters only when its entry is
 * the student's latest: an older period's cell, or one a later probe has overtaken, is not what
 * the student "still" misses.
 */
export function lettersShown(data: ApiSchema<"LettersToWorkOn"> | null, period: Period | null): LettersShown | null {
  if (!data) return null;
  const cells: Record<string, string[]> = {};
  for (const s of data.students)
    for (const t of s.tests)
      if (t.source === "benchmark" && period && t.periodName === period && t.missed.length > 0)
        cells[`${s.participantId}:${t.testCode}`] = t.missed;
  return {
    cells,
    mostMissed: { letterNames: mostMissedLine(data.mostMissed.letterNames), letterSounds: mostMissedLine(data.mostMissed.letterSounds) },
  };
}
