import { z } from "zod";
import { GRADES, gradeInText } from "./grades";
import { PERIODS } from "./periods";
import {
  DECISION_RULE_POINTS,
  LETTER_ITEM_COUNT,
  MEASURE_TITLES,
  PROBE_MEASURES,
  PROBE_MESSAGES,
  RAN_MAX_ERRORS,
  RAN_MAX_SECS,
  SOURCE_MAX,
  type GoalTarget,
  type ProbeMeasure,
} from "./progress-monitoring";
import type { Period } from "./periods";
import { calendarDate, text } from "./text";

// The API's bodies for progress monitoring (issue 39 items 5, 6): a probe, and the district's
// targets and decision rule, with the messages the pages show. Apart from the rules
// (./progress-monitoring.ts) so that browser code never carries zod.

/** A probe: its measure and date, and the ticked letters (letter probes) or the time and errors (RAN). */
export const ProbeInput = z
  .object({
    measure: z.enum(PROBE_MEASURES),
    date: calendarDate("The probe's date"),
    correct: z.array(z.string().max(8)).max(40).optional(),
    secs: z
      .number({ error: PROBE_MESSAGES.secs })
      .finite(PROBE_MESSAGES.secs)
      .gt(0, PROBE_MESSAGES.secs)
      .max(RAN_MAX_SECS, PROBE_MESSAGES.secs)
      .optional(),
    errors: z
      .number({ error: PROBE_MESSAGES.errors })
      .int(PROBE_MESSAGES.errors)
      .min(0, PROBE_MESSAGES.errors)
      .max(RAN_MAX_ERRORS, PROBE_MESSAGES.errors)
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.measure === "ran") {
      if (p.correct !== undefined) ctx.addIssue({ code: "custom", path: ["correct"], message: PROBE_MESSAGES.ranFigures });
      if (p.secs === undefined) ctx.addIssue({ code: "custom", path: ["secs"], message: PROBE_MESSAGES.secs });
      if (p.errors === undefined) ctx.addIssue({ code: "custom", path: ["errors"], message: PROBE_MESSAGES.errors });
    } else {
      if (p.correct === undefined) ctx.addIssue({ code: "custom", path: ["correct"], message: PROBE_MESSAGES.letterFigures });
      if (p.secs !== undefined || p.errors !== undefined)
        ctx.addIssue({ code: "custom", path: ["secs"], message: PROBE_MESSAGES.letterFigures });
    }
  });
export type ProbeInput = z.infer<typeof ProbeInput>;

export const CONFIG_MESSAGES = {
  source: "Name the source of these figures (who published them).",
  target: (t: { measure: ProbeMeasure; grade: string; period: Period }) =>
    t.measure === "ran"
      ? `The RAN target for ${gradeInText(t.grade)}, ${t.period} must be more than 0 and at most ${RAN_MAX_SECS} seconds.`
      : `The ${MEASURE_TITLES[t.measure]} target for ${gradeInText(t.grade)}, ${t.period} must be a whole number from 0 to ${LETTER_ITEM_COUNT[t.measure]}.`,
  twice: (t: { measure: ProbeMeasure; grade: string; period: Period }) =>
    `${MEASURE_TITLES[t.measure]}, ${gradeInText(t.grade)}, ${t.period} has two targets: give one.`,
  points: `The number of consecutive points must be a whole number from ${DECISION_RULE_POINTS.min} to ${DECISION_RULE_POINTS.max}.`,
  noTargets: "Give at least one target, or clear the targets.",
} as const;

const Source = text(SOURCE_MAX, { label: "The source", error: CONFIG_MESSAGES.source, trim: true }).min(1, CONFIG_MESSAGES.source);

export const GoalTargetShape = z.object({
  measure: z.enum(PROBE_MEASURES),
  grade: z.enum(GRADES),
  period: z.enum(PERIODS),
  target: z.number().finite(),
});

function targetProblem(t: GoalTarget): string | null {
  if (t.measure === "ran") return t.target > 0 && t.target <= RAN_MAX_SECS ? null : CONFIG_MESSAGES.target(t);
  return Number.isInteger(t.target) && t.target >= 0 && t.target <= LETTER_ITEM_COUNT[t.measure] ? null : CONFIG_MESSAGES.target(t);
}

export const GoalTargetsShape = z
  .object({
    source: Source,
    targets: z
      .array(GoalTargetShape)
      .min(1, CONFIG_MESSAGES.noTargets)
      .max(PROBE_MEASURES.length * 15),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.targets.forEach((t, i) => {
      const problem = targetProblem(t);
      if (problem) ctx.addIssue({ code: "custom", path: ["targets", i, "target"], message: problem });
      const key = `${t.measure}|${t.grade}|${t.period}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["targets", i], message: CONFIG_MESSAGES.twice(t) });
      seen.add(key);
    });
  });

export const DecisionRuleShape = z.object({
  consecutivePoints: z
    .number({ error: CONFIG_MESSAGES.points })
    .int(CONFIG_MESSAGES.points)
    .min(DECISION_RULE_POINTS.min, CONFIG_MESSAGES.points)
    .max(DECISION_RULE_POINTS.max, CONFIG_MESSAGES.points),
  source: Source,
});

/** A change of the configuration: a kind left out is unchanged, null clears it, a value replaces it whole. */
export const ProgressConfigChange = z.object({
  goalTargets: GoalTargetsShape.nullable().optional(),
  decisionRule: DecisionRuleShape.nullable().optional(),
});
export type ProgressConfigChange = z.infer<typeof ProgressConfigChange>;
