import { GRADES, gradeLabel } from "#app/domain/grades";
import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import {
  NOT_CONFIGURED_TEXT,
  STANDARD_KINDS,
  STANDARD_TITLES,
  type StandardKind,
  type StoredStandards,
} from "#app/domain/screening-standards";
import {
  ABILITY_FORM_ROWS,
  AbilityCutoffsForm,
  ClearStandardForm,
  PkRiskCutoffForm,
  RAN_FORM_ROWS,
  RanNormsForm,
  standardsFormValues,
  STANDARDS_INTENTS,
} from "#app/domain/screening-standards-forms";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { SUBMIT_FAILED_MESSAGE } from "#app/domain/form-messages";
import type { AdminCtx, Intents } from "./admin-actions.server";
import { failedWithToast, loadPart, succeeded } from "./admin.server";
import type { ApiClient, ApiSchema } from "./api.server";
import { parseSubmission, type Replyable } from "./forms.server";
import { signOutAndRedirect } from "./session.server";

// The district page's 'Norms and cutoffs' tab (issue 34 item 4): what is in force per kind and
// where it comes from, and one form per kind to set the district's own figures with their
// source, or clear them. Plain forms posting to the district route's action: they work without
// JavaScript; the API checks the caller and every rule again.

export const LOAD_FAILED = "Unable to load the norms and cutoffs.";

type Stored = ApiSchema<"StoredScreeningStandards">;

export type StandardStatus = {
  kind: StandardKind;
  title: string;
  /** Where the figures in force come from. */
  origin: "district" | "product" | null;
  /** 'No norms configured' / 'No cutoff configured' when none is in force. */
  notConfigured: string;
  source: string | null;
  updatedAt: string | null;
  /** The district has figures of its own (the form can clear them). */
  own: boolean;
  /** The product-wide figures, when the district's own replace them. */
  productSource: string | null;
  /** The district's own figures as the form's values. */
  values: Record<string, string>;
};

export type StandardsTabData = {
  error: string | null;
  kinds: StandardStatus[];
  periods: { name: string; label: string }[];
  ranRows: { grade: string; gradeLabel: string; testCode: string; title: string }[];
  abilityRows: { grade: string; gradeLabel: string; testCode: string; title: string }[];
  grades: string[];
};

function statusOf(kind: StandardKind, district: Stored, product: Stored): StandardStatus {
  const own = district[kind];
  const fallback = product[kind];
  const inForce = own ?? fallback;
  return {
    kind,
    title: STANDARD_TITLES[kind],
    origin: own ? "district" : fallback ? "product" : null,
    notConfigured: NOT_CONFIGURED_TEXT[kind],
    source: inForce?.source ?? null,
    updatedAt: inForce?.updatedAt ?? null,
    own: own !== null,
    productSource: own && fallback ? fallback.source : null,
    values: standardsFormValues(district as unknown as StoredStandards, kind),
  };
}

export async function loadStandardsTab(request: Request, api: ApiClient, districtId: string): Promise<StandardsTabData> {
  const part = await loadPart(
    request,
    api.GET("/organization/{id}/screening-standards", { params: { path: { id: districtId } } }),
    LOAD_FAILED,
  );
  const rows = (list: readonly { grade: string; testCode: string; title: string }[]) =>
    list.map((r) => ({ ...r, gradeLabel: gradeLabel(r.grade) }));
  return {
    error: part.error,
    kinds: part.data ? STANDARD_KINDS.map((kind) => statusOf(kind, part.data!.district, part.data!.product)) : [],
    periods: PERIODS.map((p) => ({ name: p, label: PERIOD_LABELS[p] })),
    ranRows: rows(RAN_FORM_ROWS),
    abilityRows: rows(ABILITY_FORM_ROWS),
    grades: [...GRADES],
  };
}

const SAVED: Record<StandardKind, string> = {
  ranNorms: "The district's RAN norms were saved.",
  pkRiskCutoff: "The district's prekindergarten risk cutoff was saved.",
  abilityCutoffs: "The district's ability (theta) cutoffs were saved.",
};
const CLEARED: Record<StandardKind, string> = {
  ranNorms: "The district's RAN norms were cleared.",
  pkRiskCutoff: "The district's prekindergarten risk cutoff was cleared.",
  abilityCutoffs: "The district's ability (theta) cutoffs were cleared.",
};

/** conform's nested values ({ ran: { "letter-ran": … } }) as the dotted field names the form reads. */
function flatten(value: unknown, prefix = "", out: Record<string, string | string[]> = {}) {
  if (typeof value === "string" || Array.isArray(value)) out[prefix] = value as string | string[];
  else if (value && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** A form that did not save: its errors per field and what was typed, under the fields' own names. */
function reply(submission: Replyable, status: number, formError?: string) {
  const answer = submission.reply(formError ? { formErrors: [formError] } : undefined);
  return data<SubmissionResult<string[]>>({ ...answer, initialValue: flatten(answer.initialValue) }, { status });
}

const recomputedText = (n: number) => (n > 0 ? ` ${n} scored RAN ${n === 1 ? "result was" : "results were"} recomputed.` : "");

function save(kind: StandardKind, schema: typeof RanNormsForm | typeof PkRiskCutoffForm | typeof AbilityCutoffsForm) {
  return async ({ request, api, form }: AdminCtx, districtId: string) => {
    const submission = parseSubmission(form, schema);
    if (submission.status !== "success") return reply(submission, 400);
    const result = await api.result(
      api.PUT("/organization/{id}/screening-standards", {
        params: { path: { id: districtId } },
        body: { [kind]: submission.value } as never,
      }),
    );
    if (result.ok) return succeeded(request, SAVED[kind] + recomputedText(result.data.recomputedRanResults));
    if (result.status === 401) return signOutAndRedirect(request);
    const message =
      result.error.message && result.error.message !== "Unexpected Server Error" ? result.error.message : SUBMIT_FAILED_MESSAGE;
    return reply(submission, result.status >= 400 && result.status < 600 ? result.status : 400, message);
  };
}

async function clear({ request, api, form }: AdminCtx, districtId: string) {
  const submission = parseSubmission(form, ClearStandardForm);
  if (submission.status !== "success") return failedWithToast(request, "Choose what to clear.");
  const kind = submission.value.kind;
  const result = await api.result(
    api.PUT("/organization/{id}/screening-standards", { params: { path: { id: districtId } }, body: { [kind]: null } }),
  );
  if (result.status === 401) return signOutAndRedirect(request);
  if (!result.ok) return failedWithToast(request, result.error.message);
  return succeeded(request, CLEARED[kind] + recomputedText(result.data.recomputedRanResults));
}

/** The tab's forms (their API calls check the caller). */
export const standardsIntents = (districtId: string): Intents => ({
  [STANDARDS_INTENTS.ranNorms]: (ctx) => save("ranNorms", RanNormsForm)(ctx, districtId),
  [STANDARDS_INTENTS.pkRiskCutoff]: (ctx) => save("pkRiskCutoff", PkRiskCutoffForm)(ctx, districtId),
  [STANDARDS_INTENTS.abilityCutoffs]: (ctx) => save("abilityCutoffs", AbilityCutoffsForm)(ctx, districtId),
  [STANDARDS_INTENTS.clear]: (ctx) => clear(ctx, districtId),
});
