import { dayNumber, type IsoDate } from "./calendar-date";
import { academicYearOf, type Period } from "./periods";
import { schoolYearBounds } from "./screening-calendar";

// The screening windows of a made-up district (the demo seed, the bench district, e2e fixtures),
// anchored on today so it always has results to show: BOY and MOY behind us, EOY containing today.
// They must also obey the calendar's own rules (in order, no overlap, inside the school year of
// July 1 to June 30), or the Screening Calendar tab would refuse to save the demo unchanged. So
// early in a school year the windows shrink towards July 1 instead of reaching into the last one.

export type Window = { start: IsoDate; end: IsoDate };
export type SampleCalendar = { academicYear: string; windows: Record<Period, Window> };

const MS_PER_DAY = 86_400_000;
const isoOf = (day: number): IsoDate => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

export function sampleCalendar(today: IsoDate): SampleCalendar {
  const academicYear = academicYearOf(today);
  const bounds = schoolYearBounds(academicYear)!;
  const [t, first, last] = [dayNumber(today), dayNumber(bounds.start), dayNumber(bounds.end)];
  // Ideally BOY is 200 to 121 days ago, MOY 120 to 31, EOY 30 ago to 60 ahead; each keeps a day at least.
  const eoyStart = Math.max(t - 30, first + 2);
  const moyStart = Math.max(t - 120, first + 1);
  const boyStart = Math.max(t - 200, first);
  return {
    academicYear,
    windows: {
      BOY: { start: isoOf(boyStart), end: isoOf(moyStart - 1) },
      MOY: { start: isoOf(moyStart), end: isoOf(eoyStart - 1) },
      EOY: { start: isoOf(eoyStart), end: isoOf(Math.min(t + 60, last)) },
    },
  };
}

/** A made-up test day: `offset` days into the window, but never after its end or after today. */
export function sampleTestDay(window: Window, offset: number, today: IsoDate): IsoDate {
  const start = dayNumber(window.start);
  return isoOf(Math.max(start, Math.min(start + offset, dayNumber(window.end), dayNumber(today))));
}
