import { createRoute, z } from "@hono/zod-openapi";
import { flagCountRows, movementCountRows, percentileCountRows, type BandScope } from "#app/db/queries/band-counts";
import { districtSchools } from "#app/db/queries/reports";
import {
  columnTitle,
  flagRules,
  isSummaryColumn,
  movementOf,
  PERIOD_STEPS,
  unitBars,
  type Bar,
  type SummaryColumn,
} from "#app/domain/band-summary";
import { GRADES, gradeLabel } from "#app/domain/grades";
import { PERIODS } from "#app/domain/periods";
import { reportPeriods } from "#app/domain/report-rows";
import { displayRuleFlags } from "#app/server/flags.server";
import { errorResponses, jsonResponse, type Router } from "../env";
import { ApiError } from "../errors";
import { idParam } from "../params";
import { assertReadableOrganization, assertReadableSchool, requireActor } from "../scope";
import { reachOf } from "#app/domain/permissions";
import { loadAssessmentConfig } from "./results";

// The school and district pages' bars (issue 39 item 3): students per band, per school and per
// grade, for one flag or subtest at a time, and how many moved into or out of risk between two
// periods. Counted by the database (app/db/queries/band-counts.ts); banded by the grid's rules.

const BandSegment = z.object({ category: z.string(), label: z.string(), count: z.number().int() });
const BandBar = z
  .object({
    column: z.string(),
    title: z.string(),
    period: z.enum(PERIODS),
    total: z.number().int(),
    segments: z.array(BandSegment),
  })
  .openapi("BandBar");
const RiskMovement = z
  .object({
    kind: z.string(),
    title: z.string(),
    from: z.enum(PERIODS),
    to: z.enum(PERIODS),
    intoRisk: z.number().int(),
    outOfRisk: z.number().int(),
    stayedAtRisk: z.number().int(),
    stayedNotAtRisk: z.number().int(),
  })
  .openapi("RiskMovement");
const Unit = { bars: z.array(BandBar), movement: z.array(RiskMovement) };
const BandSummary = z
  .object({
    academicYear: z.string().nullable(),
    column: z.string().openapi({ description: "the flag or test code the bars count" }),
    columns: z.array(z.object({ column: z.string(), title: z.string() })).openapi({ description: "every flag and test with a count" }),
    schools: z.array(z.object({ organizationUnitId: z.string(), name: z.string(), ...Unit })),
    grades: z.array(z.object({ grade: z.string(), label: z.string(), ...Unit })),
    movement: z.array(RiskMovement).openapi({ description: "the whole scope's movement between consecutive periods" }),
  })
  .openapi("BandSummary");

const bandSummary = createRoute({
  method: "get",
  path: "/report/bands/{id}",
  tags: ["Reports"],
  summary: "Students per band, per school and per grade, for one flag or test; and movement into and out of risk",
  description:
    "The district's (or with schoolId, one school's) students in each band of the grid's cells, per period of the current academic year: " +
    "a subtest's percentile bands or a flag's verdict (the spec's cutoffs). Counted by the database. " +
    "District roles and super admins see every school; school-level roles the schools they belong to.",
  request: {
    params: idParam({ description: "organizationId (district)" }),
    query: z.object({
      schoolId: z.string().uuid().optional(),
      column: z
        .string()
        .max(40)
        .optional()
        .openapi({ description: "a flag (dyslexia, pwr, kready) or a test code; default: the first with a count" }),
    }),
  },
  responses: { 200: jsonResponse(BandSummary, "The bars"), ...errorResponses },
});

export function registerBandSummary(app: Router) {
  app.openapi(bandSummary, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const { id } = c.req.valid("param");
    const query = c.req.valid("query");
    if (query.column !== undefined && !isSummaryColumn(query.column)) throw new ApiError(400, "column must be a flag or a test code.");
    await assertReadableOrganization(db, actor, id);
    let scope: BandScope;
    let schools: { organization_unit_id: string; name: string }[];
    if (query.schoolId) {
      const school = await assertReadableSchool(db, actor, query.schoolId);
      if (school.organization_id !== id) throw new ApiError(404, "School not found");
      scope = { organizationId: id, schoolId: school.organization_unit_id };
      schools = [{ organization_unit_id: school.organization_unit_id, name: school.name }];
    } else {
      const all = await districtSchools(db, id);
      const reach = reachOf(actor.role);
      // A school-level caller on the district page: the schools they belong to, never the others'.
      const mine = reach === "everything" || reach === "district" ? null : actor.schoolIds;
      schools = mine ? all.filter((s) => mine.includes(s.organization_unit_id)) : all;
      scope = mine ? { organizationId: id, schoolIds: mine } : { organizationId: id };
    }
    const config = await loadAssessmentConfig(db, id, now());
    const periods = reportPeriods(config.periods, PERIODS);
    const rules = flagRules();
    const periodNames = periods.map((p) => p.period);
    const steps = PERIOD_STEPS.filter(([a, b]) => periodNames.includes(a) && periodNames.includes(b));
    const [percentiles, flags, moves] = await Promise.all([
      percentileCountRows(db, scope, periods),
      config.academicYear ? flagCountRows(db, scope, config.academicYear, rules, periodNames) : Promise.resolve([]),
      config.academicYear ? movementCountRows(db, scope, config.academicYear, rules, steps) : Promise.resolve([]),
    ]);
    const options = { ...displayRuleFlags(c.var.flags), mode: "percentile" as const, standards: config.standards };
    const schoolIds = schools.map((s) => s.organization_unit_id);
    const bySchool = unitBars(schoolIds, percentiles, flags, (r) => r.unit, options);
    const grades = GRADES.filter((g) => percentiles.some((r) => r.grade === g) || flags.some((r) => r.grade === g));
    const byGrade = unitBars(grades, percentiles, flags, (r) => r.grade, options);

    // The columns with a count anywhere, flags first; the bars answered are of one of them.
    const present: SummaryColumn[] = [];
    for (const bars of [...bySchool.values(), ...byGrade.values()])
      for (const b of bars) if (!present.includes(b.column)) present.push(b.column);
    const order = (col: SummaryColumn) => [...bySchool.values()].flat().findIndex((b) => b.column === col);
    present.sort((a, b) => order(a) - order(b));
    const column =
      query.column && present.includes(query.column as SummaryColumn) ? (query.column as SummaryColumn) : (present[0] ?? "dyslexia");
    const only = (bars: readonly Bar[] | undefined) => (bars ?? []).filter((b) => b.column === column);

    return c.json(
      {
        academicYear: config.academicYear,
        column,
        columns: present.map((col) => ({ column: col, title: columnTitle(col) })),
        schools: schools.map((s) => ({
          organizationUnitId: s.organization_unit_id,
          name: s.name,
          bars: only(bySchool.get(s.organization_unit_id)),
          movement: movementOf(moves, (r) => r.unit === s.organization_unit_id),
        })),
        grades: grades.map((g) => ({
          grade: g,
          label: gradeLabel(g),
          bars: only(byGrade.get(g)),
          movement: movementOf(moves, (r) => r.grade === g),
        })),
        movement: movementOf(moves),
      },
      200,
    );
  });
}
