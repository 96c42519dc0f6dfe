// The screening calendar form's names (issue 16), shared by the district page's form
// (app/components/calendar) and its action (app/lib/calendar.server.ts). Kept apart from
// screening-calendar.ts so the page's browser code does not carry the rules and test tables.

export const CALENDAR_INTENTS = { save: "save-calendar", rollover: "start-school-year", deleteYear: "delete-school-year" } as const;

/**
 * Confirming a save that moves results (issue 35 item 11): the button that confirms, and the
 * changes the page showed (one per line), which the action compares with what the dates move now.
 */
export const CALENDAR_CONFIRM = { button: "confirmMovedResults", shown: "movedResultsShown" } as const;

/** The query parameter that puts the standard calendar's tests in the form ('Use the standard calendar', issue 35 item 7). */
export const STANDARD_PARAM = "standard";

/** The query parameter that opens the question 'Delete the … calendar?' (the year it names). */
export const DELETE_YEAR_PARAM = "deleteYear";

/** Field names are the API's paths, so its per-field messages ('periods.MOY.startDate: …') name the form's fields. */
export const calendarField = {
  start: (period: string) => `periods.${period}.startDate`,
  end: (period: string) => `periods.${period}.endDate`,
  tests: (period: string, grade: string) => `periods.${period}.gradeLists.${grade}`,
};
