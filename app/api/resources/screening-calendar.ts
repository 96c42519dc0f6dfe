import { createRoute, z } from "@hono/zod-openapi";
import { periodListRows } from "#app/db/queries/results";
import {
  applyRiskScoreChanges,
  deleteCalendarYear,
  lockDistrictForCalendar,
  periodMoves,
  replaceCalendarYear,
  resultsHeld,
  riskScoreChangeCounts,
  type PeriodWindow,
} from "#app/db/queries/calendar";
import {
  CALENDAR_CHANGE_MESSAGES,
  movedResultCount,
  periodMoveText,
  riskScoreTexts,
  sortedMoves,
  type PeriodMove,
  type RiskScoreChanges,
} from "#app/domain/calendar-changes";
import { localIsoDate } from "#app/domain/calendar-date";
import { GRADES } from "#app/domain/grades";
import { academicYearOf, PERIODS } from "#app/domain/periods";
import { periodBounds } from "#app/domain/results-grid";
import {
  CALENDAR_MESSAGES,
  calendarIssues,
  calendarOf,
  nextSchoolYear,
  rolloverCalendar,
  standardGradeLists,
  type CalendarYear,
} from "#app/domain/screening-calendar";
import { list, text, TEXT_MAX } from "#app/domain/text";
import { isOn } from "#app/server/flags.server";
import { calendarVersion, EMPTY_CALENDAR_VERSION, toCalendarYears, type StoredCalendarYear } from "../calendar-mappers";
import { invalidateDistrictConfig } from "../district-config";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError, notFound } from "../errors";
import { idParam } from "../params";
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

const IdParam = idParam({ description: "organizationId (district)" });

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
    standard: z
      .array(z.object({ periodName: z.enum(PERIODS), gradeLists: CalendarPeriod.shape.gradeLists }).openapi("StandardCalendarPeriod"))
      .openapi({
        description:
          "The standard calendar (issue 35 item 7): each grade's default tests per period, which a year not saved yet starts with " +
          "(flag rer-kindergarten gives kindergarten the RER set). It has no window dates: the specs give none, so the district's " +
          "administrator enters them, and a year is stored only once it has them.",
      }),
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
    confirmMovedResults: z
      .boolean()
      .optional()
      .openapi({
        description:
          "true once the administrator has seen and accepted which results the new dates move to another period; " +
          "without it, a save that moves any answers 409 with the counts (`movedResults`) and changes nothing",
      }),
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

const MovedResults = z
  .object({
    from: z.enum(PERIODS).nullable().openapi({ description: "null: outside every window" }),
    to: z.enum(PERIODS).nullable().openapi({ description: "null: outside every window" }),
    count: z.number().int(),
    firstDate: z.string().openapi({ description: "YYYY-MM-DD (UTC), the first day one of them was taken" }),
    lastDate: z.string().openapi({ description: "YYYY-MM-DD (UTC), the last day one of them was taken" }),
  })
  .openapi("CalendarMovedResults");

const RiskScoreChangesSchema = z
  .object({
    moved: z.number().int().openapi({ description: "students' risk scores that move to the period their results move to" }),
    removed: z
      .number()
      .int()
      .openapi({ description: "risk scores deleted: their results now share a period with later ones, or no window holds them" }),
  })
  .openapi("CalendarRiskScoreChanges");

/** What a change of dates does to the year's results: per change of period, and to the risk scores; `changes` says it in words. */
const CalendarChanges = z.object({
  movedResults: z.array(MovedResults),
  riskScores: RiskScoreChangesSchema,
  changes: z.array(z.string()).openapi({ description: "the same, one sentence per line, as the page shows it" }),
});

const conflict = jsonResponse(
  z.object({ message: z.string(), current: CalendarYearSchema.optional() }).merge(CalendarChanges.partial()),
  "The calendar changed since it was read (`current` holds the newer one), the year exists already, " +
    "or the new dates move results to another period and `confirmMovedResults` was not sent (`movedResults`, `riskScores`, `changes`)",
);

const SavedYear = CalendarYearSchema.extend({
  changes: CalendarChanges.optional().openapi({ description: "present when the save moved results to another period" }),
}).openapi("SavedCalendarYear");

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
    "Saved in one transaction: a failed save leaves the year as it was. The results pages read the new calendar on their next request. " +
    "A result belongs to the period whose window holds the day it was taken: new dates that move results to another period answer 409 " +
    "with the counts per change unless `confirmMovedResults` is true; a confirmed save moves each affected student's risk score " +
    "with the latest of its results, in the same transaction, so a period shows the scores and the results of the same tests.",
  request: { params: IdParam, body: jsonBody(SaveInput) },
  responses: { 200: jsonResponse(SavedYear, "The saved year"), ...errorResponses, 409: conflict },
});

