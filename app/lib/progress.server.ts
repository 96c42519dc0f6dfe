import { randomUUID } from "node:crypto";
import { data, redirect } from "@remix-run/node";
import { letterOfItem } from "#app/domain/assessments";
import { breadcrumbs } from "#app/domain/breadcrumbs";
import {
  MEASURE_TITLES,
  plottedValue,
  probeText,
  progressChart,
  isProbeMeasure,
  PROGRESS_PAGE_TITLE,
  type ProbeMeasure,
  type ProgressChartModel,
} from "#app/domain/progress-monitoring";
import type { ApiClient, ApiSchema, CurrentUser } from "#app/lib/api.server";
import { refusalOf } from "#app/lib/api-refusal.server";

// The progress page's data and posts (/student/{id}/progress; issue 39 items 5, 6): the API's
// probes and configuration become one chart per measure (app/domain/progress-monitoring.ts), and
// a posted probe or deletion goes to the API. A refused save answers with what was typed, so the
// form shows it again beside the API's words; nothing is lost.

export type ProbeRowView = { probeId: string; date: string; text: string; recordedBy: string | null };
export type MeasureView = {
  measure: ProbeMeasure;
  title: string;
  chart: ProgressChartModel;
  probes: ProbeRowView[];
  /** Letter probes: the letters a probe dated today scores. */
  items: { code: string; letter: string }[];
};

type Probe = ApiSchema<"ProgressProbe">;

export async function loadProgressPage(api: ApiClient, user: CurrentUser, studentId: string, url: URL) {
  const [progress, student, sessions] = await Promise.all([
    api.load(api.GET("/participant/{id}/probes", { params: { path: { id: studentId } } })),
    api.load(api.GET("/participants/{id}", { params: { path: { id: studentId } } })),
    supportSessionsOf(api, studentId),
  ]);
  const school = await api.load(api.GET("/organizationUnit/{id}", { params: { path: { id: student.organizationUnitId } } }));
  const name = `${student.lastName}, ${student.firstName}`;
  const measures: MeasureView[] = [];
  for (const measure of ["letter-names", "letter-sounds", "ran"] as const) {
    const items = measure === "ran" ? [] : progress.letterItems[measure].map((code) => ({ code, letter: letterOfItem(code) }));
    const probes = progress.probes.filter((p) => p.measure === measure);
    const applies = measure === "ran" ? progress.ranTestCode !== null : items.length > 0;
    if (!applies && probes.length === 0) continue;
    const chart = progressChart({
      measure,
      grade: progress.grade,
      periods: progress.periods,
      benchmarks: progress.benchmarks.filter((b) => b.measure === measure),
      probes: probes.map((p) => ({ probeId: p.probeId, date: p.date, value: plottedValue(p), label: probeText(p) })),
      config: { goalTargets: progress.config.goalTargets, decisionRule: progress.config.decisionRule },
      today: progress.today,
    });
    measures.push({
      measure,
      title: MEASURE_TITLES[measure],
      chart,
      probes: probes.map(rowView),
      items: applies ? items : [],
    });
  }
  const toDelete = url.searchParams.get("delete");
  const confirmDelete = toDelete ? (progress.probes.find((p) => p.probeId === toDelete) ?? null) : null;
  return {
    student: { id: student.participantId, name },
    // The probe forms' idempotency key (one per page drawn; each form adds its measure): a form
    // posted twice saves once (app/api/idempotency.ts).
    saveKey: randomUUID(),
    today: progress.today,
    measures,
    sessions,
    confirmDelete: confirmDelete && { ...rowView(confirmDelete), title: MEASURE_TITLES[confirmDelete.measure] },
    saved: url.searchParams.get("saved"),
    deleted: url.searchParams.get("deleted") === "1",
    crumbs: breadcrumbs({
      role: user.role,
      schoolCount: user.schoolIds.length,
      district: { id: school.organizationId, name: school.Organization?.name ?? "District" },
      school: { id: school.organizationUnitId, name: school.name },
      student: { id: student.participantId, name },
      tail: PROGRESS_PAGE_TITLE,
    }),
  };
}

function rowView(p: Probe): ProbeRowView {
  return { probeId: p.probeId, date: p.date, text: probeText(p), recordedBy: p.recordedBy?.name ?? null };
}

