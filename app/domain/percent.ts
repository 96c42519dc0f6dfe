/** Whole-number percentage for completion reports (spec 000 §9): 0 when either side is 0. */
export function percentage(part: number, total: number): number {
  // A zero total would divide by zero; a zero part is 0% anyway but short-circuits -0.
  if (part === 0 || total === 0) return 0;
  return Math.round((part / total) * 100);
}
