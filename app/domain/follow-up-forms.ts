import { DAY_COUNTS, type DayCount } from "./follow-up-days";
import { FOLLOW_UP_FLAGS, PRESET_IDS, type FollowUpFlag, type FollowUpPolicy, type PresetId } from "./follow-up-policy";
import { NOTICE_METHODS, OUTCOMES, type NoticeMethod, type Outcome } from "./follow-up-steps";

// The district tab's policy form and the student page's step forms (issue 38 item 6): what the
// fields hold, and the API body they make. No zod here (the pages' browser code imports the
// field names); the API checks every rule again and its messages come back under the fields.

export const FOLLOW_UP_INTENTS = { savePolicy: "follow-up-policy", step: "follow-up-step", optOut: "follow-up-opt-out" } as const;

export const DAY_FIELDS = ["noticeDays", "monitoringDays", "furtherStepDays", "priorNoticeDays"] as const;
export type DayField = (typeof DAY_FIELDS)[number];

export const DAY_FIELD_LABELS: Record<DayField, string> = {
  noticeDays: "Days to notify the family after a flag",
  monitoringDays: "Monitoring window (days)",
  furtherStepDays: "Days from the end of monitoring to a further step",
  priorNoticeDays: "Days before screening to inform families",
};

export type PolicyFormValues = {
  flags: string[];
  dayCount: string;
  noticeDays: string;
  monitoringDays: string;
  furtherStepDays: string;
  priorNoticeDays: string;
  optOutAllowed: boolean;
  presetId: string;
  nonSchoolDays: string;
};

export function policyFormValues(policy: FollowUpPolicy | null, nonSchoolDays: string): PolicyFormValues {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return {
    flags: policy ? [...policy.flags] : [...FOLLOW_UP_FLAGS],
    dayCount: policy?.dayCount ?? "calendar",
    noticeDays: n(policy?.noticeDays),
    monitoringDays: n(policy?.monitoringDays),
    furtherStepDays: n(policy?.furtherStepDays),
    priorNoticeDays: n(policy?.priorNoticeDays),
    optOutAllowed: policy?.optOutAllowed ?? false,
    presetId: policy?.presetId ?? "",
    nonSchoolDays,
  };
}

type Entries = { getAll(name: string): unknown[]; get(name: string): unknown };
const str = (form: Entries, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** What was typed, to show again after a refusal. */
export function policyFormValuesOf(form: Entries): PolicyFormValues {
  return {
    flags: form.getAll("flags").filter((v): v is string => typeof v === "string"),
    dayCount: str(form, "dayCount"),
    noticeDays: str(form, "noticeDays"),
    monitoringDays: str(form, "monitoringDays"),
    furtherStepDays: str(form, "furtherStepDays"),
    priorNoticeDays: str(form, "priorNoticeDays"),
    optOutAllowed: str(form, "optOutAllowed") === "on",
    presetId: str(form, "presetId"),
    nonSchoolDays: str(form, "nonSchoolDays"),
  };
}

/** An empty field is 'not set' (null); anything else goes to the API as typed, for it to judge. */
const daysOf = (value: string): number | null => (value.trim() === "" ? null : Number(value.trim()));

/** The policy part of the API body, from the form's values (the non-school days are parsed apart). */
export function policyBodyOf(v: PolicyFormValues) {
  return {
    flags: v.flags as FollowUpFlag[],
    dayCount: ((DAY_COUNTS as readonly string[]).includes(v.dayCount) ? v.dayCount : "calendar") as DayCount,
    noticeDays: daysOf(v.noticeDays),
    monitoringDays: daysOf(v.monitoringDays),
    furtherStepDays: daysOf(v.furtherStepDays),
    priorNoticeDays: daysOf(v.priorNoticeDays),
    optOutAllowed: v.optOutAllowed,
    presetId: ((PRESET_IDS as readonly string[]).includes(v.presetId) ? v.presetId : null) as PresetId | null,
  };
}

/** The API's error path ('policy.noticeDays: …') → the form field it belongs to. */
export function fieldOfError(error: string): string | null {
  const match =
    /^(?:policy\.)?(flags|dayCount|noticeDays|monitoringDays|furtherStepDays|priorNoticeDays|nonSchoolDays|on|method|outcome|note)\b/.exec(
      error,
    );
  return match ? match[1]! : null;
}

export type StepKindField = "notice-sent" | "monitoring-started" | "outcome" | "note";

/** A step form's body for the API (the API checks it). */
export function stepBodyOf(form: Entries) {
  const kind = str(form, "kind") as StepKindField;
  const on = str(form, "on");
  const note = str(form, "note").trim();
  const withNote = note === "" ? {} : { note };
  switch (kind) {
    case "notice-sent":
      return { kind, on, method: str(form, "method") as NoticeMethod, ...withNote };
    case "outcome":
      return { kind, on, outcome: str(form, "outcome") as Outcome, ...withNote };
    case "monitoring-started":
      return { kind, on, ...withNote };
    default:
      return { kind: "note" as const, on, note };
  }
}

export { NOTICE_METHODS, OUTCOMES };
