import { describe, expect, it } from "vitest";
import { compactLetters, lettersToWorkOn, missedLetters, mostMissed, mostMissedText, type LetterEntry } from "./letters-to-work-on";

const entry = (over: Partial<LetterEntry>): LetterEntry => ({
  participantId: "p1",
  testCode: "letter-names",
  source: "benchmark",
  entryId: "t1",
  at: "2026-09-10T10:00:00.000Z",
  savedAt: "2026-09-10T10:05:00.000Z",
  correctByCode: {},
  ...over,
});

describe("missedLetters", () => {
  it.each<[string, Record<string, number> | null, string[]]>([
    ["no scores", null, []],
    ["all correct", { LN_A: 1, LN_B: 1 }, []],
    ["the zeros, A–Z", { LN_D: 0, LN_A: 1, LN_B: 0 }, ["B", "D"]],
    ["digraphs after Z", { LS_TH: 0, LS_Z: 0, LS_CH: 0, LS_A: 0 }, ["A", "Z", "CH", "TH"]],
    ["codes that are not letters are ignored", { LN_B: 0, "object-ran_1": 0, LN_b: 0 }, ["B"]],
  ])("%s", (_, scores, missed) => expect(missedLetters(scores)).toEqual(missed));
});

describe("lettersToWorkOn", () => {
  it.each<[string, LetterEntry[], { participantId: string; tests: { testCode: string; entryId: string; missed: string[] }[] }[]]>([
    ["no entries", [], []],
    [
      "the latest entry counts, not the older one",
      [
        entry({ entryId: "boy", at: "2026-09-10T10:00:00.000Z", correctByCode: { LN_A: 0, LN_B: 0 } }),
        entry({ entryId: "moy", at: "2027-01-10T10:00:00.000Z", correctByCode: { LN_A: 1, LN_B: 0 } }),
      ],
      [{ participantId: "p1", tests: [{ testCode: "letter-names", entryId: "moy", missed: ["B"] }] }],
    ],
    [
      "order of the rows does not matter",
      [
        entry({ entryId: "moy", at: "2027-01-10T10:00:00.000Z", correctByCode: { LN_C: 0 } }),
        entry({ entryId: "boy", at: "2026-09-10T10:00:00.000Z", correctByCode: { LN_A: 0 } }),
      ],
      [{ participantId: "p1", tests: [{ testCode: "letter-names", entryId: "moy", missed: ["C"] }] }],
    ],
    [
      "a probe after the benchmark is the latest entry",
      [
        entry({ entryId: "moy", at: "2027-01-10T10:00:00.000Z", correctByCode: { LN_A: 0, LN_B: 0 } }),
        entry({ entryId: "probe", source: "probe", at: "2027-02-01T00:00:00.000Z", correctByCode: { LN_A: 1, LN_B: 0 } }),
      ],
      [{ participantId: "p1", tests: [{ testCode: "letter-names", entryId: "probe", missed: ["B"] }] }],
    ],
    [
      "same instant: the one saved last",
      [
        entry({ entryId: "a", savedAt: "2026-09-10T11:00:00.000Z", correctByCode: { LN_A: 0 } }),
        entry({ entryId: "b", savedAt: "2026-09-10T10:30:00.000Z", correctByCode: { LN_B: 0 } }),
      ],
      [{ participantId: "p1", tests: [{ testCode: "letter-names", entryId: "a", missed: ["A"] }] }],
    ],
    [
      "names and sounds apart, names first",
      [
        entry({ testCode: "letter-sounds", entryId: "s", correctByCode: { LS_SH: 0, LS_M: 0 } }),
        entry({ testCode: "letter-names", entryId: "n", correctByCode: { LN_M: 1 } }),
      ],
      [
        {
          participantId: "p1",
          tests: [
            { testCode: "letter-names", entryId: "n", missed: [] },
            { testCode: "letter-sounds", entryId: "s", missed: ["M", "SH"] },
          ],
        },
      ],
    ],
    [
      "an entry without item scores says nothing: the older one stands",
      [
        entry({ entryId: "old", at: "2026-09-10T10:00:00.000Z", correctByCode: { LN_Q: 0 } }),
        entry({ entryId: "new", at: "2027-01-10T10:00:00.000Z", correctByCode: null }),
      ],
      [{ participantId: "p1", tests: [{ testCode: "letter-names", entryId: "old", missed: ["Q"] }] }],
    ],
    [
      "students apart, in the order they come",
      [entry({ participantId: "p2", correctByCode: { LN_A: 0 } }), entry({ participantId: "p1", correctByCode: { LN_B: 0 } })],
      [
        { participantId: "p2", tests: [{ testCode: "letter-names", entryId: "t1", missed: ["A"] }] },
        { participantId: "p1", tests: [{ testCode: "letter-names", entryId: "t1", missed: ["B"] }] },
      ],
    ],
  ])("%s", (_, entries, expected) => {
    const got = lettersToWorkOn(entries).map((s) => ({
      participantId: s.participantId,
      tests: s.tests.map(({ testCode, entryId, missed }) => ({ testCode, entryId, missed })),
    }));
    expect(got).toEqual(expected);
  });
});

describe("mostMissed", () => {
  const students = lettersToWorkOn([
    entry({ participantId: "a", correctByCode: { LN_D: 0, LN_B: 0, LN_A: 1 } }),
    entry({ participantId: "b", correctByCode: { LN_D: 0, LN_B: 0 } }),
    entry({ participantId: "c", correctByCode: { LN_D: 0, LN_Q: 0 } }),
    entry({ participantId: "c", testCode: "letter-sounds", correctByCode: { LS_TH: 0, LS_A: 0 } }),
  ]);
  it.each([
    [
      "letter-names",
      [
        { letter: "D", students: 3 },
        { letter: "B", students: 2 },
        { letter: "Q", students: 1 },
      ],
    ],
    [
      "letter-sounds",
      [
        { letter: "A", students: 1 },
        { letter: "TH", students: 1 },
      ],
    ],
  ] as const)("%s: most first, ties A–Z then digraphs", (code, expected) => expect(mostMissed(students, code)).toEqual(expected));

  it.each([
    [[], ""],
    [
      [
        { letter: "B", students: 12 },
        { letter: "D", students: 10 },
      ],
      "B (12 students), D (10)",
    ],
    [[{ letter: "TH", students: 1 }], "TH (1 student)"],
  ])("in words: %j → %s", (rows, text) => expect(mostMissedText(rows)).toBe(text));
});

describe("compactLetters", () => {
  it.each<[string[], number, { shown: string[]; more: number }]>([
    [[], 6, { shown: [], more: 0 }],
    [["A", "B", "C", "D", "E", "F"], 6, { shown: ["A", "B", "C", "D", "E", "F"], more: 0 }],
    [["A", "B", "C", "D", "E", "F", "G"], 6, { shown: ["A", "B", "C", "D", "E"], more: 2 }],
    [["A", "B", "C"], 2, { shown: ["A"], more: 2 }],
  ])("%j in room for %i", (letters, room, expected) => expect(compactLetters(letters, room)).toEqual(expected));
});
