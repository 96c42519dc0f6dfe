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
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
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
