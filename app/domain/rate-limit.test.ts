import { describe, expect, it } from "vitest";
import { retryAfterSeconds, SIGN_IN_SLOWDOWN, signInDelayMs, tooManyAttempts } from "./rate-limit";

describe("signInDelayMs", () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 2_000],
    [6, 4_000],
    [7, 8_000],
    [8, 16_000],
    [9, 32_000],
    [10, 60_000],
    [11, 60_000],
    [1_000, 60_000],
  ])("after %i failures: %i ms", (failures, ms) => {
    expect(signInDelayMs(failures)).toBe(ms);
  });

  it("never passes the cap", () => {
    for (let f = 0; f < 200; f++) expect(signInDelayMs(f)).toBeLessThanOrEqual(SIGN_IN_SLOWDOWN.maxDelayMs);
  });
});

describe("tooManyAttempts", () => {
  it.each([
    [1, "1 second"],
    [1_000, "1 second"],
    [1_001, "2 seconds"],
    [30_000, "30 seconds"],
    [59_500, "1 minute"],
    [60_001, "2 minutes"],
    [14 * 60_000 + 200, "15 minutes"],
    [60 * 60_000, "1 hour"],
    [61 * 60_000, "2 hours"],
  ])("%i ms: 'Please wait %s'", (ms, text) => {
    expect(tooManyAttempts(ms)).toBe(`Too many attempts. Please wait ${text} and try again.`);
  });

  it("gives Retry-After in whole seconds, rounded up", () => {
    expect([0, 1, 1_000, 1_001, 59_999].map(retryAfterSeconds)).toEqual([1, 1, 1, 2, 60]);
  });
});
