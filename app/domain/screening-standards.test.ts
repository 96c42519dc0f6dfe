import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  abilityCutoffFor,
  distinctSources,
  effectiveStandards,
  NO_EFFECTIVE_STANDARDS,
  normalCdf,
  pkRiskCutoffFor,
  PRODUCT_DEFAULT_STANDARDS,
  RAN_NORM_ROWS,
  ranNormFor,
  ranPercentile,
  ranRawText,
  ranResultUnder,
  sourceNoteText,
  type EffectiveStandards,
  type RanNorms,
  type ScreeningStandards,
} from "./screening-standards";
import { AbilityCutoffsInput, PkRiskCutoffInput, RanNormsInput, StandardsChangeInput } from "./screening-standards-input";

const RIVERSIDE: RanNorms = {
  source: "Riverside USD norms study, 2025",
  norms: [
    { testCode: "letter-ran", grade: "1", period: "BOY", meanSecs: 48, sdSecs: 12 },
    { testCode: "object-ran", grade: "K", period: "EOY", meanSecs: 59, sdSecs: 16 },
  ],
};
const PRODUCT: ScreeningStandards = {
  ranNorms: { source: "Product norms, 2024", norms: [{ testCode: "letter-ran", grade: "1", period: "BOY", meanSecs: 40, sdSecs: 10 }] },
  pkRiskCutoff: { source: "Product PK study", cutoffs: { BOY: 0.3 } },
  abilityCutoffs: null,
};

describe("product-wide defaults", () => {
  it("ship empty: the specs give no RAN norms, no PK risk cutoff and no K–3 theta cutoffs", () => {
    expect(PRODUCT_DEFAULT_STANDARDS).toEqual({ ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null });
    expect(effectiveStandards(null)).toEqual(NO_EFFECTIVE_STANDARDS);
  });

  it("no module of app/domain holds the removed invented figures", () => {
    const dir = new URL("./", import.meta.url);
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .map((f) => [f, readFileSync(new URL(f, dir), "utf8")] as const);
    for (const [file, text] of sources) {
      expect(text, file).not.toMatch(/RAN_NORMS|PK_RISK_PROVISIONAL_CUTOFF|PROVISIONAL_ABILITY|PK_PROFICIENCY_CUTOFFS/);
    }
    expect(sources.map(([f]) => f)).not.toContain("ran-norms.ts");
    expect(sources.map(([f]) => f)).not.toContain("proficiency.ts");
  });
});

describe("effectiveStandards: the district's own kind, else the product's, else none", () => {
  it.each<[string, Partial<ScreeningStandards> | null, Partial<ScreeningStandards> | null, Record<string, string | null>]>([
    ["nothing anywhere", null, null, { ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null }],
    ["product only", null, PRODUCT, { ranNorms: "product", pkRiskCutoff: "product", abilityCutoffs: null }],
    [
      "district RAN over product",
      { ranNorms: RIVERSIDE },
      PRODUCT,
      { ranNorms: "district", pkRiskCutoff: "product", abilityCutoffs: null },
    ],
    ["district only", { ranNorms: RIVERSIDE }, null, { ranNorms: "district", pkRiskCutoff: null, abilityCutoffs: null }],
    [
      "district cleared kind falls back",
      { ranNorms: null },
      PRODUCT,
      { ranNorms: "product", pkRiskCutoff: "product", abilityCutoffs: null },
    ],
  ])("%s", (_, district, product, origins) => {
    const got = effectiveStandards(district, product);
    expect({
      ranNorms: got.ranNorms?.origin ?? null,
      pkRiskCutoff: got.pkRiskCutoff?.origin ?? null,
      abilityCutoffs: got.abilityCutoffs?.origin ?? null,
    }).toEqual(origins);
  });

  it("drops the stamps of stored values", () => {
    const got = effectiveStandards({ ranNorms: { ...RIVERSIDE, updatedAt: "2026-11-28T00:00:00.000Z", updatedBy: "u" } }, null);
    expect(got.ranNorms).toEqual({ ...RIVERSIDE, origin: "district" });
  });
});

