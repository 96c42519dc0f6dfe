import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt is memory-hard and ships with Node, so no native build step is needed.
// Parameters are stored with each hash ("scrypt$N$r$p$salt$key"), so they can be raised later
// without a reset: a sign-in with a hash of other parameters stores a new one (needsRehash).

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, about 128 MiB per hash. */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEYLEN = 32;

/**
 * The cost new hashes get. Only a test run (NODE_ENV=test, as vitest sets it) may lower it, and
 * only when it says so with SCRYPT_TEST_LOG_N (log2 of N, 10 to 17): suites that sign in
 * hundreds of times stay fast. Everywhere else, whatever the environment says, it is 2^17.
 */
export function currentCost(env: Record<string, string | undefined> = process.env): ScryptCost {
  if (env.NODE_ENV !== "test" || !env.SCRYPT_TEST_LOG_N) return PRODUCTION_COST;
  const log2 = Number(env.SCRYPT_TEST_LOG_N);
  if (!Number.isInteger(log2) || log2 < 10 || log2 > 17) return PRODUCTION_COST;
  return { ...PRODUCTION_COST, N: 2 ** log2 };
}

// scrypt needs 128 * N * r bytes; twice the largest we make leaves room for Node's own bookkeeping.
const maxmemFor = (cost: ScryptCost) => Math.max(64 * 1024 * 1024, 256 * cost.N * cost.r);

// Issue 33 item 4: 40 failed sign-ins sent at once took 14 s of both cores and about 1 GB (128 MiB a
// hash at N=2^17, r=8), and a classroom page took 9.3 s meanwhile. Every hash of this process now
// goes through one queue: a few run at once, a few wait, and a sign-in that finds every place taken
// is refused at once (503 with Retry-After), before anything is hashed.

export interface HashingLimits {
  /** Hashes computed at the same time. */
  running: number;
  /** Sign-ins that may wait for one of them; past running + waiting, a sign-in is refused. */
  waiting: number;
}

/**
 * Two at once: 2 × 128 MiB, and on a two-core server the pages keep a share of the CPU. Six
 * waiting: three rounds of two, about a second and a half at N=2^17, which a person signing in
 * hardly notices; a queue longer than that only makes everyone wait longer for the same refusal.
 */
export const HASHING_LIMITS: HashingLimits = { running: 2, waiting: 6 };

/** What a refused sign-in is told to wait: a full queue (2 running, 6 waiting) drains in about this many seconds. */
export const HASHING_RETRY_AFTER_SECONDS = 2;

export const HASHING_BUSY = "The server is busy with other sign-ins. Please wait a few seconds and try again.";

/** Every place of the hashing queue is taken: nothing was hashed. */
export class HashingBusy extends Error {
  readonly retryAfterSeconds = HASHING_RETRY_AFTER_SECONDS;
  constructor() {
    super(HASHING_BUSY);
  }
}

/** A place in the queue: runs one piece of hashing work when its turn comes, then frees the place. */
export interface HashingPlace {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Frees the place without running anything. */
  leave(): void;
}

export class HashingQueue {
  /** Hashes computed through this queue so far (a test counts what a refusal did not spend). */
  hashes = 0;
  private taken = 0;
  private running = 0;
  private readonly turns: Array<() => void> = [];

  constructor(public limits: HashingLimits) {}

  /** Whether a sign-in arriving now would be refused. */
  get full(): boolean {
    return this.taken >= this.limits.running + this.limits.waiting;
  }

  /** A place for a sign-in, or HashingBusy at once when every place is taken. */
  admit(): HashingPlace {
    if (this.full) throw new HashingBusy();
    return this.place();
  }

  /** A place that is never refused (a new password being set, a script): it waits for its turn. */
  place(): HashingPlace {
    this.taken++;
    let used = false;
    const use = () => {
      if (used) throw new Error("A hashing place serves one piece of work");
      used = true;
    };
    return {
      leave: () => {
        use();
        this.taken--;
      },
      run: async <T>(work: () => Promise<T>): Promise<T> => {
        use();
        try {
          if (this.running < this.limits.running) this.running++;
          else await new Promise<void>((turn) => this.turns.push(turn));
          try {
            return await work();
          } finally {
            // The next in line takes over the running slot.
            const next = this.turns.shift();
            if (next) next();
            else this.running--;
          }
        } finally {
          this.taken--;
        }
      },
    };
  }
}

/** This process's queue: every hash and verification of this module goes through it. */
export const passwordHashing = new HashingQueue({ ...HASHING_LIMITS });

function scryptNow(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  passwordHashing.hashes++;
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string, cost: ScryptCost = currentCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await passwordHashing.place().run(() => scryptNow(password, salt, KEYLEN, { ...cost, maxmem: maxmemFor(cost) }));
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string | null): ParsedHash | null {
  if (!stored) return null;
  const [scheme, n, rr, pp, saltB64, keyB64] = stored.split("$");
  const cost = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return null;
  // Anything else is not a hash we wrote (and an absurd N would stall the process).
  if (!Number.isInteger(Math.log2(cost.N)) || cost.N < 2 || cost.N > 2 ** 20) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > 32 || !Number.isInteger(cost.p) || cost.p < 1 || cost.p > 16) return null;
  return { cost, salt: Buffer.from(saltB64, "base64url"), key: Buffer.from(keyB64, "base64url") };
}

// A hash of a random secret at the current cost, verified when there is no hash to check, so an
// unknown email or an account without a password takes as long to refuse as a wrong password.
let dummy: { N: number; hash: Promise<string> } | undefined;
function dummyHash(): Promise<string> {
  const cost = currentCost();
  if (dummy?.N !== cost.N) dummy = { N: cost.N, hash: hashPassword(randomBytes(16).toString("base64url"), cost) };
  return dummy.hash;
}

/**
 * Whether `password` matches the stored hash. With no usable hash (unknown account, none set,
 * malformed) it still runs one scrypt at the current cost before answering false (issue 14:
 * sign-in timing revealed which emails have accounts).
 */
export async function verifyPassword(
  password: string,
  stored: string | null,
  /** A place the caller took with passwordHashing.admit() before its other work (a sign-in); else one that waits its turn. */
  place: HashingPlace = passwordHashing.place(),
): Promise<boolean> {
  let parsed: ParsedHash | null;
  try {
    // The stand-in hash is made in a place of its own, outside this one's turn (which would wait for itself).
    parsed = parseHash(stored) ?? parseHash(await dummyHash());
  } catch (error) {
    place.leave();
    throw error;
  }
  if (!parsed) {
    place.leave();
    return false;
  }
  const { salt, cost, key: expected } = parsed;
  const key = await place.run(() => scryptNow(password, salt, expected.length, { ...cost, maxmem: maxmemFor(cost) }));
  return timingSafeEqual(key, expected) && parseHash(stored) !== null;
}

/** Whether a hash that just verified should be replaced by one at the current cost. */
export function needsRehash(stored: string | null, cost: ScryptCost = currentCost()): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  return parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p || parsed.key.length !== KEYLEN;
}

/** A random secret for links and codes, and its hash for storage. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
