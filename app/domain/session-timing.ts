// How the browser's idle warning and the server's idle limit fit together (spec 001 section 4
// 'Session idle'; docs/decisions/0004-sessions.md). The browser warns after `idleMs` without
// activity and signs out `graceMs` later. The server only learns of activity through calls, so its
// record of a session may lag the person's last activity by one keep-alive interval plus the slack
// with which it writes last_seen_at. Its limit covers both, so 'Yes, I need more time.' clicked
// within the grace always finds the session alive.

/** Spec 001 section 9: the idle time-out is 1 hour, with 30 s to answer the warning. */
export const IDLE_TIMEOUT_DEFAULT_MS = 3_600_000;
export const LOGOUT_GRACE_DEFAULT_MS = 30_000;

const KEEP_ALIVE_MAX_MS = 5 * 60_000;
const TOUCH_MAX_MS = 60_000;

/** How often an active page tells the server the person is still there. */
export const keepAliveEveryMs = (idleMs: number) => Math.max(1000, Math.min(KEEP_ALIVE_MAX_MS, idleMs / 2));

/** How stale the server lets last_seen_at become before writing it again: reads stay reads. */
export const touchEveryMs = (serverLimitMs: number) => Math.min(TOUCH_MAX_MS, serverLimitMs / 10);

/**
 * The server's idle limit for a browser idle time and grace. With b = idle + grace + keep-alive,
 * the limit L = b + min(60 s, b / 9) makes touchEveryMs(L) exactly the slack added (L / 10 = b / 9
 * below the cap), so L = b + touchEveryMs(L).
 */
export function serverIdleLimitMs(idleMs: number, graceMs: number): number {
  const base = idleMs + graceMs + keepAliveEveryMs(idleMs);
  return base + Math.min(TOUCH_MAX_MS, Math.ceil(base / 9));
}
