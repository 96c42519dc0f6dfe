import type { Grade } from "./grades";
import type { Period } from "./periods";

// What a scored RAN is worth (issue 11: "Scores saved here flow into the grid, the student
// profile and the CSV exports at once"). The specs keep the server's score computation out of
// view ("Server-side computation of scores and profiles: not shown"), so this is ours, written
// down in docs/decisions/ran-scoring.md:
// - the score is the scored response time alone, as in published RAN tests; errors are kept
//   beside it and feed the invalidity guidance (seven or more), not the percentile;
// - a time is placed on a normal curve of same-grade, same-period times; faster is better, so
//   the percentile is the share of children slower than this one;
// - the means and spreads below are provisional figures for the demo district, chosen to fall
//   where published RAN norms for these ages fall (about one item per second in kindergarten
//   objects, about 1.5 letters per second by grade 2); a district with its own norms replaces
//   this table, nothing else.

export type RanNorm = { meanSecs: number; sdSecs: number };

export const RAN_NORMS: Record<Grade, Record<Period, RanNorm>> = {
  PK: { BOY: { meanSecs: 75, sdSecs: 20 }, MOY: { meanSecs: 70, sdSecs: 19 }, EOY: { meanSecs: 66, sdSecs: 18 } },
  K: { BOY: { meanSecs: 68, sdSecs: 18 }, MOY: { meanSecs: 63, sdSecs: 17 }, EOY: { meanSecs: 59, sdSecs: 16 } },
  "1": { BOY: { meanSecs: 48, sdSecs: 13 }, MOY: { meanSecs: 44, sdSecs: 12 }, EOY: { meanSecs: 41, sdSecs: 11 } },
  "2": { BOY: { meanSecs: 38, sdSecs: 10 }, MOY: { meanSecs: 36, sdSecs: 9 }, EOY: { meanSecs: 34, sdSecs: 9 } },
  "3": { BOY: { meanSecs: 33, sdSecs: 8 }, MOY: { meanSecs: 31, sdSecs: 8 }, EOY: { meanSecs: 30, sdSecs: 7 } },
};

/** Standard normal cumulative distribution (Abramowitz–Stegun 26.2.17, error below 7.5e-8). */
export function normalCdf(z: number): number {
  if (!Number.isFinite(z)) return z > 0 ? 1 : 0;
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? 1 - tail : tail;
}

export type RanResult = { abilityPercentile: number; finalTheta: number };

/**
 * The percentile (1–99, whole) and theta of a scored response time: theta is how many spreads
 * faster than the mean (positive is faster), the percentile is its place on the curve.
 */
export function ranResult(grade: Grade, period: Period, evalResponseTime: number): RanResult {
  if (!Number.isFinite(evalResponseTime) || evalResponseTime < 0) throw new Error(`Response time out of range: ${evalResponseTime}`);
  const norm = RAN_NORMS[grade][period];
  const theta = (norm.meanSecs - evalResponseTime) / norm.sdSecs;
  const percentile = Math.min(99, Math.max(1, Math.round(normalCdf(theta) * 100)));
  return { abilityPercentile: percentile, finalTheta: Number(theta.toFixed(3)) };
}
