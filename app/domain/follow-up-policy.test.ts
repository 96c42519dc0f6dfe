import { describe, expect, it } from "vitest";
import { isDyslexiaRisk, isPwrRisk, readinessStatus } from "./cutoffs";
import {
  CHECK_WITH_YOUR_STATE,
  daysText,
  FOLLOW_UP_FLAGS,
  FOLLOW_UP_PRESETS,
  followUpFlags,
  monitoringDeadlines,
  noticeDueOn,
  presetById,
  raisedFlags,
  type FollowUpPolicy,
  type PresetId,
} from "./follow-up-policy";
import { GRADES } from "./grades";
import { PERIODS } from "./periods";
import { profileApplies } from "./results-grid";
import { effectiveStandards, NO_EFFECTIVE_STANDARDS } from "./screening-standards";

const quiet = () => {};
const THANKSGIVING = new Set(["2026-11-26", "2026-11-27"]);
const NONE = new Set<string>();
const preset = (id: PresetId) => presetById(id)!.policy;
const asSchool = (policy: FollowUpPolicy): FollowUpPolicy => ({ ...policy, dayCount: "school" });

describe("presets carry only the issue's figures, their citation and 'check with your state'", () => {
  it.each<[PresetId, string | null, Partial<FollowUpPolicy>]>([
    [
      "louisiana",
      "RS 17:392.11",
      { noticeDays: 30, monitoringDays: null, furtherStepDays: null, priorNoticeDays: null, optOutAllowed: false },
    ],
    ["ohio", null, { noticeDays: null, monitoringDays: 42, furtherStepDays: 30, priorNoticeDays: null, optOutAllowed: false }],
    [
      "california",
      "Ed Code §53008",
      { noticeDays: null, monitoringDays: null, furtherStepDays: null, priorNoticeDays: 15, optOutAllowed: true },
    ],
    ["utah", null, { noticeDays: null, monitoringDays: null, furtherStepDays: null, priorNoticeDays: null, optOutAllowed: false }],
    [
      "wisconsin",
      "§118.016",
      { noticeDays: null, monitoringDays: null, furtherStepDays: null, priorNoticeDays: null, optOutAllowed: false },
    ],
  ])("%s", (id, citation, figures) => {
    const p = presetById(id)!;
    expect(p.citation).toBe(citation);
    expect(p.policy).toMatchObject({ ...figures, dayCount: "calendar", presetId: id });
    expect(p.policy.flags).toEqual([...FOLLOW_UP_FLAGS]);
    expect(p.summary.toLowerCase()).toContain(CHECK_WITH_YOUR_STATE);
  });

  it("one preset per state named in the issue, none unknown", () => {
    expect(FOLLOW_UP_PRESETS.map((p) => p.state)).toEqual(["Louisiana", "Ohio", "California", "Utah", "Wisconsin"]);
    expect(presetById("texas")).toBeNull();
    expect(presetById(null)).toBeNull();
  });
});

describe("deadlines of each preset: calendar days, school days, a holiday in between", () => {
  // Flagged on Friday 2026-11-20; Thanksgiving Thursday and Friday are non-school days.
  it.each<[string, FollowUpPolicy, ReadonlySet<string>, string | null]>([
    ["Louisiana, calendar days", preset("louisiana"), THANKSGIVING, "2026-12-20"],
    ["Louisiana, school days, no holidays", asSchool(preset("louisiana")), NONE, "2027-01-01"],
    ["Louisiana, school days across Thanksgiving", asSchool(preset("louisiana")), THANKSGIVING, "2027-01-05"],
    ["Ohio: no notice figure given", preset("ohio"), THANKSGIVING, null],
    ["California: no notice figure given", preset("california"), NONE, null],
    ["Utah: no notice figure given", preset("utah"), NONE, null],
    ["Wisconsin: no notice figure given", asSchool(preset("wisconsin")), THANKSGIVING, null],
  ])("%s → notice due %s", (_, policy, off, expected) => {
    expect(noticeDueOn("2026-11-20", policy, off)).toBe(expected);
  });

  it.each<[string, FollowUpPolicy, ReadonlySet<string>, { monitoringEndsOn: string | null; furtherStepDue: string | null }]>([
    [
      "Ohio, calendar days: 6 weeks, then 30 days",
      preset("ohio"),
      THANKSGIVING,
      { monitoringEndsOn: "2027-01-01", furtherStepDue: "2027-01-31" },
    ],
    // From Friday 2026-11-20: 42 school days without holidays end on Tuesday 2027-01-19.
    ["Ohio, school days", asSchool(preset("ohio")), NONE, { monitoringEndsOn: "2027-01-19", furtherStepDue: "2027-03-02" }],
    [
      "Ohio, school days across Thanksgiving",
      asSchool(preset("ohio")),
      THANKSGIVING,
      { monitoringEndsOn: "2027-01-21", furtherStepDue: "2027-03-04" },
    ],
    ["Louisiana: no monitoring window", preset("louisiana"), NONE, { monitoringEndsOn: null, furtherStepDue: null }],
    ["California: none", preset("california"), NONE, { monitoringEndsOn: null, furtherStepDue: null }],
  ])("%s", (_, policy, off, expected) => {
    expect(monitoringDeadlines("2026-11-20", policy, off)).toEqual(expected);
  });

  it("a figure the policy leaves out reads 'not set'", () => {
    expect(daysText(null, "calendar")).toBe("not set");
    expect(daysText(30, "calendar")).toBe("30 calendar days");
    expect(daysText(1, "school")).toBe("1 school day");
  });
});

