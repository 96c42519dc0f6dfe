import { data } from "@remix-run/node";
import { SUBMIT_FAILED_MESSAGE } from "#app/domain/form-messages";
import { parseNonSchoolDays, nonSchoolDaysText } from "#app/domain/follow-up-input";
import {
  fieldOfError,
  FOLLOW_UP_INTENTS,
  policyBodyOf,
  policyFormValues,
  policyFormValuesOf,
  stepBodyOf,
  type PolicyFormValues,
} from "#app/domain/follow-up-forms";
import { presetById } from "#app/domain/follow-up-policy";
import type { AdminCtx, Intents } from "./admin-actions.server";
import { loadPart, succeeded } from "./admin.server";
import type { ApiClient, ApiSchema } from "./api.server";
import { signOutAndRedirect } from "./session.server";

// The district page's 'Follow-up policy' tab and the student's follow-up page (issue 38 item 6):
// what they load and what their forms post. Plain forms: they work without JavaScript; the API
// checks the caller and every rule again, and its messages come back under the fields.

export const LOAD_FAILED = "Unable to load the follow-up policy.";

export type FollowUpTabData = {
  error: string | null;
  settings: ApiSchema<"FollowUpSettings"> | null;
  presets: ApiSchema<"FollowUpPreset">[];
  /** The form's values: the stored policy, or the preset the user chose to start from (not saved yet). */
  values: PolicyFormValues;
  /** The preset whose figures fill the form now, unsaved (?preset=). */
  draftPreset: ApiSchema<"FollowUpPreset"> | null;
};

export async function loadFollowUpTab(request: Request, api: ApiClient, districtId: string, search: string): Promise<FollowUpTabData> {
  const [settings, presets] = await Promise.all([
    loadPart(request, api.GET("/organization/{id}/followUpPolicy", { params: { path: { id: districtId } } }), LOAD_FAILED),
    loadPart(request, api.GET("/followUpPolicyPresets"), LOAD_FAILED),
  ]);
  const chosen = presetById(new URLSearchParams(search).get("preset"));
  const draftPreset = chosen ? ((presets.data ?? []).find((p) => p.id === chosen.id) ?? null) : null;
  const days = nonSchoolDaysText(settings.data?.nonSchoolDays ?? []);
  return {
    error: settings.error ?? presets.error,
    settings: settings.data,
    presets: presets.data ?? [],
    values: policyFormValues(draftPreset ? draftPreset.policy : (settings.data?.policy ?? null), days),
    draftPreset,
  };
}

export type FollowUpFormReply = { followUpForm: { values: PolicyFormValues; errors: Record<string, string>; formError: string | null } };

function refused(values: PolicyFormValues, errors: Record<string, string>, formError: string | null, status = 400) {
  return data<FollowUpFormReply>({ followUpForm: { values, errors, formError } }, { status });
}

/** The API's `errors` ('policy.noticeDays: …') as messages per field; the rest is the form's. */
export function errorsByField(errors: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) {
    const field = fieldOfError(e);
    if (field && !out[field]) out[field] = e.replace(/^[\w.]+: /, "");
  }
  return out;
}

async function savePolicy({ request, api, form }: AdminCtx, districtId: string) {
  const values = policyFormValuesOf(form);
  const days = parseNonSchoolDays(values.nonSchoolDays);
  if ("errors" in days) return refused(values, { nonSchoolDays: days.errors.join(" ") }, days.errors[0] ?? null);
  const result = await api.result(
    api.PUT("/organization/{id}/followUpPolicy", {
      params: { path: { id: districtId } },
      body: { policy: policyBodyOf(values), nonSchoolDays: days.days },
    }),
  );
  if (result.ok) return succeeded(request, "The follow-up policy was saved.", ["preset"]);
  if (result.status === 401) return signOutAndRedirect(request);
  const message = result.error.message && result.error.message !== "Unexpected Server Error" ? result.error.message : SUBMIT_FAILED_MESSAGE;
  return refused(values, errorsByField(result.error.errors), message, result.status >= 400 && result.status < 500 ? result.status : 400);
}

export const followUpPolicyIntents = (districtId: string): Intents<FollowUpFormReply> => ({
  [FOLLOW_UP_INTENTS.savePolicy]: (ctx) => savePolicy(ctx, districtId),
});

// ── The student's follow-up page ────────────────────────────────────────────────────────────

export type StepReply = { stepForm: { followUpId: string; kind: string; errors: Record<string, string>; formError: string | null } };

export async function recordStep({ request, api, form }: Pick<AdminCtx, "request" | "api" | "form">) {
  const followUpId = typeof form.get("followUpId") === "string" ? String(form.get("followUpId")) : "";
  const body = stepBodyOf(form);
  const result = await api.result(api.POST("/followUp/{id}/steps", { params: { path: { id: followUpId } }, body: body as never }));
  if (result.ok) return succeeded(request, "The step was recorded.");
  if (result.status === 401) return signOutAndRedirect(request);
  return data<StepReply>(
    {
      stepForm: {
        followUpId,
        kind: body.kind,
        errors: errorsByField(result.error.errors),
        formError: result.error.message || SUBMIT_FAILED_MESSAGE,
      },
    },
    { status: result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}

export async function recordOptOut({ request, api, form }: Pick<AdminCtx, "request" | "api" | "form">, studentId: string) {
  const get = (n: string) => (typeof form.get(n) === "string" ? String(form.get(n)) : "");
  const result = await api.result(
    api.POST("/participant/{id}/screeningOptOut", {
      params: { path: { id: studentId } },
      body: {
        academicYear: get("academicYear"),
        optedOut: get("optedOut") === "true",
        on: get("on"),
        ...(get("note").trim() ? { note: get("note") } : {}),
      },
    }),
  );
  if (result.ok)
    return succeeded(request, get("optedOut") === "true" ? "The family's opt-out was recorded." : "The opt-out was withdrawn.");
  if (result.status === 401) return signOutAndRedirect(request);
  return data<StepReply>(
    {
      stepForm: {
        followUpId: "opt-out",
        kind: "opt-out",
        errors: errorsByField(result.error.errors),
        formError: result.error.message || SUBMIT_FAILED_MESSAGE,
      },
    },
    { status: result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}
