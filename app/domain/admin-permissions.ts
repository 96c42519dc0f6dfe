import type { RoleName } from "./roles";

// What the administration pages show to each role (spec 000 §6, spec 001 §6). The API enforces
// the same rules; the UI only hides what a role may not do.

export type DistrictTab = "schools" | "users" | "reports";

export function districtTabs(role: RoleName | null): DistrictTab[] {
  switch (role) {
    case "SUPER_ADMIN":
      return ["schools", "users", "reports"];
    case "ORG_ADMIN":
    case "ORG_UNIT_ADMIN":
      return ["schools", "users"];
    default:
      return ["schools"];
  }
}

const is = (role: RoleName | null, ...roles: RoleName[]) => role !== null && roles.includes(role);

export const can = {
  manageDistricts: (r: RoleName | null) => is(r, "SUPER_ADMIN"),
  downloadDataExport: (r: RoleName | null) => is(r, "SUPER_ADMIN"),
  manageSchools: (r: RoleName | null) => is(r, "SUPER_ADMIN", "ORG_ADMIN"),
  downloadDistrictCsv: (r: RoleName | null) => is(r, "SUPER_ADMIN", "ORG_ADMIN"),
  manageUsers: (r: RoleName | null) => is(r, "SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN"),
  /** Create/edit/delete classrooms and the school CSV (spec 001 §6). */
  manageClassrooms: (r: RoleName | null) => is(r, "SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN"),
  editStudents: (r: RoleName | null) => is(r, "SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"),
  deleteStudents: (r: RoleName | null) => is(r, "SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN"),
  /** In the school view a teacher sees Create Student only when a classroom exists. */
  createStudents: (r: RoleName | null, classroomCount: number) =>
    is(r, "SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN") || (r === "TEACHER" && classroomCount > 0),
};
