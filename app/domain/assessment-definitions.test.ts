import { describe, expect, it } from "vitest";
import { assessmentDefinition, DEFINITION_MAX_AGE_SECONDS, definitionItems, hasDefinition } from "./assessment-definitions";

describe("assessment definitions", () => {
  it("exist for the two letter tests only", () => {
    expect(hasDefinition("letter-names")).toBe(true);
    expect(hasDefinition("letter-sounds")).toBe(true);
    expect(hasDefinition("vocab")).toBe(false);
    expect(hasDefinition("nope")).toBe(false);
  });
  it("list items per grade and period", () => {
    const def = assessmentDefinition("letter-sounds");
    expect(def.id).toBe("letter-sounds");
    expect(def.questionGroups).toHaveLength(15);
    expect(definitionItems(def, "K", "MOY")).toHaveLength(29);
    expect(definitionItems(def, "K", "MOY")?.slice(-3)).toEqual(["LS_CH", "LS_SH", "LS_TH"]);
    expect(definitionItems(assessmentDefinition("letter-names"), "1", "EOY")).toHaveLength(26);
  });
  it("are cached two hours", () => {
    expect(DEFINITION_MAX_AGE_SECONDS * 1000).toBe(72e5);
  });
});
