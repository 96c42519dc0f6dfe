import { describe, expect, it } from "vitest";
import { ASSESSMENTS, type TestCode } from "./assessments";
import type { Grade } from "./grades";
import { PERIODS, type Period } from "./periods";
import {
  PK_PROFICIENCY_CUTOFFS_READING_A,
  PK_PROFICIENCY_CUTOFFS_READING_B,
  PK_PROFICIENCY_READING_IN_FORCE,
  PROFICIENCY_CUTOFFS,
  PROVISIONAL_ABILITY_CUTOFFS,
  findProficiencyCutoff,
  isOnTrack,
  proficiencyCutoff,
} from "./proficiency";

const EPS = 1e-9;

describe("PK proficiency cutoffs (mapping is ours, values are the spec's)", () => {
  const rows: [TestCode, number][] = [
    ["letter-names", -0.52],
    ["letter-sounds", -0.33],
    ["vocab", -1],
    ["rhyming", -0.585],
    ["first-sounds", 0],
    ["follow-directions", 0],
    ["object-ran", -0.95],
  ];
  const cases = rows.flatMap(([code, cutoff]) => PERIODS.map((p) => [code, p, cutoff] as const));

  it.each(cases)("PK %s %s: on track at or above %s", (code, period, cutoff) => {
    expect(proficiencyCutoff("PK", code, period)).toBe(cutoff);
    expect(isOnTrack("PK", code, period, cutoff)).toBe(true);
    expect(isOnTrack("PK", code, period, cutoff + EPS)).toBe(true);
    expect(isOnTrack("PK", code, period, cutoff - EPS)).toBe(false);
  });

  it("uses every spec value exactly once, in order", () => {
    const values = Object.values(PK_PROFICIENCY_CUTOFFS_READING_A).map((p) => p?.BOY);
    expect(values).toEqual([-0.52, -0.33, -1, -0.585, 0, 0, -0.95]);
  });

  it("keeps the -1.5 reading as its own table, with reading A in force", () => {
    expect(PK_PROFICIENCY_CUTOFFS_READING_B.vocab).toEqual({ BOY: -1.5, MOY: -1.5, EOY: -1.5 });
    expect(PK_PROFICIENCY_CUTOFFS_READING_B.rhyming).toEqual(PK_PROFICIENCY_CUTOFFS_READING_A.rhyming);
    expect(PK_PROFICIENCY_READING_IN_FORCE).toBe("A");
    expect(PROFICIENCY_CUTOFFS.PK).toBe(PK_PROFICIENCY_CUTOFFS_READING_A);
  });
});

describe("provisional ability cutoffs", () => {
  const rows: [Grade, number][] = [
    ["K", -0.5],
    ["1", 0],
    ["2", 0.5],
    ["3", 1],
  ];

  it.each(rows)("grade %s: every ability test, every period → %s", (grade, cutoff) => {
    const tests = Object.keys(PROVISIONAL_ABILITY_CUTOFFS[grade] ?? {}) as TestCode[];
    expect(tests.length).toBeGreaterThan(0);
    for (const code of tests) {
      expect(ASSESSMENTS[code].scoring).toBe("ability");
      for (const period of PERIODS) {
        expect(proficiencyCutoff(grade, code, period)).toBe(cutoff);
        expect(isOnTrack(grade, code, period, cutoff)).toBe(true);
        expect(isOnTrack(grade, code, period, cutoff - EPS)).toBe(false);
      }
    }
  });

  it("has no PK entry of its own", () => {
    expect(PROVISIONAL_ABILITY_CUTOFFS.PK).toBeUndefined();
  });
});

describe("missing cutoffs", () => {
  it.each<[Grade, TestCode, Period]>([
    ["K", "vocab", "BOY"],
    ["1", "letter-names", "EOY"],
    ["PK", "rer-word-reading", "MOY"],
    ["3", "word-reading", "BOY"],
  ])("%s %s %s throws", (grade, code, period) => {
    expect(findProficiencyCutoff(grade, code, period)).toBeUndefined();
    expect(() => proficiencyCutoff(grade, code, period)).toThrow(
      `No proficiency cutoff for grade ${grade}, test ${code}, period ${period}`,
    );
    expect(() => isOnTrack(grade, code, period, 5)).toThrow(/No proficiency cutoff/);
  });
});
