import { ordinal } from "./ordinal";

export const PERCENTILE_MIN = 1;
export const PERCENTILE_MAX = 99;
/** Upper bounds (inclusive) of the two lower benchmark bands (spec 001 §4, §9). */
export const WELL_BELOW_MAX = 20;
export const BELOW_MAX = 40;

export const PERCENTILE_BANDS = ["well-below", "below", "at-or-above"] as const;
export type PercentileBand = (typeof PERCENTILE_BANDS)[number];

export const PERCENTILE_BAND_LABELS: Record<PercentileBand, string> = {
  "well-below": "Well Below Benchmark",
  below: "Below Benchmark",
  "at-or-above": "At or Above Benchmark",
};

function isScore(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** The percentile as shown: rounded, then clamped to 1–99; null when there is none. */
export function clampPercentile(value: number | null | undefined): number | null {
  if (!isScore(value)) return null;
  return Math.min(PERCENTILE_MAX, Math.max(PERCENTILE_MIN, Math.round(value)));
}

/** '1st' … '99th', or null when there is no percentile. */
export function formatPercentile(value: number | null | undefined): string | null {
  const shown = clampPercentile(value);
  return shown === null ? null : ordinal(shown);
}

/**
 * Benchmark band of a percentile. The band is taken from the displayed (rounded) value so the
 * colour always agrees with the number next to it: 20.4 shows as 20th and is well below,
 * 20.6 shows as 21st and is below.
 */
export function percentileBand(value: number | null | undefined): PercentileBand | null {
  const shown = clampPercentile(value);
  if (shown === null) return null;
  if (shown <= WELL_BELOW_MAX) return "well-below";
  if (shown <= BELOW_MAX) return "below";
  return "at-or-above";
}
