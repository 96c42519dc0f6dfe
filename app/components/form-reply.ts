import type { SubmissionResult } from "@conform-to/zod/v4";
import { useActionData } from "@remix-run/react";

// A form that did not save comes back as conform's reply (`submission.reply()`, see
// app/lib/forms.server.ts): per field its errors, and what was typed. The browser reads that
// plain data here instead of running conform's useForm, which would add 9 KB gzip to every
// form page (docs/decisions/0009-forms-conform-zod.md); only the type comes from conform.

/** An action's answer to a form that did not save. */
export type FormReply = SubmissionResult<string[]>;

/** Stored values a form starts from when nothing was typed yet: field name → text or choices. */
export type StoredValues = Record<string, string | readonly string[] | null | undefined>;

export function isFormReply(value: unknown): value is FormReply {
  return typeof value === "object" && value !== null && "initialValue" in value;
}

const asText = (value: unknown) => (typeof value === "string" ? value : "");

const asList = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value ? [value] : [];
};

/**
 * The fields of a form as a reply left them: the first error of each field, the form's error
 * (conform keeps it under ''), and the values to show: what was typed after a failed save (a
 * field left out was posted empty: conform drops blanks), else the stored ones.
 */
export function formFields(reply: FormReply | undefined, stored: StoredValues = {}) {
  const typed = reply?.initialValue ?? null;
  const error = (name: string) => reply?.error?.[name]?.[0] ?? undefined;
  return {
    formError: error(""),
    error,
    /** Props of a text or select field: name, starting value, error. */
    text: (name: string) => ({ name, defaultValue: typed ? asText(typed[name]) : asText(stored[name]), error: error(name) }),
    /** Props of a checkbox group: name, starting choices, error. */
    list: (name: string) => ({ name, defaultValues: typed ? asList(typed[name]) : asList(stored[name]), error: error(name) }),
  };
}

export type FormFields = ReturnType<typeof formFields>;

/** A reply's first failure in the schema's field order ('' names the form's own message), for pages that show one at a time. */
export function firstError(reply: FormReply | undefined): { name: string; message: string } | null {
  for (const [name, messages] of Object.entries(reply?.error ?? {})) if (messages?.[0]) return { name, message: messages[0] };
  return null;
}

/** The route action's reply, when there is one and `belongs` says it is this form's. */
export function useFormReply(belongs: (reply: FormReply) => boolean = () => true): FormReply | undefined {
  const data = useActionData();
  return isFormReply(data) && belongs(data) ? data : undefined;
}

/** The fields of the form that posted `intent` (a hidden field of each admin form). */
export function useIntentFields(intent: string, stored: StoredValues = {}): FormFields {
  return formFields(
    useFormReply((reply) => reply.initialValue?.intent === intent),
    stored,
  );
}
