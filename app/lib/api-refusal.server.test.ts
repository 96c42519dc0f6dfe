import { describe, expect, it } from "vitest";
import { refusalOf, type Refused } from "./api-refusal.server";

// The one rule for what a page shows when the API refused a call, short of the 401 sign-out (it
// needs a session): the page's own text first with the server's reason beside it, else the
// server's words, else the fallback.
const refused = (status: number, message: string): Refused => ({
  ok: false,
  status,
  error: { message },
  headers: new Headers(),
  body: null,
});
const request = new Request("http://localhost/x", { method: "POST" });

describe("refusalOf", () => {
  it.each([
    [
      "the page's text, with the server's reason",
      refused(409, "Name taken"),
      { text: "Unable to input data" },
      { status: 409, message: "Unable to input data", detail: "Name taken" },
    ],
    [
      "the page's text alone when the server gave no words",
      refused(500, ""),
      { text: "Unable to save RAN scores" },
      { status: 500, message: "Unable to save RAN scores" },
    ],
    [
      "the page's text chosen by status",
      refused(429, "Slow down"),
      { text: ({ status }: { status: number }) => (status === 429 ? "Too many" : "Failed") },
      { status: 429, message: "Too many", detail: "Slow down" },
    ],
    ["the server's words", refused(422, "Grade 9 is not a grade"), {}, { status: 422, message: "Grade 9 is not a grade" }],
    [
      "the fallback for no words",
      refused(500, "  "),
      { fallback: "Error submitting form" },
      { status: 500, message: "Error submitting form" },
    ],
    [
      "the fallback for the framework's generic error",
      refused(500, "Unexpected Server Error"),
      { fallback: "Error submitting form" },
      { status: 500, message: "Error submitting form" },
    ],
    [
      "a public page's 401 as a refusal",
      refused(401, "Wrong code"),
      { publicPage: true, text: "Unable to reset password." },
      { status: 401, message: "Unable to reset password.", detail: "Wrong code" },
    ],
  ])("%s", async (_, result, options, expected) => {
    expect(await refusalOf(request, result, options)).toEqual(expected);
  });
});
