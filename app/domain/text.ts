import { z } from "zod";
import { dateOutOfRangeMessage, INVALID_CALENDAR_DATE, isCalendarDate, isDateInRange } from "./calendar-date";

// Pure date checks live with the dates (zod stays out of the pages that only need them).
export { INVALID_CALENDAR_DATE, isCalendarDate };

// The one text type of every string the API accepts (issue 14): a maximum length, and neither NUL
// (PostgreSQL's text cannot hold it) nor a lone UTF-16 surrogate (not a character: it cannot be
// written as UTF-8). Without it a 1 MB name was stored and printed on every page, and NUL or a
// lone surrogate reached the database and answered 500. Pure: no I/O.

/** Maximum lengths, in UTF-16 code units (what JavaScript counts). */
export const TEXT_MAX = {
  /** Names of people, districts, schools, classrooms. */
  name: 200,
  /** RFC 5321's limit for an address. */
  email: 254,
  /** Ids, codes, tags, enum-like values, Student IDs. */
  code: 100,
  /** Passwords: long passphrases fit; hashing a megabyte does not happen. */
  password: 1024,
  /** Web addresses. */
  url: 2048,
  /** A short free text (comma-joined lists, labels). */
  line: 1000,
} as const;

/** How many ids one list may carry (classrooms of a student, schools of a user, teachers of a classroom). */
export const MAX_IDS = 500;

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters.`;
export const invalidCharactersMessage = (label: string) => `${label} contains characters that are not allowed.`;
export const tooManyMessage = (label: string, max: number) => `${label} may list at most ${max} items.`;

// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that can be stored and printed: no NUL, no lone surrogate. */
export function isCleanText(value: string): boolean {
  return !NUL.test(value) && !LONE_SURROGATE.test(value);
}

export interface TextOptions {
  /** Names the field in messages ('First Name must be at most 200 characters.'). */
  label?: string;
  /** The message when the value is missing or not a string. */
  error?: string;
  /** Trim before the length is judged (and hand over the trimmed text). */
  trim?: boolean;
}

/**
 * A string of at most `max` code units without NUL or lone surrogates. Chain further rules
 * (`.min(1, …)`, `.refine(…)`) as on any zod string.
 */
export function text(max: number, { label = "Text", error, trim = false }: TextOptions = {}) {
  const base = error === undefined ? z.string() : z.string({ error });
  return (trim ? base.trim() : base).max(max, tooLongMessage(label, max)).refine(isCleanText, invalidCharactersMessage(label));
}

/** A list of at most `max` items (ids, choices). */
export function list<T extends z.ZodType>(item: T, { label = "List", max = MAX_IDS }: { label?: string; max?: number } = {}) {
  return z.array(item).max(max, tooManyMessage(label, max));
}

/** Whether a 'YYYY-MM-DD' string names a real day (2026-02-30 and 2026-13-45 do not). */
/** A 'YYYY-MM-DD' calendar date, checked to exist and to lie within the years the API takes (isDateInRange). */
export const calendarDate = (label = "The date") =>
  z
    .string()
    .max(10, INVALID_CALENDAR_DATE)
    .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_CALENDAR_DATE)
    .refine(isCalendarDate, { message: INVALID_CALENDAR_DATE, abort: true })
    .refine(isDateInRange, dateOutOfRangeMessage(label));
