import { checkPassword } from "#app/domain/password-rules";

/**
 * The live password checklist (spec 000 section 5, guidance only). Rendered on the server as
 * a plain list of the rules; once JavaScript runs it ticks each rule as the user types.
 */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
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
