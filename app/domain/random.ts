import { itemAt } from "./presence";

/** A small seeded PRNG (mulberry32): the same seed gives the same demo district every time. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => itemAt(items, Math.floor(next() * items.length), "an item to pick from"),
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Participant codes students type into the screener: 8 characters, no look-alikes (0/O, 1/I). */
export function participantCode(random: Random): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[random.int(0, CODE_ALPHABET.length - 1)]).join("");
}
