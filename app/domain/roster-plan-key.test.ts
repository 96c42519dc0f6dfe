import { describe, expect, it } from "vitest";
import type { Plan } from "./oneroster-plan";
import { planKey } from "./roster-plan-key";

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
