import { describe, expect, it } from "vitest";
import { cutoffFor } from "./cutoffs";
import { GRADES, type Grade } from "./grades";
import { percentileBand } from "./percentile";
import { PERIODS, type Period } from "./periods";
import { displayRuleFor, formatScore } from "./display-rules";
import { gridCell, profileCell, PROFILE_KINDS, type ProfileKind } from "./results-grid";
import { flagMark } from "./results-labels";
import { PWR_LEGEND, pwrRiskLevel } from "./risk-category";
import { effectiveStandards, NO_EFFECTIVE_STANDARDS, pkRiskCutoffFor } from "./screening-standards";
import { cutoffPercent, gradeWords, whyProficiencyFlagged, whyProfileFlagged, whyScoreFlagged } from "./why-flagged";

const quiet = () => {};
/** A prekindergarten risk cutoff a district configured with its source (issue 34 item 4: the spec gives none). */
const PK_CUT = effectiveStandards({ pkRiskCutoff: { source: "District PK study, 2026", cutoffs: { BOY: 0.5, MOY: 0.5, EOY: 0.5 } } }, null);

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
    // Every decimal the cutoff has: rounded to 61.8% it would sit above a 61.76% score it flags as below.
    [0.6175, "61.75%"],
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
    // Issue 34 item 4: the prekindergarten risk is flagged only against a configured cutoff, whose source it names.
    [
      "the prekindergarten risk above a configured cutoff",
      "pkRisk",
      "PK",
      "MOY",
      0.9,
      "At risk",
      ["90%", "above 50%", "prekindergarten risk cutoff from District PK study, 2026"],
    ],
    ["the prekindergarten risk at a configured cutoff is not flagged", "pkRisk", "PK", "MOY", 0.5, null, []],
  ])("%s", (_name, kind, grade, period, score, band, parts) => {
    const why = whyProfileFlagged(kind, grade, period, score, quiet, PK_CUT);
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
            const cell = profileCell(kind, grade, period, { pwr: score, dyslexia: score, kready: score, pkRisk: score }, quiet, PK_CUT);
            const why = whyProfileFlagged(kind, grade, period, score, quiet, PK_CUT);
            const expected = cell.tone === "risk" ? "red" : cell.tone === "moderate" ? "amber" : null;
            expect(why?.tone ?? null, `${kind} ${grade} ${period} ${score}`).toBe(cell.state === "complete" ? expected : null);
          }
        }
      }
    }
  });
});

