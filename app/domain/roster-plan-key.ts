import { createHash } from "node:crypto";
import type { Plan } from "./oneroster-plan";

// What a roster preview promised (issue 35 item 2): a preview applied after a newer import, or after
// edits by hand, was planned again against the district of the day and silently rolled those back.
// The key of a plan is the hash of everything it would write, in an order that does not depend on
// the order the database listed the rows in; applying refuses when today's plan has another key.

/**
 * The JSON of `value` with object keys sorted and every array's items sorted by their own JSON,
 * so equal plans serialise alike. Each value is serialised once, bottom up: sorting a parent by its
 * items' JSON and then serialising it again would redo every level below (a 100,000-student
 * plan's key then took 3.4 s of one thread, which every other request waited on).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).sort().join(",")}]`;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const entries: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === "function") continue;
      entries.push(`${JSON.stringify(key)}:${canonicalJson(item)}`);
    }
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * canonicalJson(plan) in pieces, one per kind of the plan, so that a caller may let other work run
 * between them: a 100,000-student plan's whole key is more than a second of one thread.
 */
export function* planKeyPieces(plan: Plan): Generator<string> {
  const keys = Object.keys(plan)
    .sort()
    .filter((key) => (plan as unknown as Record<string, unknown>)[key] !== undefined);
  yield "{";
  for (const [i, key] of keys.entries()) {
    yield `${i > 0 ? "," : ""}${JSON.stringify(key)}:${canonicalJson((plan as unknown as Record<string, unknown>)[key])}`;
  }
  yield "}";
}

/** The key of what `plan` would change. */
export function planKey(plan: Plan): string {
  const hash = createHash("sha256");
  for (const piece of planKeyPieces(plan)) hash.update(piece);
  return hash.digest("hex");
}
