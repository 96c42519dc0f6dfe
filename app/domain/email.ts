// The one e-mail rule (issue 13 item 3): every form (users, students, forgot password, reset,
// register) and every API body checks an address with isValidEmail after normalizeEmail, so an
// address the user form accepts is one the invitation, reset and registration accept too.
//
// Only ASCII addresses are valid. An internationalised address (a non-ASCII local part such as
// jöhn@…, or a Unicode domain such as …@exämple.com) can be delivered only through mail servers
// that speak SMTPUTF8 (RFC 6531) end to end; ours (nodemailer to the install's relay) cannot count
// on that, so such a user could be invited but never receive the link to set a password. Refusing
// it up front, with the spec's 'Please enter a valid email address.', is the honest answer.
// Pure: no I/O.

import { last } from "./presence";

/** What a form or the API says about an address that fails the rule (spec 000 §5). */
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";

/** Trimmed and lowercased (spec 000 §3: user and student emails), before the check and when stored. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// RFC 5321/5322 "dot-atom" local part (no quoted strings), and a host name of two or more
// labels of letters, digits and inner hyphens (punycode "xn--" labels are plain ASCII, so they pass).
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL = new RegExp(`^${ATEXT}(\\.${ATEXT})*$`);
const LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Whether `email` (already normalized) is an address we can send mail to. */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf("@");
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  // The top-level label is never all digits (that would be an IP address, which we do not mail).
  return !/^\d+$/.test(last(labels, "a top-level label"));
}
