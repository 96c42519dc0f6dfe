import path from "node:path";
import { IDLE_TIMEOUT_DEFAULT_MS, LOGOUT_GRACE_DEFAULT_MS } from "#app/domain/session-timing";
import { cookieSecurity, parseCookieSecure, type CookieSecureSetting } from "#app/domain/cookie-security";

/** Idle time-out of spec 001 section 9 (1 hour) and its 30 s grace; both overridable for tests. */
export const idleTimeoutMs = () => Number(process.env.IDLE_TIMEOUT_MS ?? IDLE_TIMEOUT_DEFAULT_MS);
export const logoutGraceMs = () => Number(process.env.LOGOUT_GRACE_MS ?? LOGOUT_GRACE_DEFAULT_MS);

/** The app's public origin, for links in emails and CSRF checks. */
export const publicUrl = () => process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? "data");
}

/** Where the app's own database lives, from the environment (see README). */
export function databaseOptions(): { url?: string; dir?: string } {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  return { dir: process.env.PGLITE_DIR ?? path.join(dataDir(), "pglite") };
}

/**
 * COOKIE_SECURE: "true" makes every cookie Secure, "false" none; unset (the default) decides per
 * request: Secure when the request came over HTTPS or PUBLIC_URL is https (docs/decisions/0004-sessions.md).
 */
export const cookieSecureSetting = (): CookieSecureSetting => parseCookieSecure(process.env.COOKIE_SECURE);

/** This request's cookies: Secure or not, and whether the browser will keep them (see cookieSecurity). */
export function cookieSecurityFor(request: Request) {
  return cookieSecurity(cookieSecureSetting(), process.env.PUBLIC_URL, {
    url: request.url,
    forwardedProto: request.headers.get("x-forwarded-proto"),
  });
}

/** Where a visitor on the wrong address should sign in: the login page of an https PUBLIC_URL, else null. */
export function httpsLoginUrl(): string | null {
  const base = process.env.PUBLIC_URL;
  if (!base) return null;
  try {
    const url = new URL("/login", base);
    return url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

export const outboxDir = () => path.join(dataDir(), "outbox");
