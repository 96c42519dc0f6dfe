import { readFileSync } from "node:fs";
import path from "node:path";
import type { DisplayRuleOptions } from "#app/domain/display-rules";

/** The feature flags the specs name; everything else is ignored. */
export const FLAG_NAMES = [
  "new-user-password-registration",
  "login-banner",
  "office-hours-link",
  "grade-3-student-create",
  "rer-kindergarten",
  "gr-3-internal-testing-display-rules",
  "grade3hamburger",
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

export interface Flags {
  enabled: ReadonlySet<FlagName>;
  /** login-banner carries its text; other flags are on or off. */
  loginBanner: string | null;
}

function parseList(value: string | undefined): FlagName[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s): s is FlagName => (FLAG_NAMES as readonly string[]).includes(s));
}

/**
 * Flags come from FEATURE_FLAGS (comma list) or a JSON file at FEATURE_FLAGS_FILE
 * ({ "enabled": [...], "loginBanner": "..." }); LOGIN_BANNER sets the banner text.
 */
export function loadFlags(env: NodeJS.ProcessEnv = process.env): Flags {
  let fromFile: { enabled?: string[]; loginBanner?: string } = {};
  if (env.FEATURE_FLAGS_FILE) {
    fromFile = JSON.parse(readFileSync(path.resolve(env.FEATURE_FLAGS_FILE), "utf8"));
  }
  const enabled = new Set<FlagName>([...parseList((fromFile.enabled ?? []).join(",")), ...parseList(env.FEATURE_FLAGS)]);
  return { enabled, loginBanner: env.LOGIN_BANNER ?? fromFile.loginBanner ?? null };
}

/** Test-only: `x-feature-flags: a,b` replaces the enabled set for one request. */
export function withOverride(flags: Flags, header: string | null): Flags {
  if (header === null) return flags;
  return { ...flags, enabled: new Set(parseList(header)) };
}

export function isOn(flags: Flags, name: FlagName): boolean {
  return flags.enabled.has(name);
}

/** The two flags the display rules read (app/domain/display-rules.ts), as their options. */
export function displayRuleFlags(flags: Flags): Omit<DisplayRuleOptions, "letterScores"> {
  return {
    rerKindergarten: isOn(flags, "rer-kindergarten"),
    gr3InternalTestingDisplayRules: isOn(flags, "gr-3-internal-testing-display-rules"),
  };
}

let configured: Flags | undefined;

/**
 * The flags for one UI request (loaders and actions): the configured ones, or with
 * ALLOW_FLAG_OVERRIDE=1 (tests only) the `x-feature-flags` header's list.
 */
export function flagsFor(request: Request): Flags {
  configured ??= loadFlags();
  if (process.env.ALLOW_FLAG_OVERRIDE !== "1") return configured;
  return withOverride(configured, request.headers.get("x-feature-flags"));
}
