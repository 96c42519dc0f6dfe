import { describe, expect, it } from "vitest";
import { UNEXPECTED_RESPONSES_MESSAGE } from "./ran";
import {
  compareScorers,
  ranScoringView,
  responseTimeText,
  savedScore,
  scoringHistory,
  type RanEventInput,
  type RanResponseInput,
} from "./ran-scoring";

const response = (id: string, questionCode: string, over: Partial<RanResponseInput> = {}): RanResponseInput => ({
  participantTestQuestionResponseId: id,
  questionCode,
  responseTimeInSecs: 41.26,
  evalResponseTime: null,
  numOfErrors: null,
  invalid: null,
  ...over,
});

let n = 0;
const event = (over: Partial<RanEventInput> & Pick<RanEventInput, "kind" | "scorerId" | "new">): RanEventInput => ({
  eventId: `e${++n}`,
  responseId: "t",
  scorerName: over.scorerId === "u1" ? "Ana Lopez" : "Ben Okafor",
  createdAt: `2026-11-0${n % 9}T10:00:00.000Z`,
  old: { evalResponseTime: null, numOfErrors: null, invalid: null },
  ...over,
});

describe("savedScore", () => {
  it.each([
    [{ evalResponseTime: null, numOfErrors: null, invalid: null }, null],
    [{ evalResponseTime: null, numOfErrors: 2, invalid: false }, null],
    [
      { evalResponseTime: 45, numOfErrors: null, invalid: null },
      { evalResponseTime: 45, numOfErrors: null, invalid: false },
    ],
    [
      { evalResponseTime: 0, numOfErrors: 3, invalid: false },
      { evalResponseTime: 0, numOfErrors: 3, invalid: false },
    ],
    [
      { evalResponseTime: 0, numOfErrors: null, invalid: true },
      { evalResponseTime: 0, numOfErrors: null, invalid: true },
    ],
  ])("%o → %o", (input, expected) => {
    expect(savedScore(input)).toEqual(expected);
  });
});

describe("responseTimeText", () => {
  it.each([
    [null, "—"],
    [41.26, "41.3 secs"],
    [12, "12 secs"],
  ])("%s → %s", (secs, text) => expect(responseTimeText(secs)).toBe(text));
});

describe("ranScoringView", () => {
  it("finds practice by code in the dialog and by position on the page", () => {
    const rs = [response("t", "letter-ran_1"), response("p", "letter-ran_prac_1")];
    const dialog = ranScoringView(rs, [], "code");
    const page = ranScoringView(rs, [], "position");
    expect(dialog.state === "ready" && [dialog.practice?.id, dialog.test?.id]).toEqual(["p", "t"]);
    expect(page.state === "ready" && [page.practice?.id, page.test?.id]).toEqual(["t", "p"]);
  });

  it("opens unscored responses without a read-mode text (edit mode) and scored ones with it", () => {
    const v = ranScoringView(
      [response("p", "x_prac"), response("t", "x_1", { evalResponseTime: 52, numOfErrors: null, invalid: false })],
      [],
      "code",
    );
    expect(v.state === "ready" && v.practice?.read).toBeNull();
    expect(v.state === "ready" && v.test?.read).toEqual({ invalid: false, responseTime: "Scored Response Time: 52 secs", errors: "N/A" });
  });

  it("shows the invalid text for a response marked invalid", () => {
    const v = ranScoringView([response("t", "x_1", { evalResponseTime: 0, invalid: true })], [], "code");
    expect(v.state === "ready" && v.test?.read).toEqual({ invalid: true, text: "Response marked as Invalid." });
  });

  it.each([0, 1, 2])("accepts %s responses", (count) => {
    const rs = [response("p", "x_prac"), response("t", "x_1")].slice(0, count);
    expect(ranScoringView(rs, [], "code").state).toBe("ready");
  });

  it("refuses more than two responses with the spec's text", () => {
    const rs = [response("a", "x_prac"), response("b", "x_1"), response("c", "x_2")];
    expect(ranScoringView(rs, [], "position")).toEqual({ state: "error", message: UNEXPECTED_RESPONSES_MESSAGE });
  });

  it("has no practice when none was recorded", () => {
    const v = ranScoringView([response("t", "x_1")], [], "code");
    expect(v.state === "ready" && v.practice).toBeNull();
  });
});

describe("compareScorers", () => {
  const score = (evalResponseTime: number, numOfErrors: number | null, invalid = false) => ({ evalResponseTime, numOfErrors, invalid });

  it("needs an official score and a blind score by someone else", () => {
    expect(compareScorers([], "t")).toBeNull();
    expect(compareScorers([event({ kind: "score", scorerId: "u1", new: score(50, 2) })], "t")).toBeNull();
    expect(
      compareScorers(
        [event({ kind: "score", scorerId: "u1", new: score(50, 2) }), event({ kind: "blind", scorerId: "u1", new: score(60, 2) })],
        "t",
      ),
    ).toBeNull();
  });

  it.each([
    [score(50, 2), score(52, 2), []],
    [score(50, 2), score(48, 2), []],
    [score(50, 2), score(53, 2), ["Response times differ by 3 secs."]],
    [score(50, 2), score(50, 3), ["Error counts differ: 2 and 3."]],
    [score(50, null), score(50, 0), ["Error counts differ: N/A and 0."]],
    [score(50, 1), score(60, 4), ["Response times differ by 10 secs.", "Error counts differ: 1 and 4."]],
    [score(0, null, true), score(0, null, true), []],
    [score(0, null, true), score(50, 1), ["Only Ana Lopez marked the response invalid."]],
    [score(50, 1), score(0, null, true), ["Only Ben Okafor marked the response invalid."]],
  ])("first %o, second %o → %o", (a, b, differences) => {
    const c = compareScorers([event({ kind: "score", scorerId: "u1", new: a }), event({ kind: "blind", scorerId: "u2", new: b })], "t");
    expect(c?.differences).toEqual(differences);
    expect(c?.agree).toBe(differences.length === 0);
  });

  it("compares the latest of each", () => {
    const c = compareScorers(
      [
        event({ kind: "score", scorerId: "u1", new: score(70, 2) }),
        event({ kind: "blind", scorerId: "u2", new: score(50, 2) }),
        event({ kind: "score", scorerId: "u1", new: score(51, 2) }),
      ],
      "t",
    );
    expect(c?.agree).toBe(true);
    expect(c?.first.evalResponseTime).toBe(51);
  });
});

describe("scoringHistory", () => {
  it("lists every save newest first with the values before and after", () => {
    const h = scoringHistory(
      [
        event({ kind: "score", scorerId: "u1", new: { evalResponseTime: 50, numOfErrors: 1, invalid: false } }),
        event({
          kind: "score",
          scorerId: "u1",
          old: { evalResponseTime: 50, numOfErrors: 1, invalid: false },
          new: { evalResponseTime: 0, numOfErrors: null, invalid: true },
        }),
        event({ kind: "blind", scorerId: "u2", new: { evalResponseTime: 49, numOfErrors: null, invalid: false } }),
        { ...event({ kind: "score", scorerId: "u1", new: { evalResponseTime: 1, numOfErrors: 1, invalid: false } }), responseId: "p" },
      ],
      "t",
    );
    expect(h.map((e) => [e.scorerName, e.blind, e.change])).toEqual([
      ["Ben Okafor", true, "Blind second score: 49 secs, errors N/A"],
      ["Ana Lopez", false, "50 secs, 1 error → invalid"],
      ["Ana Lopez", false, "not scored → 50 secs, 1 error"],
    ]);
  });
});
