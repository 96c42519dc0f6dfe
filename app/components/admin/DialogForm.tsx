import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FieldErrors, FormValues } from "#app/domain/admin-forms";
import { FormError } from "../FormField";
import { DialogCancel } from "../UrlDialog";

/** What an admin action answered (errors and what the user typed), as a dialog reads it. */
export type DialogActionData = { intent: string; fieldErrors?: FieldErrors; formError?: string; values?: FormValues } | undefined;

/** The action data when it belongs to this form's intent. */
export function forIntent(actionData: unknown, intent: string): DialogActionData {
  const d = actionData as DialogActionData;
  return d && d.intent === intent ? d : undefined;
}

/** A field's value after a failed save (what was typed), else the stored one. */
export function valueOf(action: DialogActionData, name: string, stored?: string | null): string {
  const typed = action?.values?.[name];
  if (typeof typed === "string") return typed;
  return stored ?? "";
}

export function valuesOf(action: DialogActionData, name: string, stored: readonly string[] = []): string[] {
  const typed = action?.values?.[name];
  if (Array.isArray(typed)) return typed;
  if (action?.values) return [];
  return [...stored];
}

/**
 * The form inside an admin dialog: posts to the route action with an `intent` (and the row `id`
 * on edits and deletes), shows the server message above Cancel and Submit.
 */
export function DialogForm({
  intent,
  id,
  closeHref,
  formError,
  submitLabel = "Save",
  danger = false,
  children,
}: {
  intent: string;
  id?: string;
  closeHref: string;
  formError?: string;
  submitLabel?: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    // While saving, Save is only aria-disabled: a disabled button would drop the keyboard
    // user's focus out of the dialog; a second submit is refused here instead.
    <Form method="post" noValidate className="form" preventScrollReset onSubmit={(event) => busy && event.preventDefault()}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {children}
      <FormError message={formError} />
      <div className="dialog-actions">
        <DialogCancel href={closeHref} />
        <button type="submit" className={`button ${danger ? "button--danger" : "button--primary"}`} aria-disabled={busy || undefined}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
