import { describe, expect, it } from "vitest";
import { UNEXPECTED_RESPONSES_MESSAGE } from "./ran";
import {
  compareScorers,
  ranBlindEntry,
  ranScorerStanding,
  ranScoringView,
  responseTimeText,
  savedScore,
  scoringHistory,
  type RanBlindEntry,
  type RanBlindEvent,
  type RanEventInput,
  type RanResponseInput,
  type RanSavedScore,
  type RanScorerEvent,
} from "./ran-scoring";
import type { RoleName } from "./roles";

const response = (id: string, questionCode: string, over: Partial<RanResponseInput> = {}): RanResponseInput => ({
  participantTestQuestionResponseId: id,
  questionCode,
  responseTimeInSecs: 41.26,
  evalResponseTime: null,
  numOfErrors: null,
  invalid: null,
  officialWithheld: false,
  mayOverwrite: true,
  mayScoreBlind: false,
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

  it("shows no figures of an official score kept back for a blind second score", () => {
    const v = ranScoringView(
      [response("t", "x_1", { evalResponseTime: 52, numOfErrors: 3, invalid: false, officialWithheld: true, mayScoreBlind: true })],
      [],
      "code",
    );
    expect(v.state === "ready" && [v.test?.score, v.test?.read, v.test?.officialWithheld, v.test?.mayScoreBlind]).toEqual([
      null,
      null,
      true,
      true,
    ]);
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

describe("ranScorerStanding (issue 34 item 7): who changes the official score, who scores blind, when the figures wait", () => {
  const score = (scorerId: string | null): RanScorerEvent => ({ kind: "score", scorerId });
  const blind = (scorerId: string): RanScorerEvent => ({ kind: "blind", scorerId });
  // [case, scored, events, caller, role] → [first scorer, may overwrite, may score blind, blind first]
  const TABLE: [string, boolean, RanScorerEvent[], string, RoleName, [string | null, boolean, boolean, boolean]][] = [
    ["nobody has scored: any role gives the first score", false, [], "t2", "TEACHER", [null, true, false, false]],
    ["the first scorer changes their own score", true, [score("t1")], "t1", "TEACHER", ["t1", true, false, false]],
    ["another teacher may only add a blind score, offered first", true, [score("t1")], "t2", "TEACHER", ["t1", false, true, true]],
    ["after their blind score the figures show", true, [score("t1"), blind("t2")], "t2", "TEACHER", ["t1", false, true, false]],
    [
      "a school admin may change it, and is offered the blind score first",
      true,
      [score("t1")],
      "a1",
      "ORG_UNIT_ADMIN",
      ["t1", true, true, true],
    ],
    ["a district admin may change it", true, [score("t1")], "a1", "ORG_ADMIN", ["t1", true, true, true]],
    ["a super admin may change it", true, [score("t1")], "a1", "SUPER_ADMIN", ["t1", true, true, true]],
    ["the first scorer still may after an admin changed it", true, [score("t1"), score("a1")], "t1", "TEACHER", ["t1", true, false, false]],
    [
      "an admin who changed it has seen it: no blind score",
      true,
      [score("t1"), score("a1")],
      "a1",
      "ORG_UNIT_ADMIN",
      ["t1", true, false, false],
    ],
    ["a score that came with the upload: only admins change it", true, [], "t1", "TEACHER", [null, false, true, true]],
    ["a removed first scorer: only admins change it", true, [score(null)], "t1", "TEACHER", [null, false, true, true]],
  ];
  it.each(TABLE)("%s", (_, scored, events, userId, role, expected) => {
    const s = ranScorerStanding({ scored, events, userId, role });
    expect([s.firstScorerId, s.mayOverwrite, s.mayScoreBlind, s.blindFirst]).toEqual(expected);
  });

  it("gives a user without a role no right over someone else's score", () => {
    expect(ranScorerStanding({ scored: true, events: [score("t1")], userId: "x", role: null }).mayOverwrite).toBe(false);
  });
});

describe("ranBlindEntry (issue 34 item 7): the tests on a caller's blind scoring page", () => {
  const at = (evalResponseTime: number, numOfErrors: number | null = 2): RanSavedScore => ({
    evalResponseTime,
    numOfErrors,
    invalid: false,
  });
  const INVALID: RanSavedScore = { evalResponseTime: 0, numOfErrors: null, invalid: true };
  const score = (scorerId: string | null, s: RanSavedScore = at(50)): RanBlindEvent => ({ kind: "score", scorerId, new: s });
  const blind = (scorerId: string, s: RanSavedScore = at(50)): RanBlindEvent => ({ kind: "blind", scorerId, new: s });
  // [case, scored, events, caller, role] → entry
  const TABLE: [string, boolean, RanBlindEvent[], string, RoleName, RanBlindEntry | null][] = [
    ["not scored yet: not listed", false, [], "t2", "TEACHER", null],
    ["scored by someone else: to score", true, [score("t1")], "t2", "TEACHER", { state: "to-score" }],
    ["the caller's own official score: not listed", true, [score("t1")], "t1", "TEACHER", null],
    ["an admin who changed it has seen it: not listed", true, [score("t1"), score("a1")], "a1", "ORG_UNIT_ADMIN", null],
    ["an admin who did not score it: to score", true, [score("t1")], "a1", "ORG_UNIT_ADMIN", { state: "to-score" }],
    ["another user's blind score leaves it to score", true, [score("t1"), blind("t3")], "t2", "TEACHER", { state: "to-score" }],
    [
      "saved, within 2 secs and the same errors: agree",
      true,
      [score("t1", at(50)), blind("t2", at(52))],
      "t2",
      "TEACHER",
      {
        state: "saved",
        agree: true,
      },
    ],
    [
      "saved, 3 secs apart: disagree",
      true,
      [score("t1", at(50)), blind("t2", at(53))],
      "t2",
      "TEACHER",
      {
        state: "saved",
        agree: false,
      },
    ],
    [
      "saved, other error counts: disagree",
      true,
      [score("t1", at(50, 2)), blind("t2", at(50, 3))],
      "t2",
      "TEACHER",
      {
        state: "saved",
        agree: false,
      },
    ],
    ["both invalid: agree", true, [score("t1", INVALID), blind("t2", INVALID)], "t2", "TEACHER", { state: "saved", agree: true }],
    [
      "the latest official score counts",
      true,
      [score("t1", at(70)), blind("t2", at(50)), score("t1", at(51))],
      "t2",
      "TEACHER",
      {
        state: "saved",
        agree: true,
      },
    ],
    [
      "the caller's blind score, not another's",
      true,
      [score("t1", at(50)), blind("t2", at(50)), blind("t3", at(80))],
      "t2",
      "TEACHER",
      {
        state: "saved",
        agree: true,
      },
    ],
    ["an uploaded official score: saved, nothing to compare", true, [blind("t2")], "t2", "TEACHER", { state: "saved", agree: null }],
    ["an uploaded official score, not yet: to score", true, [], "t2", "TEACHER", { state: "to-score" }],
  ];
  it.each(TABLE)("%s", (_, scored, events, userId, role, expected) => {
    expect(ranBlindEntry({ scored, events, userId, role })).toEqual(expected);
  });
});
