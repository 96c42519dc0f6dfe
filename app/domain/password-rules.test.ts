import { describe, expect, it } from "vitest";
import { checkPassword, PASSWORD_RULES } from "./password-rules";

const met = (password: string) => Object.fromEntries(checkPassword(password).map((r) => [r.id, r.met])) as Record<string, boolean>;

describe("password checklist", () => {
  it("lists the five rules of the spec in order", () => {
    expect(PASSWORD_RULES.map((r) => r.id)).toEqual(["uppercase", "lowercase", "number", "symbol", "length"]);
  });

  it.each([
    ["", { uppercase: false, lowercase: false, number: false, symbol: false, length: false }],
    ["abcdef", { uppercase: false, lowercase: true, number: false, symbol: false, length: true }],
    ["ABC", { uppercase: true, lowercase: false, number: false, symbol: false, length: false }],
    ["Ab1#", { uppercase: true, lowercase: true, number: true, symbol: true, length: false }],
    ["Screening#2026", { uppercase: true, lowercase: true, number: true, symbol: true, length: true }],
    ["Ünïcödé9!", { uppercase: true, lowercase: true, number: true, symbol: true, length: true }],
    ["a b c d", { uppercase: false, lowercase: true, number: false, symbol: false, length: true }],
    ["12345_", { uppercase: false, lowercase: false, number: true, symbol: true, length: true }],
  ])("%j", (password, expected) => {
    expect(met(password)).toEqual(expected);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(met("😀😀😀").length).toBe(false);
    expect(met("😀😀😀😀😀😀").length).toBe(true);
  });
});
