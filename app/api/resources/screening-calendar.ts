import { createRoute, z } from "@hono/zod-openapi";
import { periodListRows } from "#app/db/queries/results";
import { lockDistrictForCalendar, replaceCalendarYear } from "#app/db/queries/calendar";
import { localIsoDate } from "#app/domain/calendar-date";
import { GRADES } from "#app/domain/grades";
import { academicYearOf, PERIODS } from "#app/domain/periods";
import {
  CALENDAR_MESSAGES,
  calendarIssues,
  calendarOf,
  nextSchoolYear,
  rolloverCalendar,
  type CalendarYear,
} from "#app/domain/screening-calendar";
import { list, text, TEXT_MAX } from "#app/domain/text";
import { calendarVersion, EMPTY_CALENDAR_VERSION, toCalendarYears, type StoredCalendarYear } from "../calendar-mappers";
import { invalidateDistrictConfig } from "../district-config";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, notFound } from "../errors";
import { assertOrganization, assertReadableOrganization, requireCapability } from "../scope";
import { staleMessage } from "../versions";

// A district's screening calendar (issue 16): per school year the BOY, MOY and EOY windows and
// each period's tests per grade, which the results grid, the student profile and the reports read
// per request (loadAssessmentConfig), so a save shows there at once. Super admins and the
// district's admins read it, save a year (replaced whole, in one transaction, under the
// district's lock) and start the next year from the latest one. The results' in-process copy of
// the calendar (app/api/district-config.ts) follows a write by itself (the database raises the
// district's config_version); a write drops this process's copy too, so it is not kept for nothing. The rules are
// app/domain/screening-calendar.ts; its messages come back per field ('periods.MOY.startDate: …').

const IdParam = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" }, description: "organizationId (district)" }),
});

const SchoolYear = z
  .string()
  .max(9, CALENDAR_MESSAGES.schoolYear)
  .regex(/^\d{4}-\d{4}$/, CALENDAR_MESSAGES.schoolYear)
  .openapi({ example: "2026-2027" });

const CalendarPeriod = z
  .object({
    periodName: z.enum(PERIODS),
    startDate: z.string().openapi({ description: "YYYY-MM-DD, inclusive" }),
    endDate: z.string().openapi({ description: "YYYY-MM-DD, inclusive" }),
    gradeLists: z
      .record(z.string(), z.array(z.string()))
      .openapi({ description: "Test codes per grade (PK, K, 1, 2, 3); a grade left out is not screened in the period" }),
  })
  .openapi("CalendarPeriod");

const CalendarYearSchema = z
  .object({
    academicYear: z.string(),
    version: z.string().openapi({ description: "send it back with a save; a save over a changed calendar answers 409 with the newer one" }),
    periods: z.array(CalendarPeriod),
  })
  .openapi("CalendarYear");

const ScreeningCalendar = z
  .object({
    organizationId: z.string(),
    years: z.array(CalendarYearSchema).openapi({ description: "Oldest first" }),
    currentYear: z.string().openapi({ description: "The school year holding today (July 1 to June 30)" }),
    nextYear: z
      .string()
      .nullable()
      .openapi({ description: "The year a rollover would start: the one after the latest; null without any year" }),
  })
  .openapi("ScreeningCalendar");

/**
 * An object whose keys must be among `allowed` (issue 33). zod drops a `__proto__` key without a
 * word (records and objects alike), so `gradeLists: { "__proto__": [...] }` passed as a period with
 * no lists and emptied it; here every key is judged on the body as sent, before zod reads it, and
 * one not allowed (`__proto__`, `constructor`, `4`) answers 400 on its own path with `message`.
 */
function onlyKeys<T extends z.ZodType>(allowed: readonly string[], message: string, schema: T) {
  return z.preprocess((value, ctx) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) ctx.addIssue({ code: "custom", path: [key], message, input: value });
    }
    return value;
  }, schema);
}

const PeriodInput = z.strictObject({
  startDate: text(10, { label: "startDate" }).optional(),
  endDate: text(10, { label: "endDate" }).optional(),
  gradeLists: onlyKeys(
    GRADES,
    CALENDAR_MESSAGES.unknownGrade,
    z.partialRecord(z.enum(GRADES), list(text(TEXT_MAX.code, { label: "testCode" }), { label: "A grade's tests", max: 50 })),
  ).optional(),
});

