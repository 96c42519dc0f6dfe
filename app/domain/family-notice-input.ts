import { z } from "zod";
import { NOTICE_LANGS, NOTICE_MAX, unknownPlaceholderMessage, unknownPlaceholders } from "./family-notice";
import { NOTICE_METHODS } from "./follow-up-steps";
import { calendarDate, MAX_IDS, text } from "./text";

// The API's bodies for the family notice letter (issue 38 item 4): the district's wording and
// contact, a preview of a draft, and notices recorded as sent in bulk. Kept apart from the rules
// so that browser code never carries zod.

export const FAMILY_NOTICE_MESSAGES = {
  title: "Write the letter's title.",
  body: "Write the letter.",
  ids: "Choose at least one student.",
  method: "Choose how the notices were sent: printed, e-mailed or handed over.",
} as const;

/** Text with fill-ins: every name between braces must be a fill-in we know. */
const withFillIns = (max: number, label: string, empty: string) =>
  text(max, { label, trim: true })
    .min(1, empty)
    .superRefine((value, ctx) => {
      const unknown = unknownPlaceholders(value);
      if (unknown.length > 0) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown) });
    });

export const NoticeWordingInput = z.object({
  title: withFillIns(NOTICE_MAX.title, "Title", FAMILY_NOTICE_MESSAGES.title),
  body: withFillIns(NOTICE_MAX.body, "Letter", FAMILY_NOTICE_MESSAGES.body),
});

const Contact = text(NOTICE_MAX.contact, { label: "Contact", trim: true }).nullable();

/** The PUT body: the contact (null: none entered) and each language's wording (null: our default). */
export const FamilyNoticeInput = z.object({
  contact: Contact,
  texts: z.object(
    Object.fromEntries(NOTICE_LANGS.map((l) => [l, NoticeWordingInput.nullable()])) as Record<
      (typeof NOTICE_LANGS)[number],
      z.ZodNullable<typeof NoticeWordingInput>
    >,
  ),
});
export type FamilyNoticeInput = z.infer<typeof FamilyNoticeInput>;

/** A draft to preview, filled with a sample student or a real one (participantId). */
export const NoticePreviewInput = NoticeWordingInput.extend({
  lang: z.enum(NOTICE_LANGS),
  contact: Contact,
  participantId: z.string().uuid().nullable(),
});
export type NoticePreviewInput = z.infer<typeof NoticePreviewInput>;

/** Notices recorded as sent at once (after a bulk print), each once. */
export const NoticesSentInput = z.object({
  followUpIds: z
    .array(z.string().uuid())
    .min(1, FAMILY_NOTICE_MESSAGES.ids)
    .max(MAX_IDS)
    .transform((ids) => [...new Set(ids)]),
  on: calendarDate("The date"),
  method: z.enum(NOTICE_METHODS, { error: FAMILY_NOTICE_MESSAGES.method }),
});
export type NoticesSentInput = z.infer<typeof NoticesSentInput>;
