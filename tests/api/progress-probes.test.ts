import { afterAll, describe, expect, it } from "vitest";
import { PROBE_MESSAGES } from "#app/domain/progress-monitoring";
import { makePeriods, makeUser, MID_YEAR } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Progress monitoring between benchmarks (issue 39 items 5, 6): probes (one per student, measure
// and week; never in the future; letters against the test's items; RAN with time and errors),
// their deletion (audited), the scope refusals, and the district's targets and decision rule
// (district admins, validated, audited). The clock is Thursday 2026-01-15 (MOY of 2025-2026): its
// week runs Monday 2026-01-12 to Sunday 2026-01-18.

const data = useTempDataDir();
afterAll(() => data.cleanup());

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
const otherAdmin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: w.otherDistrict.organization_id });
const tok = {
  teacher: await t.login(w.teacher.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  districtAdmin: await t.login(w.districtAdmin.email),
  superAdmin: await t.login(w.superAdmin.email),
  otherAdmin: await t.login(otherAdmin.email),
};

type Probe = {
  probeId: string;
  measure: string;
  date: string;
  weekStart: string;
  correctItems: number | null;
  totalItems: number | null;
  correctByCode: Record<string, number> | null;
  secs: number | null;
  errors: number | null;
  recordedBy: { userId: string; name: string } | null;
};
type Progress = {
  grade: string;
  today: string;
  periods: { periodName: string; startDate: string; endDate: string }[];
  benchmarks: { measure: string; period: string; date: string; value: number }[];
  probes: Probe[];
  letterItems: Record<string, string[]>;
  ranTestCode: string | null;
  config: { goalTargets: unknown; decisionRule: unknown };
};

const probes = (studentId: string) => `/participant/${studentId}/probes`;
const post = (studentId: string, body: unknown, token: string | null = tok.teacher) => t.call("POST", probes(studentId), { token, body });
async function progress(studentId: string, token = tok.teacher): Promise<Progress> {
  const res = await t.call("GET", probes(studentId), { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Progress;
}

describe(`progress probes (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  const student = w.studentA.participant_id;

  it("a teacher saves a letter probe: the ticked letters against the test's 26, on its week", async () => {
    const res = await post(student, { measure: "letter-names", date: "2026-01-12", correct: ["LN_A", "LN_B", "LN_M"] });
    expect(res.status).toBe(201);
    const probe = (await res.json()) as Probe;
    expect(probe).toMatchObject({
      measure: "letter-names",
      date: "2026-01-12",
      weekStart: "2026-01-12",
      correctItems: 3,
      totalItems: 26,
      secs: null,
      errors: null,
      recordedBy: { userId: w.teacher.user_id },
    });
    expect(probe.correctByCode?.LN_A).toBe(1);
    expect(probe.correctByCode?.LN_Z).toBe(0);
  });

  it("a second probe of the measure in that week is refused with 409, naming the week and the probe there", async () => {
    const res = await post(student, { measure: "letter-names", date: "2026-01-15", correct: ["LN_A"] });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; existing: Probe };
    expect(body.message).toBe(PROBE_MESSAGES.weekTaken("letter-names", "2026-01-12"));
    expect(body.existing).toMatchObject({ date: "2026-01-12", correctItems: 3 });
    // Another measure the same week, and the same measure the week before, are fine.
    expect((await post(student, { measure: "letter-sounds", date: "2026-01-14", correct: ["LS_SH"] })).status).toBe(201);
    expect((await post(student, { measure: "letter-names", date: "2026-01-11", correct: ["LN_A"] })).status).toBe(201);
    const all = (await progress(student)).probes.filter((p) => p.measure === "letter-names");
    expect(all.map((p) => p.date)).toEqual(["2026-01-11", "2026-01-12"]);
  });

  it("the very same probe sent twice (a double submit) answers 200 with the saved one and adds nothing", async () => {
    const body = { measure: "letter-sounds", date: "2026-01-14", correct: ["LS_SH"] };
    const again = await post(student, body);
    expect(again.status).toBe(200);
    expect((await progress(student)).probes.filter((p) => p.measure === "letter-sounds").length).toBe(1);
    // Someone else sending it is refused: it is not their double submit.
    expect((await post(student, body, tok.schoolAdmin)).status).toBe(409);
  });

  it("with an Idempotency-Key (the page's form sends one), a repeat answers the first save and a reused key for another probe is refused", async () => {
    const student2 = w.studentA2.participant_id;
    const headers = { "Idempotency-Key": "probe-form-key-1" };
    const body = { measure: "letter-sounds", date: "2026-01-13", correct: ["LS_A"] };
    const first = await t.call("POST", probes(student2), { token: tok.schoolAdmin, body, headers });
    expect(first.status).toBe(201);
    const again = await t.call("POST", probes(student2), { token: tok.schoolAdmin, body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as Probe).probeId).toBe(((await first.json()) as Probe).probeId);
    const other = await t.call("POST", probes(student2), { token: tok.schoolAdmin, body: { ...body, correct: [] }, headers });
    expect(other.status).toBe(422);
    expect((await progress(student2, tok.schoolAdmin)).probes).toHaveLength(1);
  });

  it("a date after today is refused; the day itself is fine", async () => {
    const res = await post(student, { measure: "ran", date: "2026-01-16", secs: 40, errors: 1 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: PROBE_MESSAGES.future, errors: [`date: ${PROBE_MESSAGES.future}`] });
    const ok = await post(student, { measure: "ran", date: "2026-01-15", secs: 41.5, errors: 2 });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ measure: "ran", secs: 41.5, errors: 2, correctItems: null });
  });

  it.each([
    { name: "RAN without errors", body: { measure: "ran", date: "2026-01-05", secs: 40 }, field: "errors" },
    { name: "RAN of no seconds", body: { measure: "ran", date: "2026-01-05", secs: 0, errors: 0 }, field: "secs" },
    { name: "letters with seconds", body: { measure: "letter-names", date: "2026-01-05", correct: [], secs: 4 }, field: "secs" },
    {
      name: "a letter the test does not have",
      body: { measure: "letter-names", date: "2026-01-05", correct: ["LN_SH"] },
      field: "correct",
    },
    { name: "an impossible date", body: { measure: "letter-names", date: "2026-02-30", correct: [] }, field: "date" },
    { name: "an unknown measure", body: { measure: "spelling", date: "2026-01-05", correct: [] }, field: "measure" },
  ])("refused with a message: $name", async ({ body, field }) => {
    const res = await post(student, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { message: string; errors?: string[] };
    expect(answer.message).toMatch(/\S/);
    expect(answer.errors?.some((e) => e.startsWith(`${field}:`))).toBe(true);
  });

  it("scope: only those who see the student", async () => {
    const body = { measure: "letter-names", date: "2026-01-05", correct: [] };
    // The teacher does not teach student B; another district's admin sees none of this district.
    expect((await post(w.studentB.participant_id, body)).status).toBe(403);
    expect((await post(student, body, tok.otherAdmin)).status).toBe(403);
    expect((await t.call("GET", probes(student), { token: tok.otherAdmin })).status).toBe(403);
    expect((await post(student, body, null)).status).toBe(401);
    expect((await post("00000000-0000-4000-8000-000000000000", body)).status).toBe(404);
    // Admins in scope may.
    expect((await post(w.studentB.participant_id, body, tok.districtAdmin)).status).toBe(201);
  });

  it("deleting a mistaken probe frees its week, and the audit log keeps what it was", async () => {
    const list = (await progress(student)).probes;
    const ran = list.find((p) => p.measure === "ran")!;
    expect((await t.call("DELETE", `/probe/${ran.probeId}`, { token: tok.otherAdmin })).status).toBe(403);
    const res = await t.call("DELETE", `/probe/${ran.probeId}`, { token: tok.teacher });
    expect(res.status).toBe(200);
    expect((await t.call("DELETE", `/probe/${ran.probeId}`, { token: tok.teacher })).status).toBe(404);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["action", "entity_type", "details"])
      .where("entity_id", "=", student)
      .where("entity_type", "=", "participant")
      .execute();
    const details = audit.map((a) => (typeof a.details === "string" ? JSON.parse(a.details) : a.details) as Record<string, unknown>);
    expect(details.some((d) => (d.progressProbeDeleted as Probe | undefined)?.probeId === ran.probeId)).toBe(true);
    expect((await post(student, { measure: "ran", date: "2026-01-13", secs: 39, errors: 0 })).status).toBe(201);
  });

  it("the student's answer: the year's periods, benchmark scores, letters for the form, the grade's RAN", async () => {
    await handle.db
      .insertInto("participant_test")
      .values({
        participant_id: student,
        test_code: "letter-names",
        grade: "K",
        start_dt_tm: new Date("2025-09-10T15:00:00Z"),
        completed_flag: true,
        invalid: false,
        correct_items: 6,
        total_items: 26,
        updated_at: new Date(),
      } as never)
      .execute();
    const p = await progress(student);
    expect(p.today).toBe("2026-01-15");
    expect(p.periods.map((x) => x.periodName)).toEqual(["BOY", "MOY", "EOY"]);
    expect(p.benchmarks).toEqual([{ measure: "letter-names", period: "BOY", date: "2025-09-10", value: 6 }]);
    expect(p.letterItems["letter-names"]).toHaveLength(26);
    expect(p.letterItems["letter-sounds"]).toHaveLength(29);
    expect(p.ranTestCode).toBe("object-ran");
    expect(p.config).toMatchObject({ goalTargets: null, decisionRule: null });
    const summary = await t.call("GET", `/participant/${student}/probeSummary`, { token: tok.teacher });
    expect(await summary.json()).toEqual({ count: 4, latest: "2026-01-14" });
  });
});

describe(`progress monitoring configuration (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  const path = `/organization/${w.district.organization_id}/progress-monitoring`;
  const targets = {
    source: "Riverside USD progress targets, 2025",
    targets: [
      { measure: "letter-names", grade: "K", period: "MOY", target: 20 },
      { measure: "ran", grade: "K", period: "EOY", target: 45.5 },
    ],
  };
  const rule = { consecutivePoints: 4, source: "Riverside USD MTSS handbook, p. 12" };

  it("starts empty: nothing ships", async () => {
    const res = await t.call("GET", path, { token: tok.districtAdmin });
    expect(await res.json()).toMatchObject({ goalTargets: null, decisionRule: null, updatedAt: null });
  });

  it("a district admin sets targets and the rule; every reader of the probes gets them; the change is audited", async () => {
    const res = await t.call("PUT", path, { token: tok.districtAdmin, body: { goalTargets: targets, decisionRule: rule } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ goalTargets: targets, decisionRule: rule });
    expect((await progress(w.studentA.participant_id)).config).toMatchObject({ goalTargets: targets, decisionRule: rule });
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("entity_type", "=", "progress_monitoring_config")
      .where("entity_id", "=", w.district.organization_id)
      .execute();
    expect(audit).toHaveLength(1);
    // Saving the same again changes nothing and audits nothing.
    await t.call("PUT", path, { token: tok.districtAdmin, body: { decisionRule: rule } });
    expect(
      await handle.db.selectFrom("audit_log").select("audit_log_id").where("entity_type", "=", "progress_monitoring_config").execute(),
    ).toHaveLength(1);
  });

  it.each([
    {
      name: "a letter target past the test's letters",
      body: { goalTargets: { ...targets, targets: [{ measure: "letter-names", grade: "K", period: "MOY", target: 27 }] } },
    },
    { name: "no source", body: { decisionRule: { ...rule, source: "  " } } },
    { name: "one point is no run", body: { decisionRule: { ...rule, consecutivePoints: 1 } } },
    {
      name: "two targets for one cell",
      body: { goalTargets: { ...targets, targets: [targets.targets[0], { ...targets.targets[0], target: 12 }] } },
    },
  ])("refused with a message, nothing changed: $name", async ({ body }) => {
    const res = await t.call("PUT", path, { token: tok.districtAdmin, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/\S/);
    expect(await (await t.call("GET", path, { token: tok.districtAdmin })).json()).toMatchObject({
      goalTargets: targets,
      decisionRule: rule,
    });
  });

  it("only the district's admins and super admins", async () => {
    for (const token of [tok.teacher, tok.schoolAdmin, tok.otherAdmin]) {
      expect((await t.call("PUT", path, { token, body: { decisionRule: null } })).status).toBe(403);
      expect((await t.call("GET", path, { token })).status).toBe(403);
    }
    expect((await t.call("GET", path, { token: tok.superAdmin })).status).toBe(200);
  });

  it("null clears a kind; the other stays", async () => {
    const res = await t.call("PUT", path, { token: tok.superAdmin, body: { decisionRule: null } });
    expect(await res.json()).toMatchObject({ goalTargets: targets, decisionRule: null });
  });
});
