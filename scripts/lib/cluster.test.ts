import { describe, expect, it } from "vitest";
import { workerCount } from "./cluster.mjs";

const PG = "postgres://db.internal/screening";

describe("workerCount (npm start's server processes)", () => {
  it.each([
    { env: { DATABASE_URL: PG }, cores: 4, workers: 4, note: false },
    { env: { DATABASE_URL: PG, WEB_CONCURRENCY: "2" }, cores: 8, workers: 2, note: false },
    { env: { DATABASE_URL: PG, WEB_CONCURRENCY: "1" }, cores: 8, workers: 1, note: false },
    { env: { DATABASE_URL: PG, WEB_CONCURRENCY: " " }, cores: 2, workers: 2, note: false },
    { env: {}, cores: 8, workers: 1, note: false },
    { env: { WEB_CONCURRENCY: "1" }, cores: 8, workers: 1, note: false },
    { env: { WEB_CONCURRENCY: "4" }, cores: 8, workers: 1, note: true },
  ])("$env on $cores cores: $workers", ({ env, cores, workers, note }) => {
    const got = workerCount(env, cores);
    expect(got.workers).toBe(workers);
    expect(got.note !== null).toBe(note);
  });

  it("says why PGlite serves with one process", () => {
    expect(workerCount({ WEB_CONCURRENCY: "4" }, 8).note).toMatch(
      /PGlite database belongs to one process: serving with one\. Set DATABASE_URL/,
    );
  });

  it.each(["0", "-1", "1.5", "two"])("refuses WEB_CONCURRENCY=%s", (value) => {
    expect(() => workerCount({ DATABASE_URL: PG, WEB_CONCURRENCY: value }, 2)).toThrow(/WEB_CONCURRENCY must be a whole number/);
  });
});
