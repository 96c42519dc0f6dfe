import { createHash } from "node:crypto";
import type { Plan } from "./oneroster-plan";

// What a roster preview promised (issue 35 item 2): a preview applied after a newer import, or after
// edits by hand, was planned again against the district of the day and silently rolled those back.
// The key of a plan is the hash of everything it would write, in an order that does not depend on
// the order the database listed the rows in; applying refuses when today's plan has another key.

/** Sorts every array in `value` by the JSON of its items, recursively, so equal plans serialise alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .map(canonical)
      .map((v) => [JSON.stringify(v), v] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, v]) => v);
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** The key of what `plan` would change. */
export function planKey(plan: Plan): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(plan)))
    .digest("hex");
}
