import { useEffect, useState } from "react";
import { checkPassword } from "#app/domain/password-rules";

/**
 * The live password checklist (spec 000 section 5, guidance only). Rendered on the server as
 * a plain list of the rules; once JavaScript runs it ticks each rule met by what is in the
 * password field `field` (the input's id), reading the field itself rather than a copy of what
 * was typed: after a failed submit the page empties the field, and the checklist follows.
 */
export function PasswordChecklist({ id, field }: { id: string; field: string }) {
  const password = useFieldValue(field);
  return (
    <div className="password-rules" id={id}>
      <p className="password-rules__title">Your password should contain:</p>
      <ul>
        {checkPassword(password).map((rule) => (
          <li key={rule.id} className={rule.met ? "password-rules__met" : undefined} data-rule={rule.id} data-met={rule.met}>
            <span aria-hidden="true">{rule.met ? "✓" : "•"}</span> {rule.label}
            {rule.met ? <span className="visually-hidden"> (met)</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The value of the input with id `field`: read after every render (the page may have replaced or
 * emptied the field, e.g. after a failed submit), on each input event (typing, pasting, autofill)
 * and on form resets. Empty on the server and until the field exists.
 */
function useFieldValue(field: string): string {
  const [value, setValue] = useState("");
  useEffect(() => {
    const read = () => {
      const input = document.getElementById(field);
      setValue(input instanceof HTMLInputElement ? input.value : "");
    };
    read();
    const onInput = (event: Event) => {
      const input = document.getElementById(field);
      if (!input || !(event.target instanceof Node) || !event.target.contains(input)) return;
      // A form's reset event comes before its fields are reset: read once they are.
      if (event.type === "reset") setTimeout(read);
      else read();
    };
    document.addEventListener("input", onInput);
    document.addEventListener("reset", onInput);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("reset", onInput);
    };
  });
  return value;
}
