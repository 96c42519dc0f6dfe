import type { Grade } from "./grades";
import type { Period } from "./periods";

export { GRADES, type Grade } from "./grades";
export { PERIODS, type Period } from "./periods";

/** Test codes of every assessment (spec 000 §3 identifiers). Seed data and the DB use these strings. */
export const TEST_CODES = [
  "letter-names",
  "letter-sounds",
  "vocab",
  "oral-sentence",
  "blending",
  "object-ran",
  "letter-ran",
  "rhyming",
  "word-matching",
  "first-sounds",
  "follow-directions",
  "nonword-repetition",
  "deletion",
  "word-reading",
  "nonword-reading",
  "rer-word-reading",
  "rer-nonword-reading",
  "rer-nonword-repetition",
  "rer-expressive-vocabulary",
  "rer-nonword-spelling",
  "rer-letter-ran",
  "rer-blending",
  "rer-deletion",
] as const;
export type TestCode = (typeof TEST_CODES)[number];

export function isTestCode(value: unknown): value is TestCode {
  return typeof value === "string" && (TEST_CODES as readonly string[]).includes(value);
}

export const ASSESSMENT_GROUPS = {
  "phonemic-awareness": "Phonemic Awareness",
  phonics: "Phonics",
  fluency: "Fluency",
  vocabulary: "Vocabulary",
  comprehension: "Comprehension",
  processing: "Processing",
} as const;
export type AssessmentGroup = keyof typeof ASSESSMENT_GROUPS;

/**
 * Display order of groups: the grid's column groups, both CSVs' headers, the student profile's
 * sections and the family report's tables. Every page groups a subtest by `subtestGroup`, so Letter
 * RAN is 'Fluency' and Nonword Repetition 'Processing' on the grid, in the CSVs, on the profile and
 * in the family report alike (issue 34 item 10; spec 001 §2 lists the six groups;
 * docs/decisions/0011-results-display-rules.md).
 */
export const GROUP_ORDER: readonly AssessmentGroup[] = [
  "phonemic-awareness",
  "phonics",
  "fluency",
  "vocabulary",
  "comprehension",
  "processing",
];

/**
 * percentile: nationally normed, next steps flag at or below the 40th percentile.
 * ability: reported as a theta (IRT ability); next steps use a per-grade/test theta threshold.
 * correctItems: a raw count of correct items; next steps flag at or below 18.
 */
export type Scoring = "percentile" | "ability" | "correctItems";

/**
 * letters: staff hand-enter item scores (LN_/LS_ item codes).
 * ran: scored by staff from audio recordings.
 */
export type ManualScoring = null | "letters" | "ran";

export type Assessment = {
  code: TestCode;
  title: string;
  group: AssessmentGroup;
  scoring: Scoring;
  manual: ManualScoring;
  rer: boolean;
};

function define(code: TestCode, title: string, group: AssessmentGroup, scoring: Scoring, manual: ManualScoring = null): Assessment {
  return { code, title, group, scoring, manual, rer: code.startsWith("rer-") };
}

/** The one grouping rule: the group a subtest is shown under, wherever it is shown. */
export function subtestGroup(code: TestCode): AssessmentGroup {
  return ASSESSMENTS[code].group;
}

// Declared in display order: within a group, this is the column order of the grid.
// RER tests report a theta only (no national norm yet), hence "ability".
export const ASSESSMENTS: Record<TestCode, Assessment> = {
  "letter-names": define("letter-names", "Letter Names", "phonics", "correctItems", "letters"),
  "letter-sounds": define("letter-sounds", "Letter Sounds", "phonics", "correctItems", "letters"),
  vocab: define("vocab", "Vocabulary", "vocabulary", "percentile"),
  "oral-sentence": define("oral-sentence", "Oral Sentence Comprehension", "comprehension", "percentile"),
  blending: define("blending", "Blending", "phonemic-awareness", "percentile"),
  "object-ran": define("object-ran", "Object RAN", "fluency", "percentile", "ran"),
  "letter-ran": define("letter-ran", "Letter RAN", "fluency", "percentile", "ran"),
  rhyming: define("rhyming", "Rhyming", "phonemic-awareness", "percentile"),
  "word-matching": define("word-matching", "Word Matching", "vocabulary", "percentile"),
  "first-sounds": define("first-sounds", "First Sounds", "phonemic-awareness", "percentile"),
  "follow-directions": define("follow-directions", "Follow Directions", "comprehension", "percentile"),
  "nonword-repetition": define("nonword-repetition", "Nonword Repetition", "processing", "percentile"),
  deletion: define("deletion", "Deletion", "phonemic-awareness", "percentile"),
  "word-reading": define("word-reading", "Word Reading", "phonics", "percentile"),
  "nonword-reading": define("nonword-reading", "Nonword Reading", "phonics", "percentile"),
  "rer-word-reading": define("rer-word-reading", "RER Word Reading", "phonics", "ability"),
  "rer-nonword-reading": define("rer-nonword-reading", "RER Nonword Reading", "phonics", "ability"),
  "rer-nonword-repetition": define("rer-nonword-repetition", "RER Nonword Repetition", "processing", "ability"),
  "rer-expressive-vocabulary": define("rer-expressive-vocabulary", "RER Expressive Vocabulary", "vocabulary", "ability"),
  "rer-nonword-spelling": define("rer-nonword-spelling", "RER Nonword Spelling", "phonics", "ability"),
  "rer-letter-ran": define("rer-letter-ran", "RER Letter RAN", "fluency", "ability", "ran"),
  "rer-blending": define("rer-blending", "RER Blending", "phonemic-awareness", "ability"),
  "rer-deletion": define("rer-deletion", "RER Deletion", "phonemic-awareness", "ability"),
};

