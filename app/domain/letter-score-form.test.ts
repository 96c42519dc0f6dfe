import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { LetterScoreForm, postedLetterScores } from "./letter-score-form";

// The dialog's post as a browser sends it (repeated `correct` fields, blanks dropped by conform),
// and what the action makes of it against the item rule.
const STUDENT = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const TEST = "16fd2706-8baf-433b-82eb-8c7fada847da";

function post(values: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) for (const v of [value].flat()) form.append(name, v);
  return parseWithZod(form, { schema: LetterScoreForm });
}

const base = { intent: "create", testCode: "letter-names", participantId: STUDENT, grade: "K", periodName: "BOY" };

describe("LetterScoreForm", () => {
  it.each([
    ["no box ticked", {}, []],
    ["one box ticked", { correct: "LN_A" }, ["LN_A"]],
    ["several boxes ticked", { correct: ["LN_A", "LN_Q"] }, ["LN_A", "LN_Q"]],
  ])("reads %s", (_, extra, correct) => {
    const submission = post({ ...base, ...extra });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.correct).toEqual(correct);
  });

  it.each([
    ["an unknown test", { testCode: "vocab" }, "testCode"],
    ["a student id that is not a uuid", { participantId: "42" }, "participantId"],
    ["an unknown period", { periodName: "SUMMER" }, "periodName"],
    ["an unknown intent", { intent: "delete" }, "intent"],
    ["a test id that is not a uuid", { intent: "update", participantTestId: "x" }, "participantTestId"],
  ])("refuses %s", (_, extra, field) => {
    const submission = post({ ...base, ...extra });
    expect(submission.status).toBe("error");
    expect(Object.keys((submission.status === "error" && submission.error) || {})).toContain(field);
  });

  it("takes an update of a named test", () => {
    expect(post({ ...base, intent: "update", participantTestId: TEST }).status).toBe("success");
  });
});

describe("postedLetterScores", () => {
  const value = (extra: Record<string, string | string[]>) => {
    const submission = post({ ...base, ...extra });
    if (submission.status !== "success") throw new Error("not a valid post");
    return submission.value;
  };

  it("scores every item of the test, 1 where ticked", () => {
    const { grade, responses, submitted } = postedLetterScores(value({ correct: ["LN_B", "LN_Z"] }));
    expect(grade).toBe("K");
    expect(responses).toHaveLength(26);
    expect(responses?.filter((r) => r.score === 1)).toEqual([
      { questionCode: "LN_B", score: 1 },
      { questionCode: "LN_Z", score: 1 },
    ]);
    expect(Object.keys(submitted)).toEqual(responses?.map((r) => r.questionCode));
    expect(Object.entries(submitted).filter(([, v]) => v === 1)).toEqual([
      ["LN_B", 1],
      ["LN_Z", 1],
    ]);
  });

  it("ignores a ticked code the test does not have", () => {
    expect(postedLetterScores(value({ correct: ["LS_TH"] })).submitted).not.toHaveProperty("LS_TH");
  });

  it.each([
    ["an unknown grade", { grade: "MULTI" }],
    ["no grade", { grade: "" }],
  ])("has no items for %s", (_, extra) => {
    expect(postedLetterScores(value(extra))).toEqual({ grade: null, responses: null, submitted: {} });
  });
});
