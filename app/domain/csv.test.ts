import { describe, expect, it } from "vitest";
import { csvField, csvRecordCounter, fileSlug, toCsv } from "./csv";

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

describe("csvRecordCounter", () => {
  const rows = [
    ["School", "Last Name"],
    ["Cedar", 'O\'Brien, "Jr"'],
    ["Birch", "two\r\nlines"],
    ["Oak", "=1+1"],
  ];
  const text = toCsv(rows);
  it.each([
    ["in one piece", [text]],
    ["cut inside a quoted line break", [text.slice(0, text.indexOf("two") + 4), text.slice(text.indexOf("two") + 4)]],
    ["one character at a time", [...text]],
    ["cut between CR and LF", text.split(/(?<=\r)/)],
  ])("counts 4 records %s", (_, pieces) => {
    const counter = csvRecordCounter();
    let n = 0;
    for (const p of pieces) n = counter.push(p);
    expect(n).toBe(4);
  });
  it("counts only complete records", () => {
    const counter = csvRecordCounter();
    expect(counter.push('a,b\r\nc,"d\r\n')).toBe(1);
    expect(counter.push('e"\r\n')).toBe(2);
    expect(counter.push("")).toBe(2);
  });
});
