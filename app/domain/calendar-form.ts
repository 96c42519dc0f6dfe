// The screening calendar form's names (issue 16), shared by the district page's form
// (app/components/calendar) and its action (app/lib/calendar.server.ts). Kept apart from
// screening-calendar.ts so the page's browser code does not carry the rules and test tables.

export const CALENDAR_INTENTS = { save: "save-calendar", rollover: "start-school-year" } as const;

/** Field names are the API's paths, so its per-field messages ('periods.MOY.startDate: …') name the form's fields. */
export const calendarField = {
  start: (period: string) => `periods.${period}.startDate`,
  end: (period: string) => `periods.${period}.endDate`,
  tests: (period: string, grade: string) => `periods.${period}.gradeLists.${grade}`,
};
