import type { LetterTestCode } from "#app/domain/assessments";
import type { Period } from "#app/domain/periods";

// What the letter score dialog shows: the classroom loader builds it, the dialog renders it.

export type LetterRow = {
  testCode: LetterTestCode;
  title: string;
  participantTestId: string | null;
  submitted: string | null;
  applies: boolean;
  /** item code by letter, null where the test has no such item */
  scores: Record<string, 0 | 1 | null>;
};

export type LetterDialogData =
  | { kind: "error"; message: string }
  | {
      kind: "ready";
      mode: "edit" | "view";
      fromView: boolean;
      participantId: string;
      studentName: string;
      grade: string;
      period: Period;
      testCode: LetterTestCode;
      testTitle: string;
      participantTestId: string | null;
      /** Item codes in display order, with the letter each shows. */
      items: { code: string; letter: string }[];
      scores: Record<string, 0 | 1>;
      /** Read-only view: both letter tests by letter. */
      letters: string[];
      rows: LetterRow[];
    };
