import { describe, expect, it } from "vitest";
import {
  ariaSort,
  cleanQuery,
  containsPattern,
  cursorSearch,
  decodeCursor,
  encodeCursor,
  escapeLike,
  formatRange,
  listApiQuery,
  MAX_QUERY,
  nextCursor,
  pageNumber,
  parseListQuery,
  prevCursor,
  searchedUrl,
  sortSearch,
} from "./paging";

const SORTS = ["name", "email"] as const;
const cursorOf = (s: string) => encodeCursor({ k: ["smith", "ann", "id-1"], i: 50, b: false, s });

describe("parseListQuery", () => {
  it.each([
    ["", { q: "", sort: "name", dir: "asc", page: 1 }],
    ["?q=%20Ann%20%20Lee%20&sort=email&dir=desc", { q: "Ann Lee", sort: "email", dir: "desc", page: 1 }],
    ["?sort=role&dir=up", { q: "", sort: "name", dir: "asc", page: 1 }],
    ["?sort=name-desc", { q: "", sort: "name", dir: "desc", page: 1 }],
    ["?sort=name-asc&dir=desc", { q: "", sort: "name", dir: "desc", page: 1 }],
    ["?page=3", { q: "", sort: "name", dir: "asc", page: 3 }],
    ["?page=0", { q: "", sort: "name", dir: "asc", page: 1 }],
    ["?page=-2", { q: "", sort: "name", dir: "asc", page: 1 }],
    ["?page=2.5", { q: "", sort: "name", dir: "asc", page: 1 }],
    ["?page=99999999999", { q: "", sort: "name", dir: "asc", page: 1 }],
    ["?page=201", { q: "", sort: "name", dir: "asc", page: 1 }],
    ["?q=a%00b", { q: "a b", sort: "name", dir: "asc", page: 1 }],
  ] as const)("%s → %j", (search, expected) => {
    const { cursor, ...rest } = parseListQuery(search, SORTS);
    expect(rest).toEqual(expected);
    expect(cursor).toBeNull();
  });

  it.each([
    ["name:asc", "?", true],
    ["name:desc", "?", false],
    ["name:desc", "?dir=desc", true],
    ["email:asc", "?sort=email", true],
    ["email:asc", "?", false],
  ])("a cursor of %s is kept for %s: %s", (tag, search, kept) => {
    const query = parseListQuery(`${search}&cursor=${cursorOf(tag)}`, SORTS);
    expect(query.cursor !== null).toBe(kept);
  });

  it("cuts a long search", () => expect(parseListQuery(`?q=${"x".repeat(500)}`, SORTS).q).toHaveLength(MAX_QUERY));
});

