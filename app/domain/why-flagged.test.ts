import { describe, expect, it } from "vitest";
import { GRADES, type Grade } from "./grades";
import { percentileBand } from "./percentile";
import { PERIODS, type Period } from "./periods";
import { profileCell, PROFILE_KINDS, type ProfileKind } from "./results-grid";
import { cutoffPercent, gradeWords, whyProfileFlagged, whyScoreFlagged } from "./why-flagged";

const quiet = () => {};

describe("words", () => {
  it.each<[Grade, string]>([
    ["PK", "prekindergarten"],
    ["K", "kindergarten"],
    ["1", "grade 1"],
    ["3", "grade 3"],
  ])("grade %s → %s", (grade, words) => expect(gradeWords(grade)).toBe(words));

  it.each<[number, string]>([
    [0.161, "16.1%"],
    [0.43, "43%"],
    [0.565, "56.5%"],
    [0.6175, "61.8%"],
  ])("cutoff %f → %s", (cutoff, text) => expect(cutoffPercent(cutoff)).toBe(text));
});

describe("whyProfileFlagged: every sentence names the measure, the value, the cutoff with grade, period and table, and the band", () => {
  it.each<[string, ProfileKind, Grade, Period, number, string | null, string[]]>([
    [
      "dyslexia above the kindergarten BOY cutoff",
      "dyslexia",
      "K",
      "BOY",
      0.23,
      "At risk",
      [
        "Risk Flag: the screener's dyslexia risk score is 23%.",
        "For kindergarten at the Beginning of Year (BOY), a score above 16.1% is flagged as at risk",
        "(dyslexia risk cutoffs, kindergarten table by period)",
        "not a diagnosis",
      ],
    ],
    [
      "dyslexia above the grade 3 EOY cutoff",
      "dyslexia",
      "3",
      "EOY",
      0.4,
      "At risk",
      ["40%", "For grade 3 at the End of Year (EOY), a score above 32.8%", "(dyslexia risk cutoffs, grade 3)"],
    ],
    ["dyslexia on the cutoff is not flagged", "dyslexia", "1", "MOY", 0.123, null, []],
    ["dyslexia below the cutoff is not flagged", "dyslexia", "2", "BOY", 0.1, null, []],
    [
      "PWR in the grade 1 High risk band",
      "pwr",
      "1",
      "MOY",
      0.2,
      "High risk",
      [
        "Potential For Word Reading: the screener puts the student's chance of reading words at grade level at 20%.",
        "For grade 1 at the Middle of Year (MOY), 0% up to 34% is the High risk band (potential for word reading legend, grade 1)",
        "likely to need extra help",
      ],
    ],
    [
      "PWR in the grade 2 Moderate band",
      "pwr",
      "2",
      "EOY",
      0.4,
      "Moderate risk",
      // The risk ends at the cutoff (52.8%), inside the legend's 28–53 Moderate band (issue 12).
      ["40%", "For grade 2 at the End of Year (EOY), 28% up to 52.8% is the Moderate risk band", "may need extra help"],
    ],
    ["PWR in the Low risk band is not flagged", "pwr", "3", "BOY", 0.6, null, []],
    [
      "PWR below the kindergarten cutoff (no legend there)",
      "pwr",
      "K",
      "MOY",
      0.5,
      "At risk",
      [
        "50%",
        "For kindergarten at the Middle of Year (MOY), a score below 60.8% is flagged as at risk",
        "(potential for word reading cutoffs, kindergarten)",
      ],
    ],
    ["PWR at the kindergarten cutoff is not flagged", "pwr", "K", "BOY", 0.617, null, []],
    ["PWR is not calculated at kindergarten EOY", "pwr", "K", "EOY", 0.1, null, []],
    [
      "reading readiness Emerging",
      "kready",
      "PK",
      "EOY",
      0.4,
      "Emerging",
      [
        "Reading Readiness: the screener's reading readiness score is 40%.",
        "For prekindergarten at the End of Year (EOY), a score below 56.5% means Emerging (reading readiness cutoffs, prekindergarten)",
        "still developing",
      ],
    ],
    ["reading readiness Ready is not flagged", "kready", "PK", "EOY", 0.6, null, []],
    ["reading readiness has no cutoff at BOY", "kready", "PK", "BOY", 0.1, null, []],
    // Issue 12 item 13: the prekindergarten risk is flagged like the others (provisional cutoff 0.5).
    ["the prekindergarten risk above the provisional cutoff", "pkRisk", "PK", "MOY", 0.9, "At risk", ["90%", "above 50%", "provisional"]],
    ["the prekindergarten risk at the provisional cutoff is not flagged", "pkRisk", "PK", "MOY", 0.5, null, []],
  ])("%s", (_name, kind, grade, period, score, band, parts) => {
    const why = whyProfileFlagged(kind, grade, period, score, quiet);
    if (band === null) {
      expect(why).toBeNull();
      return;
    }
    expect(why?.band).toBe(band);
    for (const part of parts) expect(why?.text).toContain(part);
  });

  it("explains exactly the cells the profile colours, with the same tone, for every grade, period and score", () => {
    const scores = Array.from({ length: 101 }, (_, i) => i / 100);
    // The Risk Category is a grid column the student profile does not list; it has no sentence.
    for (const kind of PROFILE_KINDS.filter((k) => k !== "riskCategory")) {
      for (const grade of GRADES) {
        for (const period of PERIODS) {
          for (const score of scores) {
            const cell = profileCell(kind, grade, period, { pwr: score, dyslexia: score, kready: score, pkRisk: score }, quiet);
            const why = whyProfileFlagged(kind, grade, period, score, quiet);
            const expected = cell.tone === "risk" ? "red" : cell.tone === "moderate" ? "amber" : null;
            expect(why?.tone ?? null, `${kind} ${grade} ${period} ${score}`).toBe(cell.state === "complete" ? expected : null);
          }
        }
      }
    }
  });
});

