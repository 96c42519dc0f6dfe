import { describe, expect, it } from "vitest";
import {
  Admission,
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_MAX_WAIT_MS,
  MAX_RETRY_AFTER_S,
  QUEUE_ROUNDS,
  admissionLimits,
  decide,
  expectedWaitMs,
  retryAfterSeconds,
} from "./admission.mjs";

// Issue 36 §2, overload: each server process admits at most maxInFlight requests at once, queues
// a bounded number for at most maxWaitMs, and refuses the rest at once (503 + Retry-After).

const limits = { maxInFlight: 4, maxQueue: 8, maxWaitMs: 1_000 };

describe("decide", () => {
  it.each([
    // [what, load, decision]
    ["a free slot and nobody waiting: run", { inFlight: 0, queued: 0, serviceMs: null }, { action: "run" }],
    ["the last free slot: run", { inFlight: 3, queued: 0, serviceMs: 500 }, { action: "run" }],
    ["a free slot but others waiting: behind them", { inFlight: 3, queued: 1, serviceMs: 100 }, { action: "queue", waitMs: 50 }],
    ["all slots taken, no estimate yet: queue", { inFlight: 4, queued: 0, serviceMs: null }, { action: "queue", waitMs: null }],
    [
      "all taken, 7 ahead at 400 ms: 8 × 400 / 4 = 800 ms ≤ 1 s",
      { inFlight: 4, queued: 7, serviceMs: 400 },
      { action: "queue", waitMs: 800 },
    ],
    ["exactly the budget still waits", { inFlight: 4, queued: 3, serviceMs: 1_000 }, { action: "queue", waitMs: 1_000 }],
    ["over the budget: refused at once", { inFlight: 4, queued: 4, serviceMs: 1_000 }, { action: "shed", retryAfterS: 2 }],
    ["queue full, even with a short wait", { inFlight: 4, queued: 8, serviceMs: 1 }, { action: "shed", retryAfterS: 1 }],
    ["queue full, no estimate: Retry-After is the budget", { inFlight: 4, queued: 8, serviceMs: null }, { action: "shed", retryAfterS: 1 }],
    [
      "a stuck server: long estimate, capped Retry-After",
      { inFlight: 4, queued: 1, serviceMs: 120_000 },
      { action: "shed", retryAfterS: 30 },
    ],
  ])("%s", (_what, load, decision) => {
    expect(decide(load, limits)).toEqual(decision);
  });

  it("with no queue allowed, a full process refuses at once", () => {
    expect(decide({ inFlight: 4, queued: 0, serviceMs: null }, { ...limits, maxQueue: 0 })).toEqual({ action: "shed", retryAfterS: 1 });
  });
});

describe("expectedWaitMs and retryAfterSeconds", () => {
  it.each([
    [0, 100, 4, 25],
    [3, 100, 4, 100],
    [15, 200, 16, 200],
    [0, null, 4, null],
  ])("%i ahead, service %s ms, %i slots: %s ms", (ahead, serviceMs, slots, wait) => {
    expect(expectedWaitMs(ahead, serviceMs, slots)).toBe(wait);
  });

  it.each([
    [null, 1],
    [0, 1],
    [999, 1],
    [1_001, 2],
    [29_500, 30],
    [3_600_000, MAX_RETRY_AFTER_S],
  ])("%s ms → Retry-After %i", (waitMs, seconds) => {
    expect(retryAfterSeconds(waitMs)).toBe(seconds);
  });
});

describe("admissionLimits", () => {
  it.each([
    [{}, { maxInFlight: DEFAULT_MAX_IN_FLIGHT, maxQueue: QUEUE_ROUNDS * DEFAULT_MAX_IN_FLIGHT, maxWaitMs: DEFAULT_MAX_WAIT_MS }],
    [{ SHED_MAX_IN_FLIGHT: "2" }, { maxInFlight: 2, maxQueue: 2 * QUEUE_ROUNDS, maxWaitMs: DEFAULT_MAX_WAIT_MS }],
    [
      { SHED_MAX_IN_FLIGHT: " 3 ", SHED_MAX_QUEUE: "0", SHED_MAX_WAIT_MS: "250" },
      { maxInFlight: 3, maxQueue: 0, maxWaitMs: 250 },
    ],
    [
      { SHED_MAX_IN_FLIGHT: "" },
      { maxInFlight: DEFAULT_MAX_IN_FLIGHT, maxQueue: QUEUE_ROUNDS * DEFAULT_MAX_IN_FLIGHT, maxWaitMs: DEFAULT_MAX_WAIT_MS },
    ],
    [{ SHED_MAX_IN_FLIGHT: "off" }, null],
  ])("%j", (env, expected) => {
    expect(admissionLimits(env)).toEqual(expected);
  });

  it.each([
    [{ SHED_MAX_IN_FLIGHT: "0" }, /SHED_MAX_IN_FLIGHT must be a whole number of at least 1, not "0"/],
    [{ SHED_MAX_IN_FLIGHT: "1.5" }, /SHED_MAX_IN_FLIGHT/],
    [{ SHED_MAX_QUEUE: "-1" }, /SHED_MAX_QUEUE must be a whole number of at least 0/],
    [{ SHED_MAX_WAIT_MS: "soon" }, /SHED_MAX_WAIT_MS/],
  ])("refuses %j", (env, message) => {
    expect(() => admissionLimits(env)).toThrow(message);
  });
});

