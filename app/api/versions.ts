import { z } from "@hono/zod-openapi";
import { jsonResponse } from "./env";

// Optimistic concurrency (issue 14; DESIGN "Writes that can race"). Every edited row carries a
// `version` (migration 0004) that the API returns with the data; an edit form sends it back, and
// a save over a newer one answers 409 with the newer data, so the user sees what changed and
// redoes their change instead of silently overwriting it. The version is optional in a body:
// API clients written before it keep working (their save is last-writer-wins for the fields it
// sends, with memberships still diffed under the parent's lock).

export const VersionField = z
  .number()
  .int()
  .min(1)
  .optional()
  .openapi({ description: "the `version` read with the data; a save over a newer version answers 409 with the newer data" });

/** The version a row answers with. */
export const Version = z.number().int().openapi({ description: "send it back with an edit (optimistic concurrency)" });

export const staleMessage = (what: string) =>
  `Someone else changed this ${what} after you opened it. Their changes are shown now: make your change again and save.`;

/** Thrown inside a save's transaction when the version sent is not the stored one; the handler answers 409 with the newer data. */
export class StaleVersion extends Error {
  constructor(readonly what: string) {
    super(staleMessage(what));
  }
}

/** Refuses a save whose version is not the stored one (none sent: accepted). */
export function checkVersion(sent: number | undefined, stored: number, what: string) {
  if (sent !== undefined && sent !== stored) throw new StaleVersion(what);
}

/** A 409 answer: `current` (the newer data) when the version was stale; otherwise `message` (and `errors`) of another conflict. */
export const conflictResponse = <T extends z.ZodType>(current: T, description: string) => ({
  409: jsonResponse(
    z.object({ message: z.string(), errors: z.array(z.string()).optional(), current: current.optional() }),
    `${description}; or a stale version: \`current\` holds the newer data`,
  ),
});
