import type { Submission, SubmissionResult } from "@conform-to/zod/v4";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";

// Route actions read a posted form through its one zod schema (app/domain/*-forms.ts) with
// conform, and answer a form that did not save with conform's reply: the first-class field
// errors and what was typed, as action data the page renders next to each field. conform and
// zod stay on the server (docs/decisions/0009-forms-conform-zod.md): the browser reads the reply
// with app/components/form-reply.ts.

/** The posted form parsed by `schema`: conform hands over blanks as undefined and repeated names as lists. */
export function parseSubmission<S extends z.ZodType>(form: FormData, schema: S) {
  return parseWithZod(form, { schema });
}

/** What every conform submission can do, whatever its schema: answer with a reply; `payload` is what was posted. */
export type Replyable = Pick<Submission<unknown>, "reply" | "payload">;

type ReplyInit = { status?: number; hideFields?: string[] };

/** The reply of a form that did not pass its schema (400 unless told), with `hideFields` (passwords) left out. */
export function invalidForm(submission: Replyable, { status = 400, hideFields = [] }: ReplyInit = {}) {
  return data<SubmissionResult<string[]>>(submission.reply({ hideFields }), { status });
}

/** The reply of a valid form the server refused: `message` as the form's error, or under `field`. */
export function refusedForm(
  submission: Replyable,
  message: string,
  { field, status = 400, hideFields = [] }: ReplyInit & { field?: string } = {},
) {
  const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
  return data<SubmissionResult<string[]>>(submission.reply({ ...errors, hideFields }), { status });
}
