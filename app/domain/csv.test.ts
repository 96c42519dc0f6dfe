import { describe, expect, it } from "vitest";
import { csvField, fileSlug, toCsv } from "./csv";

describe("csv (RFC 4180)", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=1+2", "'=1+2"],
    ["@cmd", "'@cmd"],
    ["", ""],
    [null, ""],
    [42, "42"],
  ])("%j → %j", (value, expected) => {
    expect(csvField(value as string)).toBe(expected);
  });
  it("ends every record with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c,d", "é"],
      ]),
    ).toBe('a,b\r\n"c,d",é\r\n');
  });
  it.each([
    ["Kindergarten Room 4", "kindergarten_room_4"],
    ["K/1 Combined", "k_1_combined"],
    ["Élodie's Class", "elodie_s_class"],
    ["///", "classroom"],
  ])("fileSlug(%j) = %j", (name, slug) => {
    expect(fileSlug(name)).toBe(slug);
  });
});