/** A clock and timers the test moves by hand. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let id = 0;
  return {
    clock: {
      now: () => now,
      setTimer: (fn: () => void, ms: number) => (timers.set(++id, { at: now + ms, fn }), id),
      clearTimer: (t: unknown) => void timers.delete(t as number),
    },
    advance(ms: number) {
      now += ms;
      for (const [key, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (t.at <= now && timers.delete(key)) t.fn();
      }
    },
    pending: () => timers.size,
  };
}

/** Requests entered into an admission, each recording what became of it. */
function requests(admission: Admission) {
  const log: string[] = [];
  const done = new Map<string, () => void>();
  const enter = (name: string) =>
    admission.enter(
      (finish) => {
        log.push(`run ${name}`);
        done.set(name, finish);
      },
      (retryAfterS) => log.push(`shed ${name} ${retryAfterS}`),
    );
  return { log, enter, finish: (name: string) => done.get(name)!() };
}

describe("Admission", () => {
  it("runs up to the limit, queues in order, and starts the next as one finishes", () => {
    const { clock, advance } = manualClock();
    const admission = new Admission({ maxInFlight: 2, maxQueue: 2, maxWaitMs: 1_000 }, clock);
    const r = requests(admission);
    for (const name of ["a", "b", "c", "d", "e"]) r.enter(name);
    // Two run, two wait, the fifth finds the queue full.
    expect(r.log).toEqual(["run a", "run b", "shed e 1"]);
    expect(admission.load()).toEqual({ inFlight: 2, queued: 2, serviceMs: null });
    advance(300);
    r.finish("a");
    expect(r.log.slice(3)).toEqual(["run c"]);
    expect(admission.load()).toEqual({ inFlight: 2, queued: 1, serviceMs: 300 });
    // Finishing twice (a 'close' after the answer) frees one slot, not two.
    r.finish("a");
    expect(admission.load()).toEqual({ inFlight: 2, queued: 1, serviceMs: 300 });
    advance(100);
    r.finish("b");
    expect(r.log.slice(4)).toEqual(["run d"]);
    // 300 then 400 ms: the running service time moves a fifth of the way.
    expect(admission.load().serviceMs).toBeCloseTo(320);
  });

  it("refuses a request that waited its whole budget, and only that one", () => {
    const { clock, advance, pending } = manualClock();
    const admission = new Admission({ maxInFlight: 1, maxQueue: 5, maxWaitMs: 1_000 }, clock);
    const r = requests(admission);
    r.enter("a");
    r.enter("b");
    advance(600);
    r.enter("c");
    advance(400);
    expect(r.log).toEqual(["run a", "shed b 1"]);
    advance(600);
    expect(r.log).toEqual(["run a", "shed b 1", "shed c 1"]);
    expect(pending()).toBe(0);
    expect(admission.load()).toEqual({ inFlight: 1, queued: 0, serviceMs: null });
    expect(admission.shedCount).toBe(2);
  });

  it("refuses at once once the estimate says the wait is over budget", () => {
    const { clock, advance } = manualClock();
    const admission = new Admission({ maxInFlight: 1, maxQueue: 100, maxWaitMs: 1_000 }, clock);
    const r = requests(admission);
    r.enter("a");
    advance(400);
    r.finish("a"); // service time 400 ms
    r.enter("b");
    r.enter("c"); // 1 × 400 ms
    r.enter("d"); // 2 × 400
    r.enter("e"); // 3 × 400 = 1.2 s > 1 s
    expect(r.log).toEqual(["run a", "run b", "shed e 2"]);
  });

  it("drops a waiting request whose visitor left: it takes no turn and is not refused", () => {
    const { clock, pending } = manualClock();
    const admission = new Admission({ maxInFlight: 1, maxQueue: 5, maxWaitMs: 1_000 }, clock);
    const r = requests(admission);
    r.enter("a");
    const cancelB = r.enter("b");
    r.enter("c");
    cancelB();
    cancelB();
    expect(pending()).toBe(1);
    r.finish("a");
    expect(r.log).toEqual(["run a", "run c"]);
  });
});
