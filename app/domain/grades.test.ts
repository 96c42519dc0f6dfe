import { describe, expect, it } from "vitest";
import { GRADES, gradeLabel, isGrade, studentGradeOptions } from "./grades";

describe("gradeLabel", () => {
  it.each<[string | number, string]>([
    ["PK", "PK"],
    ["K", "K"],
    ["1", "1st"],
    ["2", "2nd"],
    ["3", "3rd"],
    ["4", "4th"],
    [11, "11th"],
    ["12", "12th"],
    ["21", "21st"],
    [" 2 ", "2nd"],
    ["MULTI", "MULTI"],
  ])("%s → %s", (grade, expected) => {
    expect(gradeLabel(grade)).toBe(expected);
  });

  it("labels every screened grade", () => {
    expect(GRADES.map(gradeLabel)).toEqual(["PK", "K", "1st", "2nd", "3rd"]);
  });
});

describe("isGrade", () => {
  it.each<[unknown, boolean]>([
    ["PK", true],
    ["3", true],
    ["4", false],
    ["MULTI", false],
    [1, false],
    [null, false],
  ])("%s → %s", (value, expected) => {
    expect(isGrade(value)).toBe(expected);
  });
});

describe("studentGradeOptions", () => {
  it("omits grade 3 unless grade-3-student-create is on", () => {
    expect(studentGradeOptions({ grade3StudentCreate: false })).toEqual([
      { value: "PK", label: "Pre-K" },
      { value: "K", label: "Kindergarten" },
      { value: "1", label: "1" },
      { value: "2", label: "2" },
      { value: "MULTI", label: "MULTI" },
    ]);
    expect(studentGradeOptions({ grade3StudentCreate: true }).map((o) => o.value)).toEqual(["PK", "K", "1", "2", "3", "MULTI"]);
  });
});
