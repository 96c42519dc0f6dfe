import type { SubmissionResult } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { ASSESSMENTS } from "#app/domain/assessments";
import { CALENDAR_CHANGE_MESSAGES } from "#app/domain/calendar-changes";
import { CALENDAR_CONFIRM, CALENDAR_INTENTS, calendarField, STANDARD_PARAM } from "#app/domain/calendar-form";
import { GRADES, gradeLabel } from "#app/domain/grades";
import { PERIOD_LABELS, PERIODS } from "#app/domain/periods";
import { schoolYearStart, TESTS_BY_GRADE } from "#app/domain/screening-calendar";
import type { AdminCtx, Intents } from "./admin-actions.server";
import { failedWithToast, loadPart, succeeded } from "./admin.server";
import type { ApiClient, ApiSchema } from "./api.server";
import { refusalOf } from "./api-refusal.server";
import { redirectWithToast } from "./toast.server";

// The district page's Screening Calendar tab (issue 16): its loader part and its two form
// actions. The form posts plain fields named as the API names them ('periods.MOY.startDate',
// 'periods.MOY.gradeLists.K' once per ticked test), so the API's per-field messages land next to
// the field that caused them with no mapping table; the API checks every rule.

type CalendarYear = ApiSchema<"CalendarYear">;

const SAVE_INTENT = CALENDAR_INTENTS.save;
const ROLLOVER_INTENT = CALENDAR_INTENTS.rollover;
const DELETE_INTENT = CALENDAR_INTENTS.deleteYear;
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
  /**
   * What the edit form starts with: the stored year; for a district without any calendar, the
   * standard tests of each grade and period and no dates (issue 35 item 7: the specs give none);
   * with `?standard`, the standard tests over the stored ones, the stored dates kept.
   */
  form: { values: Record<string, string | string[]>; standard: boolean };
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

