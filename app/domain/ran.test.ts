import { describe, expect, it } from "vitest";
import {
  ERROR_COUNT_MESSAGE,
  INVALID_RESPONSE_TEXT,
  RAN_INVALID_ERROR_COUNT,
  RAN_INVALID_ERROR_COUNT_LEGACY,
  RAN_STIMULI,
  RESPONSE_TIME_MESSAGE,
  isPracticeResponse,
  ranReadModeText,
  splitRanResponses,
  tooManyRanErrors,
  validateRanScore,
  type RanScoreInput,
  type RanScoreResult,
} from "./ran";

describe("messages", () => {
  it("are copied exactly", () => {
    expect(RESPONSE_TIME_MESSAGE).toBe("Please enter a whole number greater than zero for the response time");
    expect(ERROR_COUNT_MESSAGE).toBe("Please enter a whole number greater than zero for the error count");
    expect(INVALID_RESPONSE_TEXT).toBe("Response marked as Invalid.");
  });
});

const ok = (evalResponseTime: number, numOfErrors: number | null): RanScoreResult => ({
  ok: true,
  payload: { score: 1, evalResponseTime, numOfErrors, invalid: false },
});
const fail = (errors: { responseTime?: string; errorCount?: string }): RanScoreResult => ({ ok: false, errors });

describe("validateRanScore", () => {
  it.each<[RanScoreInput, RanScoreResult]>([
    [{ responseTime: "45", errorCount: "3", invalid: false }, ok(45, 3)],
    [{ responseTime: "0", errorCount: "0", invalid: false }, ok(0, 0)],
    [{ responseTime: " 12 ", errorCount: "", invalid: false }, ok(12, null)],
    [{ responseTime: "12", errorCount: "   ", invalid: false }, ok(12, null)],
    [{ responseTime: "12", errorCount: null, invalid: false }, ok(12, null)],
    [{ responseTime: "12", errorCount: undefined, invalid: false }, ok(12, null)],
    [{ responseTime: 30, errorCount: 2, invalid: false }, ok(30, 2)],
    [{ responseTime: "", errorCount: "", invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: null, errorCount: "1", invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: "-1", errorCount: "1", invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: "1.5", errorCount: "1", invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: "12.0", errorCount: "1", invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: "1e2", errorCount: "1", invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: "abc", errorCount: "1", invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: 2.5, errorCount: 1, invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: -3, errorCount: 1, invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: Number.NaN, errorCount: 1, invalid: false }, fail({ responseTime: RESPONSE_TIME_MESSAGE })],
    [{ responseTime: "12", errorCount: "-2", invalid: false }, fail({ errorCount: ERROR_COUNT_MESSAGE })],
    [{ responseTime: "12", errorCount: "two", invalid: false }, fail({ errorCount: ERROR_COUNT_MESSAGE })],
    [{ responseTime: "12", errorCount: 0.5, invalid: false }, fail({ errorCount: ERROR_COUNT_MESSAGE })],
    [
      { responseTime: "x", errorCount: "y", invalid: false },
      fail({ responseTime: RESPONSE_TIME_MESSAGE, errorCount: ERROR_COUNT_MESSAGE }),
    ],
  ])("%j", (input, expected) => {
    expect(validateRanScore(input)).toEqual(expected);
  });

  it.each<RanScoreInput>([
    { responseTime: "", errorCount: "", invalid: true },
    { responseTime: "-5", errorCount: "junk", invalid: true },
    { responseTime: "40", errorCount: "3", invalid: true },
  ])("Invalid skips both checks and sends time 0, errors null: %j", (input) => {
    expect(validateRanScore(input)).toEqual({
      ok: true,
      payload: { score: 1, evalResponseTime: 0, numOfErrors: null, invalid: true },
    });
  });
});

describe("isPracticeResponse", () => {
  it.each<[string, boolean]>([
    ["ran_prac_1", true],
    ["TEST_RAN_PRAC", true],
    ["practice", true],
    ["ran_test_1", false],
    ["pra", false],
    ["", false],
  ])("%s → %s", (code, expected) => {
    expect(isPracticeResponse(code)).toBe(expected);
  });
});

describe("splitRanResponses", () => {
  const prac = { questionCode: "ran_prac", id: 1 };
  const main = { questionCode: "ran_main", id: 2 };

  it.each([
    [[], { practice: null, test: null }],
    [[main], { practice: null, test: main }],
    [[prac], { practice: prac, test: null }],
    [[main, prac], { practice: prac, test: main }],
    [[prac, main], { practice: prac, test: main }],
  ])("by code %j", (responses, expected) => {
    expect(splitRanResponses(responses)).toEqual(expected);
  });

  it.each([
    [[], { practice: null, test: null }],
    [[main], { practice: main, test: null }],
    [[main, prac], { practice: main, test: prac }],
  ])("by position (test details page) %j", (responses, expected) => {
    expect(splitRanResponses(responses, "position")).toEqual(expected);
  });

  it.each(["code", "position"] as const)("more than 2 responses throws (%s)", (by) => {
    expect(() => splitRanResponses([prac, main, main], by)).toThrow("Unexpected number of RAN responses");
  });
});

describe("RAN constants and guidance", () => {
  it("maps grades to stimuli", () => {
    expect(RAN_STIMULI).toEqual({
      PK: { kind: "objects", count: 40 },
      K: { kind: "objects", count: 50 },
      "1": { kind: "letters", count: 50 },
      "2": { kind: "letters", count: 50 },
      "3": { kind: "letters", count: 50 },
    });
  });

  it.each<[number | null, number | undefined, boolean]>([
    [null, undefined, false],
    [6, undefined, false],
    [7, undefined, true],
    [9, RAN_INVALID_ERROR_COUNT_LEGACY, false],
    [10, RAN_INVALID_ERROR_COUNT_LEGACY, true],
  ])("tooManyRanErrors(%s, %s) = %s", (errors, threshold, expected) => {
    expect(RAN_INVALID_ERROR_COUNT).toBe(7);
    expect(tooManyRanErrors(errors, threshold)).toBe(expected);
  });
});

describe("ranReadModeText", () => {
  it.each([
    [
      { evalResponseTime: 42, numOfErrors: 3, invalid: false },
      { invalid: false, responseTime: "Scored Response Time: 42 secs", errors: "3" },
    ],
    [
      { evalResponseTime: 0, numOfErrors: 0, invalid: false },
      { invalid: false, responseTime: "Scored Response Time: 0 secs", errors: "0" },
    ],
    [
      { evalResponseTime: 42, numOfErrors: null, invalid: false },
      { invalid: false, responseTime: "Scored Response Time: 42 secs", errors: "N/A" },
    ],
    [
      { evalResponseTime: 0, numOfErrors: null, invalid: true },
      { invalid: true, text: "Response marked as Invalid." },
    ],
  ])("%j", (score, expected) => {
    expect(ranReadModeText(score)).toEqual(expected);
  });
});
