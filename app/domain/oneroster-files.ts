import type { LeftAlone } from "./oneroster";

// OneRoster constants that the rostering page's components need as well as the reader: kept apart
// from oneroster.ts so the browser bundle does not take its CSV parser, which needs Node's Buffer
// and stops the page's scripts in a browser.

export const ONEROSTER_FILES = {
  manifest: "manifest.csv",
  orgs: "orgs.csv",
  users: "users.csv",
  classes: "classes.csv",
  enrollments: "enrollments.csv",
  academicSessions: "academicSessions.csv",
  demographics: "demographics.csv",
  courses: "courses.csv",
  roles: "roles.csv",
} as const;

export const NO_LEFT_ALONE: LeftAlone = { schools: [], classrooms: [], users: [], enrollments: [], unidentified: [] };

/**
 * The refused rows a read keeps (the API's report shows as many). A file of a million bad rows
 * would otherwise make a million error objects; past this the read only counts them (errorCount).
 */
export const MAX_READ_ERRORS = 10_000;
