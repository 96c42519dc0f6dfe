import type { IsoDate } from "./calendar-date";
import { PERIODS, type Period } from "./periods";

// What a change of a school year's screening calendar does to the results it holds (issue 35,
// items 11 and 12), in words an administrator reads before confirming. A result (a participant
// test) belongs to the period whose window holds the day it was started (results-grid.ts,
// periodBounds), so moving a window's dates moves results between periods; a student's risk score
// of a period (predictive_profile) moves with the latest of the results it sat beside
// (app/db/queries/calendar.ts). The specs give no words for any of this: the texts are ours.
// Dates are written YYYY-MM-DD, as everywhere on the calendar screen.

/** Results that change period, grouped by where they were and where they go (null: outside every window). */
export type PeriodMove = { from: Period | null; to: Period | null; count: number; firstDate: IsoDate; lastDate: IsoDate };

/** What happens to the students' risk scores of the year: moved to another period, or removed. */
export type RiskScoreChanges = { moved: number; removed: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'taken on 2027-03-01' or 'taken between 2027-03-01 and 2027-03-14'. */
const taken = (m: PeriodMove) =>
  m.firstDate === m.lastDate ? `taken on ${m.firstDate}` : `taken between ${m.firstDate} and ${m.lastDate}`;

/** One line per group of moved results: '12 results taken between 2027-03-01 and 2027-03-14 move from MOY to EOY.' */
export function periodMoveText(m: PeriodMove): string {
  const results = `${plural(m.count, "result", "results")} ${taken(m)}`;
  const verb = m.count === 1 ? "moves" : "move";
  if (m.from && m.to) return `${results} ${verb} from ${m.from} to ${m.to}.`;
  if (m.from)
    return `${results} ${verb} out of ${m.from}: no window holds ${m.count === 1 ? "it" : "them"} any more, so no period shows ${m.count === 1 ? "it" : "them"}.`;
  return `${results} outside every window until now ${verb} into ${m.to}.`;
}

/** The risk scores' lines (none when nothing happens to them). */
export function riskScoreTexts(r: RiskScoreChanges): string[] {
  const lines: string[] = [];
  if (r.moved > 0) {
    lines.push(
      `${plural(r.moved, "student's risk score moves", "students' risk scores move")} with ${r.moved === 1 ? "its" : "their"} results.`,
    );
  }
  if (r.removed > 0) {
    lines.push(
      `${plural(r.removed, "risk score is", "risk scores are")} deleted: ${r.removed === 1 ? "its" : "their"} results now share a period with ` +
        "later results of the same student, whose risk score is kept, or no window holds them any more.",
    );
  }
  return lines;
}

/** Moves in the order of the periods they leave, then of those they reach (outside every window last). */
export function sortedMoves(moves: readonly PeriodMove[]): PeriodMove[] {
  const rank = (p: Period | null) => (p === null ? PERIODS.length : PERIODS.indexOf(p));
  return [...moves].sort((a, b) => rank(a.from) - rank(b.from) || rank(a.to) - rank(b.to));
}

export const movedResultCount = (moves: readonly PeriodMove[]) => moves.reduce((n, m) => n + m.count, 0);

export const CALENDAR_CHANGE_MESSAGES = {
  /** The API's 409 and the page's heading over the lines: a save that moves results waits for a confirmation. */
  confirmMoves: (count: number) =>
    `These dates move ${plural(count, "result", "results")} to another period. Nothing was saved: check the changes below, then confirm to save.`,
  /** The page's toast after a confirmed save. */
  savedWithMoves: (academicYear: string, count: number) =>
    `The ${academicYear} screening calendar was saved: ${plural(count, "result", "results")} changed period.`,
  deleted: (academicYear: string) => `The ${academicYear} screening calendar was deleted.`,
  noSuchYear: (academicYear: string) => `This district has no ${academicYear} screening calendar.`,
  holdsResults: (academicYear: string, results: number, riskScores: number) => {
    const held = [
      results > 0 ? plural(results, "result", "results") : null,
      riskScores > 0 ? plural(riskScores, "risk score", "risk scores") : null,
    ]
      .filter(Boolean)
      .join(" and ");
    return `The ${academicYear} calendar cannot be deleted: its periods hold ${held}. Change its dates instead.`;
  },
} as const;