describe("whyProfileFlagged prints the value on the side of the cutoff or band edge it prints (issue 34 item 5)", () => {
  it.each<[string, ProfileKind, Grade, Period, number, string[]]>([
    [
      "dyslexia 0.1612 over 0.161 is not '16%'",
      "dyslexia",
      "K",
      "BOY",
      0.1612,
      ["the screener's dyslexia risk score is 16.12%.", "a score above 16.1% is flagged"],
    ],
    [
      "PWR 0.4295 under the grade 3 BOY cutoff 0.43 is not '43%'",
      "pwr",
      "3",
      "BOY",
      0.4295,
      ["at grade level at 42.95%.", "0% up to 43% is the High risk band"],
    ],
    [
      "PWR 0.33999 in grade 1's High band is not '34%'",
      "pwr",
      "1",
      "BOY",
      0.33999,
      ["at grade level at 33.999%.", "0% up to 34% is the High risk band"],
    ],
    ["PWR 0.34 starts the Moderate band", "pwr", "1", "BOY", 0.34, ["at 34%.", "34% up to 65.2% is the Moderate risk band"]],
    [
      "PWR 0.6205 under grade 1 EOY 0.621 keeps the grid's 62%",
      "pwr",
      "1",
      "EOY",
      0.6205,
      ["at 62%.", "20% up to 62.1% is the Moderate risk band"],
    ],
    ["PWR 0.6079 under kindergarten MOY 0.608", "pwr", "K", "MOY", 0.6079, ["at 60.79%.", "a score below 60.8% is flagged"]],
    [
      "readiness 0.5649 under 0.565 keeps the grid's 56%",
      "kready",
      "PK",
      "EOY",
      0.5649,
      ["score is 56%.", "a score below 56.5% means Emerging"],
    ],
    [
      "PK risk 0.504999 above 0.5 is not '50.5%' beside a 50% cell",
      "pkRisk",
      "PK",
      "MOY",
      0.504999,
      ["score is 50.4999%.", "a score above 50%"],
    ],
    ["clear of the cutoff the grid's whole percent is kept", "dyslexia", "3", "EOY", 0.4, ["score is 40%."]],
  ])("%s", (_name, kind, grade, period, score, parts) => {
    const why = whyProfileFlagged(kind, grade, period, score, quiet, PK_CUT);
    for (const part of parts) expect(why?.text).toContain(part);
  });

  /** Two printed decimals compared digit by digit ('16.100000000000003' > '16.1', which Number() would call equal). */
  function cmp(a: string, b: string): number {
    const [ai, af = ""] = a.split(".");
    const [bi, bf = ""] = b.split(".");
    const places = Math.max(af.length, bf.length);
    const x = BigInt(ai + af.padEnd(places, "0"));
    const y = BigInt(bi + bf.padEnd(places, "0"));
    return x < y ? -1 : x > y ? 1 : 0;
  }

  /** Every claim a sentence makes about its value: 'above X%', 'below X%', 'X% up to Y%'. */
  function claimsOf(text: string): { value: string; checks: [string, boolean][] } {
    const value = / (?:score is|at grade level at) (\d+(?:\.\d+)?)%\./.exec(text)?.[1] ?? "";
    const checks: [string, boolean][] = [];
    for (const [, above] of text.matchAll(/[Aa] score above (\d+(?:\.\d+)?)%/g))
      checks.push([`${value} > ${above}`, cmp(value, above!) > 0]);
    for (const [, below] of text.matchAll(/a score below (\d+(?:\.\d+)?)%/g)) checks.push([`${value} < ${below}`, cmp(value, below!) < 0]);
    for (const [, from, to] of text.matchAll(/(\d+(?:\.\d+)?)% up to (\d+(?:\.\d+)?)%/g))
      checks.push([`${from} ≤ ${value} < ${to}`, cmp(from!, value) <= 0 && cmp(value, to!) < 0]);
    return { value, checks };
  }

  const nextAfter = (x: number, direction: 1 | -1): number => {
    const bits = new DataView(new ArrayBuffer(8));
    bits.setFloat64(0, x);
    bits.setBigInt64(0, bits.getBigInt64(0) + BigInt(direction));
    return bits.getFloat64(0);
  };

  /** Scores around each edge: every ten-thousandth within ±0.6 points, finer steps and the neighbouring doubles. */
  function scoresAround(edge: number): number[] {
    const offsets = [0, 1e-9, 1e-7, 1e-6, 1e-5, 4.9e-5, 5e-5, 5.1e-5, 4.99e-4, 5e-4, 5.01e-4, 4.999e-3, 5e-3, 5.001e-3];
    const near = [...offsets.flatMap((o) => [edge + o, edge - o]), nextAfter(edge, 1), nextAfter(edge, -1)];
    for (let i = -60; i <= 60; i++) near.push(Math.round((edge + i / 10000) * 1e6) / 1e6);
    return near.filter((s) => s >= 0 && s <= 1);
  }

  it("for every grade, period, cutoff and band edge: the printed value sits on the printed side, and rounds to the grid's number", () => {
    let sentences = 0;
    for (const grade of GRADES) {
      for (const period of PERIODS) {
        const legend = PWR_LEGEND[grade]?.[period];
        const edges = [
          ...(["dyslexia", "pwr", "readiness"] as const).map((flag) => cutoffFor(flag, grade, period)),
          pkRiskCutoffFor(PK_CUT, period)?.cutoff,
          ...(legend ? [legend.High[1], legend.Moderate[1]].map((e) => e / 100) : []),
        ].filter((e): e is number => e !== undefined);
        for (const kind of PROFILE_KINDS.filter((k) => k !== "riskCategory")) {
          for (const score of edges.flatMap(scoresAround)) {
            const why = whyProfileFlagged(kind, grade, period, score, quiet, PK_CUT);
            if (!why) continue;
            const where = `${kind} ${grade} ${period} ${score}: ${why.text}`;
            const { value, checks } = claimsOf(why.text);
            expect(value, where).not.toBe("");
            if (kind !== "pkRisk") expect(checks.length, where).toBeGreaterThan(0);
            for (const [claim, ok] of checks) expect(ok, `${claim} in ${where}`).toBe(true);
            // The decimals only refine the cell's number: rounded half up, they give the grid's whole percent.
            const cell = profileCell(kind, grade, period, { pwr: score, dyslexia: score, kready: score, pkRisk: score }, quiet, PK_CUT);
            const [whole, fraction = ""] = value.split(".");
            const rounded = Number(whole) + (fraction >= "5" ? 1 : 0);
            expect(`${Math.min(99, Math.max(1, rounded))}%`, where).toBe(cell.text);
            if (kind === "pwr" && legend) expect(why.band, where).toBe(`${pwrRiskLevel(grade, period, score, quiet).band} risk`);
            sentences++;
          }
        }
      }
    }
    expect(sentences).toBeGreaterThan(1000);
  });
});

