import { describe, expect, it } from "vitest";
import { lastFirst, sortByName, sortDirection } from "./sort";

describe("sortByName", () => {
  it.each([
    [["b", "A", "c"], "asc", ["A", "b", "c"]],
    [["b", "A", "c"], "desc", ["c", "b", "A"]],
    [["Room 10", "Room 2", "room 1"], "asc", ["room 1", "Room 2", "Room 10"]],
    [[], "asc", []],
  ] as const)("%j %s → %j", (input, dir, expected) => {
    expect(sortByName(input, (s) => s, dir)).toEqual(expected);
  });
});

describe("sortDirection", () => {
  it.each([
    ["name-desc", "desc"],
    ["name-asc", "asc"],
    [null, "asc"],
    ["junk", "asc"],
  ] as const)("%s → %s", (value, expected) => expect(sortDirection(value)).toBe(expected));
});

it("lastFirst", () => expect(lastFirst({ firstName: "Jane", lastName: "Doe" })).toBe("Doe, Jane"));
