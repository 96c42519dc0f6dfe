import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  benchmarkTests,
  deleteProbe,
  insertProbe,
  lockProgressConfig,
  periodsOfDistrict,
  probeById,
  probeOfWeek,
  probeSummary,
  probesOfStudent,
  progressConfigRow,
  putProgressConfig,
  type ProbeRow,
  type ProgressConfigRow,
} from "#app/db/queries/progress";
import { localIsoDate } from "#app/domain/calendar-date";
import { letterItemsFor } from "#app/domain/letter-scores";
import { currentPeriod, PERIODS, type Period } from "#app/domain/periods";
import {
  benchmarkTestOf,
  PROBE_MEASURES,
  PROBE_MESSAGES,
  schoolYearPeriods,
  weekStartOf,
  type DecisionRule,
  type GoalTargets,
  type ProbeMeasure,
  type ProgressConfig,
} from "#app/domain/progress-monitoring";
import { DecisionRuleShape, GoalTargetsShape, ProbeInput, ProgressConfigChange } from "#app/domain/progress-monitoring-input";
import { periodAt } from "#app/domain/results-grid";
import { audit } from "../audit";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError } from "../errors";
import { idParam } from "../params";
import { recordAccess } from "../record-access";
import { assertOrganization, assertParticipant, requireActor, requireCapability } from "../scope";

// Progress monitoring between benchmarks (issue 39 items 5, 6; docs/features/progress-monitoring.md).
// A student's probes are for whoever sees the student (teachers their classrooms' students,
// admins their scope): read, save (one per measure and week, never in the future) and delete a
// mistaken one (audited with its figures; a probe is never changed in place). The district's
// targets and decision rule are its admins' (and super admins'), audited like the other
// thresholds; every reader of a student's probes gets them with the probes.

const Date_ = z.string().openapi({ example: "2026-01-12", description: "YYYY-MM-DD" });
const Measure = z.enum(PROBE_MEASURES).openapi({ description: "letter-names, letter-sounds, or ran (the grade's RAN test)" });

const Probe = z
  .object({
    probeId: z.string(),
    participantId: z.string(),
    measure: Measure,
    date: Date_,
    weekStart: Date_.openapi({ description: "the Monday of the probe's week (weeks run Monday to Sunday)" }),
    correctItems: z.number().int().nullable().openapi({ description: "letters correct (letter probes)" }),
    totalItems: z.number().int().nullable().openapi({ description: "letters given (letter probes)" }),
    correctByCode: z
      .record(z.string(), z.number())
      .nullable()
      .openapi({ description: "each letter item: 1 correct, 0 not (letter probes)" }),
    secs: z.number().nullable().openapi({ description: "seconds (RAN probes)" }),
    errors: z.number().int().nullable().openapi({ description: "errors (RAN probes)" }),
    recordedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
    recordedAt: z.string(),
  })
  .openapi("ProgressProbe");

const StoredTargets = GoalTargetsShape.openapi("ProgressGoalTargets", {
  description: "The next benchmark's target per measure, grade and period (letters correct; RAN seconds), with its source",
});
const StoredRule = DecisionRuleShape.openapi("ProgressDecisionRule", {
  description: "After this many consecutive points on one side of the goal line the chart advises, naming this source",
});

const Config = z
  .object({
    organizationId: z.string(),
    goalTargets: StoredTargets.nullable().openapi({ description: "null: not configured (charts say there is no goal line)" }),
    decisionRule: StoredRule.nullable().openapi({ description: "null: not configured (charts give no advice)" }),
    updatedAt: z.string().nullable(),
  })
  .openapi("ProgressMonitoringConfig");

const StudentProgress = z
  .object({
    participantId: z.string(),
    grade: z.string(),
    today: Date_,
    periods: z.array(z.object({ periodName: z.enum(PERIODS), startDate: Date_, endDate: Date_ })).openapi({
      description: "the school year's screening periods (the year holding today, else the latest begun)",
    }),
    benchmarks: z.array(z.object({ measure: Measure, period: z.enum(PERIODS), date: Date_, value: z.number() })).openapi({
      description: "per measure and period of the year, the latest valid benchmark score: letters correct, or a hand-scored RAN's seconds",
    }),
    probes: z.array(Probe).openapi({ description: "oldest first" }),
    letterItems: z
      .object({ "letter-names": z.array(z.string()), "letter-sounds": z.array(z.string()) })
      .openapi({ description: "the letter items a probe dated today scores (the grade's items in today's period); empty when none" }),
    ranTestCode: z.string().nullable().openapi({ description: "the grade's RAN test, whose benchmark starts the RAN goal line" }),
    config: Config,
  })
  .openapi("StudentProgress");

