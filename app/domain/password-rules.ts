/**
 * The password checklist of spec 000 section 5: guidance only, so a password that misses a
 * rule is still accepted; the checklist just shows which rules it meets.
 */
export const PASSWORD_MIN_LENGTH = 6;

export interface PasswordRule {
  id: "uppercase" | "lowercase" | "number" | "symbol" | "length";
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: "uppercase", label: "One uppercase letter", test: (p) => /\p{Lu}/u.test(p) },
  { id: "lowercase", label: "One lowercase letter", test: (p) => /\p{Ll}/u.test(p) },
  { id: "number", label: "One number", test: (p) => /\p{Nd}/u.test(p) },
  { id: "symbol", label: "One symbol", test: (p) => /[^\p{L}\p{Nd}\s]/u.test(p) },
  { id: "length", label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => [...p].length >= PASSWORD_MIN_LENGTH },
];

/** Which rules a password meets, in checklist order. */
export function checkPassword(password: string): { id: PasswordRule["id"]; label: string; met: boolean }[] {
  return PASSWORD_RULES.map((r) => ({ id: r.id, label: r.label, met: r.test(password) }));
}
