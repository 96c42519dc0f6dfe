import { describe, expect, it } from "vitest";
import {
  assignableRolesOf,
  MANAGEABLE_ROLES,
  mayManageUserOf,
  may,
  needsClassroomToCreateStudents,
  PERMISSIONS,
  reachOf,
  roleNeedsSchools,
  rolesOfferedTo,
  type Capability,
} from "./permissions";
import type { RoleName } from "./roles";

const ROLES: RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"];
const Y = true;
const N = false;

describe("role × capability (spec 000 §6, spec 001 §6)", () => {
  // Columns: super admin, district admin, school admin, teacher; copied from the specs' tables.
  const TABLE: [Capability, [boolean, boolean, boolean, boolean]][] = [
    ["superAdminPage", [Y, N, N, N]],
    ["manageDistricts", [Y, N, N, N]],
    ["downloadDataExport", [Y, N, N, N]],
    ["completionReport", [Y, N, N, N]],
    ["manageSchools", [Y, Y, N, N]],
    ["downloadDistrictCsv", [Y, Y, N, N]],
    ["manageUsers", [Y, Y, Y, N]],
    ["manageClassrooms", [Y, Y, Y, N]],
    ["downloadSchoolCsv", [Y, Y, Y, N]],
    ["createStudents", [Y, Y, Y, Y]],
    ["editStudents", [Y, Y, Y, Y]],
    ["deleteStudents", [Y, Y, Y, N]],
    ["studentAdminView", [Y, N, N, N]],
    ["scoreRan", [Y, Y, Y, Y]],
    ["overwriteRanScore", [Y, Y, Y, N]],
    ["manageRosterImports", [Y, Y, N, N]],
    ["manageScreeningCalendar", [Y, Y, N, N]],
    ["manageScreeningStandards", [Y, Y, N, N]],
    ["readRecordAccess", [Y, Y, N, N]],
    ["studentRecords", [Y, Y, N, N]],
    ["manageFollowUpPolicy", [Y, Y, N, N]],
    ["followUps", [Y, Y, Y, Y]],
  ];

  it.each(TABLE)("%s", (capability, expected) => {
    expect(ROLES.map((role) => may(role, capability))).toEqual(expected);
  });

  it("covers every capability of the table", () => {
    expect(TABLE.map(([c]) => c).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it("gives a user without a role nothing", () => {
    for (const capability of Object.keys(PERMISSIONS) as Capability[]) expect(may(null, capability)).toBe(false);
  });
});

describe("reach", () => {
  it.each([
    ["SUPER_ADMIN", "everything", false],
    ["ORG_ADMIN", "district", false],
    ["ORG_UNIT_ADMIN", "schools", false],
    ["TEACHER", "classrooms", true],
    [null, null, false],
  ] as const)("%s reaches %s; needs a classroom to create a student: %s", (role, reach, needsClassroom) => {
    expect(reachOf(role)).toBe(reach);
    expect(needsClassroomToCreateStudents(role)).toBe(needsClassroom);
  });
});

describe("roles a caller gives and manages", () => {
  it.each([
    ["SUPER_ADMIN", ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"], ["ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"]],
    ["ORG_ADMIN", ["ORG_UNIT_ADMIN", "TEACHER"], ["ORG_UNIT_ADMIN", "TEACHER"]],
    ["ORG_UNIT_ADMIN", ["ORG_UNIT_ADMIN", "TEACHER"], ["ORG_UNIT_ADMIN", "TEACHER"]],
    ["TEACHER", [], []],
    [null, [], []],
  ] as const)("%s assigns %j; a district's user form offers %j", (role, assignable, offered) => {
    expect(assignableRolesOf(role)).toEqual(assignable);
    expect(rolesOfferedTo(role)).toEqual(offered);
  });

  it.each([
    ["SUPER_ADMIN", ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"]],
    ["ORG_ADMIN", ["ORG_UNIT_ADMIN", "TEACHER"]],
    ["ORG_UNIT_ADMIN", ["TEACHER"]],
    ["TEACHER", []],
  ] as const)("%s manages users of roles %j", (role, roles) => expect(MANAGEABLE_ROLES[role]).toEqual(roles));

  it.each([
    ["SUPER_ADMIN", "SUPER_ADMIN", true],
    ["ORG_ADMIN", "ORG_ADMIN", false],
    ["ORG_ADMIN", "ORG_UNIT_ADMIN", true],
    ["ORG_UNIT_ADMIN", "ORG_UNIT_ADMIN", false],
    ["ORG_UNIT_ADMIN", "TEACHER", true],
    ["ORG_UNIT_ADMIN", null, true],
    ["TEACHER", "TEACHER", false],
    ["TEACHER", null, false],
    [null, null, false],
  ] as const)("%s may manage a user of role %s: %s", (caller, target, ok) => expect(mayManageUserOf(caller, target)).toBe(ok));

  it.each([
    ["SUPER_ADMIN", false],
    ["ORG_ADMIN", false],
    ["ORG_UNIT_ADMIN", true],
    ["TEACHER", true],
    [null, false],
    [undefined, false],
    ["", false],
    ["toString", false],
  ])("schools required for %j: %s", (role, needed) => expect(roleNeedsSchools(role)).toBe(needed));
});
