import type { RoleName } from "./roles";

export interface HomeUser {
  role: RoleName | null;
  districtId: string | null;
  schoolIds: string[];
  passwordIsTemporary?: boolean;
}

/**
 * Where a signed-in user lands (spec 001 section 2, "Role redirect"): super admin on
 * /super-admin, district admin on their district, a school-level user on their one
 * school or on the district page when they have several; no role means no home.
 */
export function homePath(user: HomeUser): string {
  if (user.passwordIsTemporary) return "/complete-new-password";
  switch (user.role) {
    case "SUPER_ADMIN":
      return "/super-admin";
    case "ORG_ADMIN":
      return user.districtId ? `/district/${user.districtId}` : "/login";
    case "ORG_UNIT_ADMIN":
    case "TEACHER":
      if (user.schoolIds.length === 1) return `/school/${user.schoolIds[0]}`;
      if (user.schoolIds.length > 1 && user.districtId) return `/district/${user.districtId}`;
      return "/login";
    default:
      return "/login";
  }
}

/** C0 controls, DEL and the C1 controls. */
function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

// Any origin would do: a path is resolved against it only to see whether it stays there.
const HERE = "http://app.invalid";

/**
 * A remembered path is followed only when it stays on this site (issue 14): it must be a path
 * starting with one "/", hold no control characters (browsers drop a tab or a newline, so
 * "/\t/evil.example" would become "//evil.example"), and resolve against this site's origin to
 * the same origin. The answer is the resolved path, query and fragment as the URL parser writes
 * them (percent-encoded ASCII), so it is always a valid Location header.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  if (hasControlCharacter(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/.//x" resolves to the path "//x", which a browser would read as another host.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
