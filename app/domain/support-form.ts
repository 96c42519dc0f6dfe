import { z } from "zod";
import { invalidCharactersMessage, isCleanText, tooLongMessage } from "./text";

// The contact form of /customer-support (issue 12 item 14): one schema for the page's action and
// the API's body. The spec gives the form no texts; these are ours.

import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS } from "./support-texts";

export { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS };

const field = (label: string, max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLongMessage(label, max))
    .refine(isCleanText, invalidCharactersMessage(label));

export const SupportForm = z.object({
  subject: field("Subject", SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS.subjectRequired),
  message: field("Message", SUPPORT_MESSAGE_MAX, SUPPORT_TEXTS.messageRequired),
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
