import path from "node:path";
import type { ApiConfig } from "#app/api/env";
import { dataDir } from "#app/db/connect.server";
import { loadFlags } from "./flags.server";

/** Idle time-out of spec 001 section 9 (1 hour) and its 30 s grace; both overridable for tests. */
export const idleTimeoutMs = () => Number(process.env.IDLE_TIMEOUT_MS ?? 3_600_000);
export const logoutGraceMs = () => Number(process.env.LOGOUT_GRACE_MS ?? 30_000);

export const isProduction = () => process.env.NODE_ENV === "production";

export function loadApiConfig(): ApiConfig {
  return {
    sessionIdleMs: idleTimeoutMs() + logoutGraceMs(),
    publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    secureCookies: secureCookies(),
    allowFlagOverride: process.env.ALLOW_FLAG_OVERRIDE === "1",
    flags: loadFlags(),
  };
}

/** Cookies are Secure in production unless COOKIE_SECURE=false (plain-HTTP intranet installs). */
export function secureCookies(): boolean {
  if (process.env.COOKIE_SECURE) return process.env.COOKIE_SECURE !== "false";
  return isProduction();
}

export const outboxDir = () => path.join(dataDir(), "outbox");
