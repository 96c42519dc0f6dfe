import { describe, expect, it } from "vitest";
import { up as clearUnsourcedRanResults } from "#app/db/migrations/0017_unsourced_ran_results";
import { insertResult, makeDistrict, makeSchool, makeStudent } from "./support/fixtures";
import { freshApi } from "./support/world";

// Issue 34 item 4: a RAN percentile stored from an upload had no norms behind it and showed as
// '15th ▼▼'. Migration 0017 clears those; one given by the district's norms keeps its source.
const { handle } = await freshApi();

describe(`migration 0017: RAN results without a norms source (${process.env.TEST_DB_ENGINE})`, () => {
  it("clears an uploaded RAN percentile and theta, keeps sourced ones, raw figures and other tests", async () => {
    const district = await makeDistrict(handle.db);
    const school = await makeSchool(handle.db, district.organization_id);
    const student = await makeStudent(handle.db, school.organization_unit_id);
    const uploaded = await insertResult(handle.db, student.participant_id, "letter-ran", { grade: "1", percentile: 15 });
    const normed = await insertResult(handle.db, student.participant_id, "object-ran", { grade: "1", percentile: 36 });
    const blending = await insertResult(handle.db, student.participant_id, "blending", { grade: "1", percentile: 12 });
    await handle.db
      .updateTable("participant_test")
      .set({ final_theta: -1.1, scored_secs: 41.5, scored_errors: 2 })
      .where("participant_test_id", "=", uploaded.participant_test_id)
      .execute();
    await handle.db
      .updateTable("participant_test")
      .set({ norms_source: "District RAN norms, fall 2026" })
      .where("participant_test_id", "=", normed.participant_test_id)
      .execute();

    await clearUnsourcedRanResults(handle.db);

    const rows = await handle.db
      .selectFrom("participant_test")
      .select(["participant_test_id", "ability_percentile", "final_theta", "scored_secs", "scored_errors", "norms_source"])
      .where("participant_id", "=", student.participant_id)
      .execute();
    const byId = new Map(rows.map((r) => [r.participant_test_id, r]));
    expect(byId.get(uploaded.participant_test_id)).toMatchObject({
      ability_percentile: null,
      final_theta: null,
      scored_secs: 41.5,
      scored_errors: 2,
    });
    expect(byId.get(normed.participant_test_id)).toMatchObject({ ability_percentile: 36, norms_source: "District RAN norms, fall 2026" });
    expect(byId.get(blending.participant_test_id)).toMatchObject({ ability_percentile: 12 });
  });
});
