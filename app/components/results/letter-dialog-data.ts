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
      /** The test's updatedAt as read: a save from it over a newer one is refused, not written over (issue 40 item 1). */
      version: string | null;
      /** This opening's Idempotency-Key: a save sent again (a double post, a retry after the network came back) saves once. */
      saveKey: string;
      /** Item codes in display order, with the letter each shows. */
      items: { code: string; letter: string }[];
      scores: Record<string, 0 | 1>;
      /** Read-only view: both letter tests by letter. */
      letters: string[];
      rows: LetterRow[];
    };

/** Scores saved by someone else after the dialog read them (issue 40 item 1): hers and the stored ones, in a teacher's words. */
export type LetterConflict = {
  message: string;
  mine: { correct: number; of: number; missed: string[] };
  saved: { correct: number; of: number; missed: string[] };
  /** The stored test's version and id: a deliberate second save ('Keep mine') goes over them. */
  version: string;
  participantTestId: string;
};
