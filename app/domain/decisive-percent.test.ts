import { describe, expect, it } from "vitest";
import { decisiveDecimal, decisivePercent, exactDecimal, exactPercent, type Claim } from "./decisive-percent";

describe("exactPercent: every decimal the probability has, none it has not", () => {
  it.each<[number, string]>([
    [0.161, "16.1"],
    [0.43, "43"],
    [0.565, "56.5"],
    [0.144, "14.4"],
    [0.328, "32.8"],
    [0.6175, "61.75"],
    [0, "0"],
    [1, "100"],
    [0.5, "50"],
    [1e-7, "0.00001"],
  ])("%f → %s", (p, shown) => expect(exactPercent(p)).toBe(shown));

  it("refuses what is not a probability-like number", () => {
    expect(() => exactPercent(Number.NaN)).toThrow(RangeError);
    expect(() => exactPercent(-0.1)).toThrow(RangeError);
  });
});

describe("decisivePercent: the grid's whole percent when it is on the claimed side, else the fewest decimals that are", () => {
  const above = (edge: number): Claim => ({ side: "above", edge });
  const below = (edge: number): Claim => ({ side: "below", edge });
  const from = (edge: number): Claim => ({ side: "from", edge });

  it.each<[string, number, Claim[], string]>([
    ["clear of the cutoff: the grid's number", 0.17, [above(0.161)], "17"],
    ["rounds below a cutoff it is above (issue 34: '16% … above 16.1%')", 0.1612, [above(0.161)], "16.12"],
    ["one decimal is enough", 0.1625, [above(0.161)], "16.3"],
    ["rounds onto a cutoff it is below (issue 34: '43% … up to 43%')", 0.4295, [from(0), below(0.43)], "42.95"],
    ["half a tenth under the edge", 0.42995, [below(0.43)], "42.995"],
    ["on a band's lower edge belongs to the band", 0.34, [from(0.34), below(0.652)], "34"],
    ["just under a band's lower edge is printed under it", 0.33999, [from(0), below(0.34)], "33.999"],
    ["clamped as the grid clamps when that is still true", 0.004, [from(0), below(0.34)], "1"],
    ["just above a cutoff in the last digit a double has", 0.16100000000000003, [above(0.161)], "16.100000000000003"],
    ["never more than the grid's whole percent when rounded: not '50.5' for a 50% cell", 0.504999, [above(0.5)], "50.4999"],
    ["nor '43.01' for a 43% cell", 0.43004999, [above(0.43)], "43.005"],
    ["the grid's round-half-up is kept: 56.5 shows 57 when above 56.4", 0.565, [above(0.564)], "57"],
    ["below a cutoff that has more decimals, by its decimals", 0.61749, [below(0.6175)], "61.7"],
    ["above a cutoff that has more decimals, by its decimals", 0.612501, [above(0.6125)], "61.3"],
  ])("%s", (_name, p, claims, shown) => expect(decisivePercent(p, claims)).toBe(shown));

  it("a claim the value does not meet prints the exact value rather than a convenient one", () => {
    expect(decisivePercent(0.16, [above(0.161)])).toBe("16");
    expect(decisivePercent(0.1605, [above(0.161)])).toBe("16.05");
  });
});

describe("exactDecimal: a signed number (a theta cutoff) with every decimal it has", () => {
  it.each<[number, string]>([
    [-0.4, "-0.4"],
    [0, "0"],
    [1.25, "1.25"],
    [-1.5, "-1.5"],
    [-0.585, "-0.585"],
    [2, "2"],
  ])("%f → %s", (value, shown) => expect(exactDecimal(value)).toBe(shown));

  it("refuses what is not a number", () => expect(() => exactDecimal(Number.NaN)).toThrow(RangeError));
});

describe("decisiveDecimal: a theta with two decimals when they sit on the claimed side of its cutoff, else the fewest that do", () => {
  const below = (edge: number): Claim => ({ side: "below", edge });
  const from = (edge: number): Claim => ({ side: "from", edge });

  it.each<[string, number, Claim[], string]>([
    ["clear of the cutoff: two decimals", -0.4213, [below(-0.4)], "-0.42"],
    ["fewer decimals than two: as it is", -0.5, [below(-0.4)], "-0.5"],
    ["rounds onto a negative cutoff it is below: '-0.40' would read as on the cutoff", -0.4004, [below(-0.4)], "-0.4004"],
    ["rounds up onto a positive cutoff it is below", 0.295, [below(0.3)], "0.295"],
    ["rounds over a cutoff it is below", 0.2996, [below(0.3)], "0.2996"],
    ["just below zero is not '0'", -0.001, [below(0)], "-0.001"],
    ["a cutoff with more decimals, by its decimals", 0.1189, [below(0.119)], "0.1189"],
    ["on the cutoff belongs to the band from it", -0.4, [from(-0.4)], "-0.4"],
    ["above a cutoff", 0.3051, [{ side: "above", edge: 0.3 }], "0.31"],
    ["a value of the demo (three decimals)", -1.203, [below(-1.2)], "-1.203"],
  ])("%s", (_name, value, claims, shown) => expect(decisiveDecimal(value, claims)).toBe(shown));

  it("a claim the value does not meet prints the exact value rather than a convenient one", () => {
    expect(decisiveDecimal(-0.39, [below(-0.4)])).toBe("-0.39");
    expect(decisiveDecimal(-0.3951, [below(-0.4)])).toBe("-0.3951");
  });
});