describe("raisedFlags: the grid's own verdicts, never a cutoff of its own", () => {
  const PK_CUT = effectiveStandards(
    { pkRiskCutoff: { source: "District PK study, 2026", cutoffs: { BOY: 0.5, MOY: 0.5, EOY: 0.5 } } },
    null,
  );

  it.each([
    ["1", "BOY", { pwr: 0.3, dyslexia: 0.5, kready: null, pkRisk: null }, ["dyslexia", "pwr"]],
    ["1", "BOY", { pwr: 0.9, dyslexia: 0.01, kready: null, pkRisk: null }, []],
    ["1", "BOY", { pwr: 0.6519, dyslexia: null, kready: null, pkRisk: null }, ["pwr"]], // just below the 0.652 cutoff
    ["1", "BOY", { pwr: 0.652, dyslexia: null, kready: null, pkRisk: null }, []],
    ["3", "EOY", { pwr: 0.01, dyslexia: null, kready: null, pkRisk: null }, []], // PWR not calculated then
    ["PK", "EOY", { pwr: null, dyslexia: null, kready: 0.2, pkRisk: 0.9 }, ["pkRisk", "kready"]],
    ["PK", "BOY", { pwr: null, dyslexia: null, kready: null, pkRisk: 0.4 }, []],
  ] as const)("grade %s %s %o → %o", (grade, period, scores, expected) => {
    expect(raisedFlags(grade, period, scores, PK_CUT, quiet)).toEqual(expected);
  });

  it("without a configured Pre-K cutoff the Pre-K risk never flags", () => {
    expect(raisedFlags("PK", "BOY", { pwr: null, dyslexia: null, kready: null, pkRisk: 0.99 }, NO_EFFECTIVE_STANDARDS, quiet)).toEqual([]);
  });

  it("agrees with the cutoff rules for every grade, period and score (step 0.01)", () => {
    for (const grade of GRADES)
      for (const period of PERIODS)
        for (let i = 0; i <= 100; i += 1) {
          const s = i / 100;
          const flags = raisedFlags(grade, period, { pwr: s, dyslexia: s, kready: s, pkRisk: null }, NO_EFFECTIVE_STANDARDS, quiet);
          expect(flags.includes("dyslexia")).toBe(profileApplies("dyslexia", grade, period) && isDyslexiaRisk(grade, period, s, quiet));
          expect(flags.includes("pwr")).toBe(profileApplies("pwr", grade, period) && isPwrRisk(grade, period, s, quiet));
          expect(flags.includes("kready")).toBe(
            profileApplies("kready", grade, period) && readinessStatus(grade, period, s, quiet) === "Emerging",
          );
        }
  });

  it("followUpFlags keeps the raised flags the policy names", () => {
    expect(followUpFlags({ flags: ["dyslexia"] }, ["dyslexia", "pwr"])).toEqual(["dyslexia"]);
    expect(followUpFlags({ flags: ["pkRisk"] }, ["dyslexia", "pwr"])).toEqual([]);
  });
});
