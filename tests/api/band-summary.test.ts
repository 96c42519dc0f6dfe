import { describe, expect, it } from "vitest";
import { insertResult, makeDistrict, makePeriods, makeSchool, makeStudent, MID_YEAR } from "./support/fixtures";
import { apiWorld, staffTokens } from "./support/world";

// Issue 39 item 3: GET /report/bands/{id}, the school and district pages' bars and risk movement,
// counted by the database and banded by the grid's cell rules, on both engines.

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
const tokens = await staffTokens(t, w);
const A = w.schoolA.organization_unit_id;
const B = w.schoolB.organization_unit_id;
const BOY = "2025-09-10T15:00:00Z";
const MOY = "2026-01-10T15:00:00Z";

// Kindergarten, Letter Names: school A in BOY 12 (well below), 20.4 (shows 20th: well below),
// 20.6 (21st: below), 55 (at or above) and one not finished; an older retake the grid does not pick.
const a = await Promise.all([1, 2, 3, 4, 5].map(() => makeStudent(handle.db, A, { grade: "K" })));
const ids = a.map((s) => s.participant_id);
await insertResult(handle.db, ids[0]!, "letter-names", { start: BOY, percentile: 12 });
await insertResult(handle.db, ids[0]!, "letter-names", { start: "2025-09-01T15:00:00Z", percentile: 90 });
await insertResult(handle.db, ids[1]!, "letter-names", { start: BOY, percentile: 20.4 });
await insertResult(handle.db, ids[2]!, "letter-names", { start: BOY, percentile: 20.6 });
await insertResult(handle.db, ids[3]!, "letter-names", { start: BOY, percentile: 55 });
await insertResult(handle.db, ids[4]!, "letter-names", { start: BOY, complete: false });
// An invalid test reads N/A: no band.
await insertResult(handle.db, w.studentA.participant_id, "letter-names", { start: BOY, percentile: 70, invalid: true });
// School B: one at or above in BOY, one below in MOY.
await insertResult(handle.db, w.studentB.participant_id, "letter-names", { start: BOY, percentile: 80 });
await insertResult(handle.db, w.studentB.participant_id, "letter-names", { start: MOY, percentile: 35 });

// Risk Flag (dyslexia, above the cutoff is risk; K cutoffs about 0.16): two students out of risk, one into it.
const profile = (participantId: string, period: "BOY" | "MOY", dyslexia: number) =>
  handle.db
    .insertInto("predictive_profile")
    .values({
      participant_id: participantId,
      academic_year: "2025-2026",
      period_name: period,
      pwr: null,
      dyslexia,
      kready: null,
      pk_risk: null,
    })
    .execute();
await profile(ids[0]!, "BOY", 0.5);
await profile(ids[0]!, "MOY", 0.05);
await profile(ids[1]!, "BOY", 0.6);
await profile(ids[1]!, "MOY", 0.02);
await profile(ids[2]!, "BOY", 0.05);
await profile(ids[2]!, "MOY", 0.7);
await profile(w.studentB.participant_id, "BOY", 0.9);

// Another district's student counts nowhere.
const other = await makeSchool(handle.db, (await makeDistrict(handle.db)).organization_id);
await insertResult(handle.db, (await makeStudent(handle.db, other.organization_unit_id)).participant_id, "letter-names", {
  start: BOY,
  percentile: 5,
});

type Summary = {
  column: string;
  columns: { column: string; title: string }[];
  schools: { organizationUnitId: string; bars: Bar[]; movement: Move[] }[];
  grades: { grade: string; label: string; bars: Bar[]; movement: Move[] }[];
  movement: Move[];
};
type Bar = { column: string; period: string; total: number; segments: { category: string; count: number }[] };
type Move = { kind: string; from: string; to: string; intoRisk: number; outOfRisk: number; stayedAtRisk: number; stayedNotAtRisk: number };

async function summary(token: string, query: Record<string, string> = {}, id = w.district.organization_id) {
  const res = await t.call("GET", `/report/bands/${id}?${new URLSearchParams(query)}`, { token });
  return { status: res.status, body: (await res.json()) as Summary };
}
const counts = (bars: Bar[], period: string) => {
  const bar = bars.find((b) => b.period === period);
  return bar && Object.fromEntries(bar.segments.filter((s) => s.count > 0).map((s) => [s.category, s.count]));
};