const SaveInput = z
  .object({
    academicYear: SchoolYear,
    version: text(64, { label: "version" })
      .optional()
      .openapi({ description: `The version read with the calendar ('${EMPTY_CALENDAR_VERSION}' for a year not saved yet)` }),
    periods: onlyKeys(
      PERIODS,
      CALENDAR_MESSAGES.unknownPeriod,
      z.object({ BOY: PeriodInput.optional(), MOY: PeriodInput.optional(), EOY: PeriodInput.optional() }),
    ),
  })
  .superRefine((body, ctx) => {
    for (const issue of calendarIssues(body)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  })
  .openapi("ScreeningCalendarSave");

const RolloverInput = z
  .object({
    academicYear: SchoolYear.openapi({
      description: "The year to start: the one after the latest (sent so that a repeated request cannot start two years)",
    }),
  })
  .openapi("ScreeningCalendarRollover");

const conflict = jsonResponse(
  z.object({ message: z.string(), current: CalendarYearSchema.optional() }),
  "The calendar changed since it was read (`current` holds the newer one), or the year exists already",
);

const getCalendar = createRoute({
  method: "get",
  path: "/organization/{id}/screening-calendar",
  tags: ["Screening calendar"],
  summary: "A district's screening calendar: every school year, or one (super admins, the district's admins)",
  request: { params: IdParam, query: z.object({ academicYear: SchoolYear.optional() }) },
  responses: { 200: jsonResponse(ScreeningCalendar, "The calendar"), ...errorResponses },
});

const saveCalendar = createRoute({
  method: "put",
  path: "/organization/{id}/screening-calendar",
  tags: ["Screening calendar"],
  summary: "Save one school year's windows and grade lists, replacing what it had (super admins, the district's admins)",
  description:
    "All three periods, each with start ≤ end, in the order BOY, MOY, EOY without overlapping, within the school year (July 1 to June 30); " +
    "grade lists only for PK, K, 1, 2, 3 with tests of that grade, none twice. A broken rule answers 400 with `errors` as 'periods.MOY.startDate: …'. " +
    "Saved in one transaction: a failed save leaves the year as it was. The results pages read the new calendar on their next request.",
  request: { params: IdParam, body: jsonBody(SaveInput) },
  responses: { 200: jsonResponse(CalendarYearSchema, "The saved year"), ...errorResponses, 409: conflict },
});

const rollover = createRoute({
  method: "post",
  path: "/organization/{id}/screening-calendar/rollover",
  tags: ["Screening calendar"],
  summary: "Start the next school year from the latest one: same month and day a year later, same grade lists",
  description: "409 when the year exists already, when it is not the year after the latest, or when the district has no calendar yet.",
  request: { params: IdParam, body: jsonBody(RolloverInput) },
  responses: { 201: jsonResponse(CalendarYearSchema, "The new year"), ...errorResponses, 409: conflict },
});

/** A year's calendar as stored, or null. */
async function storedYears(db: Parameters<typeof periodListRows>[0], organizationId: string): Promise<StoredCalendarYear[]> {
  return toCalendarYears(await periodListRows(db, organizationId));
}

class CalendarConflict extends Error {
  constructor(
    message: string,
    readonly current?: StoredCalendarYear,
  ) {
    super(message);
  }
}

export function registerScreeningCalendar(app: Router) {
  app.openapi(getCalendar, async (c) => {
    const { db, now } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageScreeningCalendar");
    const org = await assertReadableOrganization(db, actor, c.req.valid("param").id);
    const wanted = c.req.valid("query").academicYear;
    const years = await storedYears(db, org.organization_id);
    const latest = years.at(-1);
    return c.json(
      {
        organizationId: org.organization_id,
        years: wanted === undefined ? years : years.filter((y) => y.academicYear === wanted),
        currentYear: academicYearOf(localIsoDate(now())),
        nextYear: latest ? nextSchoolYear(latest.academicYear) : null,
      },
      200,
    );
  });

  app.openapi(saveCalendar, async (c) => {
    const { db } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageScreeningCalendar");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    const calendar = calendarOf(body);
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await lockDistrictForCalendar(tx, org.organization_id))) throw notFound("District");
        const current = (await storedYears(tx, org.organization_id)).find((y) => y.academicYear === body.academicYear);
        if (body.version !== undefined && body.version !== (current?.version ?? EMPTY_CALENDAR_VERSION)) {
          throw new CalendarConflict(staleMessage("calendar"), current);
        }
        await replaceCalendarYear(tx, org.organization_id, calendar);
      });
    } catch (error) {
      if (error instanceof CalendarConflict) return c.json({ message: error.message, current: error.current }, 409);
      throw error;
    }
    invalidateDistrictConfig(org.organization_id);
    return c.json(withVersion(calendar), 200);
  });

  app.openapi(rollover, async (c) => {
    const { db } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageScreeningCalendar");
    const org = await assertOrganization(db, actor, c.req.valid("param").id);
    const target = c.req.valid("json").academicYear;
    try {
      const calendar = await db.transaction().execute(async (tx) => {
        if (!(await lockDistrictForCalendar(tx, org.organization_id))) throw notFound("District");
        const result = rolloverCalendar(await storedYears(tx, org.organization_id), target);
        if (!result.ok) throw new CalendarConflict(result.message);
        await replaceCalendarYear(tx, org.organization_id, result.calendar);
        return result.calendar;
      });
      invalidateDistrictConfig(org.organization_id);
      return c.json(withVersion(calendar), 201);
    } catch (error) {
      if (error instanceof CalendarConflict) throw new ApiError(409, error.message);
      throw error;
    }
  });
}

const withVersion = (calendar: CalendarYear): StoredCalendarYear => ({ ...calendar, version: calendarVersion(calendar) });