describe("cursors", () => {
  it("round-trip, unicode included", () => {
    const c = { k: ["o'brien", "zoë", "ünïcode 学校"], i: 100, b: true, s: "name:asc" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
  });
  it.each([
    [null],
    [""],
    ["not base64!"],
    ["eyJrIjpbXX0"], // {"k":[]}
    [encodeCursor({ k: ["a"], i: -1, b: false, s: "name:asc" })],
    [encodeCursor({ k: ["a"], i: 1.5, b: false, s: "name:asc" })],
    [btoa(JSON.stringify({ k: [1], i: 0, b: false, s: "x" }))],
    [btoa(JSON.stringify({ k: ["a", "b", "c", "d", "e", "f"], i: 0, b: false, s: "x" }))],
    [btoa("[1,2")],
    ["A".repeat(3000)],
  ])("%s is no cursor", (value) => expect(decodeCursor(value)).toBeNull());
  it("next and previous carry the sort and the index", () => {
    expect(decodeCursor(nextCursor(["b", "id"], 50, "name", "desc"))).toEqual({ k: ["b", "id"], i: 50, b: false, s: "name:desc" });
    expect(decodeCursor(prevCursor(["a", "id"], -10, "email", "asc"))).toEqual({ k: ["a", "id"], i: 0, b: true, s: "email:asc" });
  });
});

describe("links", () => {
  it.each([
    ["?tab=users", "c1", "?tab=users&cursor=c1"],
    ["?tab=users&q=ann&page=3&dialog=edit-user&id=u1", "c2", "?tab=users&q=ann&cursor=c2"],
    ["?tab=users&cursor=c1", null, "?tab=users"],
    ["", null, "?"],
  ] as const)("cursorSearch(%s, %s) → %s", (search, cursor, expected) => expect(cursorSearch(search, cursor)).toBe(expected));

  it.each([
    ["?tab=users&q=ann&cursor=c1", { sort: "name", dir: "asc" }, "name", "?tab=users&q=ann&sort=name&dir=desc"],
    ["?tab=users&sort=name&dir=desc", { sort: "name", dir: "desc" }, "name", "?tab=users&sort=name&dir=asc"],
    ["?tab=users&page=2", { sort: "name", dir: "desc" }, "email", "?tab=users&sort=email&dir=asc"],
  ] as const)("sortSearch(%s, %j, %s) → %s", (search, current, column, expected) =>
    expect(sortSearch(search, current, column)).toBe(expected),
  );

  it.each([
    [{ sort: "name", dir: "asc" }, "name", "ascending"],
    [{ sort: "name", dir: "desc" }, "name", "descending"],
    [{ sort: "name", dir: "desc" }, "email", "none"],
  ] as const)("ariaSort(%j, %s) → %s", (current, column, expected) => expect(ariaSort(current, column)).toBe(expected));
});

describe("searchedUrl", () => {
  it.each([
    ["/school/s1?tab=students&cursor=c1&page=2&sort=code", "Lee ", "/school/s1?tab=students&sort=code&q=Lee"],
    ["/super-admin", "a@b.example", "/super-admin?q=a%40b.example"],
    ["/district/d1?tab=users&q=old", "", "/district/d1?tab=users"],
  ])("%s showing %j → %s", (url, q, expected) => expect(searchedUrl(url, q)).toBe(expected));
});

describe("listApiQuery", () => {
  it.each([
    ["", { sort: "name", dir: "asc" }],
    ["?q=ann&page=2", { q: "ann", sort: "name", dir: "asc", page: 2 }],
    [`?page=2&cursor=${cursorOf("name:asc")}`, { sort: "name", dir: "asc", cursor: cursorOf("name:asc") }],
  ])("%s → %j", (search, expected) => expect(listApiQuery(parseListQuery(search, SORTS))).toEqual(expected));
});

describe("formatRange", () => {
  it.each([
    [1, 50, 4200, "1–50 of 4,200"],
    [4151, 4200, 4200, "4,151–4,200 of 4,200"],
    [1, 7, 7, "1–7 of 7"],
    [1001, 1050, 1234567, "1,001–1,050 of 1,234,567"],
    [0, 0, 0, "0 of 0"],
    [1, 0, 0, "0 of 0"],
    [0, 0, 12, "0 of 12"],
  ])("%i–%i of %i → %s", (from, to, total, expected) => expect(formatRange(from, to, total)).toBe(expected));
});

describe("search text", () => {
  it.each([
    ["  Ann   Lee ", "Ann Lee"],
    [null, ""],
    ["a\tb\nc", "a b c"],
  ])("cleanQuery(%j) → %j", (value, expected) => expect(cleanQuery(value)).toBe(expected));
  it.each([
    ["50%", "50\\%"],
    ["a_b", "a\\_b"],
    ["back\\slash", "back\\\\slash"],
    ["plain", "plain"],
  ])("escapeLike(%s) → %s", (value, expected) => expect(escapeLike(value)).toBe(expected));
  it("containsPattern lowercases and wraps", () => expect(containsPattern("Ann_%")).toBe("%ann\\_\\%%"));
  it.each([
    ["7", 7],
    ["", 1],
    [null, 1],
    ["1e3", 1],
  ])("pageNumber(%j) → %i", (value, expected) => expect(pageNumber(value)).toBe(expected));
});