const deleteYear = createRoute({
  method: "delete",
  path: "/organization/{id}/screening-calendar/{academicYear}",
  tags: ["Screening calendar"],
  summary: "Delete one school year's calendar while its windows hold no results (a year started by mistake)",
  description:
    "404 when the district has no calendar for that year; 409 when its windows hold any result, or its students have risk scores for it.",
  request: { params: IdParam.extend({ academicYear: SchoolYear.openapi({ param: { name: "academicYear", in: "path" } }) }) },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses,
    409: jsonResponse(z.object({ message: z.string() }), "It holds results"),
  },
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

/** A save whose dates move results, sent without `confirmMovedResults`. */
class MovesNeedConfirmation extends Error {
  constructor(readonly changes: z.infer<typeof CalendarChanges>) {
    super(CALENDAR_CHANGE_MESSAGES.confirmMoves(movedResultCount(changes.movedResults)));
  }
}

/** A year's windows as instants (a test is in a period when its start lies in them: periodBounds). */
const windowsOf = (year: CalendarYear | undefined): PeriodWindow[] =>
  (year?.periods ?? []).map((p) => ({ periodName: p.periodName, ...periodBounds(p) }));

const changesOf = (moves: readonly PeriodMove[], riskScores: RiskScoreChanges): z.infer<typeof CalendarChanges> => {
  const movedResults = sortedMoves(moves);
  return { movedResults, riskScores, changes: [...movedResults.map(periodMoveText), ...riskScoreTexts(riskScores)] };
};

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
        standard: Object.entries(standardGradeLists({ rerKindergarten: isOn(c.get("flags"), "rer-kindergarten") })).map(
          ([periodName, gradeLists]) => ({ periodName: periodName as (typeof PERIODS)[number], gradeLists }),
        ),
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
    let changes: z.infer<typeof CalendarChanges> | undefined;
    try {
      await db.transaction().execute(async (tx) => {
        if (!(await lockDistrictForCalendar(tx, org.organization_id))) throw notFound("District");
        const current = (await storedYears(tx, org.organization_id)).find((y) => y.academicYear === body.academicYear);
        if (body.version !== undefined && body.version !== (current?.version ?? EMPTY_CALENDAR_VERSION)) {
          throw new CalendarConflict(staleMessage("calendar"), current);
        }
        // Results belong to periods by the day they were taken (issue 35 item 11): new dates that
        // move any wait for the administrator's confirmation, and then take the risk scores along.
        const [before, after] = [windowsOf(current), windowsOf(calendar)];
        const moves = await periodMoves(tx, org.organization_id, before, after);
        if (moves.length > 0) {
          if (body.confirmMovedResults !== true) {
            throw new MovesNeedConfirmation(
              changesOf(moves, await riskScoreChangeCounts(tx, org.organization_id, calendar.academicYear, before, after)),
            );
          }
          changes = changesOf(moves, await applyRiskScoreChanges(tx, org.organization_id, calendar.academicYear, before, after));
        }
        await replaceCalendarYear(tx, org.organization_id, calendar);
      });
    } catch (error) {
      if (error instanceof CalendarConflict) return c.json({ message: error.message, current: error.current }, 409);
      if (error instanceof MovesNeedConfirmation) return c.json({ message: error.message, ...error.changes }, 409);
      throw error;
    }
    invalidateDistrictConfig(org.organization_id);
    return c.json({ ...withVersion(calendar), ...(changes ? { changes } : {}) }, 200);
  });

  app.openapi(deleteYear, async (c) => {
    const { db } = c.get("deps");
    const actor = requireCapability(c.get("actor"), "manageScreeningCalendar");
    const { id, academicYear } = c.req.valid("param");
    const org = await assertOrganization(db, actor, id);
    const refusal = await db.transaction().execute(async (tx) => {
      if (!(await lockDistrictForCalendar(tx, org.organization_id))) throw notFound("District");
      const year = (await storedYears(tx, org.organization_id)).find((y) => y.academicYear === academicYear);
      if (!year) throw new ApiError(404, CALENDAR_CHANGE_MESSAGES.noSuchYear(academicYear));
      const held = await resultsHeld(tx, org.organization_id, academicYear, windowsOf(year));
      if (held.results > 0 || held.riskScores > 0)
        return CALENDAR_CHANGE_MESSAGES.holdsResults(academicYear, held.results, held.riskScores);
      await deleteCalendarYear(tx, org.organization_id, academicYear);
      return null;
    });
    if (refusal) return c.json({ message: refusal }, 409);
    invalidateDistrictConfig(org.organization_id);
    return c.body(null, 204);
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
