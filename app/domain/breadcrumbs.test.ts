import { describe, expect, it } from "vitest";
import { breadcrumbs, crumbStart, type BreadcrumbInput } from "./breadcrumbs";

const district = { id: "d1", name: "Maple" };
const school = { id: "s1", name: "Cedar" };
const room = { id: "c1", name: "Room 1" };
const room2 = { id: "c2", name: "Room 2" };
const student = { id: "p1", name: "Doe, Jane" };

const show = (input: BreadcrumbInput) =>
  breadcrumbs(input)
    .map((c) => (c.href ? `${c.label}(${c.href})` : `[${c.label}]`))
    .join(" > ");

describe("crumbStart", () => {
  it.each([
    ["SUPER_ADMIN", 0, "spec-000", "Districts"],
    ["ORG_ADMIN", 0, "spec-000", "Schools"],
    ["ORG_UNIT_ADMIN", 1, "spec-000", "Schools"],
    ["ORG_UNIT_ADMIN", 1, "spec-001", "Classrooms"],
    ["ORG_UNIT_ADMIN", 2, "spec-001", "Schools"],
    ["TEACHER", 1, "spec-000", "Classrooms"],
    ["TEACHER", 2, "spec-000", "Schools"],
    [null, 0, "spec-000", "Classrooms"],
  ] as const)("%s with %i schools (%s) starts at %s", (role, n, reading, start) => {
    expect(crumbStart(role, n, reading)).toBe(start);
  });
});

describe("breadcrumbs", () => {
  it.each<[string, BreadcrumbInput, string]>([
    [
      "super admin, school page",
      { role: "SUPER_ADMIN", schoolCount: 0, district, school },
      "Districts(/super-admin) > Maple(/district/d1) > [Cedar]",
    ],
    ["district admin, school page", { role: "ORG_ADMIN", schoolCount: 0, district, school }, "Schools(/district/d1) > [Cedar]"],
    ["school admin, school page", { role: "ORG_UNIT_ADMIN", schoolCount: 1, district, school }, "Schools(/district/d1) > [Cedar]"],
    ["teacher with two schools, school page", { role: "TEACHER", schoolCount: 2, district, school }, "Schools(/district/d1) > [Cedar]"],
    ["teacher with one school, school page", { role: "TEACHER", schoolCount: 1, district, school }, "[Classrooms]"],
    ["super admin, district page", { role: "SUPER_ADMIN", schoolCount: 0, district }, "Districts(/super-admin) > [Maple]"],
    ["district admin, district page", { role: "ORG_ADMIN", schoolCount: 0, district }, "Schools(/district/d1) > [Maple]"],
    ["school admin, district page", { role: "ORG_UNIT_ADMIN", schoolCount: 1, district }, "Schools(/district/d1) > [Maple]"],
    ["teacher with two schools, district page", { role: "TEACHER", schoolCount: 2, district }, "Schools(/district/d1) > [Maple]"],
    ["teacher with one school, district page", { role: "TEACHER", schoolCount: 1, district }, "Schools(/district/d1) > [Maple]"],
    ["no role, district page", { role: null, schoolCount: 0, district }, "Schools(/district/d1) > [Maple]"],
    [
      "super admin, student page",
      { role: "SUPER_ADMIN", schoolCount: 0, district, school, classrooms: [room], student },
      "Districts(/super-admin) > Maple(/district/d1) > Cedar(/school/s1) > Room 1(/classroom/c1) > [Doe, Jane]",
    ],
    [
      "district admin, student in two classrooms: classroom omitted",
      { role: "ORG_ADMIN", schoolCount: 0, district, school, classrooms: [room, room2], student },
      "Schools(/district/d1) > Cedar(/school/s1) > [Doe, Jane]",
    ],
    [
      "teacher, student page",
      { role: "TEACHER", schoolCount: 1, district, school, classrooms: [room], student },
      "Classrooms(/school/s1) > Room 1(/classroom/c1) > [Doe, Jane]",
    ],
    [
      "teacher, classroom page",
      { role: "TEACHER", schoolCount: 1, district, school, classrooms: [room] },
      "Classrooms(/school/s1) > [Room 1]",
    ],
    [
      "teacher, RAN page",
      { role: "TEACHER", schoolCount: 1, district, school, classrooms: [room], student, tail: "RAN" },
      "Classrooms(/school/s1) > Room 1(/classroom/c1) > Doe, Jane(/student/p1) > [RAN]",
    ],
    // Issue 12 item 13: a single-school admin starts at Classrooms on classroom and student pages
    // (spec 001 §2, §6); the school page keeps spec 000's 'Schools > school' (above).
    [
      "school admin with one school, classroom page",
      { role: "ORG_UNIT_ADMIN", schoolCount: 1, district, school, classrooms: [room] },
      "Classrooms(/school/s1) > [Room 1]",
    ],
    [
      "school admin with one school, student page",
      { role: "ORG_UNIT_ADMIN", schoolCount: 1, district, school, classrooms: [room], student },
      "Classrooms(/school/s1) > Room 1(/classroom/c1) > [Doe, Jane]",
    ],
    [
      "school admin with one school, student in two classrooms",
      { role: "ORG_UNIT_ADMIN", schoolCount: 1, district, school, classrooms: [room, room2], student },
      "Classrooms(/school/s1) > [Doe, Jane]",
    ],
    [
      "school admin with one school, RAN page",
      { role: "ORG_UNIT_ADMIN", schoolCount: 1, district, school, classrooms: [room], student, tail: "RAN" },
      "Classrooms(/school/s1) > Room 1(/classroom/c1) > Doe, Jane(/student/p1) > [RAN]",
    ],
    [
      "school admin with two schools, classroom page",
      { role: "ORG_UNIT_ADMIN", schoolCount: 2, district, school, classrooms: [room] },
      "Schools(/district/d1) > Cedar(/school/s1) > [Room 1]",
    ],
    [
      "school admin under spec 001's reading",
      { role: "ORG_UNIT_ADMIN", schoolCount: 1, district, school, classrooms: [room], reading: "spec-001" },
      "Classrooms(/school/s1) > [Room 1]",
    ],
  ])("%s", (_name, input, expected) => {
    expect(show(input)).toBe(expected);
  });
});
