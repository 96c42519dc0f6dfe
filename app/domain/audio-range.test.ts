import { describe, expect, it } from "vitest";
import { contentRangeHeader, parseByteRange, type ByteRange } from "./audio-range";

const full: ByteRange = { kind: "full" };
const none: ByteRange = { kind: "unsatisfiable" };
const part = (start: number, end: number): ByteRange => ({ kind: "partial", start, end });

describe("parseByteRange (size 1000)", () => {
  it.each<[string | null | undefined, ByteRange]>([
    [null, full],
    [undefined, full],
    ["", full],
    ["bytes=0-99", part(0, 99)],
    ["bytes=100-", part(100, 999)],
    ["bytes=-100", part(900, 999)],
    ["bytes=999-999", part(999, 999)],
    ["bytes=0-0", part(0, 0)],
    ["bytes=900-5000", part(900, 999)],
    ["bytes=-5000", part(0, 999)],
    ["BYTES = 10-20", part(10, 20)],
    ["bytes=0010-0020", part(10, 20)],
    ["bytes=0-1,5-9", full],
    ["items=0-5", full],
    ["bytes=1000-", none],
    ["bytes=1000-1005", none],
    ["bytes=5-3", none],
    ["bytes=-0", none],
    ["bytes=abc", none],
    ["bytes=-", none],
    ["bytes=1.5-2", none],
    ["bytes= -10-20", none],
    ["bytes=", none],
    ["0-100", none],
    ["bytes=9999999999999999-", none],
  ])("%j", (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });

  it("has nothing to give from an empty file", () => {
    expect(parseByteRange("bytes=0-", 0)).toEqual(none);
    expect(parseByteRange("bytes=-10", 0)).toEqual(none);
    expect(parseByteRange(null, 0)).toEqual(full);
  });
});

describe("contentRangeHeader", () => {
  it.each<[ByteRange, string | null]>([
    [part(0, 99), "bytes 0-99/1000"],
    [none, "bytes */1000"],
    [full, null],
  ])("%j", (range, expected) => {
    expect(contentRangeHeader(range, 1000)).toBe(expected);
  });
});
