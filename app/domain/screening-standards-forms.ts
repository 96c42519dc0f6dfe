import { z } from "zod";
import { ASSESSMENTS } from "./assessments";
import { PERIODS } from "./periods";
import {
  ABILITY_CUTOFF_ROWS,
  RAN_NORM_ROWS,
  STANDARD_KINDS,
  type AbilityCutoffs,
  type PkRiskCutoff,
  type RanNorms,
  type StandardKind,
} from "./screening-standards";
import { MAX_SECS, SourceText, STANDARDS_MESSAGES, THETA_RANGE } from "./screening-standards-input";
import { SPEC_PK_THETA_NOTE, standardsField, STANDARDS_INTENTS } from "./screening-standards-fields";

// The forms' names and the spec's note are in a module of their own, without zod, for the page.
export { SPEC_PK_THETA_NOTE, standardsField, STANDARDS_INTENTS };

// The district page's 'Norms and cutoffs' tab (issue 34 item 4): one zod schema per form, read
// through conform (a blank field arrives as undefined, 'ran.object-ran.K.BOY.mean' as a nested
// object), each turning the posted table into the API's body with the same messages, at the
// field that caused them. Pure: no I/O.

/** A typed number ('12', '12.5', '-0.3'); null for anything else. */
function numberOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(value)) return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}

/** A nested value of the parsed form, by its dotted field name. */
function at(tree: unknown, name: string): unknown {
  return name
    .split(".")
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), tree);
}

const issue = (ctx: z.RefinementCtx, name: string, message: string) =>
  ctx.addIssue({ code: "custom", path: name ? name.split(".") : [], message });

const blank = (value: unknown) => value === undefined || (typeof value === "string" && value.trim() === "");

export const RanNormsForm = z
  .object({
    intent: z.literal(STANDARDS_INTENTS.ranNorms),
    source: SourceText,
    ran: z.unknown().optional(),
  })
  .transform((form, ctx): RanNorms => {
    const norms: RanNorms["norms"] = [];
    let typo = false;
    for (const { grade, testCode } of RAN_NORM_ROWS) {
      for (const period of PERIODS) {
        const meanName = standardsField.ranMean(testCode, grade, period);
        const sdName = standardsField.ranSd(testCode, grade, period);
        const [meanRaw, sdRaw] = [at(form, meanName), at(form, sdName)];
        if (blank(meanRaw) && blank(sdRaw)) continue;
        if (blank(meanRaw) || blank(sdRaw)) {
          issue(ctx, blank(meanRaw) ? meanName : sdName, STANDARDS_MESSAGES.pairIncomplete);
          typo = true;
          continue;
        }
        const [meanSecs, sdSecs] = [numberOf(meanRaw), numberOf(sdRaw)];
        const meanOk = meanSecs !== null && meanSecs > 0 && meanSecs <= MAX_SECS;
        const sdOk = sdSecs !== null && sdSecs > 0 && sdSecs <= MAX_SECS;
        if (!meanOk) issue(ctx, meanName, STANDARDS_MESSAGES.meanSecs);
        if (!sdOk) issue(ctx, sdName, STANDARDS_MESSAGES.sdSecs);
        typo ||= !meanOk || !sdOk;
        if (meanOk && sdOk) norms.push({ testCode, grade, period, meanSecs: meanSecs!, sdSecs: sdSecs! });
      }
    }
    if (norms.length === 0 && !typo) issue(ctx, "", STANDARDS_MESSAGES.noFigures);
    return { source: form.source, norms };
  });

export const PkRiskCutoffForm = z
  .object({
    intent: z.literal(STANDARDS_INTENTS.pkRiskCutoff),
    source: SourceText,
    pk: z.unknown().optional(),
  })
  .transform((form, ctx): PkRiskCutoff => {
    const cutoffs: PkRiskCutoff["cutoffs"] = {};
    let typo = false;
    for (const period of PERIODS) {
      const name = standardsField.pkCutoff(period);
      const raw = at(form, name);
      if (blank(raw)) continue;
      const value = numberOf(raw);
      if (value === null || value < 0 || value > 1) {
        issue(ctx, name, STANDARDS_MESSAGES.cutoff);
        typo = true;
      } else cutoffs[period] = value;
    }
    if (Object.keys(cutoffs).length === 0 && !typo) issue(ctx, "", STANDARDS_MESSAGES.noFigures);
    return { source: form.source, cutoffs };
  });

export const AbilityCutoffsForm = z
  .object({
    intent: z.literal(STANDARDS_INTENTS.abilityCutoffs),
    source: SourceText,
    theta: z.unknown().optional(),
  })
  .transform((form, ctx): AbilityCutoffs => {
    const cutoffs: AbilityCutoffs["cutoffs"] = [];
    let typo = false;
    for (const { grade, testCode } of ABILITY_CUTOFF_ROWS) {
      for (const period of PERIODS) {
        const name = standardsField.theta(grade, testCode, period);
        const raw = at(form, name);
        if (blank(raw)) continue;
        const theta = numberOf(raw);
        if (theta === null || Math.abs(theta) > THETA_RANGE) {
          issue(ctx, name, STANDARDS_MESSAGES.theta);
          typo = true;
        } else cutoffs.push({ grade, testCode, period, theta });
      }
    }
    if (cutoffs.length === 0 && !typo) issue(ctx, "", STANDARDS_MESSAGES.noFigures);
    return { source: form.source, cutoffs };
  });

export const ClearStandardForm = z.object({
  intent: z.literal(STANDARDS_INTENTS.clear),
  kind: z.enum(STANDARD_KINDS, { error: "Choose what to clear." }),
});

/** The stored figures of a kind as the form's field values (what the form starts from). */
export function standardsFormValues(
  stored: { ranNorms: RanNorms | null; pkRiskCutoff: PkRiskCutoff | null; abilityCutoffs: AbilityCutoffs | null },
  kind: StandardKind,
): Record<string, string> {
  const values: Record<string, string> = {};
  switch (kind) {
    case "ranNorms":
      if (!stored.ranNorms) break;
      values.source = stored.ranNorms.source;
      for (const n of stored.ranNorms.norms) {
        values[standardsField.ranMean(n.testCode, n.grade, n.period)] = String(n.meanSecs);
        values[standardsField.ranSd(n.testCode, n.grade, n.period)] = String(n.sdSecs);
      }
      break;
    case "pkRiskCutoff":
      if (!stored.pkRiskCutoff) break;
      values.source = stored.pkRiskCutoff.source;
      for (const period of PERIODS) {
        const value = stored.pkRiskCutoff.cutoffs[period];
        if (value !== undefined) values[standardsField.pkCutoff(period)] = String(value);
      }
      break;
    case "abilityCutoffs":
      if (!stored.abilityCutoffs) break;
      values.source = stored.abilityCutoffs.source;
      for (const c of stored.abilityCutoffs.cutoffs) values[standardsField.theta(c.grade, c.testCode, c.period)] = String(c.theta);
      break;
  }
  return values;
}

/** The rows of the two tables, with their titles. */
export const RAN_FORM_ROWS = RAN_NORM_ROWS.map((r) => ({ ...r, title: ASSESSMENTS[r.testCode].title }));
export const ABILITY_FORM_ROWS = ABILITY_CUTOFF_ROWS.map((r) => ({ ...r, title: ASSESSMENTS[r.testCode].title }));
