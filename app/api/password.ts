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

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string, cost: ScryptCost = currentCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { ...cost, maxmem: maxmemFor(cost) });
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
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored) ?? parseHash(await dummyHash());
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, { ...parsed.cost, maxmem: maxmemFor(parsed.cost) });
  return timingSafeEqual(key, parsed.key) && parseHash(stored) !== null;
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
