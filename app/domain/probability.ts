import { percentOf, scaled } from "./exact-decimal";

/** Displayed probabilities never claim certainty: 1% to 99% (spec 001 §5). */
export const PROBABILITY_PERCENT_MIN = 1;
export const PROBABILITY_PERCENT_MAX = 99;

export function clampProbabilityPercent(percent: number): number {
  return Math.min(PROBABILITY_PERCENT_MAX, Math.max(PROBABILITY_PERCENT_MIN, percent));
}

/** Whole percent of a probability, clamped to 1–99; a value outside 0..1 (or NaN) is a bug upstream and throws. */
export function probabilityPercent(probability: number): number {
  if (!(probability >= 0 && probability <= 1)) {
    throw new RangeError(`Probability must be between 0 and 1, got ${probability}`);
  }
  // Rounded half up on the decimal the probability is written with: 0.565 × 100 is 56.49999…
  // in binary floating point but 56.5% as written, so it shows 57%; and 0.5649999999999998,
  // under the 0.565 readiness cutoff, shows 56%, not 57% (issue 34 item 5).
  return clampProbabilityPercent(Number(scaled(percentOf(probability), 0)));
}

/** '42%' */
export function formatProbability(probability: number): string {
  return `${probabilityPercent(probability)}%`;
}
