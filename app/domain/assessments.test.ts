import { describe, expect, it } from "vitest";
import {
  ASSESSMENT_GROUPS,
  ASSESSMENTS,
  GRADES,
  GROUP_ORDER,
  PERIODS,
  TEST_CODES,
  defaultGradeAssessments,
  isLetterTest,
  isTestCode,
  letterItems,
  letterOfItem,
  ranTestFor,
  subtestGroup,
  type Grade,
  type TestCode,
} from "./assessments";

describe("assessment catalogue", () => {
  it("has exactly the 23 agreed test codes, each keyed by its own code", () => {
    expect(TEST_CODES).toHaveLength(23);
    expect(Object.keys(ASSESSMENTS).sort()).toEqual([...TEST_CODES].sort());
    for (const code of TEST_CODES) expect(ASSESSMENTS[code].code).toBe(code);
  });

  it("exports grades and periods in order", () => {
    expect(GRADES).toEqual(["PK", "K", "1", "2", "3"]);
    expect(PERIODS).toEqual(["BOY", "MOY", "EOY"]);
  });

  it("names the groups as the specs do", () => {
    expect(ASSESSMENT_GROUPS).toEqual({
      "phonemic-awareness": "Phonemic Awareness",
      phonics: "Phonics",
      fluency: "Fluency",
      vocabulary: "Vocabulary",
      comprehension: "Comprehension",
      processing: "Processing",
    });
  });

  it("groups every subtest by one rule, RAN under Fluency", () => {
    for (const code of TEST_CODES) expect(subtestGroup(code)).toBe(ASSESSMENTS[code].group);
    expect(TEST_CODES.filter((code) => subtestGroup(code) === "fluency")).toEqual(["object-ran", "letter-ran", "rer-letter-ran"]);
    expect(TEST_CODES.filter((code) => subtestGroup(code) === "processing")).toEqual(["nonword-repetition", "rer-nonword-repetition"]);
    expect(GROUP_ORDER).toEqual(Object.keys(ASSESSMENT_GROUPS));
  });

  it.each<[TestCode, string | null, boolean]>([
    ["letter-names", "letters", false],
    ["letter-sounds", "letters", false],
    ["object-ran", "ran", false],
    ["letter-ran", "ran", false],
    ["rer-letter-ran", "ran", true],
    ["vocab", null, false],
    ["rer-word-reading", null, true],
    ["word-reading", null, false],
  ])("%s is manual=%s rer=%s", (code, manual, rer) => {
    expect(ASSESSMENTS[code].manual).toBe(manual);
    expect(ASSESSMENTS[code].rer).toBe(rer);
  });

  it("recognises test codes", () => {
    expect(isTestCode("rer-deletion")).toBe(true);
    expect(isTestCode("RER-deletion")).toBe(false);
    expect(isTestCode(undefined)).toBe(false);
    expect(isLetterTest("letter-sounds")).toBe(true);
    expect(isLetterTest("object-ran")).toBe(false);
  });
});

describe("defaultGradeAssessments", () => {
  const off = { rerKindergarten: false };
  const on = { rerKindergarten: true };

  it.each<[Grade, TestCode, TestCode[]]>([
    ["PK", "object-ran", ["letter-ran", "rer-letter-ran"]],
    ["K", "object-ran", ["letter-ran", "rer-letter-ran"]],
    ["1", "letter-ran", ["object-ran", "rer-letter-ran"]],
    ["2", "rer-letter-ran", ["object-ran", "letter-ran"]],
    ["3", "rer-letter-ran", ["object-ran", "letter-ran"]],
  ])("grade %s takes %s and no other RAN", (grade, ran, others) => {
    for (const period of PERIODS) {
      const list = defaultGradeAssessments(grade, period, off);
      expect(list).toContain(ran);
      for (const other of others) expect(list).not.toContain(other);
    }
  });

  it.each<Grade>(["2", "3"])("grade %s uses only RER tests", (grade) => {
    const list = defaultGradeAssessments(grade, "BOY", off);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => ASSESSMENTS[c].rer)).toBe(true);
  });

  it("rer-kindergarten switches K to the RER set but leaves other grades alone", () => {
    const plain = defaultGradeAssessments("K", "MOY", off);
    const rer = defaultGradeAssessments("K", "MOY", on);
    expect(plain.some((c) => ASSESSMENTS[c].rer)).toBe(false);
    expect(rer.some((c) => ASSESSMENTS[c].rer)).toBe(true);
    expect(rer).toContain("object-ran");
    for (const grade of ["PK", "1", "2", "3"] as const) {
      expect(defaultGradeAssessments(grade, "MOY", on)).toEqual(defaultGradeAssessments(grade, "MOY", off));
    }
  });

  it("returns a fresh array each call", () => {
    const a = defaultGradeAssessments("PK", "BOY", off);
    a.pop();
    expect(defaultGradeAssessments("PK", "BOY", off)).toHaveLength(a.length + 1);
  });
});

describe("ranTestFor", () => {
  it.each<[Grade, "grid" | "student", TestCode | null]>([
    ["PK", "grid", "object-ran"],
    ["K", "student", "object-ran"],
    ["1", "grid", "letter-ran"],
    ["2", "grid", "rer-letter-ran"],
    ["3", "grid", null],
    ["3", "student", "rer-letter-ran"],
  ])("grade %s in %s view → %s", (grade, view, expected) => {
    expect(ranTestFor(grade, view)).toBe(expected);
  });
});

describe("letterItems", () => {
  it("letter names are LN_A..LN_Z only", () => {
    const items = letterItems("letter-names");
    expect(items).toHaveLength(26);
    expect(items[0]).toBe("LN_A");
    expect(items[25]).toBe("LN_Z");
    expect(items).not.toContain("LN_CH");
  });

  it("letter sounds are LS_A..LS_Z then LS_CH, LS_SH, LS_TH", () => {
    const items = letterItems("letter-sounds");
    expect(items).toHaveLength(29);
    expect(items.slice(-4)).toEqual(["LS_Z", "LS_CH", "LS_SH", "LS_TH"]);
  });

  it.each([
    ["LN_A", "A"],
    ["LS_TH", "TH"],
  ])("letterOfItem(%s) = %s", (item, letter) => {
    expect(letterOfItem(item)).toBe(letter);
  });

  it.each(["LX_A", "LN_", "LN_abc", "A"])("letterOfItem rejects %s", (item) => {
    expect(() => letterOfItem(item)).toThrow(/Not a letter item code/);
  });
});
