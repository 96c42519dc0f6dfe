import { describe, expect, it } from "vitest";
import type { Plan } from "./oneroster-plan";
import { createHash } from "node:crypto";
import { canonicalJson, planKey, planKeyPieces } from "./roster-plan-key";

const plan = (overrides: Partial<Plan> = {}): Plan => {
  const kind = () => ({ create: [], update: [], deactivate: [], unchanged: 0, skipped: 0 });
  return {
    schools: kind(),
    classrooms: kind(),
    teachers: kind(),
    students: kind(),
    enrollments: { add: [], remove: [], unchanged: 0, skipped: 0 },
    confirmations: [],
    notices: [],
    ...overrides,
  } as Plan;
};
const remove = (ids: string[]) => ({
  add: [],
  remove: ids.map((id) => ({ classroom: { id: "c1" }, member: { id }, role: "student" as const })),
  unchanged: 0,
  skipped: 0,
});

describe("planKey", () => {
  it.each<[string, Plan, Plan, boolean]>([
    ["the same plan", plan(), plan(), true],
    ["the same rows listed in another order", plan({ enrollments: remove(["a", "b"]) }), plan({ enrollments: remove(["b", "a"]) }), true],
    ["one more membership removed", plan({ enrollments: remove(["a"]) }), plan({ enrollments: remove(["a", "b"]) }), false],
    [
      "another value for one field",
      plan({
        students: {
          create: [],
          update: [{ id: "s1", sourcedId: "x", set: { firstName: "A" }, reactivate: false }],
          deactivate: [],
          unchanged: 0,
          skipped: 0,
        },
      }),
      plan({
        students: {
          create: [],
          update: [{ id: "s1", sourcedId: "x", set: { firstName: "B" }, reactivate: false }],
          deactivate: [],
          unchanged: 0,
          skipped: 0,
        },
      }),
      false,
    ],
  ])("%s", (_, a, b, same) => {
    expect(planKey(a) === planKey(b)).toBe(same);
  });
});

describe("canonicalJson", () => {
  it.each<[string, unknown, string]>([
    ["keys sorted, undefined left out as JSON does", { b: 1, a: "x", c: undefined }, '{"a":"x","b":1}'],
    ["array items sorted by their JSON", [3, 1, 2], "[1,2,3]"],
    ["nested arrays sorted at every level", [{ k: ["b", "a"] }, { k: ["a"] }], '[{"k":["a","b"]},{"k":["a"]}]'],
    [
      "dates, nulls and strings as JSON writes them",
      { d: new Date("2026-01-02T00:00:00Z"), n: null, s: 'q"' },
      '{"d":"2026-01-02T00:00:00.000Z","n":null,"s":"q\\""}',
    ],
    ["an undefined array item is null, as in JSON", [undefined], "[null]"],
  ])("%s", (_, value, json) => {
    expect(canonicalJson(value)).toBe(json);
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(json));
  });
});

describe("planKey in pieces", () => {
  it("is the hash of the whole plan's canonical JSON, taken piece by piece", () => {
    const p = plan({ enrollments: remove(["b", "a"]) });
    expect([...planKeyPieces(p)].join("")).toBe(canonicalJson(p));
    expect(planKey(p)).toBe(createHash("sha256").update(canonicalJson(p)).digest("hex"));
  });
});
