import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db/connect.server";
import { generate, type Fixture } from "../../scripts/bench/generate";
import { createTestDb } from "./support/test-db";

// The benchmark's district is written through the same ingestion the screener uses, so a rule
// added there (issue 34: no RAN percentile from an upload) can stop `npm run bench` at generation.
// Nothing else runs the generator, so this keeps it working: a small district on each engine.
describe("the benchmark's generated district", () => {
  let handle: Awaited<ReturnType<typeof createTestDb>>;
  let fixture: Fixture;
  const db = () => handle.db as Db;

  beforeAll(async () => {
    handle = await createTestDb();
    fixture = await generate(db(), 120, process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite", () => {});
  }, 120_000);
  afterAll(() => handle.close());

  it("holds the students it was asked for, with results", () => {
    expect(fixture.students).toBe(120);
    expect(fixture.counts.participant).toBeGreaterThanOrEqual(120);
    expect(fixture.counts.participant_test).toBeGreaterThan(120);
  });

  it("leaves RAN tests without a percentile or theta, as the upload requires", async () => {
    const { rows } = await sql<{ ran: number; normed: number }>`
      select count(*)::int as ran,
             count(*) filter (where ability_percentile is not null or final_theta is not null)::int as normed
        from participant_test where test_code like '%ran'`.execute(db());
    expect(rows[0]?.ran).toBeGreaterThan(0);
    expect(rows[0]?.normed).toBe(0);
  });
});
