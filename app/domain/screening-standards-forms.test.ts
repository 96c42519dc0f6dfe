import { describe, expect, it } from "vitest";
import { AbilityCutoffsForm, PkRiskCutoffForm, RanNormsForm, standardsFormValues, STANDARDS_INTENTS } from "./screening-standards-forms";

// The tab's forms as conform hands them over: blanks left out, dotted names as nested objects.

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));

describe("RAN norms form", () => {
  const base = { intent: STANDARDS_INTENTS.ranNorms, source: "Riverside USD norms study, 2025" };

  it("turns the filled cells into the API's norms, skipping blank periods", () => {
    const parsed = RanNormsForm.safeParse({
      ...base,
      ran: { "letter-ran": { "1": { BOY: { mean: "48", sd: "12.5" } } }, "object-ran": { K: { EOY: { mean: " 59 ", sd: "16" } } } },
    });
    expect(parsed.success && parsed.data).toEqual({
      source: base.source,
      norms: [
        { testCode: "object-ran", grade: "K", period: "EOY", meanSecs: 59, sdSecs: 16 },
        { testCode: "letter-ran", grade: "1", period: "BOY", meanSecs: 48, sdSecs: 12.5 },
      ],
    });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ["nothing filled", {}, { "": "Enter at least one figure, or clear this kind instead." }],
    [
      "a mean without its spread",
      { "letter-ran": { "1": { MOY: { mean: "44" } } } },
      { "ran.letter-ran.1.MOY.sd": "Give both the mean and the spread, or neither." },
    ],
    [
      "words and a zero",
      { "letter-ran": { "1": { MOY: { mean: "fast", sd: "0" } } } },
      {
        "ran.letter-ran.1.MOY.mean": "The mean must be a number of seconds greater than 0.",
        "ran.letter-ran.1.MOY.sd": "The spread (standard deviation) must be a number of seconds greater than 0.",
      },
    ],
  ])("refuses %s, at the field", (_, ran, errors) => {
    expect(errorsOf(RanNormsForm.safeParse({ ...base, ran }))).toEqual(errors);
  });

  it("needs a source", () => {
    expect(Object.keys(errorsOf(RanNormsForm.safeParse({ intent: base.intent, ran: {} })))).toContain("source");
  });
});

describe("PK risk cutoff form", () => {
  const base = { intent: STANDARDS_INTENTS.pkRiskCutoff, source: "District PK study" };
  it.each<[string, unknown, unknown, Record<string, string>]>([
    ["one period", { MOY: "0.35" }, { source: base.source, cutoffs: { MOY: 0.35 } }, {}],
    ["a percent typed as 35", { MOY: "35" }, null, { "pk.MOY": "A cutoff must be a number from 0 to 1." }],
    ["nothing", undefined, null, { "": "Enter at least one figure, or clear this kind instead." }],
  ])("%s", (_, pk, value, errors) => {
    const parsed = PkRiskCutoffForm.safeParse({ ...base, pk });
    expect(errorsOf(parsed)).toEqual(errors);
    if (value) expect(parsed.success && parsed.data).toEqual(value);
  });
});

describe("theta cutoffs form", () => {
  const base = { intent: STANDARDS_INTENTS.abilityCutoffs, source: "State theta table" };
  it("reads each grade × test × period cell", () => {
    const parsed = AbilityCutoffsForm.safeParse({ ...base, theta: { "2": { "rer-deletion": { BOY: "-0.4", EOY: "0" } } } });
    expect(parsed.success && parsed.data).toEqual({
      source: base.source,
      cutoffs: [
        { grade: "2", testCode: "rer-deletion", period: "BOY", theta: -0.4 },
        { grade: "2", testCode: "rer-deletion", period: "EOY", theta: 0 },
      ],
    });
  });
  it("ignores a test the grade does not take (no such field is shown)", () => {
    expect(errorsOf(AbilityCutoffsForm.safeParse({ ...base, theta: { "1": { "rer-deletion": { BOY: "0" } } } }))).toEqual({
      "": "Enter at least one figure, or clear this kind instead.",
    });
  });
  it("refuses a theta out of range at its field", () => {
    expect(errorsOf(AbilityCutoffsForm.safeParse({ ...base, theta: { "3": { "rer-word-reading": { MOY: "7" } } } }))).toEqual({
      "theta.3.rer-word-reading.MOY": "A theta cutoff must be a number from -6 to 6.",
    });
  });
});

describe("the form starts from the district's own figures", () => {
  it("as field values", () => {
    expect(
      standardsFormValues(
        {
          ranNorms: { source: "R", norms: [{ testCode: "object-ran", grade: "PK", period: "BOY", meanSecs: 70, sdSecs: 19 }] },
          pkRiskCutoff: { source: "P", cutoffs: { EOY: 0.3 } },
          abilityCutoffs: null,
        },
        "ranNorms",
      ),
    ).toEqual({ source: "R", "ran.object-ran.PK.BOY.mean": "70", "ran.object-ran.PK.BOY.sd": "19" });
  });
  it("empty when the district has none", () => {
    expect(standardsFormValues({ ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null }, "abilityCutoffs")).toEqual({});
  });
});
