import { afterAll, describe, expect, it } from "vitest";
import { ROSTER_MESSAGES } from "#app/api/resources/rostering";
import { ROLE_IDS, type RoleName } from "#app/domain/roles";
import { exportZip, oneRosterFiles, type ExportSpec } from "../support/oneroster-export";
import { rosterDistrict, type RosterDistrict } from "./support/roster";
import { makeSchool, makeTeacher, makeUser } from "./support/fixtures";
import { TEST_PASSWORD, useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Issue 33, "what it must show": the roster import's account changes (adopting a teacher made by
// hand, changing an account's e-mail, deactivating a teacher no import created) tried by every
// kind of caller, and hostile forms of an administrator's e-mail in the file. Before the fix any
// visitor applied all three, and a file naming an admin's e-mail adopted the admin's account.

const data = useTempDataDir();
const { handle, t, w } = await apiWorld();
afterAll(() => data.cleanup());

interface Import {
  rosterImportId: string;
  status: string;
  report: {
    counts: Record<string, { created: number; updated: number; deactivated: number; skipped: number }> | null;
    confirmations: { kind: string; userId: string }[];
    confirmationCount: number;
    notices: { line: number; column: string; reason: string }[];
  };
}

interface Teacher {
  id: string;
  email: string;
  status?: string;
}

/** One school, one class, one student, and the teacher rows under test (users.csv lines 2 onward). */
const spec = (...teachers: Teacher[]): ExportSpec => ({
  schools: [{ id: "M-SCH", name: "Matrix Elementary" }],
  classes: [{ id: "M-CLS", title: "Matrix KG", school: "M-SCH" }],
  users: [
    ...teachers.map((x) => ({
      id: x.id,
      givenName: "Given",
      familyName: x.id,
      role: "teacher" as const,
      orgs: ["M-SCH"],
      email: x.email,
      status: x.status,
    })),
    { id: "M-STU", givenName: "Kid", familyName: "One", role: "student", orgs: ["M-SCH"], grade: "KG", birthDate: "2020-02-02" },
  ],
  enrollments: [
    ...teachers.map((x) => ({ class: "M-CLS", user: x.id, role: "teacher" as const })),
    { class: "M-CLS", user: "M-STU", role: "student" },
  ],
});

async function staged(d: RosterDistrict, roster: ExportSpec, token?: string): Promise<Import> {
  const res = await t.call("POST", "/roster-stream-old/process-roster-file", {
    body: { file: exportZip(oneRosterFiles(roster)).toString("base64"), fileName: "roster.zip", districtName: d.name, districtId: d.id },
    token,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as Import;
  expect(body.status, JSON.stringify(body.report)).toBe("staged");
  return body;
}

interface ApplyAs {
  token?: string;
  rosterKey?: string;
  confirmAccounts?: boolean;
  confirmDeactivations?: boolean;
}
const apply = (d: RosterDistrict, rosterImportId: string, as: ApplyAs) =>
  t.call("POST", "/roster-stream-old/apply", {
    body: { districtId: d.id, rosterImportId, ...as, token: undefined },
    token: as.token,
  });

async function appliedByAdmin(d: RosterDistrict, roster: ExportSpec, confirm = false): Promise<Import> {
  const s = await staged(d, roster, d.token);
  const res = await apply(d, s.rosterImportId, { token: d.token, confirmAccounts: confirm, confirmDeactivations: confirm });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Import;
}

const account = (userId: string) =>
  handle.db
    .selectFrom("app_user")
    .select(["email", "deleted_at", "sourced_id", "password_hash", "first_name", "last_name", "roster_created"])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();

const userWithEmail = (email: string) =>
  handle.db.selectFrom("app_user").select("user_id").where("email", "=", email).where("deleted_at", "is", null).executeTakeFirstOrThrow();

async function makeRosterKey(d: RosterDistrict): Promise<string> {
  const res = await t.call("POST", `/organization/${d.id}/roster-key`, { token: d.token });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

/** A district with a school, its teacher and school admin signed in, and its rostering key. */
async function districtWithStaff() {
  const d = await rosterDistrict(t, handle.db);
  const school = await makeSchool(handle.db, d.id);
  const teacher = await makeTeacher(handle.db, school);
  const schoolAdmin = await makeUser(handle.db, { role: "ORG_UNIT_ADMIN", organizationId: d.id, schoolIds: [school.organization_unit_id] });
  return {
    d,
    school,
    key: await makeRosterKey(d),
    teacherToken: await t.login(teacher.email),
    schoolAdminToken: await t.login(schoolAdmin.email),
  };
}

type Staff = Awaited<ReturnType<typeof districtWithStaff>>;

/**
 * Each account change, staged for the district: the account it changes, the preview's one
 * confirmation, and what the account looks like once a signed-in district admin confirmed it.
 */
const CHANGES: Record<
  string,
  (s: Staff) => Promise<{ userId: string; importId: string; kind: string; after: (a: Awaited<ReturnType<typeof account>>) => void }>
> = {
  "adopting a teacher made by hand": async ({ d, school }) => {
    const hand = await makeTeacher(handle.db, school, { email: `hand-${d.id}@example.org` });
    const s = await staged(d, spec({ id: "T-HAND", email: hand.email }));
    return { userId: hand.user_id, importId: s.rosterImportId, kind: "adopt", after: (a) => expect(a.sourced_id).toBe("T-HAND") };
  },
  "changing a rostered teacher's e-mail": async ({ d }) => {
    await appliedByAdmin(d, spec({ id: "T-MAIL", email: `first-${d.id}@example.org` }));
    const user = await userWithEmail(`first-${d.id}@example.org`);
    const s = await staged(d, spec({ id: "T-MAIL", email: `second-${d.id}@example.org` }));
    return {
      userId: user.user_id,
      importId: s.rosterImportId,
      kind: "email",
      after: (a) => expect(a.email).toBe(`second-${d.id}@example.org`),
    };
  },
  "deactivating a teacher no import created": async ({ d, school }) => {
    const hand = await makeTeacher(handle.db, school, { email: `kept-${d.id}@example.org` });
    await appliedByAdmin(d, spec({ id: "T-KEPT", email: hand.email }), true);
    const s = await staged(d, spec({ id: "T-NEW", email: `new-${d.id}@example.org` }));
    return { userId: hand.user_id, importId: s.rosterImportId, kind: "deactivate", after: (a) => expect(a.deleted_at).not.toBeNull() };
  },
};

describe(`roster account changes by every caller (${process.env.TEST_DB_ENGINE})`, () => {
  it.each(Object.entries(CHANGES))("%s: only a signed-in admin of the district who confirms it applies it", async (_change, make) => {
    const staff = await districtWithStaff();
    const { d } = staff;
    const other = await rosterDistrict(t, handle.db);
    const { userId, importId, kind, after } = await make(staff);
    const before = await account(userId);

    // The admin's view of the preview names the change; everyone's counts it.
    const listed = await t.call("GET", `/organization/${d.id}/roster-imports`, { token: d.token });
    const mine = ((await listed.json()) as { imports: Import[] }).imports.find((i) => i.rosterImportId === importId)!;
    expect(mine.report.confirmations).toEqual([expect.objectContaining({ kind, userId })]);

    // Every caller but the admin asks with both confirmations set: they are not theirs to give.
    const both = { confirmAccounts: true, confirmDeactivations: true };
    const answers: Record<string, { status: number; message: unknown }> = {};
    for (const [who, as] of [
      ["anonymous", both],
      ["the rostering key, nobody signed in", { ...both, rosterKey: staff.key }],
      ["a teacher of the district", { ...both, token: staff.teacherToken }],
      ["a school admin of the district", { ...both, token: staff.schoolAdminToken }],
      ["another district's admin", { ...both, token: other.token }],
      ["the district admin, unconfirmed", { token: d.token }],
    ] as const) {
      const res = await apply(d, importId, as);
      answers[who] = { status: res.status, message: ((await res.json()) as { message: unknown }).message };
    }
    // Those who may apply but did not confirm are told a district administrator must confirm it.
    const refused = (status: number, message: unknown = expect.any(String)) => ({ status, message });
    expect(answers).toEqual({
      anonymous: refused(401),
      "the rostering key, nobody signed in": refused(409, ROSTER_MESSAGES.confirmNeeded(1)),
      "a teacher of the district": refused(403),
      "a school admin of the district": refused(403),
      "another district's admin": refused(403),
      "the district admin, unconfirmed": refused(409, ROSTER_MESSAGES.confirmNeeded(1)),
    });
    expect(await account(userId)).toEqual(before);

    const res = await apply(d, importId, { token: d.token, ...both });
    expect(res.status, await res.clone().text()).toBe(200);
    after(await account(userId));
  });
});

describe(`hostile forms of an administrator's e-mail in users.csv (${process.env.TEST_DB_ENGINE})`, () => {
  const shapes: [string, (email: string) => string][] = [
    ["upper case", (e) => e.toUpperCase()],
    ["a capital first letter", (e) => e.charAt(0).toUpperCase() + e.slice(1)],
    ["spaces around it", (e) => `  ${e} `],
  ];
  const victims: [string, RoleName][] = [
    ["the district admin", "ORG_ADMIN"],
    ["a school admin", "ORG_UNIT_ADMIN"],
    ["a super admin", "SUPER_ADMIN"],
  ];

  it.each(victims.flatMap(([who, role]) => shapes.map(([shape, form]) => [who, shape, role, form] as const)))(
    "%s's e-mail with %s on a new teacher row matches no account, and applying leaves the account as it was",
    async (_, __, role, form) => {
      const { d, school } = await districtWithStaff();
      const victim =
        role === "SUPER_ADMIN"
          ? w.superAdmin
          : role === "ORG_ADMIN"
            ? d.admin
            : await makeUser(handle.db, { role, organizationId: d.id, schoolIds: [school.organization_unit_id] });
      const before = await account(victim.user_id);
      const s = await staged(d, spec({ id: "T-EVIL", email: form(victim.email) }));
      expect(
        s.report.notices.filter((n) => n.line === 2).map((n) => n.column),
        JSON.stringify(s.report.notices),
      ).toEqual(["email"]);
      expect([s.report.confirmationCount, s.report.counts?.teachers?.created, s.report.counts?.teachers?.updated]).toEqual([0, 0, 0]);
      const res = await apply(d, s.rosterImportId, { token: d.token, confirmAccounts: true, confirmDeactivations: true });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await account(victim.user_id)).toEqual(before);
      expect((await t.call("POST", "/dashboard/login", { body: { username: victim.email, password: TEST_PASSWORD } })).status).toBe(200);
    },
  );

  it("a rostered teacher re-mailed to the district admin's e-mail (upper case) never takes it: applying is refused whole", async () => {
    const { d } = await districtWithStaff();
    await appliedByAdmin(d, spec({ id: "T-SWAP", email: `swap-${d.id}@example.org` }));
    const teacher = await userWithEmail(`swap-${d.id}@example.org`);
    const beforeAdmin = await account(d.admin.user_id);
    const beforeTeacher = await account(teacher.user_id);
    // The preview lists it as an e-mail change to confirm; the database's one-live-account-per-e-mail
    // rule refuses it when applied, and the transaction leaves both accounts as they were.
    const s = await staged(d, spec({ id: "T-SWAP", email: d.admin.email.toUpperCase() }), d.token);
    const res = await apply(d, s.rosterImportId, { token: d.token, confirmAccounts: true, confirmDeactivations: true });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(ROSTER_MESSAGES.applyConflict);
    expect(await account(d.admin.user_id)).toEqual(beforeAdmin);
    expect(await account(teacher.user_id)).toEqual(beforeTeacher);
  });

  it("a tobedeleted row with a promoted administrator's sourcedId leaves the account alone", async () => {
    const { d } = await districtWithStaff();
    await appliedByAdmin(d, spec({ id: "T-PROMO", email: `promo-${d.id}@example.org` }));
    const user = await userWithEmail(`promo-${d.id}@example.org`);
    await handle.db.deleteFrom("user_role").where("user_id", "=", user.user_id).execute();
    await handle.db.insertInto("user_role").values({ user_id: user.user_id, role_id: ROLE_IDS.ORG_UNIT_ADMIN }).execute();
    const before = await account(user.user_id);
    const s = await staged(
      d,
      spec(
        { id: "T-PROMO", email: `promo-${d.id}@example.org`, status: "tobedeleted" },
        { id: "T-STAY", email: `stay-${d.id}@example.org` },
      ),
    );
    expect(s.report.counts!.teachers).toMatchObject({ created: 1, deactivated: 0, skipped: 1 });
    const res = await apply(d, s.rosterImportId, { token: d.token, confirmAccounts: true, confirmDeactivations: true });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await account(user.user_id)).toEqual(before);
  });
});
