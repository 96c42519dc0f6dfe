import { ASSESSMENTS, TEST_CODES, type TestCode } from "./assessments";
import { ranAudioFileName } from "./ran-audio-name";

// The read-only 'Test details' dialog of the student page (spec 001 §2 'RAN scoring dialog',
// last bullet; §3 question response; §6 who may open test titles; §7 Audio).

/**
 * Provider responses are JSON strings, sometimes holding a further JSON string inside a field
 * (spec 001 §3). Shown pretty-printed, with every nested JSON object or array string parsed so
 * the reader sees one tree. Text that is not JSON is shown as it came; null shows as empty.
 */
export function prettyProviderResponse(raw: string | null): string {
  if (raw === null) return "";
  const parsed = parseJsonText(raw);
  if (parsed === undefined) return raw;
  return JSON.stringify(unnest(parsed), null, 2);
}

/** The JSON a string holds, or undefined when it is not JSON. */
function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Only strings that look like an object or array are opened: a field such as "42" or "true"
// stays the string the provider sent.
function unnest(value: unknown, depth = 0): unknown {
  if (depth > 10) return value;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if ((trimmed.startsWith("{") && trimmed.endsWith("}")) || (trimmed.startsWith("[") && trimmed.endsWith("]"))) {
      const inner = parseJsonText(trimmed);
      if (inner !== undefined && typeof inner === "object" && inner !== null) return unnest(inner, depth + 1);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => unnest(v, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unnest(v, depth + 1)]));
  }
  return value;
}

/**
 * The test code whose questions have two recordings, played as 'First' and 'Second' (spec 001
 * §2 says one code does but not which). Ours: nonword repetition, where the child hears a made-up
 * word and says it back, and the screener records both the prompt-and-attempt and the retry.
 * The two files are the question's name with `_first` and `_second` appended.
 */
export const TWO_RECORDING_TEST_CODE: TestCode = "nonword-repetition";

export const AUDIO_ENDPOINT = "/api/participantTest/getAudioFile";

export type AudioClip = { label: string; fileName: string; src: string };

/** The audio endpoint's URL for a recording; `token` is the short-lived signed access token, when one is used. */
export function audioSrc(fileName: string, token?: string): string {
  return `${AUDIO_ENDPOINT}?${new URLSearchParams(token ? { fileName, token } : { fileName })}`;
}

/** The recordings a question response plays (spec 001 §7 Audio); empty when its code cannot name a file. */
export function questionAudio(participantId: string, participantTestId: string, testCode: TestCode, questionCode: string): AudioClip[] {
  const parts: { label: string; code: string }[] =
    testCode === TWO_RECORDING_TEST_CODE
      ? [
          { label: "First", code: `${questionCode}_first` },
          { label: "Second", code: `${questionCode}_second` },
        ]
      : [{ label: "Recording", code: questionCode }];
  return parts.flatMap(({ label, code }) => {
    const name = ranAudioFileName(participantId, participantTestId, code);
    return name ? [{ label, fileName: name, src: audioSrc(name) }] : [];
  });
}

// ── The dialog's rows ───────────────────────────────────────────────────────────────────────

export type TestDetailsInput = {
  participantTestId: string;
  participantId: string;
  testCode: TestCode;
  ParticipantTestQuestionResponses: readonly {
    participantTestQuestionResponseId: string;
    questionCode: string;
    score: number | null;
    providerResponse: string | null;
  }[];
};

export type TestDetailsRow = {
  id: string;
  questionCode: string;
  score: string;
  response: string;
  /** The recordings that exist, each with a player; none: 'No recording'. */
  audio: AudioClip[];
  /** The question has more than one recording (first and second): each player is named. */
  labelled: boolean;
};

export type TestDetails = { testId: string; title: string; rows: TestDetailsRow[] };

/**
 * What the page may play: the short-lived token signed for this test (GET
 * /participantTest/audioAccess/{id}) and whether a recording is stored, by file name (the API
 * lists the test's stored recordings once, so no player is offered for a file that does not exist).
 */
export type AudioGrant = { token: string; stored: (fileName: string) => boolean };

/** A score as shown: the number, or 'N/A' when the question was not scored. */
const scoreText = (score: number | null) => (score === null ? "N/A" : String(score));

/** The dialog's rows; without a grant (the token could not be had) no recording is offered. */
export function testDetails(test: TestDetailsInput, audio: AudioGrant | null): TestDetails {
  return {
    testId: test.participantTestId,
    title: `Test details: ${ASSESSMENTS[test.testCode].title}`,
    rows: test.ParticipantTestQuestionResponses.map((r) => {
      const clips = questionAudio(test.participantId, test.participantTestId, test.testCode, r.questionCode);
      // Only recordings that exist get a player; a row with none says 'No recording' (issue 34 item 12).
      const playable =
        audio === null
          ? []
          : clips.filter((clip) => audio.stored(clip.fileName)).map((clip) => ({ ...clip, src: audioSrc(clip.fileName, audio.token) }));
      return {
        id: r.participantTestQuestionResponseId,
        questionCode: r.questionCode,
        score: scoreText(r.score),
        response: prettyProviderResponse(r.providerResponse),
        audio: playable,
        labelled: clips.length > 1,
      };
    }),
  };
}

// ── Who may open a test title (spec 001 §6) ─────────────────────────────────────────────────

const RAN_CODES = TEST_CODES.filter((code) => ASSESSMENTS[code].manual === "ran");

/**
 * Spec 001 §6: whether a completed test's title opens anything depends on a test-code list that
 * differs between the normal view and the super admins' Admin View; the spec does not give the
 * lists. Ours:
 * - normal view: the tests a teacher can act on or hear: the RAN tests (scored by staff from the
 *   recording) and the tests answered aloud, whose recordings and recognised answers explain a
 *   score (word and nonword reading, nonword repetition, expressive vocabulary);
 * - Admin View: every test, so support staff can read any provider response.
 */
export const NORMAL_VIEW_TITLE_CODES: readonly TestCode[] = [
  ...RAN_CODES,
  "nonword-repetition",
  "word-reading",
  "nonword-reading",
  "rer-word-reading",
  "rer-nonword-reading",
  "rer-nonword-repetition",
  "rer-expressive-vocabulary",
];
export const ADMIN_VIEW_TITLE_CODES: readonly TestCode[] = TEST_CODES;

/** What a title opens: the RAN scoring dialog, the read-only Test details dialog, or nothing. */
export type TitleAction = "ran" | "details" | null;

/**
 * A title opens something only for a completed test in the view's list; RAN tests open the RAN
 * scoring dialog, others the read-only details (spec 001 §6). Admin View is for super admins
 * only: for anyone else the flag is ignored.
 */
export function titleAction(
  testCode: TestCode,
  test: { completedFlag: boolean } | null,
  view: { superAdmin: boolean; adminView: boolean },
): TitleAction {
  if (!test?.completedFlag) return null;
  const list = view.superAdmin && view.adminView ? ADMIN_VIEW_TITLE_CODES : NORMAL_VIEW_TITLE_CODES;
  if (!list.includes(testCode)) return null;
  return ASSESSMENTS[testCode].manual === "ran" ? "ran" : "details";
}

export const UNABLE_TO_LOAD_TEST_DETAILS = "Unable to load test details.";
