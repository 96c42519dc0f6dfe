import { dayNumber, type IsoDate } from "./calendar-date";

// Counting the days of a follow-up deadline (issue 38 item 1). A statute counts either calendar
// days or school days; school days skip Saturdays, Sundays and the district's own non-school days
// (holidays, breaks, in-service days). Dates are 'YYYY-MM-DD' strings, counted as UTC day numbers
// so that no server or browser time zone moves a deadline.

export const DAY_COUNTS = ["calendar", "school"] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

export const DAY_COUNT_LABELS: Record<DayCount, string> = {
  calendar: "calendar days",
  school: "school days",
};

const MS_PER_DAY = 86_400_000;

export function isoOfDay(day: number): IsoDate {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return isoOfDay(dayNumber(date) + days);
}

/** Saturday or Sunday (1970-01-01 was a Thursday). */
export function isWeekend(date: IsoDate): boolean {
  const weekday = (((dayNumber(date) + 4) % 7) + 7) % 7; // 0 Sunday … 6 Saturday
  return weekday === 0 || weekday === 6;
}

export function isSchoolDay(date: IsoDate, nonSchoolDays: ReadonlySet<IsoDate>): boolean {
  return !isWeekend(date) && !nonSchoolDays.has(date);
}

/**
 * The day `days` school days after `date`: the date itself is day 0 (a flag recorded on a
 * Saturday starts counting on the Monday after), and each following school day counts one.
 * Zero days is the date itself.
 */
export function addSchoolDays(date: IsoDate, days: number, nonSchoolDays: ReadonlySet<IsoDate>): IsoDate {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`School days must be a whole number ≥ 0, got ${days}`);
  let day = dayNumber(date);
  let left = days;
  while (left > 0) {
    day += 1;
    if (isSchoolDay(isoOfDay(day), nonSchoolDays)) left -= 1;
  }
  return isoOfDay(day);
}

/** `date` plus `days` counted as the policy counts them; null when the policy sets no figure. */
export function deadlineAfter(date: IsoDate, days: number | null, count: DayCount, nonSchoolDays: ReadonlySet<IsoDate>): IsoDate | null {
  if (days === null) return null;
  return count === "calendar" ? addCalendarDays(date, days) : addSchoolDays(date, days, nonSchoolDays);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return dayNumber(to) - dayNumber(from);
}
