import { useId, type ReactNode } from "react";

/** Field errors as an action returns them: field name → the spec's text. */
export type FieldErrors = Partial<Record<string, string>>;

type Common = {
  name: string;
  label: string;
  error?: string;
  /** Visible help under the field (also its tooltip), e.g. why it is disabled. */
  hint?: string;
  disabled?: boolean;
  /** Marks the label with a visible '*' and aria-required. */
  required?: boolean;
  className?: string;
};

function describedBy(...ids: (string | false | undefined)[]) {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

function Messages({ hintId, hint, errorId, error }: { hintId: string; hint?: string; errorId: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input; the action's error shows beneath it with aria-invalid and aria-describedby. */
export function FormField({
  name,
  label,
  error,
  hint,
  disabled,
  required,
  className,
  type = "text",
  defaultValue,
  autoComplete,
  placeholder,
  inputMode,
}: Common & {
  type?: "text" | "email" | "url";
  defaultValue?: string | null;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "email" | "url";
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={`field${className ? ` ${className}` : ""}`} title={hint}>
      <Label htmlFor={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue ?? ""}
        disabled={disabled}
        autoComplete={autoComplete ?? "off"}
        placeholder={placeholder}
        inputMode={inputMode}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
      />
      <Messages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}

/** Date of birth and other dates as MM/dd/yyyy text (the format the API takes, spec 000 §3). */
export function DateField(props: Common & { defaultValue?: string | null }) {
  return <FormField {...props} placeholder="MM/dd/yyyy" inputMode="numeric" hint={props.hint ?? "Format: MM/dd/yyyy"} />;
}

export type Option = { value: string; label: string };

/** A labelled select; an empty first option ('Select…') so 'required' can be enforced by the action. */
export function SelectField({
  name,
  label,
  error,
  hint,
  disabled,
  required,
  className,
  options,
  defaultValue,
  placeholder = "Select…",
}: Common & { options: readonly Option[]; defaultValue?: string | null; placeholder?: string | null }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={`field${className ? ` ${className}` : ""}`} title={hint}>
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
      >
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
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
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <fieldset
      className={`field field--group${className ? ` ${className}` : ""}`}
      title={hint}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(hint && hintId, error && errorId)}
    >
      <legend>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.length === 0 && emptyText ? <p className="muted field__empty">{emptyText}</p> : null}
      <div className="field__choices">
        {options.map((o) => (
          <label key={o.value} className="field__choice">
            <input type="checkbox" name={name} value={o.value} defaultChecked={defaultValues.includes(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Messages hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </fieldset>
  );
}

/** The form-level failure (server message), as an alert above the buttons. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert--error" role="alert">
      {message}
    </p>
  );
}
