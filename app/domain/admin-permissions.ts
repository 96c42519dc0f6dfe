import { may, needsClassroomToCreateStudents, reachOf } from "./permissions";
import type { RoleName } from "./roles";

// What the administration pages show to each role, read from the permission table
// (app/domain/permissions.ts) the API enforces; the UI only hides what a role may not do.

export type DistrictTab = "schools" | "summary" | "users" | "reports" | "calendar" | "standards" | "followUps" | "followUp";

export function districtTabs(role: RoleName | null): DistrictTab[] {
  return [
    "schools" as const,
    // Students per band, per school and grade (issue 39 item 3): every role, over the schools it sees.
    "summary" as const,
    ...(may(role, "manageUsers") ? (["users"] as const) : []),
    ...(may(role, "completionReport") ? (["reports"] as const) : []),
    ...(may(role, "manageScreeningCalendar") ? (["calendar"] as const) : []),
    ...(may(role, "manageScreeningStandards") ? (["standards"] as const) : []),
    // The district's follow-up list (issue 38 item 3) and its policy: the roles that answer for the district.
    ...(may(role, "manageFollowUpPolicy") ? (["followUps", "followUp"] as const) : []),
  ];
}

export const can = {
  manageDistricts: (r: RoleName | null) => may(r, "manageDistricts"),
  downloadDataExport: (r: RoleName | null) => may(r, "downloadDataExport"),
  manageSchools: (r: RoleName | null) => may(r, "manageSchools"),
  downloadDistrictCsv: (r: RoleName | null) => may(r, "downloadDistrictCsv"),
  manageUsers: (r: RoleName | null) => may(r, "manageUsers"),
  /** Create/edit/delete classrooms and the school CSV (spec 001 §6). */
  manageClassrooms: (r: RoleName | null) => may(r, "manageClassrooms"),
  editStudents: (r: RoleName | null) => may(r, "editStudents"),
  deleteStudents: (r: RoleName | null) => may(r, "deleteStudents"),
  /** In the school view a teacher sees Create Student only when a classroom exists. */
  /** A school's Follow-up tab (issue 38 item 3): the roles that see whole schools, as the API's list allows. */
  schoolFollowUps: (r: RoleName | null) => may(r, "followUps") && reachOf(r) !== "classrooms",
  createStudents: (r: RoleName | null, classroomCount: number) =>
    may(r, "createStudents") && (!needsClassroomToCreateStudents(r) || classroomCount > 0),
};
