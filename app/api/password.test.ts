import { describe, expect, it } from "vitest";
import { currentCost, hashPassword, needsRehash, PRODUCTION_COST, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Reading#2026");
    expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(stored).not.toContain("Reading#2026");
    expect(await verifyPassword("Reading#2026", stored)).toBe(true);
    expect(await verifyPassword("reading#2026", stored)).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses a missing or malformed hash", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$3$8$1$c2FsdA$a2V5")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1073741824$8$1$c2FsdA$a2V5")).toBe(false);
  });

  it("still verifies hashes of the older cost (N=2^14)", async () => {
    const old = await hashPassword("Older#Pass2024", { N: 16384, r: 8, p: 1 });
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("Older#Pass2024", old)).toBe(true);
  });
});

describe("scrypt cost (issue 14: OWASP minimum N=2^17, r=8, p=1)", () => {
  it.each([
    ["no setting", {}, 2 ** 17],
    ["production ignores the test setting", { NODE_ENV: "production", SCRYPT_TEST_LOG_N: "10" }, 2 ** 17],
    ["development ignores the test setting", { NODE_ENV: "development", SCRYPT_TEST_LOG_N: "10" }, 2 ** 17],
    ["a test run without the setting", { NODE_ENV: "test" }, 2 ** 17],
    ["a test run that lowers it", { NODE_ENV: "test", SCRYPT_TEST_LOG_N: "12" }, 2 ** 12],
    ["a test setting below 2^10 is ignored", { NODE_ENV: "test", SCRYPT_TEST_LOG_N: "4" }, 2 ** 17],
    ["a test setting that is not a number is ignored", { NODE_ENV: "test", SCRYPT_TEST_LOG_N: "lots" }, 2 ** 17],
  ])("%s: N=%j", (_, env, N) => {
    expect(currentCost(env)).toEqual({ N, r: 8, p: 1 });
  });

  // Two hashes at the production cost: seconds, not milliseconds, on a busy two-core machine.
  it("the production default is N=2^17, r=8, p=1 and a hash at that cost works", { timeout: 30_000 }, async () => {
    expect(PRODUCTION_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await hashPassword("Screening#2026", PRODUCTION_COST);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("Screening#2026", stored)).toBe(true);
    expect(needsRehash(stored, PRODUCTION_COST)).toBe(false);
  });

  it.each([
    ["scrypt$16384$8$1$c2FsdA$" + "a".repeat(43), true],
    ["scrypt$131072$8$1$c2FsdA$" + "a".repeat(43), false],
    ["scrypt$131072$16$1$c2FsdA$" + "a".repeat(43), true],
    ["scrypt$131072$8$2$c2FsdA$" + "a".repeat(43), true],
    ["md5$abc", false],
  ])("under the production cost, %s needs a new hash: %s", (stored, expected) => {
    expect(needsRehash(stored, PRODUCTION_COST)).toBe(expected);
  });
});
