import type { Grade } from "#app/domain/grades";

// Response times for the demo district's scored RAN tests (scripts/seed/demo.ts). They only make
// the demo's scored times look like a class of that age (about one object a second in
// prekindergarten and kindergarten, faster letters by grade 2): nothing scores against them. The
// demo district configures no RAN norms (issue 34 item 4), so its scored RANs show their raw
// seconds and errors and 'No norms configured', as any new district's do.

type TimeSpread = { typicalSecs: number; spreadSecs: number };

const DEMO_RAN_TIMES: Record<Grade, TimeSpread> = {
  PK: { typicalSecs: 70, spreadSecs: 19 },
  K: { typicalSecs: 63, spreadSecs: 17 },
  "1": { typicalSecs: 44, spreadSecs: 12 },
  "2": { typicalSecs: 36, spreadSecs: 9 },
  "3": { typicalSecs: 31, spreadSecs: 8 },
};

/** A demo scored time in whole seconds from a draw of 30–70 (the demo's one draw per RAN): 50 is typical, 30 and 70 ±1.5 spreads. */
export function demoRanSeconds(grade: Grade, draw: number): number {
  const { typicalSecs, spreadSecs } = DEMO_RAN_TIMES[grade];
  return Math.max(1, Math.round(typicalSecs + ((draw - 50) / 20) * 1.5 * spreadSecs));
}
