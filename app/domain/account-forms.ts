import { z } from "zod";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { INVALID_EMAIL_MESSAGE, isValidEmail, normalizeEmail } from "./email";
import { passwordRulesMessage } from "./password-rules";
import { text, TEXT_MAX } from "./text";

// One zod schema per account form (spec 000 §5: forgot password, reset password, registration,
// the new password a temporary one asks for). The pages parse the posted form with it through
// conform; the API's request bodies (app/api/resources/accounts.ts) extend the same fields, so
// both answer with the spec's texts. Fields are in the spec's order: the pages show the first
// failure only. Pure: no I/O.

export const ENTER_EMAIL_MESSAGE = "Please enter your email address";
export const ENTER_CODE_MESSAGE = "Please enter the verification code you received in your email";
export const ENTER_PASSWORD_MESSAGE = "Please enter your password";
export const PASSWORDS_MUST_MATCH_MESSAGE = "Passwords must match";

/** An account's email: required, trimmed and lowercased, checked by the one e-mail rule (./email.ts) the user form uses. */
export const accountEmail = text(TEXT_MAX.email, { label: "Email", error: ENTER_EMAIL_MESSAGE, trim: true })
  .min(1, ENTER_EMAIL_MESSAGE)
  .transform(normalizeEmail)
  .refine(isValidEmail, INVALID_EMAIL_MESSAGE);

const password = text(TEXT_MAX.password, { label: "Password", error: ENTER_PASSWORD_MESSAGE }).min(1, ENTER_PASSWORD_MESSAGE);

/**
 * A password being chosen (reset, invitation, the new password a temporary one asks for): required,
 * then the checklist's rules (./password-rules.ts, 12 characters), then not a common password
 * (issue 14, ASVS 2.1.1 and 2.1.7). One message at a time; signing in takes any old password.
 */
export const newPassword = password.superRefine((value, ctx) => {
  const message = passwordRulesMessage(value) ?? (isCommonPassword(value) ? COMMON_PASSWORD_MESSAGE : null);
  if (message) ctx.addIssue({ code: "custom", message });
});
const confirmation = text(TEXT_MAX.password, { label: "Password" }).optional();

/** The repeated password must be the password (a blank one counts as a different one). */
const samePassword = (v: { password: string; confirmation?: string }) => v.password === (v.confirmation ?? "");
const MISMATCH = { path: ["confirmation"], message: PASSWORDS_MUST_MATCH_MESSAGE };

/** Forgot Password: the account's email. */
export const ForgotPasswordForm = z.object({ email: accountEmail });

/** Register: the email an administrator created the user with. */
export const RegisterForm = z.object({ email: accountEmail });

/** Reset Password (also an invitation's Set Your Password) as the API takes it: email, the emailed code, the new password. */
export const ResetPasswordFields = z.object({
  email: accountEmail,
  code: text(TEXT_MAX.code, { label: "Verification code", error: ENTER_CODE_MESSAGE, trim: true }).min(1, ENTER_CODE_MESSAGE),
  password: newPassword,
});

/** Reset Password as the page asks it: the new password twice. */
export const ResetPasswordForm = ResetPasswordFields.extend({ confirmation }).refine(samePassword, MISMATCH);

/** Create New Password (after signing in with a temporary one): the new password twice. */
export const NewPasswordForm = z.object({ password: newPassword, confirmation }).refine(samePassword, MISMATCH);