export type ProbeValues = { date: string; correct: string[]; secs: string; errors: string };
export type ProbeReply = {
  measure: ProbeMeasure;
  values: ProbeValues;
  message: string;
  fieldErrors: Partial<Record<"date" | "secs" | "errors" | "correct", string>>;
};
export type DeleteReply = { deleteError: string };

const FIELDS = ["date", "secs", "errors", "correct"] as const;

/** The API's `field: message` lines by field; the first line per field. */
function fieldErrorsOf(errors: readonly string[] | undefined): ProbeReply["fieldErrors"] {
  const out: ProbeReply["fieldErrors"] = {};
  for (const line of errors ?? []) {
    const field = FIELDS.find((f) => line.startsWith(`${f}:`) || line.startsWith(`${f}.`));
    if (field && !out[field]) out[field] = line.slice(line.indexOf(":") + 1).trim();
  }
  return out;
}

/** A number as typed ('41.5', '41,5'), or undefined when blank; NaN when not a number (the API's message names it). */
function typedNumber(value: string): number | undefined {
  const t = value.trim().replace(",", ".");
  if (t === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

export const PROBE_FAILED = "Unable to save the probe.";

export async function saveProbe(request: Request, api: ApiClient, studentId: string, form: FormData): Promise<ProbeReply | Response> {
  const measure = form.get("measure");
  if (!isProbeMeasure(measure)) throw data({ message: "Unknown measure" }, { status: 400 });
  const values: ProbeValues = {
    date: String(form.get("date") ?? "").trim(),
    correct: form.getAll("correct").map(String),
    secs: String(form.get("secs") ?? ""),
    errors: String(form.get("errors") ?? ""),
  };
  const secs = typedNumber(values.secs);
  const errors = typedNumber(values.errors);
  const local: ProbeReply["fieldErrors"] = {};
  // NaN does not travel as JSON: a figure that is not a number is the page's to refuse.
  if (measure === "ran" && Number.isNaN(secs)) local.secs = "Enter the time in seconds as a number, for example 41.5.";
  if (measure === "ran" && Number.isNaN(errors)) local.errors = "Enter the number of errors as a whole number, for example 2.";
  if (Object.keys(local).length > 0) return { measure, values, message: PROBE_FAILED, fieldErrors: local };
  const body = measure === "ran" ? { measure, date: values.date, secs, errors } : { measure, date: values.date, correct: values.correct };
  const key = form.get("idempotencyKey");
  const headers = typeof key === "string" ? { "Idempotency-Key": key } : undefined;
  const result = await api.result(api.POST("/participant/{id}/probes", { params: { path: { id: studentId } }, body, headers }));
  if (result.ok) return redirect(`/student/${studentId}/progress?saved=${measure}#probe-${measure}`);
  const refusal = await refusalOf(request, result, { text: PROBE_FAILED });
  return {
    measure,
    values,
    message: refusal.detail ? `${refusal.message} ${refusal.detail}` : refusal.message,
    fieldErrors: fieldErrorsOf(result.error.errors),
  };
}

export async function removeProbe(request: Request, api: ApiClient, studentId: string, form: FormData): Promise<DeleteReply | Response> {
  const probeId = String(form.get("probeId") ?? "");
  const result = await api.result(api.DELETE("/probe/{id}", { params: { path: { id: probeId } } }));
  if (result.ok) return redirect(`/student/${studentId}/progress?deleted=1`);
  const refusal = await refusalOf(request, result, { text: "Unable to delete the probe." });
  return { deleteError: refusal.detail ? `${refusal.message} ${refusal.detail}` : refusal.message };
}

/**
 * The support sessions logged for the student (issue 39 item 7), oldest first: markers on each
 * chart and a list. None when they cannot be read: the page is the probes', and stays.
 */
async function supportSessionsOf(api: ApiClient, studentId: string) {
  const result = await api.result(api.GET("/participant/{id}/supportSessions", { params: { path: { id: studentId } } }));
  if (!result.ok) return [];
  return result.data.map((s) => ({
    date: s.on,
    label: `${s.groupName}, ${s.minutes} min`,
    groupName: s.groupName,
    minutes: s.minutes,
    workedOn: s.workedOn,
  }));
}
