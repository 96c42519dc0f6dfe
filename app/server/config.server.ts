import path from "node:path";

/** Idle time-out of spec 001 section 9 (1 hour) and its 30 s grace; both overridable for tests. */
export const idleTimeoutMs = () => Number(process.env.IDLE_TIMEOUT_MS ?? 3_600_000);
export const logoutGraceMs = () => Number(process.env.LOGOUT_GRACE_MS ?? 30_000);

export const isProduction = () => process.env.NODE_ENV === "production";

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

/** Cookies are Secure in production unless COOKIE_SECURE=false (plain-HTTP intranet installs). */
export function secureCookies(): boolean {
  if (process.env.COOKIE_SECURE) return process.env.COOKIE_SECURE !== "false";
  return isProduction();
}

export const outboxDir = () => path.join(dataDir(), "outbox");
