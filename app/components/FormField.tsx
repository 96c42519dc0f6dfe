import clsx from "clsx";
import { createContext, useContext, useId, type ReactNode } from "react";
// Not from admin-forms.ts: its zod schemas would come into the page with this import.
import { SUBMIT_FAILED_MESSAGE } from "#app/domain/form-messages";
import { ErrorAlert } from "./ErrorAlert";

// Labelled form controls. The action's error for a field shows beneath it and is wired to the
// control with aria-invalid and aria-describedby; a hint (e.g. why a field is disabled) too.
// Browser validation stays off (forms are noValidate): the server's texts are the ones shown,
// and `required` only marks the label and sets aria-required.

/**
 * The field a failed submit sends the user to: the first invalid one, by name. It renders with
 * autofocus, so a browser without JavaScript focuses it when the page with the errors loads (with
 * JavaScript, the form focuses it itself: see DialogForm). Null: no field takes the focus.
 */
export const FocusFieldContext = createContext<string | null>(null);

/** Whether this field is the one a failed submit focuses. */
const useFocusField = (name: string, error: string | undefined) => useContext(FocusFieldContext) === name && Boolean(error);

type Common = {
  name: string;
  label: string;
  /** The control's id where a page names it (the account pages' `email`, `password`); else a generated one. */
  id?: string;
  error?: string;
  /** The error as an alert, announced as it appears (a page that shows it without moving the focus). */
  errorAlert?: boolean;
  /** Ids of more text that describes the control, after its error (e.g. a password's checklist). */
  describedBy?: string;
  /** Visible help under the field (also its tooltip), e.g. why it is disabled. */
  hint?: string;
  disabled?: boolean;
  /** Marks the label with a visible '*' and aria-required. */
  required?: boolean;
  className?: string;
};

export type Option = { value: string; label: string };

/** Ids and ARIA of one field: the control's id, and what describes it (hint, error). */
function useField({
  id: fixed,
  hint,
  error,
  required,
  describedBy: more,
}: Pick<Common, "id" | "hint" | "error" | "required" | "describedBy">) {
  const generated = useId();
  const id = fixed ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId, more].filter(Boolean).join(" ") || undefined;
  return {
    id,
    hintId,
    errorId,
    aria: { "aria-required": required || undefined, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy },
  };
}

function RequiredMark({ required }: { required?: boolean }) {
  return required ? <span aria-hidden="true"> *</span> : null;
}

function Messages({
  hintId,
  hint,
  errorId,
  error,
  errorAlert,
}: {
  hintId: string;
  hint?: string;
  errorId: string;
  error?: string;
  errorAlert?: boolean;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role={errorAlert ? "alert" : undefined}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A label, one control, and its messages. */
function SingleField({
  id,
  label,
  hint,
  error,
  errorAlert,
  describedBy,
  required,
  className,
  children,
}: Omit<Common, "name" | "disabled"> & { children: (field: ReturnType<typeof useField>) => ReactNode }) {
  const field = useField({ id, hint, error, required, describedBy });
  return (
    <div className={clsx("field", className)} title={hint}>
      <label htmlFor={field.id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children(field)}
      <Messages hintId={field.hintId} hint={hint} errorId={field.errorId} error={error} errorAlert={errorAlert} />
    </div>
  );
}

/** A labelled text input. */
export function FormField({
  name,
  disabled,
  type = "text",
  defaultValue,
  autoComplete,
  placeholder,
  inputMode,
  ...common
}: Common & {
  type?: "text" | "email" | "url" | "password";
  defaultValue?: string | null;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "email" | "url";
}) {
  const focus = useFocusField(name, common.error);
  return (
    <SingleField {...common}>
      {(field) => (
        <input
          id={field.id}
          name={name}
          type={type}
          defaultValue={defaultValue ?? ""}
          disabled={disabled}
          autoComplete={autoComplete ?? "off"}
          placeholder={placeholder}
          inputMode={inputMode}
          // The first invalid field after a failed submit (FocusFieldContext), never on a fresh form.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focus || undefined}
          {...field.aria}
        />
      )}
    </SingleField>
  );
}

/**
 * A password: never filled from a reply (passwords are not sent back), so a new `key` after each
 * attempt empties it; `autoComplete` tells the browser whether to offer the saved one or a new one.
 */
export function PasswordField(
  props: Omit<Common, "hint" | "required" | "disabled"> & { autoComplete: "current-password" | "new-password" },
) {
  return <FormField {...props} type="password" />;
}

/** Date of birth and other dates as MM/dd/yyyy text (the format the API takes, spec 000 §3). */
export function DateField(props: Common & { defaultValue?: string | null }) {
  return <FormField {...props} placeholder="MM/dd/yyyy" inputMode="numeric" hint={props.hint ?? "Format: MM/dd/yyyy"} />;
}

/** A labelled select; an empty first option ('Select…') so 'required' can be enforced by the action. */
export function SelectField({
  name,
  disabled,
  options,
  defaultValue,
  placeholder = "Select…",
  ...common
}: Common & { options: readonly Option[]; defaultValue?: string | null; placeholder?: string | null }) {
  const focus = useFocusField(name, common.error);
  return (
    <SingleField {...common}>
      {(field) => (
        <select
          id={field.id}
          name={name}
          defaultValue={defaultValue ?? ""}
          disabled={disabled}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={focus || undefined}
          {...field.aria}
        >
          {placeholder !== null ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </SingleField>
  );
}

/**
 * A multi-select as a group of checkboxes (fieldset + legend): keyboard friendly, no JavaScript,
 * each choice posts `name=value`.
 */
export function CheckboxGroup({
  name,
  label,
  error,
  hint,
  disabled,
  required,
  className,
  options,
  defaultValues = [],
  emptyText,
}: Common & { options: readonly Option[]; defaultValues?: readonly string[]; emptyText?: ReactNode }) {
  const field = useField({ hint, error });
  const focus = useFocusField(name, error);
  return (
    <fieldset
      className={clsx("field", "field--group", className)}
      title={hint}
      disabled={disabled}
      aria-invalid={field.aria["aria-invalid"]}
      aria-describedby={field.aria["aria-describedby"]}
    >
      <legend>
        {label}
        <RequiredMark required={required} />
      </legend>
      {options.length === 0 && emptyText ? <p className="muted field__empty">{emptyText}</p> : null}
      <div className="field__choices">
        {options.map((o, i) => (
          <label key={o.value} className="field__choice">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={defaultValues.includes(o.value)}
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus={(focus && i === 0) || undefined}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Messages hintId={field.hintId} hint={hint} errorId={field.errorId} error={error} />
    </fieldset>
  );
}

/**
 * The summary of a failed submit with field errors, at the top of the form as an alert: a screen
 * reader announces it when it appears (the spec's failed-submit text), while the focus moves to
 * the first invalid field, whose own message is read with it. Nothing when `failed` is false.
 */
export function ErrorSummary({ failed }: { failed: boolean }) {
  if (!failed) return null;
  return (
    <p className="error-summary alert alert--error" role="alert">
      {SUBMIT_FAILED_MESSAGE}
    </p>
  );
}

/** The form-level failure (server message), as an alert above the buttons. */
export const FormError = ErrorAlert;