export type DefaultAssessmentOptions = { rerKindergarten: boolean };

// The specs leave the per-grade lists to each district's period config (stored in the DB);
// these are only the seed defaults. Constraints taken from the specs: object RAN for PK and K,
// letter RAN for grade 1, RER letter RAN for grades 2 and 3, grades 2 and 3 use the RER set,
// and flag rer-kindergarten switches kindergarten to the RER set (keeping object RAN, which
// still applies to K). The rest is our choice: PK gets the pre-reading skills, K adds
// comprehension, blending and nonword repetition, grade 1 moves to decoding (word/nonword
// reading, deletion). Lists are the same in every period: nothing in the specs varies them.
const PK_SET: readonly TestCode[] = [
  "letter-names",
  "letter-sounds",
  "vocab",
  "rhyming",
  "first-sounds",
  "follow-directions",
  "object-ran",
];
const K_SET: readonly TestCode[] = [
  "letter-names",
  "letter-sounds",
  "vocab",
  "oral-sentence",
  "blending",
  "object-ran",
  "rhyming",
  "word-matching",
  "first-sounds",
  "follow-directions",
  "nonword-repetition",
];
const K_RER_SET: readonly TestCode[] = [
  "letter-names",
  "letter-sounds",
  "object-ran",
  "rer-blending",
  "rer-deletion",
  "rer-nonword-repetition",
  "rer-expressive-vocabulary",
  "rer-word-reading",
];
const GRADE_1_SET: readonly TestCode[] = [
  "letter-names",
  "letter-sounds",
  "letter-ran",
  "blending",
  "deletion",
  "word-reading",
  "nonword-reading",
  "vocab",
  "oral-sentence",
  "nonword-repetition",
];
const RER_SET: readonly TestCode[] = [
  "rer-word-reading",
  "rer-nonword-reading",
  "rer-nonword-repetition",
  "rer-expressive-vocabulary",
  "rer-nonword-spelling",
  "rer-letter-ran",
  "rer-blending",
  "rer-deletion",
];

export function defaultGradeAssessments(grade: Grade, _period: Period, options: DefaultAssessmentOptions): TestCode[] {
  switch (grade) {
    case "PK":
      return [...PK_SET];
    case "K":
      return [...(options.rerKindergarten ? K_RER_SET : K_SET)];
    case "1":
      return [...GRADE_1_SET];
    case "2":
    case "3":
      return [...RER_SET];
  }
}

/** Which RAN test a grade takes; spec 001 §9 shows grade 3's RER letter RAN in the student view only. */
export function ranTestFor(grade: Grade, view: "grid" | "student"): TestCode | null {
  switch (grade) {
    case "PK":
    case "K":
      return "object-ran";
    case "1":
      return "letter-ran";
    case "2":
      return "rer-letter-ran";
    case "3":
      return view === "student" ? "rer-letter-ran" : null;
  }
}

export type LetterTestCode = "letter-names" | "letter-sounds";

export function isLetterTest(code: TestCode): code is LetterTestCode {
  return ASSESSMENTS[code].manual === "letters";
}

const ALPHABET = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
// Only letter sounds have digraph items: CH, SH and TH have a sound but no letter name.
const DIGRAPHS = ["CH", "SH", "TH"] as const;

/** Item codes of a letter test in alphabetical order (A–Z, then digraphs for sounds); letters.ts reorders them. */
export function letterItems(testCode: LetterTestCode): string[] {
  if (testCode === "letter-names") return ALPHABET.map((l) => `LN_${l}`);
  return [...ALPHABET, ...DIGRAPHS].map((l) => `LS_${l}`);
}

/** The letter (or digraph) an item code stands for: 'LS_TH' → 'TH'. */
export function letterOfItem(itemCode: string): string {
  const match = /^L[NS]_([A-Z]{1,2})$/.exec(itemCode);
  if (!match) throw new Error(`Not a letter item code: ${itemCode}`);
  return match[1]!;
}
