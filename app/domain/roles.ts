export const ROLE_NAMES = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Role ids of spec 000 section 3: district admin ends ff01, school admin ff02, teacher ff04, super admin ff05. */
export const ROLE_IDS: Record<RoleName, string> = {
  ORG_ADMIN: "00000000-0000-0000-0000-00000000ff01",
  ORG_UNIT_ADMIN: "00000000-0000-0000-0000-00000000ff02",
  TEACHER: "00000000-0000-0000-0000-00000000ff04",
  SUPER_ADMIN: "00000000-0000-0000-0000-00000000ff05",
};

export const ROLE_LABELS: Record<RoleName, string> = {
  SUPER_ADMIN: "Super Admin",
  ORG_ADMIN: "District Admin",
  ORG_UNIT_ADMIN: "School Admin",
  TEACHER: "Teacher",
};

export function roleNameOf(roleId: string): RoleName | null {
  const entry = Object.entries(ROLE_IDS).find(([, id]) => id === roleId);
  return entry ? (entry[0] as RoleName) : null;
}

/** Roles that see a whole district rather than a list of schools. */
export function isDistrictLevel(role: RoleName | null): boolean {
  return role === "ORG_ADMIN";
}

export function isSchoolLevel(role: RoleName | null): boolean {
  return role === "ORG_UNIT_ADMIN" || role === "TEACHER";
}