const StudentParam = idParam({ description: "participantId" });
const ProbeParam = idParam({ description: "probeId" });
const OrgParam = idParam({ description: "organizationId (district)" });

const getProbes = createRoute({
  method: "get",
  path: "/participant/{id}/probes",
  tags: ["Progress monitoring"],
  summary: "A student's probes, benchmark scores and the district's targets and decision rule",
  description: "Teachers: students of their classrooms; school admins: their schools; district admins: their district; super admins: all.",
  request: { params: StudentParam },
  responses: { 200: jsonResponse(StudentProgress, "Probes and what their charts need"), ...errorResponses },
});

const postProbe = createRoute({
  method: "post",
  path: "/participant/{id}/probes",
  tags: ["Progress monitoring"],
  summary: "Save a hand-scored probe: letter names or sounds (the ticked letters) or RAN (seconds and errors)",
  description:
    "Same scope as the student. At most one probe per student, measure and week (Monday to Sunday): a second answers 409 naming the week and the probe already there. " +
    "The date may not be after today. Sending the very same probe again (a double submit) answers 200 with the saved one and writes nothing.",
  request: { params: StudentParam, body: jsonBody(ProbeInput.openapi("ProgressProbeInput")) },
  responses: {
    201: jsonResponse(Probe, "Saved"),
    200: jsonResponse(Probe, "The same probe was saved already"),
    409: jsonResponse(z.object({ message: z.string(), existing: Probe }), "The student has a probe of this measure that week"),
    ...errorResponses,
  },
});

const deleteProbeRoute = createRoute({
  method: "delete",
  path: "/probe/{id}",
  tags: ["Progress monitoring"],
  summary: "Delete a mistaken probe (audited with its figures)",
  description: "Same scope as the student. The audit log keeps what was deleted, by whom and when.",
  request: { params: ProbeParam },
  responses: { 200: jsonResponse(Probe, "The probe deleted"), ...errorResponses },
});

const getSummary = createRoute({
  method: "get",
  path: "/participant/{id}/probeSummary",
  tags: ["Progress monitoring"],
  summary: "How many probes a student has, and the date of the latest (the student page's link)",
  description: "Same scope as the student's probes.",
  request: { params: StudentParam },
  responses: {
    200: jsonResponse(
      z.object({ count: z.number().int(), latest: Date_.nullable() }).openapi("ProbeSummary"),
      "The count and the latest probe's date (null: none)",
    ),
    ...errorResponses,
  },
});

const getConfig = createRoute({
  method: "get",
  path: "/organization/{id}/progress-monitoring",
  tags: ["Progress monitoring"],
  summary: "The district's progress-monitoring targets and decision rule (district admins, super admins)",
  request: { params: OrgParam },
  responses: { 200: jsonResponse(Config, "Targets and rule"), ...errorResponses },
});

const putConfig = createRoute({
  method: "put",
  path: "/organization/{id}/progress-monitoring",
  tags: ["Progress monitoring"],
  summary: "Set or clear the district's progress-monitoring targets and decision rule (district admins, super admins). Audited",
  description: "Each kind is optional: left out, unchanged; null clears it; a value replaces it whole, with its source.",
  request: { params: OrgParam, body: jsonBody(ProgressConfigChange.openapi("ProgressMonitoringConfigChange")) },
  responses: { 200: jsonResponse(Config, "Saved"), ...errorResponses },
});

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ");
const iso = (d: Date | string) => new Date(d).toISOString();

function toProbe(r: ProbeRow): z.infer<typeof Probe> {
  return {
    probeId: r.progress_probe_id,
    participantId: r.participant_id,
    measure: r.measure,
    date: r.probe_date,
    weekStart: r.week_start,
    correctItems: r.correct_items,
    totalItems: r.total_items,
    correctByCode: r.correct_by_code,
    secs: r.ran_secs,
    errors: r.ran_errors,
    recordedBy: r.recorded_by ? { userId: r.recorded_by, name: fullName(r.first_name, r.last_name) } : null,
    recordedAt: iso(r.created_at),
  };
}

const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

/** A stored kind read back with the rules that admitted it; one that no longer passes is dropped (and logged), never shown as a figure. */
function storedKind<T>(schema: z.ZodType<T>, value: unknown, what: string): T | null {
  if (value === null || value === undefined) return null;
  const result = schema.safeParse(parsed(value));
  if (result.success) return result.data;
  console.error(`[progress monitoring] a stored ${what} does not pass its rules and is ignored`, result.error.message);
  return null;
}