describe("GET /report/bands/{id}", () => {
  it("counts a subtest's bands per school and per grade as the grid shows the cells", async () => {
    const { status, body } = await summary(tokens.districtAdmin, { column: "letter-names" });
    expect(status).toBe(200);
    expect(body.column).toBe("letter-names");
    const school = (id: string) => body.schools.find((s) => s.organizationUnitId === id)!.bars;
    // School A: 5 made here + the world's two (studentA invalid → No score, studentA2 no test → No score).
    expect(counts(school(A), "BOY")).toEqual({ "well-below": 2, below: 1, "at-or-above": 1, none: 3 });
    expect(counts(school(B), "BOY")).toEqual({ "at-or-above": 1 });
    expect(counts(school(B), "MOY")).toEqual({ below: 1 });
    const k = body.grades.find((g) => g.grade === "K")!;
    expect(k.label).toBe("K");
    expect(counts(k.bars, "BOY")).toEqual({ "well-below": 2, below: 1, "at-or-above": 2, none: 3 });
    expect(body.schools.flatMap((s) => s.bars).every((b) => b.column === "letter-names")).toBe(true);
    expect(body.columns.map((c) => c.column)).toEqual(expect.arrayContaining(["dyslexia", "letter-names"]));
  });

  it("counts a flag by the spec's cutoffs, and the students who moved into and out of risk", async () => {
    const { body } = await summary(tokens.districtAdmin, { column: "dyslexia" });
    const a = body.schools.find((s) => s.organizationUnitId === A)!;
    expect(counts(a.bars, "BOY")).toEqual({ risk: 2, ok: 1, none: 4 });
    expect(counts(a.bars, "MOY")).toEqual({ risk: 1, ok: 2, none: 4 });
    const boyToMoy = (moves: Move[]) => moves.find((m) => m.kind === "dyslexia" && m.from === "BOY" && m.to === "MOY");
    expect(boyToMoy(a.movement)).toMatchObject({ intoRisk: 1, outOfRisk: 2, stayedAtRisk: 0, stayedNotAtRisk: 0 });
    // School B's student has no MOY score: not counted as moving.
    expect(boyToMoy(body.schools.find((s) => s.organizationUnitId === B)!.movement)).toBeUndefined();
    expect(boyToMoy(body.movement)).toMatchObject({ intoRisk: 1, outOfRisk: 2 });
    expect(boyToMoy(body.grades.find((g) => g.grade === "K")!.movement)).toMatchObject({ intoRisk: 1, outOfRisk: 2 });
  });

  it("one school with schoolId; a school admin on the district sees only their schools", async () => {
    const one = await summary(tokens.teacher, { schoolId: A, column: "letter-names" });
    expect(one.status).toBe(200);
    expect(one.body.schools.map((s) => s.organizationUnitId)).toEqual([A]);
    expect(counts(one.body.grades.find((g) => g.grade === "K")!.bars, "BOY")).toEqual({
      "well-below": 2,
      below: 1,
      "at-or-above": 1,
      none: 3,
    });
    const mine = await summary(tokens.schoolAdmin, { column: "letter-names" });
    expect(mine.status).toBe(200);
    expect(mine.body.schools.map((s) => s.organizationUnitId)).toEqual([A]);
    expect(counts(mine.body.grades.find((g) => g.grade === "K")!.bars, "BOY")).toEqual({
      "well-below": 2,
      below: 1,
      "at-or-above": 1,
      none: 3,
    });
  });

  it("refuses what the caller may not see and a column that is neither a flag nor a test", async () => {
    expect((await summary(tokens.teacher, { schoolId: B })).status).toBe(403);
    expect((await summary(tokens.districtAdmin, {}, w.otherDistrict.organization_id)).status).toBe(403);
    expect((await summary(tokens.districtAdmin, { schoolId: w.otherSchool.organization_unit_id })).status).toBe(403);
    const bad = await summary(tokens.districtAdmin, { column: "drop table" });
    expect(bad.status).toBe(400);
    expect((await t.call("GET", `/report/bands/${w.district.organization_id}`)).status).toBe(401);
  });
});