/** A year's form values with the standard calendar's tests in place of its own (dates as they were). */
function withStandardTests(values: Record<string, string | string[]>, standard: ApiSchema<"ScreeningCalendar">["standard"]) {
  const out = Object.fromEntries(Object.entries(values).filter(([name]) => !/^periods\.[^.]+\.gradeLists\./.test(name)));
  for (const p of standard) {
    for (const [grade, codes] of Object.entries(p.gradeLists)) out[fieldName.tests(p.periodName, grade)] = codes;
  }
  return out;
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
  const storedValues = stored ? valuesOf(stored) : {};
  const standard = calendar !== null && (!stored || new URLSearchParams(search).has(STANDARD_PARAM));
  return {
    error: part.error,
    years,
    year,
    nextYear: calendar?.nextYear ?? null,
    stored: stored ? { version: stored.version, values: storedValues } : null,
    form: { values: standard ? withStandardTests(storedValues, calendar.standard) : storedValues, standard },
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

type PostedPeriod = { startDate?: string; endDate?: string; gradeLists: Record<string, string[]> };

/** 'periods.SOY.startDate' → ['SOY', 'startDate'], 'periods.BOY.gradeLists.4' → ['BOY', 'gradeLists', '4']; else null. */
function periodFieldOf(name: string): [string, "startDate" | "endDate"] | [string, "gradeLists", string] | null {
  const match = /^periods\.([^.]+)\.(?:(startDate|endDate)|gradeLists\.(.+))$/.exec(name);
  if (!match) return null;
  // One of the two alternatives matched: a date field (group 2) or a grade list (group 3).
  return match[2] ? [match[1]!, match[2] as "startDate" | "endDate"] : [match[1]!, "gradeLists", match[3]!];
}

/**
 * The posted form as the API's body, and as the reply's values (what was typed, to show again).
 * Every period field posted goes to the API, a period or grade the form does not have too, so the
 * API refuses it (issue 35 item 12: an unknown period was dropped here and the save answered 200).
 */
function posted(form: FormData) {
  const typed: Record<string, string | string[]> = {};
  const periods: Record<string, PostedPeriod> = {};
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
  for (const [name, value] of form.entries()) {
    const field = periodFieldOf(name);
    if (!field || typeof value !== "string" || Object.hasOwn(typed, name)) continue;
    // Own entries only: a field named after 'constructor' must not reach the prototype's.
    const period = Object.hasOwn(periods, field[0]) ? periods[field[0]]! : (periods[field[0]] = { gradeLists: {} });
    if (field[1] === "gradeLists")
      (period.gradeLists[field[2]] = Object.hasOwn(period.gradeLists, field[2]) ? period.gradeLists[field[2]]! : []).push(value);
    else period[field[1]] = value;
  }
  return { typed, periods };
}

/** The API's 409 for new dates that move results: what they move, in words. */
type MovesReply = { message: string; changes?: string[] };

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

/**
 * Saves the year. New dates that move results to another period come back with what they move,
 * for the administrator to confirm (issue 35 item 11): the confirming button posts the changes it
 * was shown, and the save goes through only when the dates posted still move exactly those (else
 * the new changes are shown instead), so a confirmation never covers dates edited after it.
 */
async function saveCalendar({ request, api, form }: AdminCtx, districtId: string) {
  const academicYear = str(form, "academicYear");
  const version = str(form, "version");
  const { typed, periods } = posted(form);
  const put = (confirmMovedResults: boolean) =>
    api.result(
      api.PUT("/organization/{id}/screening-calendar", {
        params: { path: { id: districtId } },
        // The API checks every field (a period or grade the form does not have answers 400).
        body: {
          academicYear,
          ...(version ? { version } : {}),
          periods: periods as never,
          ...(confirmMovedResults ? { confirmMovedResults } : {}),
        },
      }),
    );
  let result = await put(false);
  const moves = result.ok || result.status !== 409 ? null : (result.body as MovesReply | null);
  const changes = moves?.changes;
  if (changes && form.get(CALENDAR_CONFIRM.button) === "yes" && str(form, CALENDAR_CONFIRM.shown) === changes.join("\n")) {
    result = await put(true);
  }
  if (result.ok) {
    const moved = result.data.changes?.movedResults.reduce((n, m) => n + m.count, 0) ?? 0;
    return succeeded(
      request,
      moved > 0 ? CALENDAR_CHANGE_MESSAGES.savedWithMoves(academicYear, moved) : `The ${academicYear} screening calendar was saved.`,
    );
  }
  const { message } = await refusalOf(request, result, { fallback: "The calendar could not be saved. Please try again." });
  const base = { intent: SAVE_INTENT, academicYear };
  const again = (result.body as MovesReply | null)?.changes;
  // The dates move results: the form again as typed, what they move, and the button that confirms it.
  if (result.status === 409 && again) {
    return reply({ ...base, version, ...typed, [CALENDAR_CONFIRM.shown]: again }, { "": [result.error.message] }, 409);
  }
  const current = result.status === 409 ? (result.body as { current?: CalendarYear } | null)?.current : undefined;
  // Someone else saved first: their calendar in the fields, with its version, and why.
  if (current) return reply({ ...base, version: current.version, ...valuesOf(current) }, { "": [result.error.message] }, 409);
  const status = result.status >= 400 && result.status < 500 ? result.status : 500;
  return reply({ ...base, version, ...typed }, fieldErrors(result.error.errors, message, Object.keys(typed)), status);
}

async function startYear({ request, api, form }: AdminCtx, districtId: string) {
  const academicYear = str(form, "academicYear");
  const result = await api.result(
    api.POST("/organization/{id}/screening-calendar/rollover", { params: { path: { id: districtId } }, body: { academicYear } }),
  );
  if (!result.ok) return failedWithToast(request, (await refusalOf(request, result)).message);
  const url = new URL(request.url);
  const params = new URLSearchParams({ tab: "calendar", year: result.data.academicYear });
  const from = schoolYearStart(academicYear);
  return redirectWithToast(request, `${url.pathname.replace(/\.data$/, "")}?${params}`, {
    kind: "success",
    text: `School year ${academicYear} was started from ${from === null ? "the latest one" : `${from - 1}-${from}`}: check its dates.`,
  });
}

/** Deletes a year's calendar (the page asked first); refused with the API's words while it holds results. */
async function deleteYear({ request, api, form }: AdminCtx, districtId: string) {
  const academicYear = str(form, "academicYear");
  const result = await api.result(
    api.DELETE("/organization/{id}/screening-calendar/{academicYear}", { params: { path: { id: districtId, academicYear } } }),
  );
  const url = new URL(request.url);
  const params = new URLSearchParams({ tab: "calendar", year: academicYear });
  if (!result.ok) {
    const { message } = await refusalOf(request, result);
    return redirectWithToast(request, `${url.pathname.replace(/\.data$/, "")}?${params}`, { kind: "error", text: message });
  }
  params.delete("year");
  return redirectWithToast(request, `${url.pathname.replace(/\.data$/, "")}?${params}`, {
    kind: "success",
    text: CALENDAR_CHANGE_MESSAGES.deleted(academicYear),
  });
}

/** The district page's calendar forms (their API calls check the caller). */
export const calendarIntents = (districtId: string): Intents => ({
  [SAVE_INTENT]: (ctx) => saveCalendar(ctx, districtId),
  [ROLLOVER_INTENT]: (ctx) => startYear(ctx, districtId),
  [DELETE_INTENT]: (ctx) => deleteYear(ctx, districtId),
});
