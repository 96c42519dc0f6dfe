import { dayNumber, type IsoDate } from "./calendar-date";
import { last } from "./presence";

/** Benchmark periods, in the order they happen within a school year (spec 001 §9). */
export const PERIODS = ["BOY", "MOY", "EOY"] as const;
export type Period = (typeof PERIODS)[number];

export function isPeriod(value: unknown): value is Period {
  return typeof value === "string" && (PERIODS as readonly string[]).includes(value);
}

export const PERIOD_LABELS: Record<Period, string> = {
  BOY: "Beginning of Year (BOY)",
  MOY: "Middle of Year (MOY)",
  EOY: "End of Year (EOY)",
};

/** Periods whose results count for a report period (spec 000 §4): a later period includes the earlier ones. */
export function periodInclusion(period: Period): Period[] {
  switch (period) {
    case "BOY":
      return ["BOY"];
    case "MOY":
      return ["MOY", "BOY"];
    case "EOY":
      return ["EOY", "MOY", "BOY"];
  }
}

export type PeriodRange = { periodName: Period; startDate: IsoDate; endDate: IsoDate };

/**
 * The period whose startDate..endDate range contains today, the end counted inclusive plus one
 * more day (spec 001 §4), so a user a time zone ahead still sees the period on its last day.
 *
 * The grace day can overlap the next period's first day; then the later-starting period wins,
 * because it has actually begun. When no range matches (a gap between periods, the summer, or
 * before the year starts) we return the most recent period that has ended, so the selector shows
 * the latest results; before the first period of all, the earliest-starting one. Null only for
 * an empty list.
 */
export function currentPeriod<T extends PeriodRange>(periods: readonly T[], today: IsoDate): T | null {
  const day = dayNumber(today);
  const byStart = [...periods].sort((a, b) => dayNumber(a.startDate) - dayNumber(b.startDate));

  const containing = byStart.filter((p) => dayNumber(p.startDate) <= day && day <= dayNumber(p.endDate) + 1);
  if (containing.length > 0) return last(containing);

  const past = byStart.filter((p) => dayNumber(p.endDate) + 1 < day).sort((a, b) => dayNumber(a.endDate) - dayNumber(b.endDate));
  if (past.length > 0) return last(past);

  return byStart[0] ?? null;
}

/**
 * Academic year of a date as '2026-2027'; a new year starts on July 1, so June 30 2027 is still
 * in 2026-2027 and July 1 2027 starts 2027-2028.
 */
export function academicYearOf(date: IsoDate): string {
  dayNumber(date); // validates the date
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const start = month >= 7 ? year : year - 1;
  return `${start}-${start + 1}`;
}