describe("whyScoreFlagged", () => {
  it.each<[string, Grade, Period, number | null, string | null, string[]]>([
    [
      "well below benchmark",
      "K",
      "MOY",
      15,
      "Well Below Benchmark",
      [
        "Vocabulary: the student scored at the 15th percentile, higher than about 15 in 100 kindergarten students across the country.",
        "For kindergarten at the Middle of Year (MOY), the 20th percentile or lower is Well Below Benchmark (national percentile bands, the same for every grade and period).",
        "needs focused help",
      ],
    ],
    ["on the 20th is still well below", "1", "BOY", 20, "Well Below Benchmark", ["20th percentile", "grade 1"]],
    [
      "below benchmark",
      "2",
      "EOY",
      33,
      "Below Benchmark",
      [
        "33rd percentile",
        "For grade 2 at the End of Year (EOY), above the 20th and up to the 40th percentile is Below Benchmark",
        "catch up",
      ],
    ],
    ["rounded as shown: 40.4 shows as 40th, below", "K", "BOY", 40.4, "Below Benchmark", ["40th percentile"]],
    ["rounded as shown: 40.6 shows as 41st, not flagged", "K", "BOY", 40.6, null, []],
    ["a low value is clamped to the 1st", "K", "BOY", 0, "Well Below Benchmark", ["1st percentile"]],
    ["at or above benchmark is not flagged", "K", "BOY", 75, null, []],
    ["no percentile, no flag", "K", "BOY", null, null, []],
  ])("%s", (_name, grade, period, percentile, band, parts) => {
    const why = whyScoreFlagged("vocab", grade, period, percentile);
    if (band === null) {
      expect(why).toBeNull();
      return;
    }
    expect(why?.band).toBe(band);
    expect(why?.tone).toBe(band === "Well Below Benchmark" ? "red" : "amber");
    for (const part of parts) expect(why?.text).toContain(part);
  });

  it("agrees with the benchmark colour for every percentile", () => {
    for (let p = 0; p <= 100; p += 0.5) {
      const band = percentileBand(p);
      const why = whyScoreFlagged("blending", "1", "BOY", p);
      expect(why?.tone ?? null, String(p)).toBe(band === "well-below" ? "red" : band === "below" ? "amber" : null);
    }
  });
});
