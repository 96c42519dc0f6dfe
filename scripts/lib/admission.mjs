// Bounded admission of requests into one server process (issue 36 §2, overload;
// docs/decisions/0018-pglite-under-load.md, "Overload"). Plain Node, no dependencies: the preload
// scripts/shed-load.mjs runs it in front of remix-serve, before the app is loaded.
//
// A process serves at most `maxInFlight` requests at once; more wait in a first-come queue. A
// request is refused at once (503, nothing of it has run) when the queue is full, or when the
// wait it would have, estimated from how fast requests have been finishing, is longer than
// `maxWaitMs`; one that has waited `maxWaitMs` in the queue without its turn is refused then.
// Without the bound, a burst past the server's capacity queued without limit in the socket
// backlog, the event loop and the database pool: every request became slow (p95 13.7 s at 200
// users) and clients gave up on answers the server went on computing.

/**
 * The defaults, and why:
 * - maxInFlight 16: a page is mostly CPU in this process (rendering, JSON) between short
 *   queries, so more requests at once do not finish more per second, they only share the CPU
 *   more thinly and all finish late. 16 keeps the pool (DATABASE_POOL_SIZE, 10) busy while some
 *   requests render, and leaves room for a page's in-process API calls, which are not counted.
 * - maxWaitMs 5,000: the soak's budget is 10 s from arrival to answer (issue 36); half of it may
 *   be spent waiting for a turn, the other half is the request's own work at full concurrency.
 * - maxQueue 10 × maxInFlight: a memory bound for the moment before any request has finished
 *   (no estimate yet) or when the estimate is wrong; at one service time per maxInFlight
 *   requests, 10 rounds of the queue is already more than a teacher waits for.
 */
export const DEFAULT_MAX_IN_FLIGHT = 16;
export const DEFAULT_MAX_WAIT_MS = 5_000;
export const QUEUE_ROUNDS = 10;
/** Weight of the newest request in the running service time (an exponential moving average). */
export const SERVICE_SMOOTHING = 0.2;
/** A Retry-After longer than this reads as "broken" rather than "busy"; the estimate is rough anyway. */
export const MAX_RETRY_AFTER_S = 30;

/**
 * @typedef {{ maxInFlight: number, maxQueue: number, maxWaitMs: number }} Limits
 * @typedef {{ inFlight: number, queued: number, serviceMs: number | null }} Load
 * @typedef {{ action: "run" } | { action: "queue", waitMs: number | null } | { action: "shed", retryAfterS: number }} Decision
 */

/**
 * The limits from the environment: SHED_MAX_IN_FLIGHT, SHED_MAX_WAIT_MS, SHED_MAX_QUEUE (whole
 * numbers; SHED_MAX_IN_FLIGHT=off turns admission off). null when off.
 * @param {Record<string, string | undefined>} env
 * @returns {Limits | null}
 */
export function admissionLimits(env) {
  const raw = env.SHED_MAX_IN_FLIGHT?.trim();
  if (raw === "off") return null;
  /**
   * @param {string} name
   * @param {string | undefined} value
   * @param {number} fallback
   * @param {number} min
   */
  const whole = (name, value, fallback, min) => {
    const text = value?.trim();
    if (!text) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${text}"`);
    return n;
  };
  const maxInFlight = whole("SHED_MAX_IN_FLIGHT", raw, DEFAULT_MAX_IN_FLIGHT, 1);
  return {
    maxInFlight,
    maxQueue: whole("SHED_MAX_QUEUE", env.SHED_MAX_QUEUE, QUEUE_ROUNDS * maxInFlight, 0),
    maxWaitMs: whole("SHED_MAX_WAIT_MS", env.SHED_MAX_WAIT_MS, DEFAULT_MAX_WAIT_MS, 1),
  };
}

/**
 * How long a request that joins the queue behind `ahead` others would wait: slots free at
 * `maxInFlight` per service time, and it needs `ahead + 1` of them. null before any request has
 * finished (nothing to estimate from).
 * @param {number} ahead
 * @param {number | null} serviceMs
 * @param {number} maxInFlight
 */
