/**
 * Calendar dates as 'YYYY-MM-DD' strings. Converting them to day numbers with Date.UTC keeps
 * comparisons free of the server's or browser's time zone and of daylight-saving shifts.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 for a 'YYYY-MM-DD' date; throws on a malformed or impossible date. */
export function dayNumber(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC reads years 0 to 99 as 1900 to 1999; setUTCFullYear takes the year as written.
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  const ms = check.getTime();
  // Date.UTC rolls 2026-02-30 over to March; reject instead of silently moving the date.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return ms / MS_PER_DAY;
}

/** The local calendar date of a Date (what the user sees on their wall calendar). */
export function localIsoDate(date: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The dates the API takes (issue 33): 1900-01-01 to 2199-12-31. PostgreSQL has no year 0 (a test
 * dated 0000-01-01 answered 500), and nothing the app records (a screening, a calendar window, a
 * birth date) lies outside these years: a date beyond them is a typo or a probe, refused with a
 * message rather than stored. 1900 is the birth dates' floor (parseUsDate); 2199 is the end of the
 * last school year the calendar takes (schoolYearStart: up to 2199-2200 starts in 2199).
 */
export const EARLIEST_DATE: IsoDate = "1900-01-01";
export const LATEST_DATE: IsoDate = "2199-12-31";

const EARLIEST_MS = Date.UTC(1900, 0, 1);
const AFTER_LATEST_MS = Date.UTC(2200, 0, 1);

export const dateOutOfRangeMessage = (label: string) => `${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}.`;

/** Whether a 'YYYY-MM-DD' date lies in EARLIEST_DATE..LATEST_DATE (false for a malformed one). */
export function isDateInRange(date: IsoDate): boolean {
  try {
    const ms = dayNumber(date) * MS_PER_DAY;
    return ms >= EARLIEST_MS && ms < AFTER_LATEST_MS;
  } catch {
    return false;
  }
}

/** Whether an ISO date-time (any offset) falls, in UTC, within EARLIEST_DATE..LATEST_DATE (false when unreadable). */
export function isInstantInRange(dateTime: string): boolean {
  const ms = Date.parse(dateTime);
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < AFTER_LATEST_MS;
}

export const INVALID_CALENDAR_DATE = "Not a calendar date: use YYYY-MM-DD.";

/** Whether a 'YYYY-MM-DD' text names a day that exists. */
export function isCalendarDate(value: string): boolean {
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}
