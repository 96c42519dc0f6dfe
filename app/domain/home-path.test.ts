import { describe, expect, it } from "vitest";
import { homePath, safeRedirect } from "./home-path";

describe("homePath", () => {
  it.each([
    [{ role: "SUPER_ADMIN", districtId: null, schoolIds: [] }, "/super-admin"],
    [{ role: "ORG_ADMIN", districtId: "d1", schoolIds: [] }, "/district/d1"],
    [{ role: "ORG_UNIT_ADMIN", districtId: "d1", schoolIds: ["s1"] }, "/school/s1"],
    [{ role: "ORG_UNIT_ADMIN", districtId: "d1", schoolIds: ["s1", "s2"] }, "/district/d1"],
    [{ role: "TEACHER", districtId: "d1", schoolIds: ["s9"] }, "/school/s9"],
    [{ role: "TEACHER", districtId: "d1", schoolIds: ["s1", "s2"] }, "/district/d1"],
    [{ role: "TEACHER", districtId: "d1", schoolIds: [] }, "/login"],
    [{ role: null, districtId: "d1", schoolIds: ["s1"] }, "/login"],
    [{ role: null, districtId: null, schoolIds: [], passwordIsTemporary: true }, "/complete-new-password"],
  ] as const)("%o lands on %s", (user, expected) => {
    expect(homePath({ ...user, schoolIds: [...user.schoolIds] })).toBe(expected);
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/school/1?tab=students", "/school/1?tab=students"],
    ["https://evil.example/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    [null, "/"],
  ])("%s -> %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});
