import { describe, expect, it } from "vitest";
import { evenSizes, groupLettersText, suggestGroups, suggestedName, type GroupingStudent } from "./support-groups";

const s = (id: string, names: string[] = [], sounds: string[] = []): GroupingStudent => ({
  participantId: id,
  name: `Student ${id}`,
  missed: { "letter-names": names, "letter-sounds": sounds },
});

/** The groups as "ids → names|sounds", one string each, to read a table at a glance. */
const shown = (students: GroupingStudent[]) => {
  const { groups, ungrouped } = suggestGroups(students);
  return {
    groups: groups.map(
      (g) => `${g.participantIds.join(" ")} → ${g.letters["letter-names"].join("")}|${g.letters["letter-sounds"].join(",")}`,
    ),
    ungrouped,
  };
};

describe("evenSizes", () => {
  it.each([
    [0, []],
    [3, [3]],
    [6, [6]],
    [7, [4, 3]],
    [12, [6, 6]],
    [13, [5, 4, 4]],
    [19, [5, 5, 5, 4]],
  ])("%i students → %j", (n, sizes) => expect(evenSizes(n)).toEqual(sizes));

  it("never makes a group under 3 from 3 students or more", () => {
    for (let n = 3; n <= 200; n++) {
      const sizes = evenSizes(n);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(3);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(6);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
    }
  });
});

describe("suggestGroups", () => {
  it.each<[string, GroupingStudent[], { groups: string[]; ungrouped: string[] }]>([
    ["nobody misses anything", [s("a"), s("b", []), s("c")], { groups: [], ungrouped: [] }],
    ["two students are too few for a group", [s("a", ["B"]), s("b", ["B"])], { groups: [], ungrouped: ["a", "b"] }],
    ["three who miss B", [s("a", ["B"]), s("b", ["B", "D"]), s("c", ["B", "D"])], { groups: ["a b c → B|"], ungrouped: [] }],
    [
      "the letter most miss goes first; the group works on what all of them miss",
      [s("a", ["B", "D"]), s("b", ["B", "D"]), s("c", ["D"]), s("d", ["B", "D"]), s("e", ["Q"])],
      { groups: ["c a b d → D|"], ungrouped: ["e"] },
    ],
    [
      "ties: names before sounds, then A–Z",
      [s("a", ["M"], ["A"]), s("b", ["M"], ["A"]), s("c", ["M"], ["A"])],
      { groups: ["a b c → M|A"], ungrouped: [] },
    ],
    [
      "a name and a sound of the same letter are different letters",
      [s("a", ["B"]), s("b", ["B"]), s("c", [], ["B"]), s("d", [], ["B"])],
      { groups: [], ungrouped: ["a", "b", "c", "d"] },
    ],
    [
      "seven are cut 4 + 3, those with the same other letters together",
      [s("a", ["B", "X"]), s("b", ["B"]), s("c", ["B", "X"]), s("d", ["B"]), s("e", ["B", "X"]), s("f", ["B"]), s("g", ["B", "X"])],
      { groups: ["b d f a → B|", "c e g → BX|"], ungrouped: [] },
    ],
    [
      "after a group is taken, the next letter among those left",
      [s("a", ["B"]), s("b", ["B"]), s("c", ["B"]), s("d", ["B"]), s("e", [], ["SH"]), s("f", [], ["SH"]), s("g", [], ["SH", "TH"])],
      { groups: ["a b c d → B|", "e f g → |SH"], ungrouped: [] },
    ],
  ])("%s", (_, students, expected) => expect(shown(students)).toEqual(expected));

  it("gives the same groups whatever the order of the students", () => {
    const students = "abcdefghijklmn".split("").map((id, i) => s(id, i % 2 ? ["B", "D"] : ["B"], i % 3 ? ["A"] : []));
    const once = suggestGroups(students);
    expect(suggestGroups([...students].reverse())).toEqual(once);
    for (const g of once.groups) {
      expect(g.participantIds.length).toBeGreaterThanOrEqual(3);
      expect(g.participantIds.length).toBeLessThanOrEqual(6);
    }
  });
});

describe("group letters in words", () => {
  it.each([
    [{ "letter-names": ["B", "D"], "letter-sounds": ["TH"] }, "Letter names: B, D; letter sounds: TH", "Letters: names B D, sounds TH"],
    [{ "letter-names": [], "letter-sounds": ["A"] }, "Letter sounds: A", "Letters: sounds A"],
    [{ "letter-names": ["A", "B", "C", "D"], "letter-sounds": [] }, "Letter names: A, B, C, D", "Letters: names A B C"],
    [{ "letter-names": [], "letter-sounds": [] }, "No letters in common", "Letters: "],
  ])("%j", (letters, text, name) => {
    expect(groupLettersText(letters)).toBe(text);
    expect(suggestedName(letters)).toBe(name);
  });
});
