import { afterAll, describe, expect, it } from "vitest";
import type { RanScoring } from "#app/api/resources/ran-scoring";
import { ranPercentile } from "#app/domain/screening-standards";
import { makePeriods, makeStudent, makeUser, MID_YEAR, uploadedResult } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Norms and cutoffs as configuration with a named source (issue 34 item 4): the district and
// product-wide endpoints, their validation and audit, the recompute of hand-scored RAN results
// when RAN norms change, and what the grid shows with and without them (its kept copy follows).

const data = useTempDataDir();

const RIVERSIDE = "Riverside USD norms study, 2025";
const K_MOY = { testCode: "object-ran", grade: "K", period: "MOY", meanSecs: 59, sdSecs: 16 } as const;

type Grid = {
  grid: {
    sources: { kind: string; source: string }[];
    profileColumns: string[];
    rows: {
      participantId: string;
      sources: { kind: string; source: string }[];
      profile: { kind: string; text: string; qualifier: string; tone: string }[];
      cells: { testCode: string; state: string; text: string; note?: string; band: string | null; label: string }[];
    }[];
  };
};

const districtPath = () => `/organization/${w.district.organization_id}/screening-standards`;
const put = (body: unknown, token = tok.districtAdmin, path = districtPath()) => t.call("PUT", path, { token, body });

async function grid(): Promise<Grid["grid"]> {
  const res = await t.call("GET", `/participantGroups/${w.classA.participant_group_id}/results?period=MOY`, { token: tok.teacher });
  expect(res.status).toBe(200);
  return ((await res.json()) as Grid).grid;
}
const cellOf = (g: Grid["grid"], participantId: string, testCode: string) =>
  g.rows.find((r) => r.participantId === participantId)!.cells.find((c) => c.testCode === testCode)!;

/** A finished object RAN of a K student, taken in MOY, scored through the API: `secs` seconds and `errors` errors. */
async function scoredRan(participantId: string, secs: number, errors: number) {
  const { participantTestId } = await uploadedResult(handle.db, {
    participantId,
    testCode: "object-ran",
    startDtTm: "2026-01-12T15:00:00Z",
    endDtTm: "2026-01-12T15:05:00Z",
    responses: [
      { questionCode: "object-ran_prac_1", score: 1, responseTimeInSecs: 10 },
      { questionCode: "object-ran_1", score: 1, responseTimeInSecs: 60 },
    ],
  });
  const read = (await (await t.call("GET", `/participantTest/RAN/${participantTestId}`, { token: tok.teacher })).json()) as RanScoring;
  const response = read.responses.find((r) => !r.questionCode.includes("prac"))!;
  const res = await t.call("PUT", `/participantTest/addScoreToQuestionResponse/${response.participantTestQuestionResponseId}`, {
    token: tok.teacher,
    body: { score: 1, evalResponseTime: secs, numOfErrors: errors, invalid: false },
  });
  expect(res.status).toBe(200);
  return { id: participantTestId, saved: (await res.json()) as RanScoring };
}

async function testRow(id: string) {
  return handle.db
    .selectFrom("participant_test")
    .select(["ability_percentile", "final_theta", "norms_source", "scored_secs", "scored_errors", "invalid"])
    .where("participant_test_id", "=", id)
    .executeTakeFirstOrThrow();
}

