import { z } from "zod";
import { assessmentDefinition, definitionItems } from "#app/domain/assessment-definitions";
import { localIsoDate } from "#app/domain/calendar-date";
import { isGrade } from "#app/domain/grades";
import { currentPeriod, PERIOD_LABELS, PERIODS, type Period } from "#app/domain/periods";
import {
  bannerApplies,
  buildGrid,
  gradeTestLists,
  shownGrid,
  type Grid,
  type GridStudentInput,
  type ProfileScores,
} from "#app/domain/results-grid";
import { UNABLE_TO_LOAD_CLASSROOM } from "#app/domain/results-labels";
import type { ResultsQuery as Query } from "#app/components/results/urls";
import { expectData, type ApiClient, type ApiResult, type ApiSchema } from "#app/lib/api.server";
import { loadBanner } from "#app/lib/banner.server";
import { flagsFor, isOn } from "#app/server/flags.server";

// What the classroom page and its CSV export load: one definition of "the grid as shown".

const ResultsQuerySchema: z.ZodType<Query> = z.object({
  tab: z.enum(["results", "students"]).catch("results"),
  period: z.enum(PERIODS).optional().catch(undefined),
  score: z.enum(["percentile", "raw"]).catch("percentile"),
  order: z.enum(["alpha", "product"]).catch("alpha"),
  dialog: z.literal("letters").optional().catch(undefined),
  student: z.string().uuid().optional().catch(undefined),
  test: z.enum(["letter-names", "letter-sounds"]).optional().catch(undefined),
  mode: z.enum(["edit", "view"]).catch("edit"),
  from: z.literal("view").optional().catch(undefined),
});
/** The letter score dialog's post (create or update). */
export const LetterScoresForm = z.object({
  intent: z.enum(["create", "update"]),
  testCode: z.enum(["letter-names", "letter-sounds"]),
  participantId: z.string().uuid(),
  grade: z.string(),
  periodName: z.enum(PERIODS),
  participantTestId: z.string().uuid().optional(),
  correct: z.array(z.string()),
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

/** The results as the page shows them (the grid without the tests behind its cells). */
export async function loadShownResults(request: Request, api: ApiClient, classroom: ApiSchema<"Classroom">, q: Query) {
  const results = await loadResults(request, api, classroom, q);
  return { ...results, grid: results.grid && shownGrid(results.grid) };
}

/**
 * A letter score post read against the test's definition for the grade and period: every item,
 * 1 when ticked; no items when the grade or the period has none.
 */
export function letterScoreItems(f: z.infer<typeof LetterScoresForm>) {
  const grade = isGrade(f.grade) ? f.grade : null;
  const items = grade && definitionItems(assessmentDefinition(f.testCode), grade, f.periodName);
  const submitted = Object.fromEntries((items ?? []).map((code) => [code, f.correct.includes(code) ? 1 : 0])) as Record<string, 0 | 1>;
  return { grade, items, submitted };
}

export type ResultsData = {
  error: string | null;
  period: Period | null;
  periods: { name: Period; label: string }[];
  grid: Grid | null;
  hasStudents: boolean;
  studentGrades: string[];
};

/** 401 signs out; 403/404 belong to the ErrorBoundary; anything else is the spec's alert. */
async function must<T>(request: Request, what: string, pending: Promise<ApiResult<T>>): Promise<T | null> {
  const result = await pending;
  if (result.ok) return result.data;
  if (result.status === 401 || result.status === 403 || result.status === 404) return expectData(request, result);
  console.error("[classroom]", what, result.status, result.error.message);
  return null;
}

export async function loadResults(
  request: Request,
  api: ApiClient,
  classroom: ApiSchema<"Classroom">,
  q: Query,
  today = new Date(),
): Promise<ResultsData> {
  const organizationId = classroom.OrganizationUnit.Organization.organizationId;
  const empty: ResultsData = {
    error: UNABLE_TO_LOAD_CLASSROOM,
    period: null,
    periods: [],
    grid: null,
    hasStudents: classroom.Participant.length > 0,
    studentGrades: [],
  };
  const config = await must(
    request,
    "assessment config",
    api.result(api.GET("/assessmentConfig/currentAcademicYear/{id}", { params: { path: { id: organizationId } } })),
  );
  if (!config) return empty;
  const periods = config.periods.map((p) => ({ name: p.periodName, label: PERIOD_LABELS[p.periodName] }));
  const selected =
    (q.period && config.periods.find((p) => p.periodName === q.period)) || currentPeriod(config.periods, localIsoDate(today));
  if (!selected) return { ...empty, periods, error: "The district has no assessment periods for this school year." };
  const id = classroom.participantGroupId;
  const [students, risk] = await Promise.all([
    must(
      request,
      "students",
      api.result(
        api.GET("/participants/participantGroup/{id}", {
          params: { path: { id }, query: { v: "1", startDate: selected.startDate, endDate: selected.endDate } },
        }),
      ),
    ),
    // The year is known here; naming it spares the API looking the configuration up again.
    must(
      request,
      "risk scores",
      api.result(
        api.GET("/participants/participantGroup/riskScores/{id}", {
          params: { path: { id }, query: { academicYear: config.academicYear ?? undefined } },
        }),
      ),
    ),
  ]);
  if (!students || !risk) return { ...empty, periods, period: selected.periodName };

  const flags = flagsFor(request);
  const lists = gradeTestLists(selected.GradeAssessmentLists);
  const profiles: Record<string, ProfileScores> = {};
  for (const r of risk) if (r.periodName === selected.periodName) profiles[r.participantId] = r.predictiveProfile;
  const inputs: GridStudentInput[] = students.map((s) => ({
    participantId: s.participantId,
    firstName: s.firstName,
    lastName: s.lastName,
    grade: s.grade,
    tests: (s.ParticipantTests ?? []).map((t) => ({ ...t, testCode: t.testCode })),
  }));
  const grid = buildGrid({
    period: selected.periodName,
    lists,
    students: inputs,
    profiles,
    options: {
      mode: q.score === "raw" ? "score" : "percentile",
      rerKindergarten: isOn(flags, "rer-kindergarten"),
      gr3InternalTestingDisplayRules: isOn(flags, "gr-3-internal-testing-display-rules"),
    },
  });
  return {
    error: null,
    period: selected.periodName,
    periods,
    grid,
    hasStudents: students.length > 0,
    studentGrades: [...new Set(students.map((s) => s.grade))],
  };
}
