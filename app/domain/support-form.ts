import { z } from "zod";
import { invalidCharactersMessage, isCleanText, tooLongMessage } from "./text";

// The contact form of /customer-support (issue 12 item 14): one schema for the page's action and
// the API's body. The spec gives the form no texts; these are ours.

import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS } from "./support-texts";

export { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS };

// Issue 33 item 9: a CR/LF in the subject wrote lines of its own into the outbox file and the
// server log (a header injected into the mail). A single-line field refuses every control
// character: C0 (line feed, carriage return, tab, escape…), DEL, C1 (NEL among them) and the
// Unicode line and paragraph separators. The message keeps its line breaks and tabs, nothing else.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Text of one line: no control character, no line or paragraph separator. */
export const isSingleLine = (value: string) => !LINE_BREAKING.test(value);
export const singleLineMessage = (label: string) => `${label} must be one line, without line breaks or control characters.`;
const controlMessage = (label: string) => `${label} contains control characters that are not allowed.`;

const field = (label: string, max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLongMessage(label, max))
    .refine(isCleanText, invalidCharactersMessage(label));

export const SupportForm = z.object({
  subject: field("Subject", SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS.subjectRequired).refine(isSingleLine, singleLineMessage("Subject")),
  message: field("Message", SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS.messageRequired).refine(
    (value) => !CONTROL_BUT_LINES.test(value),
    controlMessage("Message"),
  ),
});
export type SupportFormValues = z.infer<typeof SupportForm>;

/** The mail support receives: who wrote, from where, and what. */
export function supportMail(input: SupportFormValues & { name: string; email: string; role: string | null; page: string | null }) {
  return {
    subject: `[Support] ${input.subject}`,
    text:
      `From: ${input.name} <${input.email}>${input.role ? ` (${input.role})` : ""}\n` +
      (input.page ? `Page: ${input.page}\n` : "") +
      `\n${input.message}\n`,
  };
}
