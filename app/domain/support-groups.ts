import type { LetterTestCode } from "./assessments";
import { sortLetters } from "./letters";
import { LETTER_TESTS } from "./letters-to-work-on";

// Suggested support groups (issue 39 item 7; docs/features/support-groups.md): students of one
// classroom who miss the same letters, 3 to 6 to a group (the sizes; no other figure).
//
// The rule, deterministic (the same students give the same groups, whatever their order):
// 1. A "letter" is a letter name or a letter sound: missing the name of B and missing its sound
//    are two different things to work on.
// 2. Among the students not yet grouped, take the letter the most of them miss (ties: letter
//    names before letter sounds, then A–Z, then CH, SH, TH). If fewer than 3 miss it, stop.
// 3. Its students, ordered so that those who miss the same other letters sit together (by their
//    missed letters in that order, then name, then id), are cut into as few groups of at most 6
//    as there can be, as even as can be (7 → 4 + 3, 13 → 5 + 4 + 4): each has at least 3.
// 4. A group works on the letters all its students miss (at least the letter of step 2).
// 5. Repeat from 2. Students left over miss letters that fewer than 3 others still ungrouped miss.

export const GROUP_SIZE = { min: 3, max: 6 } as const;

/** The groups page's forms, by the `intent` each posts (the page and its action share them). */
export const GROUP_INTENTS = { save: "save-group", rename: "rename-group", move: "move-student", session: "log-session" } as const;

export type GroupLetters = Record<LetterTestCode, string[]>;

export type GroupingStudent = { participantId: string; name: string; missed: GroupLetters };

export type SuggestedGroup = { participantIds: string[]; letters: GroupLetters };

type Key = `${LetterTestCode}:${string}`;

const keyOf = (testCode: LetterTestCode, letter: string): Key => `${testCode}:${letter}`;

function keysOf(s: GroupingStudent): Key[] {
  return LETTER_TESTS.flatMap((code) => sortLetters(s.missed[code] ?? []).map((l) => keyOf(code, l)));
}

/** Ties of step 2: names before sounds, then the letter order. */
function keyRank(key: Key): [number, number] {
  const [code, letter] = key.split(":") as [LetterTestCode, string];
  return [LETTER_TESTS.indexOf(code), LETTER_ORDER.get(letter) ?? Number.MAX_SAFE_INTEGER];
}

const LETTER_ORDER = new Map(sortLetters([..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "CH", "SH", "TH"]).map((l, i) => [l, i] as const));

const compareKeys = (a: Key, b: Key) => {
  const [ca, la] = keyRank(a);
  const [cb, lb] = keyRank(b);
  return ca - cb || la - lb || (a < b ? -1 : a > b ? 1 : 0);
};

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** n students cut into as few groups of at most `max` as there can be, as even as can be: the sizes. */
export function evenSizes(n: number, max: number = GROUP_SIZE.max): number[] {
  if (n <= 0) return [];
  const k = Math.ceil(n / max);
  const base = Math.floor(n / k);
  return Array.from({ length: k }, (_, i) => base + (i < n % k ? 1 : 0));
}

/** The suggested groups, and the students with letters to work on that no group took (by name). */
export function suggestGroups(students: readonly GroupingStudent[]): { groups: SuggestedGroup[]; ungrouped: string[] } {
  const keys = new Map(students.map((s) => [s.participantId, keysOf(s)]));
  const byName = (a: GroupingStudent, b: GroupingStudent) => cmp(a.name, b.name) || cmp(a.participantId, b.participantId);
  let pool = students.filter((s) => keys.get(s.participantId)!.length > 0).sort(byName);
  const groups: SuggestedGroup[] = [];
  for (;;) {
    const counts = new Map<Key, number>();
    for (const s of pool) for (const k of keys.get(s.participantId)!) counts.set(k, (counts.get(k) ?? 0) + 1);
    let best: Key | null = null;
    for (const [k, n] of counts) if (!best || n > counts.get(best)! || (n === counts.get(best)! && compareKeys(k, best) < 0)) best = k;
    if (!best || counts.get(best)! < GROUP_SIZE.min) break;
    const pivot = best;
    const signature = (s: GroupingStudent) => keys.get(s.participantId)!.filter((k) => k !== pivot);
    const members = pool
      .filter((s) => keys.get(s.participantId)!.includes(pivot))
      .sort((a, b) => compareSignatures(signature(a), signature(b)) || byName(a, b));
    let at = 0;
    for (const size of evenSizes(members.length)) {
      const chunk = members.slice(at, (at += size));
      const shared = keys.get(chunk[0]!.participantId)!.filter((k) => chunk.every((s) => keys.get(s.participantId)!.includes(k)));
      groups.push({ participantIds: chunk.map((s) => s.participantId), letters: lettersOf(shared) });
    }
    const taken = new Set(members.map((s) => s.participantId));
    pool = pool.filter((s) => !taken.has(s.participantId));
  }
  return { groups, ungrouped: pool.map((s) => s.participantId) };
}

/** Two students' other letters, letter by letter in the order of step 2; a shorter list that agrees so far first. */
function compareSignatures(a: readonly Key[], b: readonly Key[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareKeys(a[i]!, b[i]!);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function lettersOf(keys: readonly Key[]): GroupLetters {
  const out: GroupLetters = { "letter-names": [], "letter-sounds": [] };
  for (const k of keys) {
    const [code, letter] = k.split(":") as [LetterTestCode, string];
    out[code].push(letter);
  }
  return { "letter-names": sortLetters(out["letter-names"]), "letter-sounds": sortLetters(out["letter-sounds"]) };
}

/** A group's letters in words: 'Letter names: B, D; letter sounds: TH', or 'No letters in common'. */
export function groupLettersText(letters: GroupLetters): string {
  const parts: string[] = [];
  if (letters["letter-names"].length) parts.push(`Letter names: ${letters["letter-names"].join(", ")}`);
  if (letters["letter-sounds"].length) parts.push(`${parts.length ? "letter" : "Letter"} sounds: ${letters["letter-sounds"].join(", ")}`);
  return parts.length ? parts.join("; ") : "No letters in common";
}

/** A suggested group's name until the teacher names it: the letters it works on. */
export function suggestedName(letters: GroupLetters): string {
  const names = letters["letter-names"].slice(0, 3);
  const sounds = letters["letter-sounds"].slice(0, 3);
  const words = [names.length ? `names ${names.join(" ")}` : "", sounds.length ? `sounds ${sounds.join(" ")}` : ""].filter(Boolean);
  return `Letters: ${words.join(", ")}`;
}
