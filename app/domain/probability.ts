/** Displayed probabilities never claim certainty: 1% to 99% (spec 001 §5). */
export const PROBABILITY_PERCENT_MIN = 1;
export const PROBABILITY_PERCENT_MAX = 99;

/** Whole percent of a probability, clamped to 1–99; a value outside 0..1 (or NaN) is a bug upstream and throws. */
export function probabilityPercent(probability: number): number {
  if (!(probability >= 0 && probability <= 1)) {
    throw new RangeError(`Probability must be between 0 and 1, got ${probability}`);
  }
  // 0.565 * 100 is 56.49999… in binary floating point; trimming to 12 significant digits first
  // makes a probability that is exactly on a half percent round up, as a reader would expect.
  const percent = Math.round(Number((probability * 100).toPrecision(12)));
  return Math.min(PROBABILITY_PERCENT_MAX, Math.max(PROBABILITY_PERCENT_MIN, percent));
}

/** '42%' */
export function formatProbability(probability: number): string {
  return `${probabilityPercent(probability)}%`;
}
