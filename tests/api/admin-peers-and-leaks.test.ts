import { describe, expect, it } from "vitest";
import { makeStudent, makeTeacher, makeUser } from "./support/fixtures";
import { apiWorld } from "./support/world";

// Issue 14, low items: no editing or deleting a peer of one's own rank (spec 000 §6), no staff
// list for teachers, no risk scores of deleted students.

const { handle, t, w } = await apiWorld();

const edit = (userId: string, schoolIds: string[]) => ({ userId, firstName: "Peer", lastName: "Edited", organizationUnitIds: schoolIds });

describe(`peers of one's own rank (${process.env.TEST_DB_ENGINE})`, () => {
  it("a district admin cannot edit or delete another district admin, but manages school admins and teachers", async () => {
    const token = await t.login(w.districtAdmin.email);
    const peer = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: w.district.organization_id });
    expect((await t.call("PUT", "/user", { token, body: edit(peer.user_id, []) })).status).toBe(403);
    expect((await t.call("DELETE", `/user/${peer.user_id}`, { token })).status).toBe(403);
    const below = await makeUser(handle.db, {
      role: "ORG_UNIT_ADMIN",
      organizationId: w.district.organization_id,
      schoolIds: [w.schoolA.organization_unit_id],
    });
    expect((await t.call("PUT", "/user", { token, body: edit(below.user_id, [w.schoolA.organization_unit_id]) })).status).toBe(200);
    expect((await t.call("DELETE", `/user/${below.user_id}`, { token })).status).toBe(204);
  });

  it("a school admin cannot edit or delete another school admin of their school, but manages its teachers", async () => {
    const token = await t.login(w.schoolAdmin.email);
    const school = [w.schoolA.organization_unit_id];
    const peer = await makeUser(handle.db, { role: "ORG_UNIT_ADMIN", organizationId: w.district.organization_id, schoolIds: school });
    expect((await t.call("PUT", "/user", { token, body: edit(peer.user_id, school) })).status).toBe(403);
    expect((await t.call("DELETE", `/user/${peer.user_id}`, { token })).status).toBe(403);
    const teacher = await makeUser(handle.db, { role: "TEACHER", organizationId: w.district.organization_id, schoolIds: school });
    expect((await t.call("PUT", "/user", { token, body: edit(teacher.user_id, school) })).status).toBe(200);
    expect((await t.call("DELETE", `/user/${teacher.user_id}`, { token })).status).toBe(204);
  });

  it("a super admin still manages other super admins", async () => {
    const token = await t.login(w.superAdmin.email);
    const peer = await makeUser(handle.db, { role: "SUPER_ADMIN", organizationId: null });
    expect((await t.call("PUT", "/user", { token, body: edit(peer.user_id, []) })).status).toBe(200);
  });
});

describe(`what teachers see (${process.env.TEST_DB_ENGINE})`, () => {
  it("a teacher gets no list of their school's staff e-mails and roles", async () => {
    const token = await t.login(w.teacher.email);
    const res = await t.call("GET", `/user/organizationUnit/${w.schoolA.organization_unit_id}`, { token });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("@");
  });
});

describe(`deleted students (${process.env.TEST_DB_ENGINE})`, () => {
  it("answers no risk scores of a deleted student, alone or in their classroom", async () => {
    const s = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    await handle.db
      .insertInto("predictive_profile")
      .values({ participant_id: s.participant_id, academic_year: "2025-2026", period_name: "BOY", pwr: 0.5 } as never)
      .execute();
    const token = await t.login(w.schoolAdmin.email);
    expect((await t.call("DELETE", `/participants/delete/${s.participant_id}`, { token })).status).toBe(204);
    expect((await t.call("GET", `/participants/riskScores/${s.participant_id}?academicYear=2025-2026`, { token })).status).toBe(404);
    const list = await t.call("GET", `/participants/participantGroup/riskScores/${w.classA.participant_group_id}?academicYear=2025-2026`, {
      token,
    });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).not.toContain(s.participant_id);
  });
});

// Issue 33: a district admin asking for another district's user by email heard 403, for an email
// no one has 404, so any district could tell which emails had accounts elsewhere; and creating a
// user with such an email said 'A user with this email already exists.' or named a deleted user.
describe(`what another district learns of an email (${process.env.TEST_DB_ENGINE})`, () => {
  const answer = async (res: Response) => ({ status: res.status, body: await res.text() });

  async function emails() {
    const live = await makeTeacher(handle.db, w.otherSchool);
    const deleted = await makeTeacher(handle.db, w.otherSchool);
    await handle.db.updateTable("app_user").set({ deleted_at: new Date() }).where("user_id", "=", deleted.user_id).execute();
    const admin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: w.otherDistrict.organization_id });
    return { live: live.email, deleted: deleted.email, admin: admin.email, unknown: `nobody-${Date.now()}@test.example` };
  }

  it("looking up an email answers alike whether another district has it, had it, or no one does", async () => {
    const e = await emails();
    for (const who of [w.districtAdmin.email, w.schoolAdmin.email]) {
      const token = await t.login(who);
      const seen = [];
      for (const email of [e.live, e.deleted, e.admin, e.unknown]) {
        seen.push(await answer(await t.call("GET", `/user/userByEmail/${encodeURIComponent(email)}`, { token })));
      }
      expect(seen, who).toEqual(Array(4).fill({ status: 403, body: JSON.stringify({ message: "Forbidden" }) }));
    }
    // A super admin sees every district: an unknown email is simply not found.
    const su = await t.login(w.superAdmin.email);
    expect((await t.call("GET", `/user/userByEmail/${encodeURIComponent(e.unknown)}`, { token: su })).status).toBe(404);
    expect((await t.call("GET", `/user/userByEmail/${encodeURIComponent(e.live)}`, { token: su })).status).toBe(200);
  });

  it("creating a user with another district's email is refused without saying whose or whether deleted", async () => {
    const e = await emails();
    const token = await t.login(w.districtAdmin.email);
    const create = (email: string) =>
      t.call("POST", "/user", {
        token,
        body: {
          organizationId: w.district.organization_id,
          firstName: "New",
          lastName: "User",
          email,
          roles: ["TEACHER"],
          organizationUnitIds: [w.schoolA.organization_unit_id],
        },
      });
    const neutral = {
      status: 409,
      body: JSON.stringify({ message: "This email cannot be used for a new user. Please contact the product's customer support." }),
    };
    for (const email of [e.live, e.deleted, e.admin, e.live.toUpperCase()])
      expect(await answer(await create(email)), email).toEqual(neutral);
    // Within the caller's own district the texts still say what is wrong.
    const mine = await makeTeacher(handle.db, w.schoolA);
    expect(await answer(await create(mine.email))).toEqual({
      status: 409,
      body: JSON.stringify({ message: "A user with this email already exists." }),
    });
    await handle.db.updateTable("app_user").set({ deleted_at: new Date() }).where("user_id", "=", mine.user_id).execute();
    expect(((await (await create(mine.email)).json()) as { message: string }).message).toMatch(/^A deleted user has this email/);
    expect((await create(e.unknown)).status).toBe(201);
  });
});
