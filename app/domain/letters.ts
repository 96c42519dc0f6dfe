import { letterOfItem } from "./assessments";

/** Digraphs go after Z in every order (spec 001 §9); they are letter-sound items only. */
export const DIGRAPH_ORDER = ["CH", "SH", "TH"] as const;

/**
 * The product's own order, the second side of the letter-order toggle: letters in the order
 * they are commonly taught (s a t p i n first, so early wins show up front), which is how
 * teachers read a letter inventory. The specs do not define this order; this is our choice.
 */
export const PRODUCT_LETTER_ORDER: readonly string[] = [
  "S",
  "A",
  "T",
  "P",
  "I",
  "N",
  "M",
  "D",
  "G",
  "O",
  "C",
  "K",
  "E",
  "U",
  "R",
  "H",
  "B",
  "F",
  "L",
  "J",
  "V",
  "W",
  "X",
  "Y",
  "Z",
  "Q",
];

export type LetterOrder = "alphabetical" | "product";

// Accepts plain letters ('A', 'TH') and item codes ('LN_A', 'LS_TH') alike.
function letterKey(value: string): string {
  return /^L[NS]_/.test(value) ? letterOfItem(value) : value.toUpperCase();
}

function rank(letter: string, order: LetterOrder): [group: number, position: number, tie: string] {
  const digraph = (DIGRAPH_ORDER as readonly string[]).indexOf(letter);
  if (digraph >= 0) return [1, digraph, letter];
  if (order === "product") {
    const position = PRODUCT_LETTER_ORDER.indexOf(letter);
    if (position >= 0) return [0, position, letter];
    return [2, 0, letter]; // unknown items last, alphabetically, rather than lost
  }
  return letter.length === 1 ? [0, 0, letter] : [2, 0, letter];
}

/** A sorted copy: A–Z (or the product order), then CH, SH, TH, then anything unknown. */
export function sortLetters<T extends string>(letters: readonly T[], order: LetterOrder = "alphabetical"): T[] {
  return [...letters].sort((a, b) => {
    const [ga, pa, ta] = rank(letterKey(a), order);
    const [gb, pb, tb] = rank(letterKey(b), order);
    return ga - gb || pa - pb || (ta < tb ? -1 : ta > tb ? 1 : 0);
  });
}

/** Item scores keyed by item code: 1 correct, 0 incorrect (spec 001 §3 correctByCode). */
export type LetterScores = Record<string, 0 | 1>;

/** Starting scores for the edit dialog: every item 0 for a new test, else the saved results. */
export function initialLetterScores(items: readonly string[], saved?: Readonly<Record<string, number>> | null): LetterScores {
  return Object.fromEntries(items.map((item) => [item, saved?.[item] === 1 ? 1 : 0]));
}

export function toggleLetterScore(scores: LetterScores, item: string): LetterScores {
  return { ...scores, [item]: scores[item] === 1 ? 0 : 1 };
}

/** Correct letters counted against the length of the list (spec 001 §2). */
export function countCorrect(items: readonly string[], scores: Readonly<Record<string, number>>): { correct: number; total: number } {
  const correct = items.filter((item) => scores[item] === 1).length;
  return { correct, total: items.length };
}
