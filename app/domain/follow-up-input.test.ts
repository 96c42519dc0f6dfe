import { describe, expect, it } from "vitest";
import { FollowUpSettingsInput, FollowUpStepInput, nonSchoolDaysText, parseNonSchoolDays } from "./follow-up-input";
import { presetById } from "./follow-up-policy";

describe("parseNonSchoolDays: the district tab's textarea", () => {
  it.each<[string, ReturnType<typeof parseNonSchoolDays>]>([
    ["", { days: [] }],
    [
      "2026-11-26 Thanksgiving\n\n2026-11-27",
      {
        days: [
          { date: "2026-11-26", label: "Thanksgiving" },
          { date: "2026-11-27", label: null },
        ],
      },
    ],
    ["  2026-12-24   Winter break  \r\n", { days: [{ date: "2026-12-24", label: "Winter break" }] }],
    [
      "2026-02-30 nope\n11/26/2026",
      {
        errors: [
          "Line 1: write a date as YYYY-MM-DD, optionally followed by a label.",
          "Line 2: write a date as YYYY-MM-DD, optionally followed by a label.",
        ],
      },
    ],
  ])("%j", (text, expected) => {
    expect(parseNonSchoolDays(text)).toEqual(expected);
  });

  it("round-trips through the textarea text", () => {
    const days = [
      { date: "2026-11-26", label: "Thanksgiving" },
      { date: "2026-11-27", label: null },
    ];
    expect(parseNonSchoolDays(nonSchoolDaysText(days))).toEqual({ days });
  });
});

describe("FollowUpSettingsInput", () => {
  it("takes a preset's policy as it is, and no policy", () => {
    expect(FollowUpSettingsInput.safeParse({ policy: presetById("ohio")!.policy, nonSchoolDays: [] }).success).toBe(true);
    expect(FollowUpSettingsInput.safeParse({ policy: null, nonSchoolDays: [] }).success).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ["no flags", { ...presetById("louisiana")!.policy, flags: [] }, "Choose at least one flag that starts a follow-up."],
    [
      "negative days",
      { ...presetById("louisiana")!.policy, noticeDays: -1 },
      "Enter a whole number of days from 0 to 365, or leave it empty for 'not set'.",
    ],
    [
      "fractional days",
      { ...presetById("louisiana")!.policy, noticeDays: 1.5 },
      "Enter a whole number of days from 0 to 365, or leave it empty for 'not set'.",
    ],
  ])("refuses %s", (_, policy, message) => {
    const parsed = FollowUpSettingsInput.safeParse({ policy, nonSchoolDays: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });

  it("refuses a non-school day listed twice", () => {
    const parsed = FollowUpSettingsInput.safeParse({
      policy: null,
      nonSchoolDays: [
        { date: "2026-11-26", label: null },
        { date: "2026-11-26", label: "again" },
      ],
    });
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["nonSchoolDays", 1, "date"], message: "2026-11-26 is listed twice." });
  });
});

describe("FollowUpStepInput", () => {
  it.each<[unknown, boolean]>([
    [{ kind: "notice-sent", on: "2026-12-01", method: "printed" }, true],
    [{ kind: "notice-sent", on: "2026-12-01" }, false],
    [{ kind: "notice-sent", on: "2026-13-01", method: "emailed" }, false],
    [{ kind: "outcome", on: "2026-12-01", outcome: "referred" }, true],
    [{ kind: "outcome", on: "2026-12-01", outcome: "cured" }, false],
    [{ kind: "note", on: "2026-12-01", note: "   " }, false],
    [{ kind: "note", on: "2026-12-01", note: "Called the family" }, true],
    [{ kind: "opened", on: "2026-12-01" }, false],
  ])("%j → %s", (body, ok) => {
    expect(FollowUpStepInput.safeParse(body).success).toBe(ok);
  });
});
