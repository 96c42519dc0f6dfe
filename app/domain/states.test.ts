import { describe, expect, it } from "vitest";
import { isStateCode, STATE_CODES, stateName, STATES } from "./states";

describe("states", () => {
  it("lists the 50 states, DC and PR, each once", () => {
    expect(STATES).toHaveLength(52);
    expect(new Set(STATE_CODES).size).toBe(52);
    expect(STATE_CODES).toContain("DC");
    expect(STATE_CODES).toContain("PR");
  });

  it("offers them sorted by name", () => {
    const names = STATES.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it.each([
    ["WA", true],
    ["DC", true],
    ["PR", true],
    ["wa", false],
    ["GU", false],
    ["VI", false],
    ["", false],
    [null, false],
  ])("isStateCode(%j) is %s", (value, expected) => {
    expect(isStateCode(value)).toBe(expected);
  });

  it.each([
    ["NY", "New York"],
    ["PR", "Puerto Rico"],
    ["XX", "XX"],
  ])("stateName(%s) is %s", (code, name) => {
    expect(stateName(code)).toBe(name);
  });
});