describe("look-ups carry their source, and nothing where nothing is configured", () => {
  const standards: EffectiveStandards = effectiveStandards(
    {
      ranNorms: RIVERSIDE,
      pkRiskCutoff: { source: "District PK study", cutoffs: { MOY: 0.4 } },
      abilityCutoffs: { source: "State theta table", cutoffs: [{ grade: "2", testCode: "rer-deletion", period: "MOY", theta: 0.25 }] },
    },
    null,
  );
  it.each([
    ["letter-ran", "1", "BOY", { norm: { meanSecs: 48, sdSecs: 12 }, source: RIVERSIDE.source }],
    ["letter-ran", "1", "MOY", null],
    ["object-ran", "K", "EOY", { norm: { meanSecs: 59, sdSecs: 16 }, source: RIVERSIDE.source }],
    ["object-ran", "PK", "EOY", null],
  ] as const)("RAN norm %s grade %s %s", (code, grade, period, expected) => {
    expect(ranNormFor(standards, code, grade, period)).toEqual(expected);
    expect(ranNormFor(NO_EFFECTIVE_STANDARDS, code, grade, period)).toBeNull();
  });
  it.each([
    ["BOY", null],
    ["MOY", { cutoff: 0.4, source: "District PK study" }],
  ] as const)("PK risk cutoff %s", (period, expected) => {
    expect(pkRiskCutoffFor(standards, period)).toEqual(expected);
    expect(pkRiskCutoffFor(NO_EFFECTIVE_STANDARDS, period)).toBeNull();
  });
  it.each([
    ["2", "rer-deletion", "MOY", { theta: 0.25, source: "State theta table" }],
    ["2", "rer-deletion", "BOY", null],
    ["3", "rer-deletion", "MOY", null],
  ] as const)("theta cutoff grade %s %s %s", (grade, code, period, expected) => {
    expect(abilityCutoffFor(standards, grade, code, period)).toEqual(expected);
  });
});

describe("RAN percentile from a norm given as an argument", () => {
  it.each([
    [0, 0.5],
    [1, 0.8413],
    [-1, 0.1587],
    [1.96, 0.975],
    [-2.326, 0.01],
    [Infinity, 1],
    [-Infinity, 0],
  ])("Φ(%s) ≈ %s", (z, p) => expect(normalCdf(z)).toBeCloseTo(p, 3));

  it.each([
    // mean, sd, seconds → percentile, theta (faster is better)
    [48, 12, 48, 50, 0],
    [48, 12, 36, 84, 1],
    [48, 12, 60, 16, -1],
    [34, 9, 16, 98, 2],
    [33, 8, 0, 99, 4.125],
    [75, 20, 300, 1, -11.25],
  ])("mean %s, sd %s: %s s → %sth, theta %s", (meanSecs, sdSecs, secs, percentile, theta) => {
    expect(ranPercentile({ meanSecs, sdSecs }, secs)).toEqual({ abilityPercentile: percentile, finalTheta: theta });
  });

  it("never ranks a faster time lower", () => {
    let last = 100;
    for (let secs = 0; secs <= 200; secs++) {
      const { abilityPercentile } = ranPercentile({ meanSecs: 50, sdSecs: 12 }, secs);
      expect(abilityPercentile).toBeLessThanOrEqual(last);
      last = abilityPercentile;
    }
  });

  it.each([-1, Number.NaN, Infinity])("refuses %s seconds", (secs) => {
    expect(() => ranPercentile({ meanSecs: 50, sdSecs: 12 }, secs)).toThrow();
  });

  it("gives a result only where a norm is configured, with its source", () => {
    const standards = effectiveStandards({ ranNorms: RIVERSIDE }, null);
    expect(ranResultUnder(standards, "letter-ran", "1", "BOY", 36)).toEqual({
      abilityPercentile: 84,
      finalTheta: 1,
      normsSource: RIVERSIDE.source,
    });
    expect(ranResultUnder(standards, "letter-ran", "1", "EOY", 36)).toBeNull();
    expect(ranResultUnder(NO_EFFECTIVE_STANDARDS, "letter-ran", "1", "BOY", 36)).toBeNull();
  });
});