async function auditRows() {
  return handle.db
    .selectFrom("audit_log")
    .select(["action", "entity_type", "entity_id", "details", "actor_user_id"])
    .where("entity_type", "=", "screening_standard")
    .orderBy("audit_log_id")
    .execute();
}

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
const otherAdmin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: w.otherDistrict.organization_id });
const tok: Record<"teacher" | "schoolAdmin" | "districtAdmin" | "superAdmin" | "otherAdmin", string> = {
  teacher: await t.login(w.teacher.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  districtAdmin: await t.login(w.districtAdmin.email),
  superAdmin: await t.login(w.superAdmin.email),
  otherAdmin: await t.login(otherAdmin.email),
};

afterAll(() => data.cleanup());

describe(`norms and cutoffs (${process.env.TEST_DB_ENGINE})`, () => {
  it("a new district has none, and neither has the product: nothing is invented", async () => {
    const res = await t.call("GET", districtPath(), { token: tok.districtAdmin });
    expect(res.status).toBe(200);
    const none = { ranNorms: null, pkRiskCutoff: null, abilityCutoffs: null };
    expect(await res.json()).toEqual({ organizationId: w.district.organization_id, district: none, product: none, effective: none });
    const product = await t.call("GET", "/screening-standards", { token: tok.superAdmin });
    expect(await product.json()).toEqual({ product: none });
    const config = await t.call("GET", `/assessmentConfig/currentAcademicYear/${w.district.organization_id}`, { token: tok.teacher });
    expect(((await config.json()) as { standards: unknown }).standards).toEqual(none);
  });

  it("only the district's admins and super admins read or set them; the product's are a super admin's", async () => {
    for (const token of [tok.teacher, tok.schoolAdmin, tok.otherAdmin]) {
      expect((await t.call("GET", districtPath(), { token })).status).toBe(403);
      expect((await put({ pkRiskCutoff: null }, token)).status).toBe(403);
    }
    expect((await t.call("GET", districtPath(), { token: null })).status).toBe(401);
    expect((await t.call("GET", "/screening-standards", { token: tok.districtAdmin })).status).toBe(403);
    expect((await put({ pkRiskCutoff: null }, tok.districtAdmin, "/screening-standards")).status).toBe(403);
    expect((await put({ pkRiskCutoff: null }, tok.superAdmin)).status).toBe(200);
  });

  it.each<[string, unknown, string]>([
    ["no source", { ranNorms: { source: "", norms: [K_MOY] } }, "Name the source"],
    ["a spread of 0", { ranNorms: { source: RIVERSIDE, norms: [{ ...K_MOY, sdSecs: 0 }] } }, "ranNorms.norms.0.sdSecs: The spread"],
    [
      "a RAN the grade does not take",
      { ranNorms: { source: RIVERSIDE, norms: [{ ...K_MOY, grade: "2" }] } },
      "Grade 2 does not take Object RAN.",
    ],
    ["a cutoff above 1", { pkRiskCutoff: { source: "District PK study", cutoffs: { MOY: 50 } } }, "A cutoff must be a number from 0 to 1."],
    ["a kind that does not exist", { percentileBands: null }, "percentileBands"],
  ])("refuses %s with a clear message, and stores nothing", async (_, body, words) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; errors: string[] };
    expect(answer.message.length).toBeGreaterThan(0);
    expect([answer.message, ...answer.errors].join("\n")).toContain(words);
    expect(await handle.db.selectFrom("screening_standard").selectAll().where("ran_norms", "is not", null).execute()).toEqual([]);
  });

  it("a scored RAN without norms keeps its seconds and errors, no percentile, and the grid says 'No norms configured'", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const { id, saved } = await scoredRan(student.participant_id, 59, 3);
    expect(saved.participantTest).toMatchObject({
      invalid: false,
      abilityPercentile: null,
      finalTheta: null,
      scoredSecs: 59,
      scoredErrors: 3,
      normsSource: null,
    });
    const cell = cellOf(await grid(), student.participant_id, "object-ran");
    expect(cell).toMatchObject({ state: "complete", text: "59 s, 3 errors", note: "No norms configured", band: null });
    expect(await testRow(id)).toMatchObject({ ability_percentile: null, norms_source: null });
  });

  it("setting RAN norms recomputes the district's scored RANs in the same save, audits before and after, and the grid follows", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const { id } = await scoredRan(student.participant_id, 43, 1);
    expect(cellOf(await grid(), student.participant_id, "object-ran").text).toBe("43 s, 1 error");
    const audited = (await auditRows()).length;

    const res = await put({ ranNorms: { source: RIVERSIDE, norms: [K_MOY] } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { recomputedRanResults: number; effective: { ranNorms: { origin: string; source: string } } };
    expect(answer.recomputedRanResults).toBeGreaterThanOrEqual(1);
    expect(answer.effective.ranNorms).toMatchObject({ origin: "district", source: RIVERSIDE });

    const expected = ranPercentile(K_MOY, 43);
    expect(await testRow(id)).toMatchObject({
      ability_percentile: expected.abilityPercentile,
      final_theta: expected.finalTheta,
      norms_source: RIVERSIDE,
      scored_secs: 43,
      scored_errors: 1,
    });
    // The kept grid is not answered: the cell shows the percentile, and the grid names the norms' source.
    const after = await grid();
    expect(cellOf(after, student.participant_id, "object-ran")).toMatchObject({ text: "84th", band: "at-or-above" });
    expect(cellOf(after, student.participant_id, "object-ran").note).toBeUndefined();
    expect(after.sources).toContainEqual({ kind: "ranNorms", source: RIVERSIDE });
    expect(after.rows.find((r) => r.participantId === student.participant_id)!.sources).toEqual([{ kind: "ranNorms", source: RIVERSIDE }]);

    const rows = (await auditRows()).slice(audited);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "create", entity_id: w.district.organization_id, actor_user_id: w.districtAdmin.user_id });
    expect(rows[0]?.details).toMatchObject({ kind: "ranNorms", before: null, after: { source: RIVERSIDE, norms: [K_MOY] } });

    // A new score under norms takes its percentile and source at once.
    const later = await scoredRan(student.participant_id, 59, 0);
    expect(later.saved.participantTest).toMatchObject({ abilityPercentile: 50, normsSource: RIVERSIDE, scoredSecs: 59 });
  });

  it("the same figures again change nothing and are not audited; new figures are audited with before and after", async () => {
    const audited = (await auditRows()).length;
    expect((await put({ ranNorms: { source: RIVERSIDE, norms: [K_MOY] } })).status).toBe(200);
    expect(await auditRows()).toHaveLength(audited);
    const changed = { ...K_MOY, meanSecs: 45, sdSecs: 10 };
    const res = await put({ ranNorms: { source: `${RIVERSIDE} (revised)`, norms: [changed] } });
    expect(((await res.json()) as { recomputedRanResults: number }).recomputedRanResults).toBeGreaterThan(0);
    const [row] = (await auditRows()).slice(audited);
    expect(row).toMatchObject({ action: "update" });
    expect(row?.details).toMatchObject({
      kind: "ranNorms",
      before: { source: RIVERSIDE, norms: [K_MOY] },
      after: { source: `${RIVERSIDE} (revised)`, norms: [changed] },
    });
  });

  it("clearing the district's norms falls back to the product's, or to none: results are recomputed or cleared", async () => {
    const student = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const { id } = await scoredRan(student.participant_id, 59, 2);
    expect((await testRow(id)).norms_source).toContain(RIVERSIDE);

    // Product-wide norms leave a district with its own alone.
    const productNorm = { ...K_MOY, meanSecs: 70, sdSecs: 11 };
    const product = await put(
      { ranNorms: { source: "Product norms, 2026", norms: [productNorm] } },
      tok.superAdmin,
      "/screening-standards",
    );
    expect(product.status).toBe(200);
    expect((await testRow(id)).norms_source).toContain(RIVERSIDE);

    // Cleared: the product's norms take over.
    const audited = (await auditRows()).length;
    expect((await put({ ranNorms: null })).status).toBe(200);
    expect(await testRow(id)).toMatchObject({
      ability_percentile: ranPercentile(productNorm, 59).abilityPercentile,
      norms_source: "Product norms, 2026",
    });
    expect((await auditRows()).slice(audited)).toMatchObject([{ action: "delete", details: { kind: "ranNorms", after: null } }]);
    expect(cellOf(await grid(), student.participant_id, "object-ran").text).toBe(`${ranPercentile(productNorm, 59).abilityPercentile}th`);

    // No norms anywhere: the raw figures again.
    expect((await put({ ranNorms: null }, tok.superAdmin, "/screening-standards")).status).toBe(200);
    expect(await testRow(id)).toMatchObject({ ability_percentile: null, final_theta: null, norms_source: null, scored_secs: 59 });
    expect(cellOf(await grid(), student.participant_id, "object-ran")).toMatchObject({
      text: "59 s, 2 errors",
      note: "No norms configured",
    });
    const audit = await auditRows();
    expect(audit.at(-1)).toMatchObject({ action: "delete", entity_id: "product", actor_user_id: w.superAdmin.user_id });
  });

  it("the prekindergarten risk is never 'At risk' without a cutoff; with one the grid flags it and names the source", async () => {
    const pk = await makeStudent(handle.db, w.schoolA.organization_unit_id, { grade: "PK", classroomIds: [w.classA.participant_group_id] });
    const stored = await t.call("POST", "/participantTest/predictiveProfile", {
      token: tok.superAdmin,
      body: { participantId: pk.participant_id, academicYear: "2025-2026", periodName: "MOY", pkRisk: 0.7 },
    });
    expect(stored.status).toBe(200);
    const pkCell = (g: Grid["grid"]) =>
      g.rows.find((r) => r.participantId === pk.participant_id)!.profile.find((p) => p.kind === "pkRisk")!;
    expect(pkCell(await grid())).toMatchObject({ text: "70%", qualifier: "No cutoff configured", tone: "none" });

    const res = await put({ pkRiskCutoff: { source: "District PK study, 2026", cutoffs: { MOY: 0.5 } } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { recomputedRanResults: number }).recomputedRanResults).toBe(0);
    const flagged = await grid();
    expect(pkCell(flagged)).toMatchObject({ text: "70%", qualifier: "At risk", tone: "risk" });
    expect(flagged.rows.find((r) => r.participantId === pk.participant_id)!.sources).toEqual([
      { kind: "pkRiskCutoff", source: "District PK study, 2026" },
    ]);
    // The student page's data carries the standards in force with their origin.
    const profile = await t.call("GET", `/participants/profile/${pk.participant_id}`, { token: tok.teacher });
    expect(((await profile.json()) as { standards: { pkRiskCutoff: unknown } }).standards.pkRiskCutoff).toEqual({
      source: "District PK study, 2026",
      cutoffs: { MOY: 0.5 },
      origin: "district",
    });

    expect((await put({ pkRiskCutoff: null })).status).toBe(200);
    expect(pkCell(await grid())).toMatchObject({ qualifier: "No cutoff configured", tone: "none" });
  });

  it("a district's figures never reach another district", async () => {
    await put({
      abilityCutoffs: { source: "State theta table, 2026", cutoffs: [{ grade: "2", testCode: "rer-deletion", period: "MOY", theta: 0 }] },
    });
    const other = await t.call("GET", `/organization/${w.otherDistrict.organization_id}/screening-standards`, { token: tok.otherAdmin });
    expect(((await other.json()) as { effective: unknown }).effective).toEqual({
      ranNorms: null,
      pkRiskCutoff: null,
      abilityCutoffs: null,
    });
  });
});
