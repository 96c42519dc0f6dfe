import type { Page } from "@playwright/test";

// The day the browser tests live on. The servers' clocks are set to it (scripts/e2e-server.mjs
// preloads fixed-clock.mjs, which says why), and so is each page's (`onTheDay`), so a spec that
// places a district's screening windows around "today" runs the same on every day of the year.
// Mid-March: the demo seed has BOY and MOY behind it and EOY holding it, and the school year has
// room for windows from months before it to months after it. Dates are local-calendar ISO days.
export const TODAY = process.env.E2E_TODAY ?? "2026-03-11";

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(TODAY);
if (!ymd) throw new Error(`E2E_TODAY is a date (YYYY-MM-DD), not ${TODAY}`);

/** Noon of the day, local time (the servers start their clocks there). */
export const today = new Date(Number(ymd[1]), Number(ymd[2]) - 1, Number(ymd[3]), 12);
/** The day plus `days`, as an ISO date. */
export const d = (days: number) => isoOf(new Date(today.getTime() + days * DAY));
/** A moment of the day `minutes` before noon, as an ISO timestamp (for results recorded "today"). */
export const minutesBeforeNoon = (minutes: number) => new Date(today.getTime() - minutes * 60_000).toISOString();
const startYear = today.getMonth() >= 6 ? today.getFullYear() : today.getFullYear() - 1;
/** The school year (July to June) holding the day, e.g. '2025-2026', its first and last days, and the next one. */
export const YEAR = `${startYear}-${startYear + 1}`;
export const NEXT = `${startYear + 1}-${startYear + 2}`;
export const FIRST = `${startYear}-07-01`;
export const LAST = `${startYear + 1}-06-30`;

/** Sets the page's clock to the servers' day before it loads anything: its scripts then see the same today. */
export async function onTheDay(page: Page) {
  await page.clock.install({ time: today });
}