export function expectedWaitMs(ahead, serviceMs, maxInFlight) {
  return serviceMs === null ? null : ((ahead + 1) * serviceMs) / maxInFlight;
}

/** Seconds for Retry-After: the estimated wait, at least 1, at most MAX_RETRY_AFTER_S. */
export function retryAfterSeconds(/** @type {number | null} */ waitMs) {
  return Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil((waitMs ?? 0) / 1000)));
}

/**
 * What to do with a request that arrives now.
 * @param {Load} load
 * @param {Limits} limits
 * @returns {Decision}
 */
export function decide(load, limits) {
  if (load.inFlight < limits.maxInFlight && load.queued === 0) return { action: "run" };
  const waitMs = expectedWaitMs(load.queued, load.serviceMs, limits.maxInFlight);
  if (load.queued >= limits.maxQueue || (waitMs !== null && waitMs > limits.maxWaitMs)) {
    return { action: "shed", retryAfterS: retryAfterSeconds(waitMs ?? limits.maxWaitMs) };
  }
  return { action: "queue", waitMs };
}

/**
 * The running state of one process: requests in flight, the queue, the service time.
 * `enter` takes a request; exactly one of its callbacks is called, once, unless it is cancelled
 * first: `run(done)` when it may start (call `done()` once its answer is finished or its
 * connection gone), or `shed(retryAfterS)` when it is refused.
 */
export class Admission {
  /**
   * @param {Limits} limits
   * @param {{ now?: () => number, setTimer?: (fn: () => void, ms: number) => unknown, clearTimer?: (t: unknown) => void }} [clock]
   */
  constructor(limits, clock = {}) {
    this.limits = limits;
    this.now = clock.now ?? (() => performance.now());
    this.setTimer = clock.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = clock.clearTimer ?? ((t) => clearTimeout(/** @type {NodeJS.Timeout} */ (t)));
    this.inFlight = 0;
    /** @type {number | null} */
    this.serviceMs = null;
    /** @type {{ run: (done: () => void) => void, shed: (retryAfterS: number) => void, timer: unknown }[]} */
    this.queue = [];
    this.shedCount = 0;
  }

  /** @returns {Load} */
  load() {
    return { inFlight: this.inFlight, queued: this.queue.length, serviceMs: this.serviceMs };
  }

  /**
   * @param {(done: () => void) => void} run
   * @param {(retryAfterS: number) => void} shed
   * @returns {() => void} cancels a request still waiting (its client went away); no callback is called then
   */
  enter(run, shed) {
    const decision = decide(this.load(), this.limits);
    if (decision.action === "run") {
      this.start(run);
      return () => {};
    }
    if (decision.action === "shed") {
      this.shedCount++;
      shed(decision.retryAfterS);
      return () => {};
    }
    const entry = { run, shed, timer: /** @type {unknown} */ (null) };
    entry.timer = this.setTimer(() => {
      if (!this.remove(entry)) return;
      this.shedCount++;
      // Its wait is over budget: the estimate for the next in line says when to come back.
      shed(retryAfterSeconds(expectedWaitMs(this.queue.length, this.serviceMs, this.limits.maxInFlight)));
    }, this.limits.maxWaitMs);
    this.queue.push(entry);
    return () => {
      if (this.remove(entry)) this.clearTimer(entry.timer);
    };
  }

  /** @param {(done: () => void) => void} run */
  start(run) {
    this.inFlight++;
    const began = this.now();
    let finished = false;
    run(() => {
      if (finished) return;
      finished = true;
      this.inFlight--;
      const took = this.now() - began;
      this.serviceMs = this.serviceMs === null ? took : this.serviceMs + SERVICE_SMOOTHING * (took - this.serviceMs);
      this.next();
    });
  }

  next() {
    while (this.inFlight < this.limits.maxInFlight && this.queue.length > 0) {
      const entry = /** @type {(typeof this.queue)[number]} */ (this.queue.shift());
      this.clearTimer(entry.timer);
      this.start(entry.run);
    }
  }

  /** @param {(typeof this.queue)[number]} entry */
  remove(entry) {
    const at = this.queue.indexOf(entry);
    if (at < 0) return false;
    this.queue.splice(at, 1);
    return true;
  }
}
