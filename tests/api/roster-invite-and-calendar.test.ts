import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { CODE_TTL_MS } from "#app/api/one-time-codes";
import { defaultGradeAssessments } from "#app/domain/assessments";
import { GRADES } from "#app/domain/grades";
import { PERIODS } from "#app/domain/periods";
import { TESTS_BY_GRADE } from "#app/domain/screening-calendar";
import { sampleDistrict } from "../support/oneroster-export";
import { appliedRoster, rosterDistrict } from "./support/roster";
import { makeUser } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Issue 35 item 7, on both engines: the teachers a roster import creates cannot sign in until
// invited; a district admin invites all of them in one request, safely twice, and sees who still
// cannot sign in. A new district's calendar starts with the standard tests of each grade and period.

const data = useTempDataDir();

type Staff = { userId: string; firstName: string; lastName: string; email: string; authStatus: string; state: string };
type StaffList = {
  total: number;
  toInvite: number;
  counts: Record<string, number>;
  staff: Staff[];
  invitationDays: number;
};
type Invited = { userId: string; firstName: string; lastName: string; email: string };
type InviteResult = { invited: Invited[]; failed: Invited[]; stillCannotSignIn: number };

const { handle, t, w } = await apiWorld();
const tokens = {
  superAdmin: await t.login(w.superAdmin.email),
  districtAdmin: await t.login(w.districtAdmin.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  teacher: await t.login(w.teacher.email),
};
afterAll(() => data.cleanup());
beforeEach(() => {
  t.mail.length = 0;
  t.clock.now = new Date();
});

let districts = 0;
/** A district of its own with its admin, rostered from a sample export: four teachers, none able to sign in. */
async function rosteredDistrict() {
  const prefix = `inv${++districts}x${process.pid}`;
  const d = await rosterDistrict(t, handle.db);
  await appliedRoster(t, d, sampleDistrict(prefix));
  const email = (school: number, n: number) => `${prefix}-tch-${school}-${n}@example.org`;
  return { id: d.id, admin: d.admin, token: d.token, email, teachers: [email(1, 1), email(1, 2), email(2, 1), email(2, 2)] as const };
}

const userByEmail = (email: string) =>
  handle.db.selectFrom("app_user").select(["user_id", "auth_status", "sourced_id"]).where("email", "=", email).executeTakeFirstOrThrow();
const statusOf = async (email: string) => (await userByEmail(email)).auth_status;
const inviteAll = (districtId: string, token: string | null) => t.call("POST", `/organization/${districtId}/invite-uninvited`, { token });
const listOf = (districtId: string, token: string | null) => t.call("GET", `/organization/${districtId}/staff-without-sign-in`, { token });
const recipients = () => t.mail.map((m) => m.to).sort();
const codeIn = (text: string) => new URL(text.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]).searchParams.get("code")!;

