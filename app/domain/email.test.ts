import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail } from "./email";

describe("normalizeEmail", () => {
  it.each([
    ["  Jane.Doe@Example.ORG ", "jane.doe@example.org"],
    ["a@b.co", "a@b.co"],
  ])("%o -> %o", (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe("isValidEmail (after normalizeEmail)", () => {
  it.each([
    // Accepted: ordinary ASCII addresses, including the less common characters RFC 5322 allows.
    ["jane@example.org", true],
    ["first.last+tag@example.co.uk", true],
    ["o'brien@example.com", true],
    ["a_b-c@sub-domain.example.com", true],
    ["x@xn--exmple-cua.com", true],
    ["!#$%&*/=?^`{|}~@example.com", true],
    // Internationalised: refused everywhere (no SMTPUTF8 on the way; see email.ts).
    ["jöhn@exämple.com", false],
    ["jöhn@example.com", false],
    ["john@exämple.com", false],
    ["山田@example.jp", false],
    // Not addresses.
    ["", false],
    ["john", false],
    ["john@example", false],
    ["@example.com", false],
    ["john@", false],
    ["john doe@example.com", false],
    ["john@@example.com", false],
    ["john@exa mple.com", false],
    [".john@example.com", false],
    ["john.@example.com", false],
    ["jo..hn@example.com", false],
    ["john@-example.com", false],
    ["john@example-.com", false],
    ["john@example..com", false],
    ["john@192.168.0.1", false],
    ['"john doe"@example.com', false],
    [`${"a".repeat(65)}@example.com`, false],
    [`${"a".repeat(64)}@example.com`, true],
    [`a@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(57)}.com`, false],
  ])("%o -> %s", (email, expected) => {
    expect(isValidEmail(normalizeEmail(email))).toBe(expected);
  });
});
