import { Form, useNavigation } from "@remix-run/react";
import clsx from "clsx";
import type { ReactNode } from "react";
import { useIntentFields, type StoredValues } from "../form-reply";
import { FormError } from "../FormField";
import { DialogCancel, UrlDialog } from "../UrlDialog";

type FormProps = { intent: string; id?: string; formError?: string; submitLabel?: string; danger?: boolean; children?: ReactNode };

/**
 * A create/update dialog's form: `create-<entity>`, or `edit-<entity>` for the row `id`, and its
 * fields as a failed save left them (else `stored`). `form` goes to FormDialog.
 */
export function useEntityForm(entity: string, id: string | undefined, stored: StoredValues = {}) {
  const intent = `${id === undefined ? "create" : "edit"}-${entity}`;
  const fields = useIntentFields(intent, stored);
  return { form: { intent, id, formError: fields.formError }, fields };
}

/**
 * An admin dialog with its form: opens at `?dialog=<intent>` (and `&id=<id>` for a row), posts
 * `intent` and `id` to the route action.
 */
export function FormDialog({ title, description, ...form }: FormProps & { title: string; description?: ReactNode }) {
  return (
    <UrlDialog name={form.intent} id={form.id} title={title} description={description}>
      {(closeHref) => <DialogForm {...form} closeHref={closeHref} />}
    </UrlDialog>
  );
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
}: FormProps & { closeHref: string }) {
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
        <button type="submit" className={clsx("button", danger ? "button--danger" : "button--primary")} aria-disabled={busy || undefined}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
