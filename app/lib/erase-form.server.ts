import { z } from "zod";

// The confirmation form of a deletion for good (issue 41 item 3), read on the server so zod never
// reaches a page's bundle (a module-level schema in a route would keep it there:
// tests/e2e/page-scripts.spec.ts).

const Count = z.coerce.number().int().min(0);

/** The schema of one confirmation: its dialog's name as intent, and the counts it stated, sent back for the API to check against the counts now. */
export function eraseForm<K extends string>(intent: string, keys: readonly K[]) {
  const counts = Object.fromEntries(keys.map((k) => [k, Count])) as { [P in K]: typeof Count };
  return z.object({ intent: z.literal(intent), ...counts });
}
