import type { IsoDate } from "./calendar-date";
import { deadlineAfter, type DayCount } from "./follow-up-days";
import type { Logger } from "./logger";
import type { Period } from "./periods";
import { profileCell, type ProfileScores } from "./results-grid";
import type { EffectiveStandards } from "./screening-standards";

// A district's follow-up policy (issue 38 item 1): which flags start a follow-up, the deadlines
// after a flag, whether families may opt out of screening. The presets carry only the figures the
// issue quotes from each statute, with the citation; every other figure is left unset (null) and
// the page says 'not set'. Nothing here is legal advice, hence 'check with your state'.

/** The profile flags a follow-up can start from: the grid's own verdicts (results-grid.ts profileCell). */
export const FOLLOW_UP_FLAGS = ["dyslexia", "pwr", "pkRisk", "kready"] as const;
export type FollowUpFlag = (typeof FOLLOW_UP_FLAGS)[number];

export const FOLLOW_UP_FLAG_LABELS: Record<FollowUpFlag, string> = {
  dyslexia: "Dyslexia risk",
  pwr: "Low Potential For Word Reading",
  pkRisk: "Prekindergarten risk",
  kready: "Reading readiness: Emerging",
};

export type FollowUpPolicy = {
  flags: FollowUpFlag[];
  dayCount: DayCount;
  /** Days from the flag to the family's notice. */
  noticeDays: number | null;
  /** How long the school monitors after it starts. */
  monitoringDays: number | null;
  /** Days from the end of monitoring to the further step (further screening, referral, report). */
  furtherStepDays: number | null;
  /** Days before a screening window opens by which families are told of it. */
  priorNoticeDays: number | null;
  /** Whether families may opt their child out of screening. */
  optOutAllowed: boolean;
  /** The preset the district started from, if any (its citation stays on the page). */
  presetId: PresetId | null;
};

export const CHECK_WITH_YOUR_STATE = "check with your state";
export const NOT_SET_TEXT = "not set";
export const NO_POLICY_TEXT = "This district has not set a follow-up policy, so no follow-ups are opened.";

export const PRESET_IDS = ["louisiana", "ohio", "california", "utah", "wisconsin"] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export type FollowUpPreset = {
  id: PresetId;
  state: string;
  /** The statute as issue 38 cites it; null where the issue names none (the page says 'not set'). */
  citation: string | null;
  /** What the statute asks, in the words; always ends with the reminder to check. */
  summary: string;
  policy: FollowUpPolicy;
};

const every: FollowUpFlag[] = [...FOLLOW_UP_FLAGS];
const unset = { noticeDays: null, monitoringDays: null, furtherStepDays: null, priorNoticeDays: null } as const;

/**
 * The figures come from issue 38's text only. A preset starts with every profile flag ticked: the
 * statutes name their own screening measures, not this product's flags, so the district chooses.
 * Ohio's "up to 6 weeks" is written as 42 calendar days.
 */
export const FOLLOW_UP_PRESETS: readonly FollowUpPreset[] = [
  {
    id: "louisiana",
    state: "Louisiana",
    citation: "RS 17:392.11",
    summary: "Notify the family within 30 days of a flag; report counts per grade to the state by December 15. Check with your state.",
    policy: { flags: every, dayCount: "calendar", ...unset, noticeDays: 30, optOutAllowed: false, presetId: "louisiana" },
  },
  {
    id: "ohio",
    state: "Ohio",
    citation: null,
    summary: "Notify the family, monitor up to 6 weeks, then screen further and report within 30 days. Check with your state.",
    policy: {
      flags: every,
      dayCount: "calendar",
      ...unset,
      monitoringDays: 42,
      furtherStepDays: 30,
      optOutAllowed: false,
      presetId: "ohio",
    },
  },
  {
    id: "california",
    state: "California",
    citation: "Ed Code §53008",
    summary:
      "Inform families 15 days before screening, accept a written opt-out, and say that a flag is not a diagnosis. Check with your state.",
    policy: { flags: every, dayCount: "calendar", ...unset, priorNoticeDays: 15, optOutAllowed: true, presetId: "california" },
  },
  {
    id: "utah",
    state: "Utah",
    citation: null,
    summary: "Tell grade 1–3 families whether their child is on grade level. Check with your state.",
    policy: { flags: every, dayCount: "calendar", ...unset, optOutAllowed: false, presetId: "utah" },
  },
  {
    id: "wisconsin",
    state: "Wisconsin",
    citation: "§118.016",
    summary: "Flags below the 25th percentile and requires a reading plan and a notice to the family. Check with your state.",
    policy: { flags: every, dayCount: "calendar", ...unset, optOutAllowed: false, presetId: "wisconsin" },
  },
];

export function presetById(id: string | null | undefined): FollowUpPreset | null {
  return FOLLOW_UP_PRESETS.find((p) => p.id === id) ?? null;
}

/** A figure as the page prints it: 'not set' when the policy has none. */
export function daysText(days: number | null, count: DayCount): string {
  if (days === null) return NOT_SET_TEXT;
  return `${days} ${count === "calendar" ? "calendar" : "school"} day${days === 1 ? "" : "s"}`;
}

/**
 * The flags a student's profile raises in a period, judged exactly as the grid judges them
 * (profileCell): PWR in its High or Moderate risk band, dyslexia 'At risk', the prekindergarten
 * risk 'At risk' against a configured cutoff (none configured: never a flag), readiness
 * 'Emerging'. A profile that does not apply to the grade, or has no score, raises nothing.
 */
export function raisedFlags(
  grade: string,
  period: Period,
  scores: ProfileScores | null | undefined,
  standards: Pick<EffectiveStandards, "pkRiskCutoff">,
  log?: Logger,
): FollowUpFlag[] {
  const quiet: Logger = log ?? (() => {});
  return FOLLOW_UP_FLAGS.filter((kind) => {
    const cell = profileCell(kind, grade, period, scores, quiet, standards);
    if (cell.state !== "complete") return false;
    return kind === "pwr" ? cell.tone === "risk" || cell.tone === "moderate" : cell.tone === "risk";
  });
}

/** The flags of `raised` that start a follow-up under the policy. */
export function followUpFlags(policy: Pick<FollowUpPolicy, "flags">, raised: readonly FollowUpFlag[]): FollowUpFlag[] {
  return raised.filter((flag) => policy.flags.includes(flag));
}

export type Deadlines = { noticeDue: IsoDate | null };

/** The notice deadline fixed when a follow-up opens (a later policy change does not move it). */
export function noticeDueOn(flaggedOn: IsoDate, policy: FollowUpPolicy, nonSchoolDays: ReadonlySet<IsoDate>): IsoDate | null {
  return deadlineAfter(flaggedOn, policy.noticeDays, policy.dayCount, nonSchoolDays);
}

/** When monitoring started on `startedOn` ends, and when the further step is due after it. */
export function monitoringDeadlines(
  startedOn: IsoDate,
  policy: FollowUpPolicy,
  nonSchoolDays: ReadonlySet<IsoDate>,
): { monitoringEndsOn: IsoDate | null; furtherStepDue: IsoDate | null } {
  const monitoringEndsOn = deadlineAfter(startedOn, policy.monitoringDays, policy.dayCount, nonSchoolDays);
  const furtherStepDue =
    monitoringEndsOn === null ? null : deadlineAfter(monitoringEndsOn, policy.furtherStepDays, policy.dayCount, nonSchoolDays);
  return { monitoringEndsOn, furtherStepDue };
}
