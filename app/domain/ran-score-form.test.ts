import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { RanScoreForm } from "./ran-score-form";

// The scoring panel's post as a browser sends it, through conform (blanks dropped, a ticked box 'on').
const RESPONSE = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

function post(values: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return parseWithZod(form, { schema: RanScoreForm });
}

describe("RanScoreForm", () => {
  it.each([
    [
      "time and errors as typed",
      { responseId: RESPONSE, responseTime: "12.0", errorCount: "3" },
      { responseId: RESPONSE, responseTime: "12.0", errorCount: "3" },
    ],
    ["blank fields left out", { responseId: RESPONSE, responseTime: "", errorCount: "" }, { responseId: RESPONSE }],
    ["the Invalid box", { responseId: RESPONSE, invalid: "on" }, { responseId: RESPONSE, invalid: true }],
    [
      "a blind score with the version read",
      { responseId: RESPONSE, responseTime: "40", blind: "1", version: "2025-01-02T03:04:05.000Z" },
      { responseId: RESPONSE, responseTime: "40", blind: "1", version: "2025-01-02T03:04:05.000Z" },
    ],
  ])("reads %s", (_, values, expected) => {
    const submission = post(values);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual(expected);
  });

  it.each([
    ["no response", { responseTime: "12" }, "responseId"],
    ["a response id that is not a uuid", { responseId: "12" }, "responseId"],
    ["an Invalid box with another value", { responseId: RESPONSE, invalid: "yes" }, "invalid"],
    ["a blind field with another value", { responseId: RESPONSE, blind: "true" }, "blind"],
    ["a time longer than any whole number typed", { responseId: RESPONSE, responseTime: "1".repeat(41) }, "responseTime"],
    ["a version longer than a timestamp", { responseId: RESPONSE, version: "v".repeat(41) }, "version"],
  ])("refuses %s", (_, values, field) => {
    const submission = post(values);
    expect(submission.status).toBe("error");
    expect(Object.keys((submission.status === "error" && submission.error) || {})).toContain(field);
  });
});
