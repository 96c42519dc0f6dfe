import { describe, expect, it } from "vitest";
import { slots } from "./slots";

describe("slots", () => {
  it.each([1, 2, 3])("runs at most %i tasks at once, in the order they came, and frees a slot when a task fails", async (size) => {
    const run = slots(size);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, i) =>
      run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        // Each task waits a few turns of the event loop, so that the others pile up behind it.
        for (let turn = 0; turn < 3; turn++) await new Promise((r) => setTimeout(r, 0));
        running--;
        if (i === 0) throw new Error("first fails");
        return i;
      }),
    );
    const settled = await Promise.allSettled(tasks);
    expect(most).toBe(size);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(settled[0]!.status).toBe("rejected");
    expect(settled.slice(1).map((s) => (s.status === "fulfilled" ? s.value : null))).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
