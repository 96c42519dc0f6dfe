import { describe, expect, it } from "vitest";
import { normalizeWebsite, parseTags, parseUsDate, requiredMessage } from "./admin-fields";

describe("requiredMessage", () => {
  it("names the label", () => expect(requiredMessage("First Name")).toBe("First Name is a required field."));
});

describe("parseUsDate", () => {
  it.each([
    ["05/17/2020", "2020-05-17"],
    ["5/7/2020", "2020-05-07"],
    [" 02/29/2020 ", "2020-02-29"],
    ["02/29/2021", null],
    ["13/01/2020", null],
    ["00/10/2020", null],
    ["2020-05-17", null],
    ["05/17/20", null],
    ["05-17-2020", null],
    ["", null],
    ["01/01/1899", null],
  ])("%j → %j", (input, expected) => expect(parseUsDate(input)).toBe(expected));

  it("refuses a date after today", () => {
    expect(parseUsDate("06/02/2026", "2026-06-01")).toBeNull();
    expect(parseUsDate("06/01/2026", "2026-06-01")).toBe("2026-06-01");
  });
});

describe("parseTags", () => {
  it.each([
    ["", [], []],
    ["ELL", ["ELL"], []],
    ["exempt, ELL,IEP,ELL", ["ELL", "IEP", "exempt"], []],
    ["familyhistory,Family History", ["familyhistory"], ["Family History"]],
    [["IEP", "exempt"], ["IEP", "exempt"], []],
    [null, [], []],
  ] as const)("%j", (input, tags, unknown) => {
    expect(parseTags(input)).toEqual({ tags, unknown });
  });
});

describe("normalizeWebsite", () => {
  it.each([
    ["https://www.district.org", "https://www.district.org"],
    ["http://district.k12.wa.us/home", "http://district.k12.wa.us/home"],
    ["district.org", "https://district.org"],
    ["  www.district.org/a?b=1 ", "https://www.district.org/a?b=1"],
    ["ftp://district.org", null],
    ["javascript:alert(1)", null],
    ["not a url", null],
    ["localhost", null],
    ["https://user:pw@district.org", null],
    ["", null],
  ])("%j → %j", (input, expected) => expect(normalizeWebsite(input)).toBe(expected));
});
