/**
 * What a caller over a limit counted in a window (mail, support) is told: the API answers it with
 * 429, the account pages show it. Sign-in says the real wait instead (tooManyAttempts).
 */
export const RATE_LIMITED = "Too many attempts. Please wait a few minutes and try again.";

/** The 429 text with the real wait, rounded up: 'Please wait 30 seconds', '… 14 minutes', '… 1 hour'. */
export function tooManyAttempts(waitMs: number): string {
  return `Too many attempts. Please wait ${waitText(waitMs)} and try again.`;
}

export function waitText(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const [n, unit] =
    seconds < 60 ? [seconds, "second"] : seconds < 3600 ? [Math.ceil(seconds / 60), "minute"] : [Math.ceil(seconds / 3600), "hour"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

/** Seconds for a Retry-After header: the wait rounded up, at least 1. */
export const retryAfterSeconds = (waitMs: number) => Math.max(1, Math.ceil(waitMs / 1000));

/**
 * How an account's failed sign-ins slow its next ones (issue 35 item 14). Before, 10 failures in
 * 15 minutes refused the account's right password too for 15 minutes, so anyone who knew an email
 * could keep its owner out. Now an account is never refused outright: after a few free failures
 * each further attempt waits a delay since the last failure that doubles with every failure, up to
 * a cap, and a right password is accepted once the delay has passed.
 */
export const SIGN_IN_SLOWDOWN = {
  /** Failures without any wait: typos, caps lock, the old password tried first. */
  freeFailures: 5,
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: 2_000,
  /**
   * The longest wait: what an owner whose account is being guessed at waits at most before their
   * right password is checked. It is also the guessing rate a patient attacker gets per account
   * (one a minute, 60 an hour; the old lock allowed 40 an hour, 10 per 15 minutes), bounded per
   * address by the address's own limit and, for a known browser, not shared with the owner at all.
   */
  maxDelayMs: 60_000,
  /** Failures older than this are forgotten (and a right password forgets them at once). */
  windowMs: 15 * 60_000,
} as const;

/**
 * The wait, since the last failure, before the next attempt of an account with `failures` recent
 * failed sign-ins: none for the free ones, then 2 s, 4 s, 8 s, 16 s, 32 s, then 60 s.
 */
export function signInDelayMs(
  failures: number,
  rules: { freeFailures: number; firstDelayMs: number; maxDelayMs: number } = SIGN_IN_SLOWDOWN,
): number {
  if (failures < rules.freeFailures) return 0;
  const doublings = failures - rules.freeFailures;
  // 2^doublings overflows nothing before the cap is reached (the cap is hit within a few doublings).
  return doublings >= 30 ? rules.maxDelayMs : Math.min(rules.maxDelayMs, rules.firstDelayMs * 2 ** doublings);
}

/**
 * Sign-in device tokens a browser keeps and sends (one per account signed in from it): a shared
 * classroom computer's few staff. More would only be more tokens to check per attempt.
 */
export const SIGN_IN_DEVICES_MAX = 5;
