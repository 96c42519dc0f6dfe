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

/** A remembered path is followed only when it stays on this site. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
