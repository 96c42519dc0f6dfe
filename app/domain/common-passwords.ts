import COMMON_PASSWORDS from "./common-passwords.json";

// ASVS 2.1.7 (issue 14): a new password is refused when it is one of the most common passwords,
// or one of them with digits and symbols added before or after ("Sunshine#2026", "!!dragon").
// Case does not matter. Pure: the list is data in ./common-passwords.json: the 10,000 most common
// passwords, most common first, lowercased: the first 10,000 entries of the password list of
// zxcvbn (Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc., MIT licence), as the
// @zxcvbn-ts/language-common 4.1.3 package ships it (src/passwords.json). The server reads it; the
// browser never loads it (only the account forms' server-side checks call isCommonPassword).

export const COMMON_PASSWORD_MESSAGE = "This password is too common or too easy to guess. Please choose another one.";

let list: ReadonlySet<string> | undefined;
const commonPasswords = () => (list ??= new Set(COMMON_PASSWORDS));

/** The password, and what remains of it without the digits and symbols at either end. */
function candidates(password: string): string[] {
  const p = password.normalize("NFKC").toLowerCase();
  const trimmed = p.replace(/^[^\p{L}]+/u, "").replace(/[^\p{L}]+$/u, "");
  const noTail = p.replace(/[^\p{L}]+$/u, "");
  const noHead = p.replace(/^[^\p{L}]+/u, "");
  return [p, trimmed, noTail, noHead].filter((c) => c.length >= 4);
}

export function isCommonPassword(password: string): boolean {
  const common = commonPasswords();
  return candidates(password).some((c) => common.has(c));
}
