import { describe, expect, it } from "vitest";
import { fileSlug } from "#app/domain/csv";
import { makePeriods } from "./support/fixtures";
import { apiWorld } from "./support/world";

// Issue 12 items 8 and 13 at the API: unknown-looking ids are 404s, a teacher is refused the
// school CSV, and the school CSV of one classroom is named after it (spec 001 §9).

const { handle, t, w } = await apiWorld();
t.clock.now = new Date("2026-01-15T15:00:00Z");
await makePeriods(handle.db, w.district.organization_id, {
  BOY: { start: "2025-08-15", end: "2025-11-30" },
  MOY: { start: "2025-12-01", end: "2026-02-28" },
  EOY: { start: "2026-03-01", end: "2026-06-15" },
});
const da: string = await t.login(w.districtAdmin.email);
const teacher: string = await t.login(w.teacher.email);

describe(`issue 12 (${process.env.TEST_DB_ENGINE})`, () => {
  // The API keeps its documented 400 for a malformed id (session-and-scope.test.ts); the pages
  // answer 404 for it before calling the API (classroom and student loaders).
  it.each(["/participantGroups/not-a-uuid", "/participants/not-a-uuid"])("%s answers 400, never 500", async (path) => {
    const res = await t.call("GET", path, { token: da });
    expect(res.status).toBe(400);
  });

  it("refuses a teacher the school CSV with 403, not 'Report not found'", async () => {
    const res = await t.call("GET", `/report/organizationUnit/${w.schoolA.organization_unit_id}?period=MOY`, { token: teacher });
    expect(res.status).toBe(403);
    expect(await res.json()).not.toEqual({ message: "Report not found" });
  });

  it("names the school CSV of one classroom after the classroom and keeps its students only", async () => {
    const res = await t.call(
      "GET",
      `/report/organizationUnit/${w.schoolA.organization_unit_id}?period=MOY&participantGroupId=${w.classA.participant_group_id}`,
      { token: da },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Filename")).toBe(`${fileSlug(w.classA.name)}_student_details_MOY.csv`);
    expect(fileSlug(w.classA.name)).toMatch(/^[a-z0-9_]+$/);
    const text = await res.text();
    expect(text).toContain(w.studentA.participant_code);
    expect(text).not.toContain(w.studentA2.participant_code);
  });

  it("answers 404 for a classroom of another school", async () => {
    const res = await t.call(
      "GET",
      `/report/organizationUnit/${w.schoolA.organization_unit_id}?participantGroupId=${w.classB.participant_group_id}`,
      { token: da },
    );
    expect(res.status).toBe(404);
  });
});
