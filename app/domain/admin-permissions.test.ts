import { describe, expect, it } from "vitest";
import { can, districtTabs } from "./admin-permissions";
import type { RoleName } from "./roles";

const ROLES: RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"];

describe("spec 000 §6 / spec 001 §6 permission table", () => {
  // Columns: super admin, district admin, school admin, teacher.
  it.each<[keyof typeof can, boolean[]]>([
    ["manageDistricts", [true, false, false, false]],
    ["downloadDataExport", [true, false, false, false]],
    ["manageSchools", [true, true, false, false]],
    ["downloadDistrictCsv", [true, true, false, false]],
    ["manageUsers", [true, true, true, false]],
    ["manageClassrooms", [true, true, true, false]],
    ["editStudents", [true, true, true, true]],
    ["deleteStudents", [true, true, true, false]],
  ])("%s", (capability, expected) => {
    expect(ROLES.map((r) => (can[capability] as (r: RoleName) => boolean)(r))).toEqual(expected);
  });

  it.each([
    ["SUPER_ADMIN", ["schools", "summary", "users", "reports", "calendar", "standards", "followUps", "followUp"]],
    ["ORG_ADMIN", ["schools", "summary", "users", "calendar", "standards", "followUps", "followUp"]],
    ["ORG_UNIT_ADMIN", ["schools", "summary", "users"]],
    ["TEACHER", ["schools", "summary"]],
  ] as const)("district tabs of %s", (role, tabs) => expect(districtTabs(role)).toEqual(tabs));

  it.each([
    ["SUPER_ADMIN", 0, true],
    ["ORG_UNIT_ADMIN", 0, true],
    ["TEACHER", 0, false],
    ["TEACHER", 1, true],
  ] as const)("create student: %s with %i classrooms → %s", (role, n, expected) => expect(can.createStudents(role, n)).toBe(expected));
});
