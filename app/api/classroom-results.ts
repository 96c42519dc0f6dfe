import { z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import { classroomRiskRows, classroomRows } from "#app/db/queries/results";
import { GROUP_ORDER, TEST_CODES, type AssessmentGroup } from "#app/domain/assessments";
import { CELL_STATES } from "#app/domain/cell-state";
import { PERCENTILE_BANDS } from "#app/domain/percentile";
import { STANDARD_KINDS } from "#app/domain/screening-standards";
import { currentPeriod, PERIODS, type Period } from "#app/domain/periods";
import {
  buildGrid,
  gradeTestLists,
  periodBounds,
  PROFILE_KINDS,
  PROFILE_TONES,
  shownGrid,
  type ProfileScores,
  type ShownGrid,
} from "#app/domain/results-grid";
import { displayRuleFlags, type Flags } from "#app/server/flags.server";
import { toClassroomStudents, toRiskScore, type AssessmentConfig } from "./results-mappers";

// The classroom grid as the page shows it (spec 001 §2, §4), built by the API from the same
// rules as the school CSV, and kept per process under the classroom's results version
// (migration 0009; app/api/kept.ts, docs/decisions/0022-kept-data.md).

const ShownCell = z.object({
  testCode: z.enum(TEST_CODES),
  state: z.enum(CELL_STATES),
  text: z.string(),
  label: z.string().openapi({ description: "the cell in words, for assistive technology and the CSV" }),
  band: z.enum(PERCENTILE_BANDS).nullable(),
  grayedOut: z.boolean(),
  letterAction: z.enum(["edit", "view"]).nullable().openapi({ description: "letter tests: the dialog a click opens" }),
  handScore: z.string().optional().openapi({ description: "a hand-scored letter test's count, '12/26'" }),
  note: z.string().optional().openapi({ description: "words shown beside the figure: 'No norms configured' beside a RAN's raw figures" }),
  ranTestId: z.string().optional().openapi({ description: "a finished RAN test: its cell opens the RAN scoring dialog" }),
});

const ProfileCell = z.object({
  kind: z.enum(PROFILE_KINDS),
  state: z.enum(["not-applicable", "empty", "complete"]),
  text: z.string(),
  qualifier: z.string(),
  tone: z.enum(PROFILE_TONES),
});

const SourceNote = z.object({ kind: z.enum(STANDARD_KINDS), source: z.string() });

export const ClassroomGrid = z
  .object({
    period: z.enum(PERIODS),
    mode: z.enum(["percentile", "score"]),
    profileColumns: z.array(z.enum(PROFILE_KINDS)),
    groups: z.array(
      z.object({
        group: z.enum(GROUP_ORDER as [AssessmentGroup, ...AssessmentGroup[]]),
        title: z.string(),
        columns: z.array(z.object({ testCode: z.enum(TEST_CODES), title: z.string() })),
      }),
    ),
    columnCount: z.number().int(),
    narrow: z.boolean(),
    scoreToggleEnabled: z.boolean(),
    sources: z
      .array(SourceNote)
      .openapi({ description: "where the configured norms and cutoffs behind the grid's figures come from (a note under the grid)" }),
    gradeMissing: z
      .array(z.string())
      .openapi({ description: "one sentence per student grade the period's assessment lists leave out (spec 001 §5)" }),
    rows: z.array(
      z.object({
        participantId: z.string(),
        name: z.string(),
        grade: z.string(),
        gradeLabel: z.string(),
        profile: z.array(ProfileCell),
        cells: z.array(ShownCell),
        sources: z.array(SourceNote).openapi({ description: "the sources of the row's configured figures (the CSV's last column)" }),
      }),
    ),
  })
  .openapi("ClassroomGrid");

/** What is kept per classroom: the grid and what the page says around it. */
const GridResults = z.object({
  academicYear: z.string().nullable(),
  periods: z.array(z.enum(PERIODS)).openapi({ description: "the periods of the academic year, in order" }),
  period: z.enum(PERIODS).nullable().openapi({ description: "the period shown; null when the year has none" }),
  hasStudents: z.boolean(),
  studentGrades: z.array(z.string()),
  grid: ClassroomGrid.nullable(),
});
export type GridResults = z.infer<typeof GridResults>;

/** The classroom the grid belongs to, read with the access check (never kept): the page's heading and breadcrumbs need nothing else. */
export const ClassroomHeading = z
  .object({
    participantGroupId: z.string(),
    name: z.string(),
    OrganizationUnit: z.object({
      organizationUnitId: z.string(),
      name: z.string(),
      Organization: z.object({ organizationId: z.string(), name: z.string() }),
    }),
  })
  .openapi("ClassroomHeading");
export type ClassroomHeading = z.infer<typeof ClassroomHeading>;

/** The heading of a classroom as the access check (assertClassroom) reads it. */
export function classroomHeadingOf(group: {
  participant_group_id: string;
  name: string;
  organization_unit_id: string;
  school_name: string;
  organization_id: string;
  organization_name: string;
}): ClassroomHeading {
  return {
    participantGroupId: group.participant_group_id,
    name: group.name,
    OrganizationUnit: {
      organizationUnitId: group.organization_unit_id,
      name: group.school_name,
      Organization: { organizationId: group.organization_id, name: group.organization_name },
    },
  };
}

export const ClassroomResults = GridResults.extend({ classroom: ClassroomHeading }).openapi("ClassroomResults");
export type ClassroomResults = z.infer<typeof ClassroomResults>;

// The schema describes the domain's grid, field for field: either one changing alone fails tsc.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const gridMatches: Same<z.infer<typeof ClassroomGrid>, ShownGrid> = true;
void gridMatches;

export type ResultsView = { period?: Period; mode: "percentile" | "score" };

/** What the grid of one classroom is built from, besides its rows. */
export type ResultsSource = { db: Db; classroomId: string; config: AssessmentConfig; view: ResultsView; flags: Flags; today: string };

/** Builds a classroom's results: the period asked for (or today's), the grid as shown. */
export async function buildClassroomResults(s: ResultsSource): Promise<GridResults> {
  const { config, view } = s;
  const periods = config.periods.map((p) => p.periodName);
  const selected = (view.period && config.periods.find((p) => p.periodName === view.period)) || currentPeriod(config.periods, s.today);
  if (!selected) return { academicYear: config.academicYear, periods, period: null, hasStudents: false, studentGrades: [], grid: null };
  const [students, risk] = await Promise.all([
    classroomRows(s.db, s.classroomId, periodBounds(selected)).then(toClassroomStudents),
    config.academicYear ? classroomRiskRows(s.db, s.classroomId, config.academicYear) : Promise.resolve([]),
  ]);
  const profiles: Record<string, ProfileScores> = {};
  for (const r of risk) if (r.period_name === selected.periodName) profiles[r.participant_id] = toRiskScore(r).predictiveProfile;
  const grid = buildGrid({
    period: selected.periodName,
    lists: gradeTestLists(selected.GradeAssessmentLists),
    students: students.map((st) => ({
      participantId: st.participantId,
      firstName: st.firstName,
      lastName: st.lastName,
      grade: st.grade,
      tests: st.ParticipantTests ?? [],
    })),
    profiles,
    options: { mode: view.mode, ...displayRuleFlags(s.flags), standards: config.standards },
  });
  return {
    academicYear: config.academicYear,
    periods,
    period: selected.periodName,
    hasStudents: students.length > 0,
    studentGrades: [...new Set(students.map((st) => st.grade))],
    grid: shownGrid(grid),
  };
}

/** The key of one way to look at a classroom's results. */
export function resultsVariant(view: ResultsView, flags: Flags, today: string): string {
  const { rerKindergarten, gr3InternalTestingDisplayRules } = displayRuleFlags(flags);
  return `${view.period ?? ""}|${view.mode}|${Number(rerKindergarten)}${Number(gr3InternalTestingDisplayRules)}|${today}`;
}
