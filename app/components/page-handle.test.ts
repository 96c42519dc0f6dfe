import { describe, expect, it } from "vitest";
import { bodyClassOf, type PageHandle } from "./page-handle";

const classroom: PageHandle = { bodyClass: (data) => (data as { grid: boolean }).grid && "page--results-grid" };

describe("bodyClassOf", () => {
  it.each([
    { name: "no route has a class", matches: [{ handle: undefined }, { handle: {} }], want: undefined },
    { name: "a route's class from its data", matches: [{}, { handle: classroom, data: { grid: true } }], want: "page--results-grid" },
    { name: "its data says none", matches: [{ handle: classroom, data: { grid: false } }], want: undefined },
    {
      name: "several routes, outermost first",
      matches: [{ handle: { bodyClass: () => "a" } }, { handle: { bodyClass: () => "b c" } }],
      want: "a b c",
    },
  ])("$name", ({ matches, want }) => {
    expect(bodyClassOf(matches)).toBe(want);
  });
});
