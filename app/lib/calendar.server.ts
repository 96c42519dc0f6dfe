import type { SubmissionResult } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { ASSESSMENTS } from "#app/domain/assessments";
import { CALENDAR_INTENTS, calendarField } from "#app/domain/calendar-form";
import { GRADES, gradeLabel } from "#app/domain/grades";
import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import { schoolYearStart, TESTS_BY_GRADE } from "#app/domain/screening-calendar";
import type { AdminCtx, Intents } from "./admin-actions.server";
import { failedWithToast, loadPart, succeeded } from "./admin.server";
import type { ApiClient, ApiSchema } from "./api.server";
import { signOutAndRedirect } from "./session.server";
import { redirectWithToast } from "./toast.server";

// The district page's Screening Calendar tab (issue 16): its loader part and its two form
// actions. The form posts plain fields named as the API names them ('periods.MOY.startDate',
// 'periods.MOY.gradeLists.K' once per ticked test), so the API's per-field messages land next to
// the field that caused them with no mapping table; the API checks every rule.

type CalendarYear = ApiSchema<"CalendarYear">;

const SAVE_INTENT = CALENDAR_INTENTS.save;
const ROLLOVER_INTENT = CALENDAR_INTENTS.rollover;
const fieldName = calendarField;
export const LOAD_FAILED = "Unable to load the screening calendar.";

/** What the tab shows: the years, the one chosen (`?year=`), its calendar as form values, and the tests each grade can take. */
export type CalendarTabData = {
  error: string | null;
  years: string[];
  year: string;
  nextYear: string | null;
  /** The stored calendar of `year` as the form's values (null: none saved yet), with its version. */
  stored: { version: string; values: Record<string, string | string[]> } | null;
  periods: { name: string; label: string }[];
  grades: { grade: string; label: string; tests: { code: string; title: string }[] }[];
};

/** A year's calendar as the form's field values. */
function valuesOf(year: CalendarYear): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const p of year.periods) {
    values[fieldName.start(p.periodName)] = p.startDate;
    values[fieldName.end(p.periodName)] = p.endDate;
    for (const [grade, codes] of Object.entries(p.gradeLists)) values[fieldName.tests(p.periodName, grade)] = codes;
  }
  return values;
}

export async function loadCalendarTab(request: Request, api: ApiClient, districtId: string, search: string): Promise<CalendarTabData> {
  const part = await loadPart(
    request,
    api.GET("/organization/{id}/screening-calendar", { params: { path: { id: districtId } } }),
    LOAD_FAILED,
  );
  const calendar = part.data;
  const years = calendar?.years.map((y) => y.academicYear) ?? [];
  const wanted = new URLSearchParams(search).get("year") ?? "";
  // The year asked for when the district has it; else the school year holding today, if saved,
  // else the latest; a district without any calendar starts on this school year's (empty) form.
  const currentYear = calendar?.currentYear ?? "";
  const year = years.includes(wanted) ? wanted : years.includes(currentYear) ? currentYear : (years.at(-1) ?? currentYear);
  const stored = calendar?.years.find((y) => y.academicYear === year);
  return {
    error: part.error,
    years,
    year,
    nextYear: calendar?.nextYear ?? null,
    stored: stored ? { version: stored.version, values: valuesOf(stored) } : null,
    periods: PERIODS.map((p) => ({ name: p, label: PERIOD_LABELS[p] })),
    grades: GRADES.map((grade) => ({
      grade,
      label: gradeLabel(grade),
      tests: TESTS_BY_GRADE[grade].map((code) => ({ code, title: ASSESSMENTS[code].title })),
    })),
  };
}

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The posted form as the API's body, and as the reply's values (what was typed, to show again). */
function posted(form: FormData) {
  const typed: Record<string, string | string[]> = {};
  const periods: Record<string, { startDate: string; endDate: string; gradeLists: Record<string, string[]> }> = {};
  for (const period of PERIODS) {
    const startDate = str(form, fieldName.start(period));
    const endDate = str(form, fieldName.end(period));
    typed[fieldName.start(period)] = startDate;
    typed[fieldName.end(period)] = endDate;
    const gradeLists: Record<string, string[]> = {};
    for (const grade of GRADES) {
      const codes = form.getAll(fieldName.tests(period, grade)).filter((v): v is string => typeof v === "string");
      gradeLists[grade] = codes;
      typed[fieldName.tests(period, grade)] = codes;
    }
    periods[period] = { startDate, endDate, gradeLists };
  }
  return { typed, periods };
}

/** A reply the tab's form reads (the admin forms' shape, app/components/form-reply.ts): errors per field, values to show. */
function reply(initialValue: Record<string, string | string[]>, error: Record<string, string[]>, status: number) {
  return data<SubmissionResult<string[]>>({ status: "error", initialValue, error }, { status });
}

/** 'periods.MOY.startDate: message' → field errors; a message naming no field of the form becomes the form's own (''). */
function fieldErrors(errors: readonly string[] | undefined, message: string, fields: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors ?? []) {
    const at = error.indexOf(": ");
    const field = at > 0 ? error.slice(0, at) : "";
    const key = fields.includes(field) ? field : "";
    (out[key] ??= []).push(at > 0 ? error.slice(at + 2) : error);
  }
  if (Object.keys(out).length === 0) out[""] = [message];
  return out;
}

async function saveCalendar({ request, api, form }: AdminCtx, districtId: string) {
  const academicYear = str(form, "academicYear");
  const version = str(form, "version");
  const { typed, periods } = posted(form);
  const result = await api.result(
    api.PUT("/organization/{id}/screening-calendar", {
      params: { path: { id: districtId } },
      body: { academicYear, ...(version ? { version } : {}), periods },
    }),
  );
  if (result.ok) return succeeded(request, `The ${academicYear} screening calendar was saved.`);
  if (result.status === 401) return signOutAndRedirect(request);
  const base = { intent: SAVE_INTENT, academicYear };
  const current = result.status === 409 ? (result.body as { current?: CalendarYear } | null)?.current : undefined;
  // Someone else saved first: their calendar in the fields, with its version, and why.
  if (current) return reply({ ...base, version: current.version, ...valuesOf(current) }, { "": [result.error.message] }, 409);
  const message = result.error.message || "The calendar could not be saved. Please try again.";
  const status = result.status >= 400 && result.status < 500 ? result.status : 500;
  return reply({ ...base, version, ...typed }, fieldErrors(result.error.errors, message, Object.keys(typed)), status);
}

async function startYear({ request, api, form }: AdminCtx, districtId: string) {
  const academicYear = str(form, "academicYear");
  const result = await api.result(
    api.POST("/organization/{id}/screening-calendar/rollover", { params: { path: { id: districtId } }, body: { academicYear } }),
  );
  if (result.status === 401) return signOutAndRedirect(request);
  if (!result.ok) return failedWithToast(request, result.error.message);
  const url = new URL(request.url);
  const params = new URLSearchParams({ tab: "calendar", year: result.data.academicYear });
  const from = schoolYearStart(academicYear);
  return redirectWithToast(request, `${url.pathname.replace(/\.data$/, "")}?${params}`, {
    kind: "success",
    text: `School year ${academicYear} was started from ${from === null ? "the latest one" : `${from - 1}-${from}`}: check its dates.`,
  });
}

/** The district page's calendar forms (their API calls check the caller). */
export const calendarIntents = (districtId: string): Intents => ({
  [SAVE_INTENT]: (ctx) => saveCalendar(ctx, districtId),
  [ROLLOVER_INTENT]: (ctx) => startYear(ctx, districtId),
});
