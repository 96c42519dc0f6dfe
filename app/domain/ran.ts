import type { Grade } from "./grades";

export const RESPONSE_TIME_MESSAGE = "Please enter a whole number greater than zero for the response time";
export const ERROR_COUNT_MESSAGE = "Please enter a whole number greater than zero for the error count";
export const UNEXPECTED_RESPONSES_MESSAGE = "Unexpected number of RAN responses";
export const INVALID_RESPONSE_TEXT = "Response marked as Invalid.";
export const NO_PRACTICE_RESULTS_TEXT =
  "Student was not able to name the letters used in the RAN practice and therefore will be given RAN at the next assessment period.";

/** Number inputs of the scoring form have this minimum (spec 001 §5). */
export const RAN_NUMBER_MIN = 0;
/** A RAN test has at most a practice and a test response. */
export const MAX_RAN_RESPONSES = 2;
/** Scorers subtract blank audio longer than this at the start or end of a recording (spec 001 §9). */
export const BLANK_AUDIO_SECS = 3;

/**
 * Invalidity guidance: rows skipped or repeated, or this many errors or more. The grade-based
 * scoring text says seven (in force); the older /test-details page says ten, kept for that page.
 */
export const RAN_INVALID_ERROR_COUNT = 7;
export const RAN_INVALID_ERROR_COUNT_LEGACY = 10;

export type RanStimulus = { kind: "objects" | "letters"; count: number };

/**
 * Items named in a RAN by grade. The spec lists "40 objects, 50 objects or 50 letters depending
 * on grade" without the mapping; we give the shortest array to PK, 50 objects to K (both take
 * object RAN) and 50 letters to grades 1–3 (letter RAN and RER letter RAN).
 */
export const RAN_STIMULI: Record<Grade, RanStimulus> = {
  PK: { kind: "objects", count: 40 },
  K: { kind: "objects", count: 50 },
  "1": { kind: "letters", count: 50 },
  "2": { kind: "letters", count: 50 },
  "3": { kind: "letters", count: 50 },
};

/** What the scoring form submits; inputs arrive as strings from a form, or numbers from JSON. */
export type RanScoreInput = {
  responseTime: string | number | null | undefined;
  errorCount: string | number | null | undefined;
  invalid: boolean;
};

/** The body saved for a question response (spec 001 §3, §7). */
export type RanScorePayload = {
  score: 1;
  evalResponseTime: number;
  numOfErrors: number | null;
  invalid: boolean;
};

export type RanScoreErrors = { responseTime?: string; errorCount?: string };

export type RanScoreResult = { ok: true; payload: RanScorePayload } | { ok: false; errors: RanScoreErrors };

function isBlank(value: string | number | null | undefined): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

// Whole number of 0 or more, written plainly: "12" yes; "12.0", "1e2", "-0", "+3", "0x1" no.
function wholeNumber(value: string | number | null | undefined): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * Checks a RAN score. The messages say "greater than zero" but 0 is accepted: the rule in spec
 * 001 §5 is "a whole number of 0 or more"; the texts are copied as written. Checking Invalid
 * skips both checks and saves time 0 and no error count.
 */
export function validateRanScore(input: RanScoreInput): RanScoreResult {
  if (input.invalid) {
    return { ok: true, payload: { score: 1, evalResponseTime: 0, numOfErrors: null, invalid: true } };
  }
  const errors: RanScoreErrors = {};
  const responseTime = wholeNumber(input.responseTime);
  if (responseTime === null) errors.responseTime = RESPONSE_TIME_MESSAGE;

  let numOfErrors: number | null = null;
  if (!isBlank(input.errorCount)) {
    numOfErrors = wholeNumber(input.errorCount);
    if (numOfErrors === null) errors.errorCount = ERROR_COUNT_MESSAGE;
  }

  if (responseTime === null || errors.errorCount) return { ok: false, errors };
  return { ok: true, payload: { score: 1, evalResponseTime: responseTime, numOfErrors, invalid: false } };
}

/** Practice responses are those whose question code contains 'prac' (any case: codes come upper- and lower-case). */
export function isPracticeResponse(questionCode: string): boolean {
  return questionCode.toLowerCase().includes("prac");
}

export type RanResponses<T> = { practice: T | null; test: T | null };

/**
 * Splits a RAN test's responses into practice and test. The student page tells them apart by
 * question code; the /test-details page treats the first response as practice ('position').
 * More than two responses means the data is not what scoring expects, so it throws.
 */
export function splitRanResponses<T extends { questionCode: string }>(
  responses: readonly T[],
  by: "code" | "position" = "code",
): RanResponses<T> {
  if (responses.length > MAX_RAN_RESPONSES) throw new Error(UNEXPECTED_RESPONSES_MESSAGE);
  if (by === "position") return { practice: responses[0] ?? null, test: responses[1] ?? null };
  return {
    practice: responses.find((r) => isPracticeResponse(r.questionCode)) ?? null,
    test: responses.find((r) => !isPracticeResponse(r.questionCode)) ?? null,
  };
}

/** True when the guidance says the RAN should be marked invalid on error count alone. */
export function tooManyRanErrors(numOfErrors: number | null, threshold: number = RAN_INVALID_ERROR_COUNT): boolean {
  return numOfErrors !== null && numOfErrors >= threshold;
}

export type RanReadModeText = { invalid: true; text: string } | { invalid: false; responseTime: string; errors: string };

/** Read-mode texts of a saved score: 'Scored Response Time: {n} secs' and the error count or 'N/A'. */
export function ranReadModeText(score: Pick<RanScorePayload, "evalResponseTime" | "numOfErrors" | "invalid">): RanReadModeText {
  if (score.invalid) return { invalid: true, text: INVALID_RESPONSE_TEXT };
  return {
    invalid: false,
    responseTime: `Scored Response Time: ${score.evalResponseTime} secs`,
    errors: score.numOfErrors === null ? "N/A" : String(score.numOfErrors),
  };
}

export const NUM_OF_ERRORS_LABEL = "Num. of Errors";
