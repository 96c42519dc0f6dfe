import { describe, expect, it } from "vitest";
import { z } from "zod";
import { calendarDate, isCalendarDate, isCleanText, list, MAX_IDS, text, TEXT_MAX } from "./text";

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("isCleanText", () => {
  it.each([
    ["", true],
    ["Ana María", true],
    ["Łódź 北京 🙂", true],
    ["tab\tand\nnew line", true],
    ["a\u0000b", false],
    ["\u0000", false],
    ["lone high \uD83D end", false],
    ["lone low \uDE42 start", false],
    ["reversed pair \uDE42\uD83D", false],
    ["\uD83D", false],
    ["pair \uD83D\uDE42 ok", true],
  ])("%j → %s", (value, expected) => {
    expect(isCleanText(value)).toBe(expected);
  });
});

describe("text", () => {
  const name = text(10, { label: "Name", error: "Name is a required field." });

  it.each([
    ["Ada", null],
    ["1234567890", null],
    ["12345678901", "Name must be at most 10 characters."],
    ["a\u0000", "Name contains characters that are not allowed."],
    ["a\uD800", "Name contains characters that are not allowed."],
    [42, "Name is a required field."],
    [undefined, "Name is a required field."],
  ])("%j → %j", (value, message) => {
    expect(firstMessage(name, value)).toBe(message);
  });

  it("judges the trimmed text when asked, and hands it over", () => {
    const trimmed = text(3, { label: "Code", trim: true });
    expect(trimmed.parse("  abc  ")).toBe("abc");
    expect(firstMessage(text(3, { label: "Code" }), "  abc  ")).toBe("Code must be at most 3 characters.");
  });

  it("chains like a zod string", () => {
    const required = text(5, { label: "X", trim: true }).min(1, "X is required");
    expect(firstMessage(required, "   ")).toBe("X is required");
  });

  it("has limits that keep an indexed value well under PostgreSQL's 2,704-byte index row", () => {
    for (const max of [TEXT_MAX.name, TEXT_MAX.email, TEXT_MAX.code]) expect(max * 4).toBeLessThan(2704);
  });
});

describe("list", () => {
  it("caps the number of items", () => {
    const ids = list(z.string(), { label: "Schools" });
    expect(ids.safeParse(Array.from({ length: MAX_IDS }, String)).success).toBe(true);
    expect(firstMessage(ids, Array.from({ length: MAX_IDS + 1 }, String))).toBe(`Schools may list at most ${MAX_IDS} items.`);
  });
});

describe("calendar dates", () => {
  it.each([
    ["2026-01-31", true],
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2026-02-30", false],
    ["2026-13-45", false],
    ["2026-00-10", false],
    ["2026-1-5", false],
    ["20260105", false],
    ["", false],
  ])("%s → %s", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
    expect(calendarDate().safeParse(value).success).toBe(expected);
  });

  it("says how to write one", () => {
    expect(firstMessage(calendarDate(), "2026-13-45")).toBe("Not a calendar date: use YYYY-MM-DD.");
  });

  it.each(["0000-01-01", "0100-01-01", "1899-12-31", "2200-01-01", "9999-12-31"])(
    "refuses %s, a date the database cannot store or no record of ours can hold, with the range",
    (value) => {
      expect(
        calendarDate()
          .safeParse(value)
          .error?.issues.map((i) => i.message),
      ).toEqual(["The date must be between 1900-01-01 and 2199-12-31."]);
    },
  );
});
