// Search that ignores accents (issue 35: 'jose' finds José). The database folds the text it searches
// with translate() and these two strings, the search text is folded here with the same table, so
// both sides agree letter for letter on PostgreSQL and PGlite alike. PGlite 0.5 does ship the
// unaccent extension, but as a module each PGlite.create must load (the server, the tests' copies,
// the browser tests' seeded copies), it needs CREATE EXTENSION rights on a managed PostgreSQL, and
// unaccent() is not immutable; translate() needs nothing and is.

const EXTRA: Readonly<Record<string, string>> = {
  // Letters that do not decompose into a base letter and a mark.
  Ø: "O",
  ø: "o",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ħ: "H",
  ħ: "h",
  ı: "i",
  Ŧ: "T",
  ŧ: "t",
};

function table(): Map<string, string> {
  const map = new Map<string, string>();
  // Latin-1 Supplement, Latin Extended-A and -B, and Latin Extended Additional (Vietnamese):
  // every letter that is a base letter with marks.
  for (const [from, to] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ] as const) {
    for (let code = from; code <= to; code++) {
      const letter = String.fromCodePoint(code);
      const base = letter.normalize("NFD").replace(/\p{M}/gu, "");
      if (base !== letter && /^[A-Za-z]$/.test(base)) map.set(letter, base);
    }
  }
  for (const [letter, base] of Object.entries(EXTRA)) map.set(letter, base);
  return map;
}

const FOLD = table();

/** translate()'s `from` and `to`: each accented letter, and its base letter at the same position. */
export const ACCENTED = [...FOLD.keys()].join("");
export const UNACCENTED = [...FOLD.values()].join("");

/** The text with its accented letters replaced as the database's translate(text, ACCENTED, UNACCENTED) does. */
export function foldAccents(text: string): string {
  let out = "";
  // NFC first, so a letter typed as base + combining mark folds like the precomposed one.
  for (const ch of text.normalize("NFC")) out += FOLD.get(ch) ?? ch;
  return out.replace(/\p{M}/gu, "");
}