describe(`inviting a district's rostered teachers at once (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  it("invites exactly the rostered teachers without a working invitation, mails each once, and a second click mails nobody", async () => {
    const d = await rosteredDistrict();
    const other = await rosteredDistrict(); // another district's rostered teachers
    const [neverInvited, expired, stillValid, active] = d.teachers;
    // One teacher set a password already; one was invited more than an invitation's lifetime ago; one was invited just now.
    await handle.db.updateTable("app_user").set({ auth_status: "Active" }).where("email", "=", active).execute();
    const start = t.clock.now;
    expect((await t.call("POST", `/user/inviteUser/${expired}`, { token: d.token })).status).toBe(204);
    t.clock.now = new Date(start.getTime() + CODE_TTL_MS.invite + 60_000);
    d.token = await t.login(d.admin.email); // a week later: a new session
    expect((await t.call("POST", `/user/inviteUser/${stillValid}`, { token: d.token })).status).toBe(204);
    // Not rostered, or given an admin role since: invited one by one, never by this request.
    const byHand = await makeUser(handle.db, { role: "TEACHER", organizationId: d.id, authStatus: "None", password: null });
    const promoted = await makeUser(handle.db, { role: "ORG_UNIT_ADMIN", organizationId: d.id, authStatus: "None", password: null });
    await handle.db.updateTable("app_user").set({ sourced_id: "promoted-1" }).where("user_id", "=", promoted.user_id).execute();
    t.mail.length = 0;

    const before = await listOf(d.id, d.token);
    expect(before.status).toBe(200);
    const list = (await before.json()) as StaffList;
    expect(list).toMatchObject({
      total: 3,
      toInvite: 2,
      counts: { neverInvited: 1, invitationUnusable: 1, invitationSent: 1 },
      invitationDays: 7,
    });
    expect(Object.fromEntries(list.staff.map((s) => [s.email, s.state]))).toEqual({
      [neverInvited]: "neverInvited",
      [expired]: "invitationUnusable",
      [stillValid]: "invitationSent",
    });

    const res = await inviteAll(d.id, d.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as InviteResult;
    expect(result.invited.map((i) => i.email).sort()).toEqual([neverInvited, expired].sort());
    expect(result.failed).toEqual([]);
    // The invited cannot sign in until they set a password: all three are still listed.
    expect(result.stillCannotSignIn).toBe(3);
    expect(recipients()).toEqual([neverInvited, expired].sort());
    expect(t.mail.every((m) => m.subject === "You're invited to Early Literacy Screening")).toBe(true);
    expect(await statusOf(neverInvited)).toBe("Pending");
    expect(await statusOf(expired)).toBe("Pending");
    expect(await statusOf(active)).toBe("Active");
    for (const u of [byHand, promoted]) expect(await statusOf(u.email)).toBe("None");
    for (const email of other.teachers) expect(await statusOf(email)).toBe("None");

    // The second click: everyone left holds a link that works, so nobody is mailed again.
    const again = (await (await inviteAll(d.id, d.token)).json()) as InviteResult;
    expect(again.invited).toEqual([]);
    expect(t.mail).toHaveLength(2);

    // The mailed link works: that teacher can sign in and leaves the list.
    const mail = t.mail.find((m) => m.to === neverInvited)!;
    const done = await t.call("POST", "/dashboard/forgot-password/new", {
      body: { email: neverInvited, code: codeIn(mail.text), password: "Rostered#Pass2026" },
    });
    expect(done.status).toBe(204);
    await expect(t.login(neverInvited, "Rostered#Pass2026")).resolves.toEqual(expect.any(String));
    const after = (await (await listOf(d.id, d.token)).json()) as StaffList;
    expect(after.total).toBe(2);
    expect(after.staff.map((s) => s.email).sort()).toEqual([expired, stillValid].sort());

    // Once the links expire, the next request mails them again.
    t.clock.now = new Date(t.clock.now.getTime() + CODE_TTL_MS.invite + 60_000);
    d.token = await t.login(d.admin.email);
    t.mail.length = 0;
    const later = (await (await inviteAll(d.id, d.token)).json()) as InviteResult;
    expect(later.invited.map((i) => i.email).sort()).toEqual([expired, stillValid].sort());
    expect(recipients()).toEqual([expired, stillValid].sort());
  });

  it("mails each teacher once when two requests arrive together (a double click)", async () => {
    const d = await rosteredDistrict();
    const [a, b] = await Promise.all([inviteAll(d.id, d.token), inviteAll(d.id, d.token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const results = [(await a.json()) as InviteResult, (await b.json()) as InviteResult];
    expect(results.flatMap((r) => r.invited.map((i) => i.email)).sort()).toEqual([...d.teachers].sort());
    expect(recipients()).toEqual([...d.teachers].sort());
  });

  it("audits each invitation as the single invite does, with the admin as the actor", async () => {
    const d = await rosteredDistrict();
    const result = (await (await inviteAll(d.id, d.token)).json()) as InviteResult;
    expect(result.invited).toHaveLength(4);
    const rows = await handle.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "action", "entity_type", "entity_id"])
      .where(
        "entity_id",
        "in",
        result.invited.map((i) => i.userId),
      )
      .execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toMatchObject({ actor_user_id: d.admin.user_id, action: "invite", entity_type: "user" });
    expect(rows.map((r) => r.entity_id).sort()).toEqual(result.invited.map((i) => i.userId).sort());
  });

  it("takes an invitation back when its e-mail cannot be sent, and the next request sends it", async () => {
    const d = await rosteredDistrict();
    const [unlucky] = d.teachers;
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async (m) => {
      if (m.to === unlucky) throw new Error("mailbox unavailable");
      await send(m);
    };
    let result: InviteResult;
    try {
      result = (await (await inviteAll(d.id, d.token)).json()) as InviteResult;
    } finally {
      t.deps.mailer.send = send;
    }
    expect(result.failed.map((f) => f.email)).toEqual([unlucky]);
    expect(result.invited).toHaveLength(3);
    expect(await statusOf(unlucky)).toBe("None");
    const next = (await (await inviteAll(d.id, d.token)).json()) as InviteResult;
    expect(next.invited.map((i) => i.email)).toEqual([unlucky]);
    expect(t.mail.filter((m) => m.to === unlucky)).toHaveLength(1);
  });

  it("refuses teachers, school admins and another district's admin (403) and callers without a session (401); a super admin may", async () => {
    const d = await rosteredDistrict();
    const outsider = await rosteredDistrict();
    for (const [token, status] of [
      [tokens.teacher, 403],
      [tokens.schoolAdmin, 403],
      [tokens.districtAdmin, 403],
      [outsider.token, 403],
      [null, 401],
    ] as const) {
      expect((await inviteAll(d.id, token)).status).toBe(status);
      expect((await listOf(d.id, token)).status).toBe(status);
    }
    expect(t.mail).toHaveLength(0);
    for (const email of d.teachers) expect(await statusOf(email)).toBe("None");
    // A school admin of the district itself is refused too: inviting everyone is a district admin's call.
    const schoolAdmin = await makeUser(handle.db, { role: "ORG_UNIT_ADMIN", organizationId: d.id });
    expect((await inviteAll(d.id, await t.login(schoolAdmin.email))).status).toBe(403);
    expect((await inviteAll("00000000-0000-4000-8000-000000000000", tokens.superAdmin)).status).toBe(404);
    const bySuper = (await (await inviteAll(d.id, tokens.superAdmin)).json()) as InviteResult;
    expect(bySuper.invited).toHaveLength(4);
  });
});

describe(`a new district's screening calendar (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  type Calendar = {
    years: { academicYear: string; periods: { periodName: string; gradeLists: Record<string, string[]> }[] }[];
    standard: { periodName: string; gradeLists: Record<string, string[]> }[];
  };
  const expected = (rerKindergarten: boolean) =>
    PERIODS.map((periodName) => ({
      periodName,
      gradeLists: Object.fromEntries(
        GRADES.map((grade) => {
          const codes = defaultGradeAssessments(grade, periodName, { rerKindergarten });
          return [grade, TESTS_BY_GRADE[grade].filter((c) => codes.includes(c))];
        }),
      ),
    }));

  it("starts with the standard tests of every grade and period ticked, and no dates", async () => {
    const created = await t.call("POST", "/organization", {
      token: tokens.superAdmin,
      body: { name: `Standard Calendar ${process.pid}`, state: "WA" },
    });
    expect(created.status).toBe(201);
    const { organizationId } = (await created.json()) as { organizationId: string };
    const res = await t.call("GET", `/organization/${organizationId}/screening-calendar`, { token: tokens.superAdmin });
    expect(res.status).toBe(200);
    const calendar = (await res.json()) as Calendar;
    // Nothing is stored without dates: the administrator enters the windows.
    expect(calendar.years).toEqual([]);
    expect(calendar.standard).toEqual(expected(false));
    for (const p of calendar.standard) {
      // Every grade is screened in every period, each with the RAN the specs give it (spec 001 §9).
      expect(Object.keys(p.gradeLists).sort()).toEqual([...GRADES].sort());
      expect(p.gradeLists.PK).toContain("object-ran");
      expect(p.gradeLists.K).toContain("object-ran");
      expect(p.gradeLists["1"]).toContain("letter-ran");
      expect(p.gradeLists["2"]).toContain("rer-letter-ran");
    }
    // With flag rer-kindergarten, kindergarten's standard tests are the RER set.
    const rer = (await (
      await t.call("GET", `/organization/${organizationId}/screening-calendar`, {
        token: tokens.superAdmin,
        headers: { "x-feature-flags": "rer-kindergarten" },
      })
    ).json()) as Calendar;
    expect(rer.standard).toEqual(expected(true));

    // Saved with the district's own dates, the year holds exactly the standard tests.
    const periods = Object.fromEntries(
      calendar.standard.map((p, i) => [
        p.periodName,
        {
          startDate: ["2026-08-15", "2026-12-01", "2027-04-01"][i],
          endDate: ["2026-10-31", "2027-02-28", "2027-06-15"][i],
          gradeLists: p.gradeLists,
        },
      ]),
    );
    const saved = await t.call("PUT", `/organization/${organizationId}/screening-calendar`, {
      token: tokens.superAdmin,
      body: { academicYear: "2026-2027", periods },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const stored = (await (
      await t.call("GET", `/organization/${organizationId}/screening-calendar`, { token: tokens.superAdmin })
    ).json()) as Calendar;
    expect(stored.years[0]?.periods.map((p) => ({ periodName: p.periodName, gradeLists: p.gradeLists }))).toEqual(calendar.standard);
  });
});
