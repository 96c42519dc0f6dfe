import { ASSESSMENTS, isLetterTest, letterItems, type LetterTestCode, type TestCode } from "./assessments";
import { GRADES, type Grade } from "./grades";
import { PERIODS, type Period } from "./periods";

/**
 * Assessment definitions (spec 001 §3): one per test, with an id and questionGroups holding the
 * item list per grade and period. Only the two hand-scored letter tests have one: they are what
 * the letter score dialogs need (spec 001 §7). Every grade and period shares one list today; the
 * shape lets a district vary them, and the server validates submissions against the same lists.
 */
export type QuestionGroup = { grade: Grade; period: Period; items: string[] };
export type AssessmentDefinition = { id: LetterTestCode; title: string; questionGroups: QuestionGroup[] };

export function hasDefinition(testCode: string): testCode is LetterTestCode {
  return (Object.keys(ASSESSMENTS) as string[]).includes(testCode) && isLetterTest(testCode as TestCode);
}

export function assessmentDefinition(testCode: LetterTestCode): AssessmentDefinition {
  return {
    id: testCode,
    title: ASSESSMENTS[testCode].title,
    questionGroups: GRADES.flatMap((grade) => PERIODS.map((period) => ({ grade, period, items: letterItems(testCode) }))),
  };
}

/** The items of a letter test for a grade and period, or null when the definition has none. */
export function definitionItems(definition: AssessmentDefinition, grade: Grade, period: Period): string[] | null {
  return definition.questionGroups.find((g) => g.grade === grade && g.period === period)?.items ?? null;
}

/** Two hours (spec 001 §9: 72e5 ms), as seconds for Cache-Control. */
export const DEFINITION_MAX_AGE_SECONDS = 7200;
