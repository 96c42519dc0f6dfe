import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#app/db/connect.server";
import { makeStudent, makeUser, makeWorld } from "./support/fixtures";
import { createTestApi, type TestApi } from "./support/test-api";
import { createTestDb } from "./support/test-db";

// Issue 14, low items: no editing or deleting a peer of one's own rank (spec 000 §6), no staff
// list for teachers, no risk scores of deleted students.

let handle: DbHandle;
let t: TestApi;
let w: Awaited<ReturnType<typeof makeWorld>>;

beforeAll(async () => {
  handle = await createTestDb();
  t = createTestApi(handle.db);
  w = await makeWorld(handle.db);
});
afterAll(() => handle.close());

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
