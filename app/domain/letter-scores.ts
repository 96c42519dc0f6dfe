import { assessmentDefinition, definitionItems } from "./assessment-definitions";
import { ASSESSMENTS, type LetterTestCode } from "./assessments";
import { gradeInText, isGrade } from "./grades";
import { sortLetters, type LetterOrder } from "./letters";
import { PERIOD_LABELS, type Period } from "./periods";
import { gradeTestLists } from "./results-grid";

// Hand-entered letter name and letter sound scores (spec 001 §4 'Letter score edit', §5): which
// entries are allowed, and the scores the server stores. The API answers a refusal with 422 and
// scoring errors with 400, in these words.

export type LetterResponse = { questionCode: string; score: 0 | 1 };
export type ScoredLetters = { correctByCode: Record<string, 0 | 1>; correctItems: number; totalItems: number };

/**
 * Why the district's config refuses a letter test for a grade in a period (spec 001 §5, in words
 * a teacher can act on), or null when it applies.
 */
export function letterTestRefusal(
  period: { periodName: Period; GradeAssessmentLists: readonly { grade: string; testCodes: string }[] },
  grade: string,
  testCode: LetterTestCode,
): string | null {
  const lists = gradeTestLists(period.GradeAssessmentLists);
  const label = PERIOD_LABELS[period.periodName];
  if (!isGrade(grade) || !lists[grade]) return `Grade ${String(grade).trim()} is missing from the district's assessment list for ${label}.`;
  if (!lists[grade]!.includes(testCode)) return `${ASSESSMENTS[testCode].title} does not apply to ${gradeInText(grade)} in ${label}.`;
  return null;
}

/**
 * The one item rule: the items a letter test shows and scores for a grade and period (the test's
 * definition), A–Z then the digraphs, or in the product's teaching order when the teacher chose
 * it (./letters.ts); or the refusal when the definition has none. The API checks a save against
 * it, the dialog shows it, and the dialog's action reads the ticked boxes against it.
 */
export function letterItemsFor(
  testCode: LetterTestCode,
  grade: string,
  period: Period,
  order: LetterOrder = "alphabetical",
): { items: string[] } | { refusal: string } {
  const items = isGrade(grade) ? definitionItems(assessmentDefinition(testCode), grade, period) : null;
  if (items) return { items: sortLetters(items, order) };
  return { refusal: `No ${ASSESSMENTS[testCode].title} items are defined for ${gradeInText(grade)} in ${PERIOD_LABELS[period]}.` };
}

/**
 * Item scores checked against the item list: every item scored exactly once, nothing else. The
 * scores in item order and the counts the server stores (correct against the list length), or
 * one error per problem.
 */
export function scoreLetters(
  items: readonly string[],
  responses: readonly LetterResponse[],
): { scored: ScoredLetters } | { errors: string[] } {
  const known = new Set(items);
  const seen = new Set<string>();
  const errors: string[] = [];
  for (const r of responses) {
    if (!known.has(r.questionCode)) errors.push(`responses: unknown item ${r.questionCode}`);
    else if (seen.has(r.questionCode)) errors.push(`responses: ${r.questionCode} appears twice`);
    seen.add(r.questionCode);
  }
  const missing = items.filter((i) => !seen.has(i));
  if (missing.length > 0) errors.push(`responses: missing ${missing.join(", ")}`);
  if (errors.length > 0) return { errors };
  const correctByCode = Object.fromEntries(items.map((i) => [i, responses.find((r) => r.questionCode === i)!.score]));
  const correctItems = Object.values(correctByCode).filter((v) => v === 1).length;
  return { scored: { correctByCode, correctItems, totalItems: items.length } };
}

/**
 * Whether new scores differ from the stored ones. A percentile or theta the screener computed
 * from the old answers no longer describes a test once a person changes an item.
 */
export function letterScoresChanged(previous: Readonly<Record<string, number>> | null, next: Readonly<Record<string, number>>): boolean {
  return (
    !previous ||
    Object.entries(next).some(([code, score]) => previous[code] !== score) ||
    Object.keys(previous).length !== Object.keys(next).length
  );
}
