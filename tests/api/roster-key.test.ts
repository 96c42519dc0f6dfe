import { afterAll, describe, expect, it } from "vitest";
import { ROSTER_LIMITS, ROSTER_MESSAGES } from "#app/api/resources/rostering";
import { SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { exportZip, oneRosterFiles, sampleDistrict, type ExportSpec } from "../support/oneroster-export";
import { rosterDistrict } from "./support/roster";
import { makeUser } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { freshApi } from "./support/world";

// Issue 35 items 1 and 8, on both engines: the wipe attempt from the public page, the district's
// rostering key (create, use, rotate, revoke) for automated exports, the admin's confirmation of
// a mass deactivation even with the key, and rate limits that count only anonymous uploads and
// state the real wait.

const data = useTempDataDir();

interface Import {
  rosterImportId: string;
  status: string;
  report: {
    counts: Record<string, { created: number; deactivated: number }> | null;
    massDeactivations: { kind: string; deactivated: number; total: number }[];
  };
}

const { handle, t } = await freshApi();

afterAll(() => data.cleanup());

type District = Awaited<ReturnType<typeof district>>;

const district = () => rosterDistrict(t, handle.db);

const upload = (d: District, spec: ExportSpec, opts: { token?: string; rosterKey?: string; address?: string } = {}) =>
  t.call("POST", "/roster-stream-old/process-roster-file", {
    body: {
      file: exportZip(oneRosterFiles(spec)).toString("base64"),
      fileName: "roster.zip",
      districtName: d.name,
      districtId: d.id,
      rosterKey: opts.rosterKey,
    },
    token: opts.token,
    headers: opts.address ? { [SOCKET_ADDRESS_HEADER]: opts.address } : undefined,
  });

async function staged(d: District, spec: ExportSpec, opts: { token?: string; rosterKey?: string } = {}): Promise<Import> {
  const res = await upload(d, spec, opts);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as Import;
  expect(body.status).toBe("staged");
  return body;
}

const apply = (
  d: District,
  rosterImportId: string,
  opts: { token?: string; rosterKey?: string; confirmAccounts?: boolean; confirmDeactivations?: boolean } = {},
) =>
  t.call("POST", "/roster-stream-old/apply", {
    body: {
      districtId: d.id,
      rosterImportId,
      rosterKey: opts.rosterKey,
      confirmAccounts: opts.confirmAccounts,
      confirmDeactivations: opts.confirmDeactivations,
    },
    token: opts.token,
  });

const message = async (res: Response) => ((await res.json()) as { message: string }).message;

async function makeKey(d: District, token = d.token): Promise<string> {
  const res = await t.call("POST", `/organization/${d.id}/roster-key`, { token });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

const liveStudents = async (districtId: string) =>
  Number(
    (
      await handle.db
        .selectFrom("participant as p")
        .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("ou.organization_id", "=", districtId)
        .where("p.deleted_at", "is", null)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The district rostered from sampleDistrict: 20 students, 10 classrooms, 4 teachers. */
async function rostered(prefix: string) {
  const d = await district();
  const first = await staged(d, sampleDistrict(prefix), { token: d.token });
  expect((await apply(d, first.rosterImportId, { token: d.token })).status).toBe(200);
  return d;
}

/** The wipe: one school, and users, classes and enrollments with only their headers. */
const wipe = (prefix: string): ExportSpec => {
  const full = sampleDistrict(prefix);
  return { schools: full.schools.slice(0, 1), users: [], classes: [], enrollments: [] };
};

/** A weekly update: one student of 20 withdrawn (exactly 5%), one new. */
function weekly(prefix: string): ExportSpec {
  const spec = sampleDistrict(prefix);
  const gone = `${prefix}-stu-1-KG-1`;
  spec.users = spec.users.filter((u) => u.id !== gone);
  spec.enrollments = spec.enrollments.filter((e) => e.user !== gone);
  spec.users.push({
    id: `${prefix}-stu-new`,
    givenName: "New",
    familyName: "Arrival",
    role: "student",
    orgs: [`${prefix}-sch-1`],
    grade: "KG",
    birthDate: "2020-04-04",
  });
  spec.enrollments.push({ class: `${prefix}-cls-1-KG`, user: `${prefix}-stu-new`, role: "student" });
  return spec;
}

describe(`the wipe attempt (${process.env.TEST_DB_ENGINE})`, () => {
  it("previews the counts against the district's, cannot be applied without sign-in or with the key, and applies only when an admin confirms them", async () => {
    const d = await rostered("w");
    const key = await makeKey(d);
    const s = await staged(d, wipe("w"));
    expect(s.report.massDeactivations).toEqual([
      { kind: "students", deactivated: 20, total: 20 },
      { kind: "classrooms", deactivated: 10, total: 10 },
      { kind: "teachers", deactivated: 4, total: 4 },
    ]);

    expect((await apply(d, s.rosterImportId)).status).toBe(401);
    const keyed = await apply(d, s.rosterImportId, { rosterKey: key, confirmDeactivations: true });
    expect(keyed.status).toBe(409);
    expect(await message(keyed)).toBe(
      "This upload would deactivate 20 of 20 students (100%), 10 of 10 classrooms (100%), 4 of 4 teachers (100%): " +
        "a district administrator must sign in and confirm these counts to apply it.",
    );
    expect((await apply(d, s.rosterImportId, { token: d.token })).status).toBe(409);
    expect(await liveStudents(d.id)).toBe(20);

    const confirmed = await apply(d, s.rosterImportId, { token: d.token, confirmDeactivations: true });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(((await confirmed.json()) as Import).report.massDeactivations).toHaveLength(3);
    expect(await liveStudents(d.id)).toBe(0);
  });
});

describe(`the rostering key (${process.env.TEST_DB_ENGINE})`, () => {
  it("a weekly update (5% withdrawn) uploads and applies with the key and nobody signed in", async () => {
    const d = await rostered("k");
    const key = await makeKey(d);
    const s = await staged(d, weekly("k"), { rosterKey: key });
    expect(s.report.massDeactivations).toEqual([]);
    const res = await apply(d, s.rosterImportId, { rosterKey: key });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await liveStudents(d.id)).toBe(20);
    const row = await handle.db
      .selectFrom("roster_import")
      .select(["status", "applied_by"])
      .where("roster_import_id", "=", s.rosterImportId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "applied", applied_by: null });
  });

  it("is shown once, kept only as a hash, replaced by a rotation and dead once revoked; every change is audited", async () => {
    const d = await rostered("r");
    const state = async () => (await (await t.call("GET", `/organization/${d.id}/roster-key`, { token: d.token })).json()) as object;
    expect(await state()).toEqual({ hasKey: false, createdAt: null, createdBy: null });

    const first = await makeKey(d);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(await state()).toMatchObject({ hasKey: true, createdBy: `${d.admin.first_name} ${d.admin.last_name}` });
    const stored = await handle.db.selectFrom("roster_key").selectAll().where("organization_id", "=", d.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(first);

    const second = await makeKey(d);
    expect(second).not.toBe(first);
    const stale = await upload(d, weekly("r"), { rosterKey: first });
    expect(stale.status).toBe(403);
    expect(await message(stale)).toBe(ROSTER_MESSAGES.badKey);
    const s = await staged(d, weekly("r"), { rosterKey: second });
    const old = await apply(d, s.rosterImportId, { rosterKey: first });
    expect(old.status).toBe(403);

    const revoked = await t.call("DELETE", `/organization/${d.id}/roster-key`, { token: d.token });
    expect(await revoked.json()).toEqual({ revoked: true });
    expect((await apply(d, s.rosterImportId, { rosterKey: second })).status).toBe(403);
    expect(await state()).toMatchObject({ hasKey: false });

    const audits = await handle.db
      .selectFrom("audit_log")
      .select("details")
      .where("entity_id", "=", d.id)
      .where("actor_user_id", "=", d.admin.user_id)
      .orderBy("audit_log_id")
      .execute();
    const actions = audits.map((a) => (typeof a.details === "string" ? JSON.parse(a.details) : a.details) as { rosterKey?: string });
    expect(actions.map((a) => a.rosterKey).filter(Boolean)).toEqual(["created", "rotated", "revoked"]);
  });

  it("one district's key opens nothing of another's; a teacher cannot make one", async () => {
    const a = await rostered("a");
    const b = await rostered("b");
    const keyA = await makeKey(a);
    const s = await staged(b, weekly("b"), { token: b.token });
    expect((await apply(b, s.rosterImportId, { rosterKey: keyA })).status).toBe(403);
    expect((await upload(b, weekly("b"), { rosterKey: keyA })).status).toBe(403);
    const teacher = await makeUser(handle.db, { role: "TEACHER", organizationId: a.id });
    expect((await t.call("POST", `/organization/${a.id}/roster-key`, { token: await t.login(teacher.email) })).status).toBe(403);
    expect((await t.call("POST", `/organization/${a.id}/roster-key`, { token: b.token })).status).toBe(403);
  });

  it("with the key, account changes still need a signed-in admin", async () => {
    const d = await rostered("c");
    const key = await makeKey(d);
    const hand = await makeUser(handle.db, { role: "TEACHER", organizationId: d.id, email: "c-hand@example.org" });
    const spec = sampleDistrict("c");
    spec.users.push({ id: "c-tch-hand", givenName: "Hand", familyName: "Made", role: "teacher", orgs: ["c-sch-1"], email: hand.email });
    spec.enrollments.push({ class: "c-cls-1-KG", user: "c-tch-hand", role: "teacher" });
    const s = await staged(d, spec, { rosterKey: key });
    const res = await apply(d, s.rosterImportId, { rosterKey: key, confirmAccounts: true });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe(ROSTER_MESSAGES.confirmNeeded(1));
    expect((await apply(d, s.rosterImportId, { token: d.token, confirmAccounts: true })).status).toBe(200);
  });
});

describe(`upload limits count only anonymous callers (${process.env.TEST_DB_ENGINE})`, () => {
  it("a stranger who spends the district's budget is told the real wait; the admin and the key still upload", async () => {
    const d = await rostered("l");
    const key = await makeKey(d);
    for (let i = 0; i < ROSTER_LIMITS.district.max; i++) {
      expect((await upload(d, weekly("l"), { address: `203.0.113.${i + 1}` })).status).toBe(200);
    }
    t.clock.now = new Date(t.clock.now.getTime() + 20 * 60_000);
    const refused = await upload(d, weekly("l"), { address: "203.0.113.200" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(40 * 60));
    expect(await message(refused)).toBe("Too many attempts. Please wait 40 minutes and try again.");

    expect((await upload(d, weekly("l"), { token: d.token, address: "203.0.113.200" })).status).toBe(200);
    expect((await upload(d, weekly("l"), { rosterKey: key, address: "203.0.113.200" })).status).toBe(200);
    const teacher = await makeUser(handle.db, { role: "TEACHER", organizationId: d.id });
    expect((await upload(d, weekly("l"), { token: await t.login(teacher.email), address: "203.0.113.200" })).status).toBe(429);
  });
});
