import { Form, useNavigation, useRouteLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { useFormReply, useIntentFields, type FormReply, type StoredValues } from "../form-reply";
import { ErrorSummary, FocusFieldContext, FormError } from "../FormField";
import { DialogCancel, UrlDialog } from "../UrlDialog";

type FormProps = {
  intent: string;
  id?: string;
  /** An edit's row version (optimistic concurrency): sent back with the save, a newer one answers 409. */
  version?: string;
  formError?: string;
  submitLabel?: string;
  danger?: boolean;
  children?: ReactNode;
};

/**
 * A create/update dialog's form: `create-<entity>`, or `edit-<entity>` for the row `id`, and its
 * fields as a failed save left them (else `stored`). `form` goes to FormDialog. An edit carries
 * the row's `version` (a stored value): after a save refused because someone else saved first,
 * the reply holds their values and their version, so saving again applies the change over theirs.
 */
export function useEntityForm(entity: string, id: string | undefined, stored: StoredValues = {}) {
  const intent = `${id === undefined ? "create" : "edit"}-${entity}`;
  const fields = useIntentFields(intent, stored);
  const version = id === undefined ? undefined : fields.text("version").defaultValue || undefined;
  return { form: { intent, id, version, formError: fields.formError }, fields };
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
 * on edits and deletes), shows the server message above Cancel and Submit. After a failed save
 * the errors are announced as a summary at the top and the focus moves to the first invalid
 * field (by script, or without JavaScript by that field's autofocus), whose message is read with it.
 */
export function DialogForm({
  intent,
  id,
  version,
  closeHref,
  formError,
  submitLabel = "Save",
  danger = false,
  children,
}: FormProps & { closeHref: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const reply = useFormReply((r) => r.initialValue?.intent === intent);
  const invalid = fieldErrors(reply);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (reply) focusFirstInvalid(formRef.current);
  }, [reply]);
  return (
    // While saving, Save is only aria-disabled: a disabled button would drop the keyboard
    // user's focus out of the dialog; a second submit is refused here instead.
    <Form ref={formRef} method="post" noValidate className="form" preventScrollReset onSubmit={(event) => busy && event.preventDefault()}>
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      {intent.startsWith("create-") ? <IdempotencyKey /> : null}
      {/* Keyed on the reply: a new summary for each failed save, so it is announced each time. */}
      <ErrorSummary key={replyKey(reply)} failed={invalid.length > 0} />
      {/* Keyed on the version: a save refused as stale brings the newer values and version, and the
          fields start over from them (an uncontrolled field keeps what the browser holds otherwise). */}
      <FocusFieldContext.Provider value={invalid[0]?.name ?? null}>
        <Fragment key={version}>{children}</Fragment>
      </FocusFieldContext.Provider>
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

/** A reply's field errors (the first of each field), in the order the server checked them; the form's own message ('') is FormError's. */
function fieldErrors(reply: FormReply | undefined): { name: string; message: string }[] {
  return Object.entries(reply?.error ?? {}).flatMap(([name, messages]) => (name && messages?.[0] ? [{ name, message: messages[0] }] : []));
}

/**
 * Focuses the form's first invalid field (in a group of choices, its first choice); when none is
 * invalid and the focus was lost (the fields started over from newer values), its first field.
 */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid instanceof HTMLFieldSetElement ? invalid.querySelector<HTMLElement>("input, select, textarea") : invalid;
  if (target) return target.focus();
  if (form && !form.contains(document.activeElement))
    form.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
}

const replyKeys = new WeakMap<object, number>();
let lastReplyKey = 0;
/** A number per reply object: each answer of the action gets its own. */
function replyKey(reply: FormReply | undefined): number {
  if (!reply) return 0;
  let key = replyKeys.get(reply);
  if (key === undefined) replyKeys.set(reply, (key = ++lastReplyKey));
  return key;
}

/**
 * A create form's idempotency key, generated by the server when it rendered the dialog (the root
 * loader's `idempotencyKey`): a form posted twice creates one record (issue 13 item 5).
 */
function IdempotencyKey() {
  const key = (useRouteLoaderData("root") as { idempotencyKey?: string | null } | undefined)?.idempotencyKey;
  return key ? <input type="hidden" name="idempotencyKey" value={key} /> : null;
}
