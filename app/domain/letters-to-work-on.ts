import { letterOfItem, type LetterTestCode } from "./assessments";
import { sortLetters } from "./letters";

// Letters to work on (issue 40 item 3, issue 39 item 7; docs/features/support-groups.md): from
// each student's latest letter entry of each test (a benchmark test or a progress probe between
// benchmarks), the letters that entry scored incorrect. A letter the latest entry scored correct
// is no longer to work on, whatever an older entry said; a letter the latest entry did not test
// is not claimed either way. Pure: no I/O.

export const LETTER_TESTS: readonly LetterTestCode[] = ["letter-names", "letter-sounds"];

/** One stored letter entry: a finished letter name or letter sound test of a student. */
export type LetterEntry = {
  participantId: string;
  testCode: LetterTestCode;
  /** A benchmark test (participant_test) or a progress probe between benchmarks (issue 39 item 5). */
  source: "benchmark" | "probe";
  entryId: string;
  /** When the entry was given (the test's start), an ISO instant: the latest is the one that counts. */
  at: string;
  /** When it was last saved, for two entries given at the same instant. */
  savedAt: string;
  /** Item code ('LN_B', 'LS_TH') → 1 correct, 0 incorrect. */
  correctByCode: Readonly<Record<string, number>> | null;
};

/** The latest entry of one test of one student and the letters it missed, A–Z then CH, SH, TH. */
export type TestLetters = { testCode: LetterTestCode; source: LetterEntry["source"]; entryId: string; at: string; missed: string[] };

export type StudentLetters = { participantId: string; tests: TestLetters[] };

/** The letters an entry scored incorrect (0), A–Z then the digraphs. Items that are not letters are ignored. */
export function missedLetters(correctByCode: Readonly<Record<string, number>> | null): string[] {
  if (!correctByCode) return [];
  const missed: string[] = [];
  for (const [code, score] of Object.entries(correctByCode)) {
    if (score !== 0 || !/^L[NS]_[A-Z]{1,2}$/.test(code)) continue;
    missed.push(letterOfItem(code));
  }
  return sortLetters([...new Set(missed)]);
}

const later = (a: LetterEntry, b: LetterEntry) =>
  a.at !== b.at
    ? Date.parse(a.at) > Date.parse(b.at)
    : a.savedAt !== b.savedAt
      ? Date.parse(a.savedAt) > Date.parse(b.savedAt)
      : a.entryId > b.entryId;

/**
 * Per student (in the order they first appear), the latest entry of each letter test (letter
 * names, then letter sounds) with the letters it missed. Entries without item scores are left
 * out: they say nothing about letters.
 */
export function lettersToWorkOn(entries: readonly LetterEntry[]): StudentLetters[] {
  const latest = new Map<string, Map<LetterTestCode, LetterEntry>>();
  for (const e of entries) {
    if (!e.correctByCode) continue;
    let byTest = latest.get(e.participantId);
    if (!byTest) latest.set(e.participantId, (byTest = new Map()));
    const held = byTest.get(e.testCode);
    if (!held || later(e, held)) byTest.set(e.testCode, e);
  }
  return [...latest].map(([participantId, byTest]) => ({
    participantId,
    tests: LETTER_TESTS.flatMap((testCode) => {
      const e = byTest.get(testCode);
      return e ? [{ testCode, source: e.source, entryId: e.entryId, at: e.at, missed: missedLetters(e.correctByCode) }] : [];
    }),
  }));
}

/** How many students' latest entries of a test miss each letter: most first, then A–Z and the digraphs. */
export function mostMissed(students: readonly StudentLetters[], testCode: LetterTestCode): { letter: string; students: number }[] {
  const counts = new Map<string, number>();
  for (const s of students)
    for (const t of s.tests) if (t.testCode === testCode) for (const l of t.missed) counts.set(l, (counts.get(l) ?? 0) + 1);
  const order = new Map(sortLetters([...counts.keys()]).map((l, i) => [l, i]));
  return [...counts]
    .map(([letter, n]) => ({ letter, students: n }))
    .sort((a, b) => b.students - a.students || order.get(a.letter)! - order.get(b.letter)!);
}

/**
 * Missed letters as a cell shows them: the first `room` letters and how many more ('+3'). The
 * room is a matter of the cell's width, not of the child: the full list is in the cell's words.
 */
export function compactLetters(letters: readonly string[], room = 6): { shown: string[]; more: number } {
  if (letters.length <= room) return { shown: [...letters], more: 0 };
  return { shown: letters.slice(0, room - 1), more: letters.length - (room - 1) };
}

/** 'B (12 students), D (10), F (1)': the unit once, after the first count. */
export function mostMissedText(rows: readonly { letter: string; students: number }[]): string {
  return rows.map((r, i) => `${r.letter} (${r.students}${i === 0 ? (r.students === 1 ? " student" : " students") : ""})`).join(", ");
}
