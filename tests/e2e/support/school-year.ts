// Dates for specs that build their own district's screening windows around today: the server's
// clock is this machine's, so the windows must hold today. Dates are local-calendar ISO days.
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const today = new Date(new Date().getFullYear(), new Date().getMonth(), new Date().getDate(), 12);
/** Today plus `days`, as an ISO date. */
export const d = (days: number) => isoOf(new Date(today.getTime() + days * DAY));
const startYear = today.getMonth() >= 6 ? today.getFullYear() : today.getFullYear() - 1;
/** The school year (July to June) holding today, e.g. '2026-2027', and its first and last days. */
export const YEAR = `${startYear}-${startYear + 1}`;
export const FIRST = `${startYear}-07-01`;
export const LAST = `${startYear + 1}-06-30`;
/** Whether the school year holds `before` days before today and `after` days after it. */
export const roomAround = (before: number, after: number) => d(-before) >= FIRST && d(after) <= LAST;
