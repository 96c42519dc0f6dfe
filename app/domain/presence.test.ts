import { describe, expect, it } from "vitest";
import { fieldOf, first, itemAt, last } from "./presence";

describe("itemAt", () => {
  it.each([
    [["a", "b", "c"], 0, "a"],
    [["a", "b", "c"], 2, "c"],
    [[undefined, "b"], 0, undefined],
    ["xyz", 1, "y"],
  ] as const)("%j at %i is %j", (items, index, expected) => {
    expect(itemAt<string | undefined>(items, index)).toBe(expected);
  });

  it.each([
    [[], 0, "Expected a column at index 0, but there are 0"],
    [["a"], 1, "Expected a column at index 1, but there are 1"],
    [["a"], -1, "Expected a column at index -1, but there are 1"],
    [["a"], 0.5, "Expected a column at index 0.5, but there are 1"],
  ])("%j at %s throws", (items, index, message) => {
    expect(() => itemAt(items, index, "a column")).toThrow(new RangeError(message));
  });

  it("reads typed arrays", () => {
    expect(itemAt(new Float32Array([0.5, 0.25]), 1)).toBe(0.25);
  });
});

describe("first and last", () => {
  it.each([
    [[1], 1, 1],
    [[1, 2, 3], 1, 3],
  ])("%j: first %i, last %i", (items, head, tail) => {
    expect(first(items)).toBe(head);
    expect(last(items)).toBe(tail);
  });

  it("name what was expected when there is nothing", () => {
    expect(() => first([])).toThrow(new RangeError("Expected a row, found none"));
    expect(() => first([], "a school")).toThrow(new RangeError("Expected a school, found none"));
    expect(() => last([])).toThrow(new RangeError("Expected an item, found none"));
  });
});

describe("fieldOf", () => {
  it("reads an own value", () => {
    expect(fieldOf({ organizationId: "d1" }, "organizationId")).toBe("d1");
    expect(fieldOf({ n: 0 }, "n")).toBe(0);
  });

  it.each([
    [{}, "organizationId", "Expected organizationId, found none"],
    [{ a: "x" }, "constructor", "Expected constructor, found none"],
  ])("%j has no %s", (record, key, message) => {
    expect(() => fieldOf(record as Record<string, string>, key)).toThrow(new RangeError(message));
  });

  it("names what was expected", () => {
    expect(() => fieldOf({}, "K", "a kindergarten classroom")).toThrow(new RangeError("Expected a kindergarten classroom, found none"));
  });
});
