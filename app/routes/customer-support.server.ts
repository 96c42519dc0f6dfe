import { SupportForm, type SupportFormValues } from "#app/domain/support-form";

// The contact form's post read by its schema on the server, so zod never reaches the page's bundle.

export type SupportFieldErrors = Partial<Record<keyof SupportFormValues, string>>;

export function readSupportForm(form: FormData) {
  const values = { subject: String(form.get("subject") ?? ""), message: String(form.get("message") ?? "") };
  const parsed = SupportForm.safeParse(values);
  if (parsed.success) return { ok: true as const, data: parsed.data, values };
  const fieldErrors: SupportFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === "subject" || key === "message") && !fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  return { ok: false as const, fieldErrors, values };
}
