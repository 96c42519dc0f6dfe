import { describe, expect, it } from "vitest";
import { checkPassword, PASSWORD_RULES, passwordRulesMessage } from "./password-rules";

const met = (password: string) => Object.fromEntries(checkPassword(password).map((r) => [r.id, r.met])) as Record<string, boolean>;

describe("password checklist", () => {
  it("lists the five rules of the spec in order", () => {
    expect(PASSWORD_RULES.map((r) => r.id)).toEqual(["uppercase", "lowercase", "number", "symbol", "length"]);
  });

  it.each([
    ["", { uppercase: false, lowercase: false, number: false, symbol: false, length: false }],
    ["abcdef", { uppercase: false, lowercase: true, number: false, symbol: false, length: false }],
    ["abcdefghijkl", { uppercase: false, lowercase: true, number: false, symbol: false, length: true }],
    ["ABC", { uppercase: true, lowercase: false, number: false, symbol: false, length: false }],
    ["Ab1#", { uppercase: true, lowercase: true, number: true, symbol: true, length: false }],
    ["Screening#2026", { uppercase: true, lowercase: true, number: true, symbol: true, length: true }],
    ["Ünïcödé9!Ünï", { uppercase: true, lowercase: true, number: true, symbol: true, length: true }],
    ["Ünïcödé9!", { uppercase: true, lowercase: true, number: true, symbol: true, length: false }],
    ["a b c d e f g", { uppercase: false, lowercase: true, number: false, symbol: false, length: true }],
    ["12345_789012", { uppercase: false, lowercase: false, number: true, symbol: true, length: true }],
  ])("%j", (password, expected) => {
    expect(met(password)).toEqual(expected);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(met("😀".repeat(11)).length).toBe(false);
    expect(met("😀".repeat(12)).length).toBe(true);
  });
});

describe("refusal of a new password (issue 14: the checklist's rules are enforced)", () => {
  it.each([
    ["a", "Your password must have at least 12 characters, one uppercase letter, one number and one symbol."],
    ["", "Your password must have at least 12 characters, one uppercase letter, one lowercase letter, one number and one symbol."],
    ["Screening#26", null],
    ["Screening#2026", null],
    ["Screening2026", "Your password must have one symbol."],
    ["screening#2026", "Your password must have one uppercase letter."],
    ["Screen#26", "Your password must have at least 12 characters."],
    ["SCREENING#2026", "Your password must have one lowercase letter."],
    ["Screening#abc", "Your password must have one number."],
  ])("%j → %j", (password, expected) => {
    expect(passwordRulesMessage(password)).toBe(expected);
  });
});
