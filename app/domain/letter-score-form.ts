import { z } from "zod";
import { isGrade, type Grade } from "./grades";
import { letterItemsFor } from "./letter-scores";
import { PERIODS } from "./periods";

// The letter score dialog's form (spec 001 §4 'Letter score edit') and the fields the API's
// hand-entered letter score bodies share with it (app/api/resources/results.ts extends them), so
// a test code or a student id is one rule for the dialog and for a direct API call. The dialog's
// action parses the post with `LetterScoreForm` through conform; which items a post scores is
// the one item rule of ./letter-scores.ts. Pure: no I/O.

export const LETTER_TEST_CODES = ["letter-names", "letter-sounds"] as const;

/** A save met scores saved by someone else since the dialog read them (issue 40 item 1): the API's 409 and the dialog's words. */
export const LETTER_SCORES_CHANGED = "Someone else saved letter scores for this student after you opened them.";

/** What both the dialog's post and the API's create and update bodies carry. */
export const LetterScoreFields = z.object({
  testCode: z.enum(LETTER_TEST_CODES),
  participantId: z.string().uuid(),
  participantTestId: z.string().uuid(),
});

/**
 * The dialog's post: a create or an update of one student's letter test, with every ticked item
 * as a `correct` (conform hands over none as [] and one as [code]). The grade and the period say
 * which items the test has; an update names its test.
 */
export const LetterScoreForm = LetterScoreFields.extend({
  intent: z.enum(["create", "update"]),
  grade: z.string().optional(),
  periodName: z.enum(PERIODS),
  participantTestId: LetterScoreFields.shape.participantTestId.optional(),
  correct: z.array(z.string()),
  /** The dialog's Idempotency-Key, made when it opened (issue 40 item 1). */
  idempotencyKey: z.string().uuid().optional(),
  /** The test's updatedAt as the dialog read it: an update over a newer save is refused. */
  version: z.string().datetime().optional(),
  /** 'Save and next student': the student whose same test opens next (issue 40 item 2). */
  next: z.string().uuid().optional(),
});
export type LetterScorePost = z.infer<typeof LetterScoreForm>;

/**
 * A post read against the test's items for the grade and period: every item's response, 1 when
 * ticked, as the API takes them and by item code to show again; no responses when the grade or the
 * period has no items (the action then answers the spec's failure text).
 */
export function postedLetterScores(f: LetterScorePost): {
  grade: Grade | null;
  responses: { questionCode: string; score: 0 | 1 }[] | null;
  submitted: Record<string, 0 | 1>;
} {
  const grade = isGrade(f.grade) ? f.grade : null;
  const found = grade ? letterItemsFor(f.testCode, grade, f.periodName) : null;
  const items = found && "items" in found ? found.items : null;
  const responses =
    items?.map((questionCode) => ({ questionCode, score: f.correct.includes(questionCode) ? (1 as const) : (0 as const) })) ?? null;
  const submitted = Object.fromEntries((responses ?? []).map((r) => [r.questionCode, r.score]));
  return { grade, responses, submitted };
}
