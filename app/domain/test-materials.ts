// Test materials of the menu (spec 001 §2 'About, customer support, menu'; §7 GET
// /dashboard/resources/{filename}/download): one zip per grade holding a printable PDF of the
// student materials. Grade 3's is offered only with flag grade3hamburger.

export type TestMaterial = { grade: "PK" | "K" | "1" | "2" | "3"; label: string; filename: string };

export const TEST_MATERIALS: readonly TestMaterial[] = [
  { grade: "PK", label: "PreK", filename: "PreK_Test_Materials.zip" },
  { grade: "K", label: "Kindergarten", filename: "Kindergarten_Test_Materials.zip" },
  { grade: "1", label: "Grade 1", filename: "Grade_1_Test_Materials.zip" },
  { grade: "2", label: "Grade 2", filename: "Grade_2_Test_Materials.zip" },
  { grade: "3", label: "Grade 3", filename: "Grade_3_Test_Materials.zip" },
];

/** The materials the menu offers: PreK to Grade 2, and Grade 3 with flag grade3hamburger. */
export function offeredMaterials(flags: { grade3hamburger: boolean }): TestMaterial[] {
  return TEST_MATERIALS.filter((m) => m.grade !== "3" || flags.grade3hamburger);
}

/** The offered material of that file name, or null (unknown, or Grade 3 without the flag). */
export function materialByFilename(filename: string, flags: { grade3hamburger: boolean }): TestMaterial | null {
  return offeredMaterials(flags).find((m) => m.filename === filename) ?? null;
}

export const MATERIAL_NOT_FOUND = "Test materials not found.";