describe("without a configured prekindergarten risk cutoff (issue 34 item 4)", () => {
  it("never flags the prekindergarten risk, however high", () => {
    for (const period of PERIODS)
      for (const score of [0.5, 0.9, 1]) expect(whyProfileFlagged("pkRisk", "PK", period, score, quiet)).toBeNull();
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
      // A RAN percentile comes from configured norms: the same colour, explained by their source.
      const ran = whyScoreFlagged("letter-ran", "1", "BOY", p, "Riverside USD norms study, 2025");
      expect(ran?.tone ?? null, `RAN ${p}`).toBe(band === "well-below" ? "red" : band === "below" ? "amber" : null);
    }
  });

  it("a RAN's sentence names its norms' source, never 'students across the country' (issue 34 item 4)", () => {
    const why = whyScoreFlagged("letter-ran", "1", "BOY", 36, "Riverside USD norms study, 2025");
    expect(why?.text).toBe(
      "Letter RAN: the student scored at the 36th percentile of the RAN norms from Riverside USD norms study, 2025, faster than about 36 in 100 grade 1 students in those norms. " +
        "For grade 1 at the Beginning of Year (BOY), above the 20th and up to the 40th percentile is Below Benchmark (percentile bands, the same for every grade and period). " +
        "This means the skill is behind most students of the same grade; extra practice should help the student catch up.",
    );
    // Without a source there are no norms behind the number: no sentence at all.
    expect(whyScoreFlagged("letter-ran", "1", "BOY", 36)).toBeNull();
    expect(whyScoreFlagged("object-ran", "K", "BOY", 10, null)).toBeNull();
  });
});

