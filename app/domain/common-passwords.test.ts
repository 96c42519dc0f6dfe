import { describe, expect, it } from "vitest";
import COMMON_PASSWORDS from "./common-passwords.json";
import { isCommonPassword } from "./common-passwords";

describe("common passwords (issue 14, ASVS 2.1.7)", () => {
  it("ships the 10,000 most common, lowercased, as a JSON list", () => {
    const list: string[] = COMMON_PASSWORDS;
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
    expect(list.every((p) => p === p.toLowerCase() && p.length > 0)).toBe(true);
  });

  it.each([
    ["password", true],
    ["PASSWORD", true],
    ["Password123!", true],
    ["Sunshine#2026", true],
    ["!!Dragon", true],
    ["2026#Football!", true],
    ["qwertyuiop", true],
    ["Qwerty123456!", true],
    ["Screening#2026", false],
    ["Brand#New2026", false],
    ["Maple#Valley2026", false],
    // Stripping leaves too little to compare: not refused for that alone.
    ["abc#12345678", false],
  ])("%s → %s", (password, expected) => {
    expect(isCommonPassword(password)).toBe(expected);
  });
});