describe("raw figures and sources as printed", () => {
  it.each([
    [41, 2, "41 s, 2 errors"],
    [41.2, 1, "41.2 s, 1 error"],
    [40, 0, "40 s, 0 errors"],
    [38.25, null, "38.3 s"],
  ])("%s s and %s errors → %s", (secs, errors, text) => expect(ranRawText(secs, errors)).toBe(text));

  it("lists each source once, in kind order", () => {
    expect(
      distinctSources([
        { kind: "abilityCutoffs", source: "B" },
        null,
        { kind: "ranNorms", source: "A" },
        { kind: "ranNorms", source: "A" },
      ]).map(sourceNoteText),
    ).toEqual(["RAN norms: A", "Ability (theta) cutoffs: B"]);
  });
});

describe("input rules (the API's body)", () => {
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.success ? [] : result.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it.each<[string, unknown, string[]]>([
    ["a valid table", RIVERSIDE, []],
    ["no source", { ...RIVERSIDE, source: "  " }, [expect.stringMatching(/^source: Name the source/) as unknown as string]],
    [
      "a zero spread",
      { ...RIVERSIDE, norms: [{ testCode: "letter-ran", grade: "1", period: "BOY", meanSecs: 48, sdSecs: 0 }] },
      ["norms.0.sdSecs: The spread (standard deviation) must be a number of seconds greater than 0."],
    ],
    [
      "a test the grade does not take",
      { ...RIVERSIDE, norms: [{ testCode: "letter-ran", grade: "K", period: "BOY", meanSecs: 48, sdSecs: 10 }] },
      ["norms.0.testCode: Grade K does not take Letter RAN."],
    ],
    [
      "the same cell twice",
      { ...RIVERSIDE, norms: [RIVERSIDE.norms[0], RIVERSIDE.norms[0]] },
      ["norms.1: Letter RAN, grade 1, BOY is given twice."],
    ],
    ["no figures", { ...RIVERSIDE, norms: [] }, ["norms: Enter at least one figure, or clear this kind instead."]],
  ])("RAN norms: %s", (_, body, expected) => expect(messages(RanNormsInput.safeParse(body))).toEqual(expected));

  it.each<[string, unknown, string[]]>([
    ["valid", { source: "District PK study", cutoffs: { BOY: 0.3 } }, []],
    ["above 1", { source: "District PK study", cutoffs: { BOY: 1.2 } }, ["cutoffs.BOY: A cutoff must be a number from 0 to 1."]],
    ["no period", { source: "District PK study", cutoffs: {} }, ["cutoffs: Enter at least one figure, or clear this kind instead."]],
  ])("PK risk cutoff: %s", (_, body, expected) => expect(messages(PkRiskCutoffInput.safeParse(body))).toEqual(expected));

  it.each<[string, unknown, string[]]>([
    ["valid", { source: "State", cutoffs: [{ grade: "2", testCode: "rer-deletion", period: "BOY", theta: -0.4 }] }, []],
    [
      "a classic test",
      { source: "State", cutoffs: [{ grade: "2", testCode: "vocab", period: "BOY", theta: 0 }] },
      [expect.stringMatching(/^cutoffs\.0\.testCode: /) as unknown as string],
    ],
    [
      "not a test of the grade",
      { source: "State", cutoffs: [{ grade: "1", testCode: "rer-deletion", period: "BOY", theta: 0 }] },
      ["cutoffs.0.testCode: RER Deletion is not an ability-scored test of grade 1."],
    ],
    [
      "out of range",
      { source: "State", cutoffs: [{ grade: "2", testCode: "rer-deletion", period: "BOY", theta: 9 }] },
      ["cutoffs.0.theta: A theta cutoff must be a number from -6 to 6."],
    ],
  ])("theta cutoffs: %s", (_, body, expected) => expect(messages(AbilityCutoffsInput.safeParse(body))).toEqual(expected));

  it("a change names kinds to set, clear (null) or leave (absent), and nothing else", () => {
    expect(StandardsChangeInput.safeParse({ ranNorms: null }).success).toBe(true);
    expect(StandardsChangeInput.safeParse({}).success).toBe(true);
    expect(StandardsChangeInput.safeParse({ percentileBands: null }).success).toBe(false);
  });

  it("offers norms only for the RAN each grade can take", () => {
    expect(RAN_NORM_ROWS.map((r) => `${r.grade}:${r.testCode}`)).toEqual([
      "PK:object-ran",
      "K:object-ran",
      "1:letter-ran",
      "2:rer-letter-ran",
      "3:rer-letter-ran",
    ]);
  });
});
