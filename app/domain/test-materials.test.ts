import { describe, expect, it } from "vitest";
import { materialByFilename, offeredMaterials } from "./test-materials";

describe("test materials (issue 12 item 14)", () => {
  it.each([
    [false, ["PreK", "Kindergarten", "Grade 1", "Grade 2"]],
    [true, ["PreK", "Kindergarten", "Grade 1", "Grade 2", "Grade 3"]],
  ])("grade3hamburger %s offers %j", (grade3hamburger, labels) => {
    expect(offeredMaterials({ grade3hamburger }).map((m) => m.label)).toEqual(labels);
  });

  it.each([
    ["PreK_Test_Materials.zip", false, "PK"],
    ["Grade_2_Test_Materials.zip", false, "2"],
    ["Grade_3_Test_Materials.zip", false, null],
    ["Grade_3_Test_Materials.zip", true, "3"],
    ["../secret.zip", true, null],
    ["grade_1_test_materials.zip", true, null],
  ] as const)("%s (flag %s) → %s", (filename, grade3hamburger, grade) => {
    expect(materialByFilename(filename, { grade3hamburger })?.grade ?? null).toBe(grade);
  });
});