describe("whyProficiencyFlagged: a 'Needs Support' cell explained (a theta below its configured cutoff)", () => {
  const SOURCE = "Consistency test values";
  /** A district's theta cutoffs: rer-blending, grade 3, MOY at `theta`; rer-deletion, kindergarten, BOY at 0.3. */
  const cutoffs = (theta: number) =>
    effectiveStandards(
      {
        abilityCutoffs: {
          source: SOURCE,
          cutoffs: [
            { grade: "3", testCode: "rer-blending", period: "MOY", theta },
            { grade: "K", testCode: "rer-deletion", period: "BOY", theta: 0.3 },
          ],
        },
      },
      null,
    );

  it("names the measure, the student's theta, the cutoff, the grade and period, both outcomes and the source by name", () => {
    const why = whyProficiencyFlagged("rer-blending", "3", "MOY", -0.6213, cutoffs(-0.4));
    expect(why).toEqual({
      measure: "RER Blending",
      tone: "amber",
      band: "Needs Support",
      text:
        "RER Blending: the student's ability score (theta) is -0.62. For grade 3 at the Middle of Year (MOY), a theta below -0.4 is Needs Support " +
        "and -0.4 or above is On Track (theta cutoff from Consistency test values). This means the skill is behind where the student's grade " +
        "is expected to be now; extra practice should help the student catch up.",
    });
    expect(why?.text).not.toContain("across the country");
  });

  it.each<[string, number, number, string | null]>([
    ["two decimals when they are clear of the cutoff", -0.6213, -0.4, "-0.62"],
    ["rounds onto the cutoff: the decimals that decide ('-0.40' would read as on it)", -0.4004, -0.4, "-0.4004"],
    ["rounds up onto a positive cutoff", 0.295, 0.3, "0.295"],
    ["a cutoff with more decimals, printed with all of them", 0.1189, 0.119, "0.1189"],
    ["on the cutoff is On Track: no explanation", -0.4, -0.4, null],
    ["above the cutoff: none", 1.2, -0.4, null],
  ])("the theta at the precision that decides: %s", (_name, theta, cutoff, shown) => {
    const why = whyProficiencyFlagged("rer-blending", "3", "MOY", theta, cutoffs(cutoff));
    if (shown === null) return expect(why).toBeNull();
    expect(why?.text).toContain(`theta) is ${shown}. `);
    expect(why?.text).toContain(`a theta below ${String(cutoff)} is Needs Support`);
  });

  it("a RAN's theta names the RAN norms it was placed by, as well as the cutoff's source", () => {
    const standards = effectiveStandards(
      { abilityCutoffs: { source: SOURCE, cutoffs: [{ grade: "3", testCode: "rer-letter-ran", period: "EOY", theta: 0 }] } },
      null,
    );
    expect(whyProficiencyFlagged("rer-letter-ran", "3", "EOY", -0.75, standards, "Riverside USD norms study, 2025")?.text).toContain(
      "RER Letter RAN: the student's ability score (theta, from the RAN norms from Riverside USD norms study, 2025) is -0.75. " +
        "For grade 3 at the End of Year (EOY), a theta below 0 is Needs Support and 0 or above is On Track (theta cutoff from Consistency test values).",
    );
  });

  it("nothing without a configured cutoff for the grade, test and period, or without a theta", () => {
    expect(whyProficiencyFlagged("rer-blending", "3", "MOY", -2, NO_EFFECTIVE_STANDARDS)).toBeNull();
    expect(whyProficiencyFlagged("rer-blending", "3", "BOY", -2, cutoffs(-0.4))).toBeNull();
    expect(whyProficiencyFlagged("rer-blending", "2", "MOY", -2, cutoffs(-0.4))).toBeNull();
    expect(whyProficiencyFlagged("rer-blending", "3", "MOY", null, cutoffs(-0.4))).toBeNull();
    expect(whyProficiencyFlagged("rer-deletion", "K", "BOY", 0.1, cutoffs(-0.4))?.text).toContain(
      "For kindergarten at the Beginning of Year (BOY)",
    );
  });

  it("stands beside exactly the cells that read 'Needs Support' with a ▼, for every theta around the cutoff", () => {
    const standards = cutoffs(-0.4);
    const options = { rerKindergarten: true, gr3InternalTestingDisplayRules: true };
    expect(displayRuleFor("3", "rer-blending", options)).toBe("proficiency");
    for (let theta = -0.45; theta <= -0.35; theta += 0.0001) {
      const test = {
        participantTestId: "t",
        testCode: "rer-blending" as const,
        startDtTm: "2026-01-10T10:00:00.000Z",
        endDtTm: "2026-01-10T10:05:00.000Z",
        updatedAt: "2026-01-10T10:05:00.000Z",
        completedFlag: true,
        invalid: null,
        abilityPercentile: 50,
        finalTheta: theta,
        correctItems: null,
        totalItems: null,
        correctByCode: null,
      };
      const cell = gridCell("rer-blending", "3", "MOY", true, test, { ...options, mode: "percentile", standards });
      const shown = formatScore("proficiency", { ...test, grade: "3", period: "MOY" }, standards).text;
      const why = whyProficiencyFlagged("rer-blending", "3", "MOY", theta, standards);
      expect(cell.text, String(theta)).toBe(shown);
      expect(Boolean(why), `${theta}: '${cell.text}${flagMark(cell)}'`).toBe(flagMark(cell) === "▼");
      expect(Boolean(why), String(theta)).toBe(cell.text === "Needs Support");
    }
  });
});
