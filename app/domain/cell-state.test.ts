import { describe, expect, it } from "vitest";
import { cellState, type CellState, type CellTest } from "./cell-state";

function t(overrides: Partial<CellTest>): CellTest {
  return { testCode: "vocab", completedFlag: true, invalid: null, abilityPercentile: 50, ...overrides };
}

describe("cellState", () => {
  it.each<[string, boolean, CellTest | null | undefined, CellState]>([
    ["not applicable, no test", false, null, "not-applicable"],
    ["not applicable even with a complete test", false, t({}), "not-applicable"],
    ["applicable, no test (null)", true, null, "empty"],
    ["applicable, no test (undefined)", true, undefined, "empty"],
    ["started, not finished", true, t({ completedFlag: false, abilityPercentile: null }), "incomplete"],
    ["not finished and invalid stays incomplete", true, t({ completedFlag: false, invalid: true }), "incomplete"],
    ["invalid", true, t({ invalid: true }), "invalid"],
    ["invalid manual test", true, t({ testCode: "object-ran", invalid: true, abilityPercentile: null }), "invalid"],
    ["letters: complete, no percentile, invalid null", true, t({ testCode: "letter-names", abilityPercentile: null }), "needs-scoring"],
    ["RAN: complete, no percentile, invalid null", true, t({ testCode: "object-ran", abilityPercentile: null }), "needs-scoring"],
    ["RER RAN needs scoring too", true, t({ testCode: "rer-letter-ran", abilityPercentile: null }), "needs-scoring"],
    ["RAN with NaN percentile", true, t({ testCode: "letter-ran", abilityPercentile: Number.NaN }), "needs-scoring"],
    ["RAN scored: has percentile", true, t({ testCode: "object-ran", abilityPercentile: 12 }), "complete"],
    ["RAN percentile 0 counts as a percentile", true, t({ testCode: "object-ran", abilityPercentile: 0 }), "complete"],
    [
      "RAN marked valid (invalid false), no percentile",
      true,
      t({ testCode: "object-ran", invalid: false, abilityPercentile: null }),
      "complete",
    ],
    ["automatic test without percentile", true, t({ abilityPercentile: null }), "complete"],
    ["automatic test with score", true, t({}), "complete"],
  ])("%s → %s", (_name, applicable, test, expected) => {
    expect(cellState({ applicable, test })).toBe(expected);
  });
});
