import { describe, expect, it } from "vitest";
import { IDLE_TIMEOUT_DEFAULT_MS, LOGOUT_GRACE_DEFAULT_MS, keepAliveEveryMs, serverIdleLimitMs, touchEveryMs } from "./session-timing";

// Issue 34 item 9: the server must still hold a session when 'Yes, I need more time.' is clicked at
// the end of the grace, however far its record of the person's activity lags behind.
describe("the server's idle limit", () => {
  const cases = [
    {
      name: "the product (1 hour, 30 s)",
      idle: IDLE_TIMEOUT_DEFAULT_MS,
      grace: LOGOUT_GRACE_DEFAULT_MS,
      keepAlive: 300_000,
      limit: 3_990_000,
    },
    { name: "the accounts test server (8 s, 4 s)", idle: 8000, grace: 4000, keepAlive: 4000, limit: 17_778 },
    { name: "a district's 20 minutes, 30 s", idle: 1_200_000, grace: 30_000, keepAlive: 300_000, limit: 1_590_000 },
    { name: "a very short idle time", idle: 1000, grace: 500, keepAlive: 1000, limit: 2778 },
  ];
  it.each(cases)("$name", ({ idle, grace, keepAlive, limit }) => {
    expect(keepAliveEveryMs(idle)).toBe(keepAlive);
    const got = serverIdleLimitMs(idle, grace);
    expect(got).toBe(limit);
    // Worst case: the last recorded touch, then calls for one touch interval that write nothing, the
    // last keep-alive, activity for one keep-alive interval, the idle time and the whole grace.
    expect(got).toBeGreaterThanOrEqual(touchEveryMs(got) + keepAlive + idle + grace);
  });
});