function configOf(row: ProgressConfigRow | undefined): ProgressConfig & { updatedAt: string | null } {
  return {
    goalTargets: storedKind<GoalTargets>(GoalTargetsShape as z.ZodType<GoalTargets>, row?.goal_targets, "goalTargets"),
    decisionRule: storedKind<DecisionRule>(DecisionRuleShape, row?.decision_rule, "decisionRule"),
    updatedAt: row ? iso(row.updated_at) : null,
  };
}

async function yearPeriods(db: Db, organizationId: string, today: string) {
  const rows = await periodsOfDistrict(db, organizationId);
  return schoolYearPeriods(
    rows.map((r) => ({ academicYear: r.academic_year, periodName: r.period_name, startDate: r.start_date, endDate: r.end_date })),
    today,
  )
    .map(({ periodName, startDate, endDate }) => ({ periodName, startDate, endDate }))
    .sort((a, b) => PERIODS.indexOf(a.periodName) - PERIODS.indexOf(b.periodName));
}

const lettersOf = (measure: "letter-names" | "letter-sounds", grade: string, period: Period | undefined) => {
  if (!period) return [];
  const found = letterItemsFor(measure, grade, period);
  return "items" in found ? found.items : [];
};

async function progressAnswer(db: Db, student: { participant_id: string; grade: string; organization_id: string }, today: string) {
  const [periods, probes, config] = await Promise.all([
    yearPeriods(db, student.organization_id, today),
    probesOfStudent(db, student.participant_id),
    progressConfigRow(db, student.organization_id),
  ]);
  const codeOf = new Map<string, ProbeMeasure>();
  for (const m of PROBE_MEASURES) {
    const code = benchmarkTestOf(m, student.grade);
    if (code) codeOf.set(code, m);
  }
  const tests = codeOf.size > 0 ? await benchmarkTests(db, student.participant_id, [...codeOf.keys()]) : [];
  // The latest score of each measure in each period (tests come oldest first).
  const latest = new Map<string, { measure: ProbeMeasure; period: Period; date: string; value: number }>();
  for (const t of tests) {
    const measure = codeOf.get(t.test_code)!;
    const value = measure === "ran" ? t.scored_secs : t.correct_items;
    const period = periodAt(periods, new Date(t.start_dt_tm));
    if (value === null || !period) continue;
    latest.set(`${measure}|${period.periodName}`, { measure, period: period.periodName, date: iso(t.start_dt_tm).slice(0, 10), value });
  }
  const now = currentPeriod(periods, today)?.periodName;
  const stored = configOf(config);
  return {
    participantId: student.participant_id,
    grade: student.grade,
    today,
    periods,
    benchmarks: [...latest.values()],
    probes: probes.map(toProbe),
    letterItems: {
      "letter-names": lettersOf("letter-names", student.grade, now),
      "letter-sounds": lettersOf("letter-sounds", student.grade, now),
    },
    ranTestCode: benchmarkTestOf("ran", student.grade),
    config: { organizationId: student.organization_id, ...stored },
  };
}

function sameProbe(
  row: ProbeRow,
  write: { probe_date: string; correct_by_code: string | null; ran_secs: number | null; ran_errors: number | null },
) {
  return (
    row.probe_date === write.probe_date &&
    row.ran_secs === write.ran_secs &&
    row.ran_errors === write.ran_errors &&
    JSON.stringify(row.correct_by_code ?? null) === (write.correct_by_code ?? "null")
  );
}

