/**
 * The password checklist of spec 000 section 5, enforced for new passwords (issue 14, ASVS 2.1.1):
 * the API refuses a new password that misses a rule, and the checklist beside the field shows the
 * same rules, from this one list. The length is 12, not the spec's 6. Passwords set before keep
 * working for sign-in. The common-password check is in ./common-passwords.ts (server only).
 */
export const PASSWORD_MIN_LENGTH = 12;

export interface PasswordRule {
  id: "uppercase" | "lowercase" | "number" | "symbol" | "length";
  label: string;
  /** How the rule reads in a refusal: "Your password must have …". */
  need: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: "uppercase", label: "One uppercase letter", need: "one uppercase letter", test: (p) => /\p{Lu}/u.test(p) },
  { id: "lowercase", label: "One lowercase letter", need: "one lowercase letter", test: (p) => /\p{Ll}/u.test(p) },
  { id: "number", label: "One number", need: "one number", test: (p) => /\p{Nd}/u.test(p) },
  { id: "symbol", label: "One symbol", need: "one symbol", test: (p) => /[^\p{L}\p{Nd}\s]/u.test(p) },
  {
    id: "length",
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    need: `at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (p) => [...p].length >= PASSWORD_MIN_LENGTH,
  },
];

/** Which rules a password meets, in checklist order. */
export function checkPassword(password: string): { id: PasswordRule["id"]; label: string; met: boolean }[] {
  return PASSWORD_RULES.map((r) => ({ id: r.id, label: r.label, met: r.test(password) }));
}

/**
 * Why a new password is refused, naming every rule it misses ("Your password must have at least
 * 12 characters and one symbol."), or null when it meets them all.
 */
export function passwordRulesMessage(password: string): string | null {
  const missing = PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.need);
  // The length first: it is the rule people miss most.
  missing.sort((a, b) => Number(b.startsWith("at least")) - Number(a.startsWith("at least")));
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} and ${missing[missing.length - 1]}`;
  return `Your password must have ${list}.`;
}
