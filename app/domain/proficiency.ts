import { ASSESSMENTS, TEST_CODES, type TestCode } from "./assessments";
import { GRADES, type Grade } from "./grades";
import type { Period } from "./periods";

export type TestCutoffs = Partial<Record<TestCode, Partial<Record<Period, number>>>>;
export type ProficiencyTable = Partial<Record<Grade, TestCutoffs>>;

function samePeriods(value: number): Record<Period, number> {
  return { BOY: value, MOY: value, EOY: value };
}

/**
 * Spec 001 §9 lists the prekindergarten theta cutoffs as -0.52, -0.33, -1 or -1.5, -0.585, 0, 0
 * and -0.95 but does NOT say which test or period each belongs to. There are seven values and
 * seven tests in the default PK set (assessments.ts), so we give them, in order, to those tests
 * and use each for all three periods. Replace this mapping when the real one is known.
 * The third value has two readings; both tables are kept.
 */
const PK_TESTS_IN_ORDER: readonly TestCode[] = [
  "letter-names",
  "letter-sounds",
  "vocab",
  "rhyming",
  "first-sounds",
  "follow-directions",
  "object-ran",
];
function pkTable(thirdValue: number): TestCutoffs {
  const values = [-0.52, -0.33, thirdValue, -0.585, 0, 0, -0.95];
  return Object.fromEntries(PK_TESTS_IN_ORDER.map((code, i) => [code, samePeriods(values[i])]));
}
export const PK_PROFICIENCY_CUTOFFS_READING_A: TestCutoffs = pkTable(-1);
export const PK_PROFICIENCY_CUTOFFS_READING_B: TestCutoffs = pkTable(-1.5);

/** Reading A (-1) is in force: the spec names it first; -1.5 is the stricter alternative. */
export const PK_PROFICIENCY_READING_IN_FORCE = "A" as const;

/**
 * PROVISIONAL: the specs give no theta cutoffs outside PK. Ability-scored (RER) tests need one in
 * kindergarten and grade 1 (proficiency display, next steps) and in grades 2–3 (next steps), so we
 * use one value per grade, rising with the grade on the shared theta scale, for every ability
 * test and period. Product must confirm these before any decision rests on them.
 */
export const PROVISIONAL_ABILITY_THETA_BY_GRADE: Partial<Record<Grade, number>> = {
  K: -0.5,
  "1": 0,
  "2": 0.5,
  "3": 1,
};
const ABILITY_TESTS = TEST_CODES.filter((code) => ASSESSMENTS[code].scoring === "ability");
export const PROVISIONAL_ABILITY_CUTOFFS: ProficiencyTable = Object.fromEntries(
  GRADES.filter((grade) => PROVISIONAL_ABILITY_THETA_BY_GRADE[grade] !== undefined).map((grade) => [
    grade,
    Object.fromEntries(ABILITY_TESTS.map((code) => [code, samePeriods(PROVISIONAL_ABILITY_THETA_BY_GRADE[grade] as number)])),
  ]),
);

export const PROFICIENCY_CUTOFFS: ProficiencyTable = {
  ...PROVISIONAL_ABILITY_CUTOFFS,
  PK: PK_PROFICIENCY_CUTOFFS_READING_A,
};

export function findProficiencyCutoff(grade: Grade, testCode: TestCode, period: Period): number | undefined {
  return PROFICIENCY_CUTOFFS[grade]?.[testCode]?.[period];
}

/** The theta cutoff; a missing one is a configuration error and throws (spec 001 §5). */
export function proficiencyCutoff(grade: Grade, testCode: TestCode, period: Period): number {
  const cutoff = findProficiencyCutoff(grade, testCode, period);
  if (cutoff === undefined) {
    throw new Error(`No proficiency cutoff for grade ${grade}, test ${testCode}, period ${period}`);
  }
  return cutoff;
}

/** On track when the final theta is at or above the cutoff. */
export function isOnTrack(grade: Grade, testCode: TestCode, period: Period, finalTheta: number): boolean {
  return finalTheta >= proficiencyCutoff(grade, testCode, period);
}
