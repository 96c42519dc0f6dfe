import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PasswordField } from "./FormField";
import { PasswordChecklist } from "./PasswordChecklist";

// The account pages' layout (spec 000 §5: log in, forgot and reset password, register, the new
// password a temporary one asks for): one card on the page, headed by the page's title, which
// names the card for assistive technology. The login page adds its banner above the card and its
// footer below it.

type Props = {
  /** The heading's id, which labels the card. */
  titleId: string;
  title: string;
  children: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
};

export function AccountCard({ titleId, title, children, before, after }: Props) {
  return (
    <div className="auth-page">
      {before}
      <section className="auth-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {children}
      </section>
      {after}
    </div>
  );
}

/** An account form's submit button (off while it posts) and, below it, the way back to the login page. */
export function AccountFormEnd({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <>
      <button type="submit" className="button button--primary" disabled={busy}>
        {children}
      </button>
      <Link to="/login">Back to login</Link>
    </>
  );
}

/**
 * A new password and its repetition, with the checklist of the password rules between them (reset
 * password, an invitation's set password, the new password a temporary one asks for). `attempt`
 * changes after each failed post, which empties both fields (spec 000 §5).
 */
export function NewPasswordFields({
  attempt,
  errorOf,
}: {
  attempt: number;
  errorOf: (field: "password" | "confirmation") => string | undefined;
}) {
  return (
    <>
      <PasswordField
        key={`p${attempt}`}
        id="password"
        name="password"
        label="New password"
        autoComplete="new-password"
        error={errorOf("password")}
        describedBy="password-rules"
      />
      <PasswordChecklist id="password-rules" field="password" />
      <PasswordField
        key={`c${attempt}`}
        id="confirmation"
        name="confirmation"
        label="Confirm new password"
        autoComplete="new-password"
        error={errorOf("confirmation")}
      />
    </>
  );
}
