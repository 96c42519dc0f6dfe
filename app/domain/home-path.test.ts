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
    // Issue 14: a tab or a newline is dropped by browsers, so "/\t/evil.example/" would be "//evil.example/".
    ["/\t/evil.example/", "/"],
    ["/%09/evil.example/", "/%09/evil.example/"],
    ["/\n/evil.example/", "/"],
    ["/\r\nSet-Cookie: x=1", "/"],
    ["/\u0000", "/"],
    ["/\u0085", "/"],
    ["/\u007f", "/"],
    ["/.//evil.example/", "/"],
    ["/..//evil.example/", "/"],
    ["/a/..//evil.example", "/"],
    ["/\\/evil.example", "/"],
    ["/ /evil.example", "/%20/evil.example"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    // Non-Latin-1 is percent-encoded, so the answer is always a valid Location header.
    ["/school/ü?q=€#é", "/school/%C3%BC?q=%E2%82%AC#%C3%A9"],
    ["/school/1?tab=students#grid", "/school/1?tab=students#grid"],
  ])("%s -> %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });
});
