import { z } from "zod";

// The RAN scoring form (spec 001 §5 RAN responses, §7 'save RAN scores by question response id')
// and the fields the API's save body shares with it (app/api/resources/ran-scoring.ts extends
// them). The figures themselves are checked by one rule, `validateRanScore` (./ran.ts), which
// both the form's action and the API call with the spec's texts; the form posts them as typed,
// the API takes numbers. Pure: no I/O.

/** What the scoring form and the API's save body both carry. */
export const RanScoreFields = z.object({
  /** The response's updatedAt as the scorer read it; a save over a newer one answers 409. */
  version: z.string().max(40).optional(),
});

/**
 * The scoring panel's post, as conform hands it over: blank fields as undefined, the Invalid box
 * as true when ticked. Time and errors stay text until `validateRanScore` reads them, so '12.0'
 * or '1e2' get the spec's message rather than a number's.
 */
export const RanScoreForm = RanScoreFields.extend({
  responseId: z.string().uuid(),
  responseTime: z.string().max(40).optional(),
  errorCount: z.string().max(40).optional(),
  invalid: z.boolean().optional(),
  /** A second scorer's blind score (the panel's hidden field). */
  blind: z.literal("1").optional(),
});
export type RanScorePost = z.infer<typeof RanScoreForm>;