export function registerProgress(app: Router) {
  app.openapi(getProbes, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireActor(c.var.actor);
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const answer = await progressAnswer(db, student, localIsoDate(now()));
    recordAccess(c, { what: "progress-probes", organizationId: student.organization_id, participantId: student.participant_id });
    return c.json(answer, 200);
  });

  app.openapi(getSummary, async (c) => {
    const { db } = c.var.deps;
    const actor = requireActor(c.var.actor);
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    return c.json(await probeSummary(db, student.participant_id), 200);
  });

  app.openapi(postProbe, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireActor(c.var.actor);
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    const today = localIsoDate(now());
    if (body.date > today) throw new ApiError(400, PROBE_MESSAGES.future, [`date: ${PROBE_MESSAGES.future}`]);
    let figures: {
      correct_items: number | null;
      total_items: number | null;
      correct_by_code: string | null;
      ran_secs: number | null;
      ran_errors: number | null;
    };
    if (body.measure === "ran") {
      if (!benchmarkTestOf("ran", student.grade)) throw new ApiError(422, PROBE_MESSAGES.noRan(student.grade));
      figures = { correct_items: null, total_items: null, correct_by_code: null, ran_secs: body.secs!, ran_errors: body.errors! };
    } else {
      const periods = await yearPeriods(db, student.organization_id, body.date);
      const items = lettersOf(body.measure, student.grade, currentPeriod(periods, body.date)?.periodName);
      if (items.length === 0) throw new ApiError(422, PROBE_MESSAGES.noItems(body.measure, student.grade));
      const ticked = new Set(body.correct ?? []);
      const unknown = [...ticked].filter((code) => !items.includes(code));
      if (unknown.length > 0)
        throw new ApiError(
          400,
          PROBE_MESSAGES.unknownLetter(unknown[0]!),
          unknown.map((u) => `correct: ${PROBE_MESSAGES.unknownLetter(u)}`),
        );
      const byCode = Object.fromEntries(items.map((code) => [code, ticked.has(code) ? 1 : 0]));
      figures = {
        correct_items: ticked.size,
        total_items: items.length,
        correct_by_code: JSON.stringify(byCode),
        ran_secs: null,
        ran_errors: null,
      };
    }
    const write = {
      participant_id: student.participant_id,
      measure: body.measure,
      probe_date: body.date,
      week_start: weekStartOf(body.date),
      recorded_by: actor.userId,
      ...figures,
    };
    const id = await insertProbe(db, write);
    if (id === null) {
      const existing = await probeOfWeek(db, student.participant_id, body.measure, write.week_start);
      if (!existing) throw new ApiError(409, PROBE_MESSAGES.weekTaken(body.measure, write.week_start));
      // A double submit (the same probe by the same person) is the saved one, not a refusal.
      if (existing.recorded_by === actor.userId && sameProbe(existing, write)) return c.json(toProbe(existing), 200);
      return c.json({ message: PROBE_MESSAGES.weekTaken(body.measure, write.week_start), existing: toProbe(existing) }, 409);
    }
    return c.json(toProbe((await probeById(db, id))!), 201);
  });

  app.openapi(deleteProbeRoute, async (c) => {
    const { db } = c.var.deps;
    const actor = requireActor(c.var.actor);
    const found = await probeById(db, c.req.valid("param").id);
    if (!found) throw new ApiError(404, PROBE_MESSAGES.notFound);
    await assertParticipant(db, actor, found.participant_id);
    const probe = toProbe(found);
    await db.transaction().execute(async (tx) => {
      if (!(await deleteProbe(tx, found.progress_probe_id))) throw new ApiError(404, PROBE_MESSAGES.notFound);
      // Audited as a change of the student's record, so the student's export and erasure find it.
      await audit(tx, actor, "update", "participant", found.participant_id, { progressProbeDeleted: probe });
    });
    return c.json(probe, 200);
  });

  app.openapi(getConfig, async (c) => {
    const { db } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageScreeningStandards");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    return c.json({ organizationId: org.organization_id, ...configOf(await progressConfigRow(db, org.organization_id)) }, 200);
  });

  app.openapi(putConfig, async (c) => {
    const { db, now } = c.var.deps;
    const actor = requireCapability(c.var.actor, "manageScreeningStandards");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const change = c.req.valid("json");
    const at = now();
    await db.transaction().execute(async (tx) => {
      const before = configOf(await lockProgressConfig(tx, org.organization_id));
      const values: { goal_targets?: string | null; decision_rule?: string | null } = {};
      const after = { goalTargets: before.goalTargets, decisionRule: before.decisionRule };
      if (change.goalTargets !== undefined && JSON.stringify(change.goalTargets) !== JSON.stringify(before.goalTargets)) {
        values.goal_targets = change.goalTargets === null ? null : JSON.stringify(change.goalTargets);
        after.goalTargets = change.goalTargets;
      }
      if (change.decisionRule !== undefined && JSON.stringify(change.decisionRule) !== JSON.stringify(before.decisionRule)) {
        values.decision_rule = change.decisionRule === null ? null : JSON.stringify(change.decisionRule);
        after.decisionRule = change.decisionRule;
      }
      if (Object.keys(values).length === 0) return;
      await putProgressConfig(tx, org.organization_id, values, actor.userId, at);
      await audit(tx, actor, "update", "progress_monitoring_config", org.organization_id, {
        before: { goalTargets: before.goalTargets, decisionRule: before.decisionRule },
        after,
      });
    });
    return c.json({ organizationId: org.organization_id, ...configOf(await progressConfigRow(db, org.organization_id)) }, 200);
  });
}
