import { z } from "zod";
import { DAY_COUNTS } from "./follow-up-days";
import { FOLLOW_UP_FLAGS, PRESET_IDS } from "./follow-up-policy";
import { NOTICE_METHODS, OUTCOMES } from "./follow-up-steps";
import { calendarDate, isCalendarDate, list, text, TEXT_MAX } from "./text";

// The API's bodies for the follow-up policy, the district's non-school days and a recorded step
// (issue 38), with the messages the pages show. Kept apart from the rules so that browser code
// never carries zod.

export const FOLLOW_UP_MESSAGES = {
  flags: "Choose at least one flag that starts a follow-up.",
  days: "Enter a whole number of days from 0 to 365, or leave it empty for 'not set'.",
  nonSchoolDayLine: (line: number) => `Line ${line}: write a date as YYYY-MM-DD, optionally followed by a label.`,
  nonSchoolDayTwice: (date: string) => `${date} is listed twice.`,
  method: "Choose how the notice was sent: printed, e-mailed or handed over.",
  outcome: "Choose the outcome.",
  note: "Write the note (at most 2,000 characters).",
  closed: "This follow-up is closed: the student is no longer flagged.",
  optOutNotAllowed: "The district's follow-up policy does not let families opt out of screening.",
} as const;

export const MAX_DAYS = 365;
export const MAX_NON_SCHOOL_DAYS = 400;
export const NOTE_MAX = 2000;

const Days = z
  .number({ error: FOLLOW_UP_MESSAGES.days })
  .int(FOLLOW_UP_MESSAGES.days)
  .min(0, FOLLOW_UP_MESSAGES.days)
  .max(MAX_DAYS, FOLLOW_UP_MESSAGES.days)
  .nullable();

export const FollowUpPolicyInput = z.object({
  flags: z.array(z.enum(FOLLOW_UP_FLAGS)).min(1, FOLLOW_UP_MESSAGES.flags).max(FOLLOW_UP_FLAGS.length),
  dayCount: z.enum(DAY_COUNTS),
  noticeDays: Days,
  monitoringDays: Days,
  furtherStepDays: Days,
  priorNoticeDays: Days,
  optOutAllowed: z.boolean(),
  presetId: z.enum(PRESET_IDS).nullable(),
});

export const NonSchoolDayInput = z.object({
  date: calendarDate("A non-school day"),
  label: text(TEXT_MAX.name, { label: "Label", trim: true }).nullable(),
});

export const NonSchoolDaysInput = list(NonSchoolDayInput, { label: "Non-school days", max: MAX_NON_SCHOOL_DAYS }).superRefine(
  (days, ctx) => {
    const seen = new Set<string>();
    days.forEach((d, i) => {
      if (seen.has(d.date)) ctx.addIssue({ code: "custom", path: [i, "date"], message: FOLLOW_UP_MESSAGES.nonSchoolDayTwice(d.date) });
      seen.add(d.date);
    });
  },
);

/** The PUT body: the policy (null: the district has none) and its non-school days, saved together. */
export const FollowUpSettingsInput = z.object({
  policy: FollowUpPolicyInput.nullable(),
  nonSchoolDays: NonSchoolDaysInput,
});
export type FollowUpSettingsInput = z.infer<typeof FollowUpSettingsInput>;

/**
 * The district page's textarea: one non-school day a line, 'YYYY-MM-DD' and an optional label
 * after a space. Blank lines are skipped. Returns the days or one message per bad line.
 */
export function parseNonSchoolDays(textValue: string): { days: { date: string; label: string | null }[] } | { errors: string[] } {
  const days: { date: string; label: string | null }[] = [];
  const errors: string[] = [];
  textValue.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    const match = /^(\d{4}-\d{2}-\d{2})(?:\s+(.*))?$/.exec(line);
    if (!match || !isCalendarDate(match[1]!)) {
      errors.push(FOLLOW_UP_MESSAGES.nonSchoolDayLine(i + 1));
      return;
    }
    days.push({ date: match[1]!, label: match[2]?.trim() || null });
  });
  return errors.length > 0 ? { errors } : { days };
}

/** The textarea's text for stored days. */
export const nonSchoolDaysText = (days: readonly { date: string; label: string | null }[]) =>
  days.map((d) => (d.label ? `${d.date} ${d.label}` : d.date)).join("\n");

const On = calendarDate("The date");
const Note = text(NOTE_MAX, { label: "Note", trim: true });

/** One recorded step. `on` is the day it happened (today unless the user says otherwise). */
export const FollowUpStepInput = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("notice-sent"),
    on: On,
    method: z.enum(NOTICE_METHODS, { error: FOLLOW_UP_MESSAGES.method }),
    note: Note.optional(),
  }),
  z.object({ kind: z.literal("monitoring-started"), on: On, note: Note.optional() }),
  z.object({ kind: z.literal("outcome"), on: On, outcome: z.enum(OUTCOMES, { error: FOLLOW_UP_MESSAGES.outcome }), note: Note.optional() }),
  z.object({ kind: z.literal("note"), on: On, note: Note.min(1, FOLLOW_UP_MESSAGES.note) }),
]);
export type FollowUpStepInput = z.infer<typeof FollowUpStepInput>;

/** A family's opt-out of screening (when the policy allows it), or its withdrawal. */
export const ScreeningOptOutInput = z.object({
  academicYear: z.string().regex(/^\d{4}-\d{4}$/, "Write the school year as 2026-2027."),
  optedOut: z.boolean(),
  on: On,
  note: Note.optional(),
});
export type ScreeningOptOutInput = z.infer<typeof ScreeningOptOutInput>;
