import { ordinal } from "./ordinal";

/** Grades a student can be screened in (spec 001 §9). */
export const GRADES = ["PK", "K", "1", "2", "3"] as const;
export type Grade = (typeof GRADES)[number];

export function isGrade(value: unknown): value is Grade {
  return typeof value === "string" && (GRADES as readonly string[]).includes(value);
}

/**
 * Short grade label for tables and cards: PK, K, 1st, 2nd, 3rd, then Nth (spec 001 §9).
 * Accepts grades beyond 3 because rosters can carry them even though nothing is screened there.
 */
export function gradeLabel(grade: string | number): string {
  const text = String(grade).trim();
  if (text === "PK" || text === "K") return text;
  if (/^\d+$/.test(text)) return ordinal(Number(text));
  return text;
}

/** A grade inside a sentence: 'grade 2', 'grade K' (the short label '2nd' reads wrongly after 'grade'). */
export function gradeInText(grade: string | number): string {
  return `grade ${String(grade).trim()}`;
}

/** Grade values of the student form (spec 000 §3); MULTI is a roster value, not a screened grade. */
export const STUDENT_GRADE_VALUES = ["PK", "K", "1", "2", "3", "MULTI"] as const;
export type StudentGradeValue = (typeof STUDENT_GRADE_VALUES)[number];

// Spec 000 §3 writes "PK (Pre-K), K (Kindergarten)": we read the parentheses as the option
// labels of the stored values PK and K; the numeric grades and MULTI show as themselves.
export const STUDENT_GRADE_LABELS: Record<StudentGradeValue, string> = {
  PK: "Pre-K",
  K: "Kindergarten",
  "1": "1",
  "2": "2",
  "3": "3",
  MULTI: "MULTI",
};

export type StudentGradeOption = { value: StudentGradeValue; label: string };

/** Grade options for creating a student; grade 3 only with flag grade-3-student-create (spec 000 §3). */
export function studentGradeOptions(flags: { grade3StudentCreate: boolean }): StudentGradeOption[] {
  return STUDENT_GRADE_VALUES.filter((value) => value !== "3" || flags.grade3StudentCreate).map((value) => ({
    value,
    label: STUDENT_GRADE_LABELS[value],
  }));
}
