import { describe, expect, it } from "vitest";
import { ROLE_IDS } from "#app/domain/roles";
import { makeClassroom, makeSchool, makeStudent, makeTeacher, makeUser, studentDialogBody } from "./support/fixtures";
import { deletedAt } from "./support/stored";
import { apiWorld } from "./support/world";

const { handle, t, w } = await apiWorld();
t.clock.now = new Date("2026-10-01T12:00:00Z");
const su: string = await t.login(w.superAdmin.email);
const sa: string = await t.login(w.schoolAdmin.email);
/** The ids of the rows a list answers the school admin. */
const listedIds = async (path: string, key: "participantId" | "participantGroupId") =>
  ((await (await t.call("GET", path, { token: sa })).json()) as Record<string, string>[]).map((row) => row[key]);
const te: string = await t.login(w.teacher.email);

const student = (over: Record<string, unknown> = {}) =>
  studentDialogBody(w, { participantGroupIds: [w.classA.participant_group_id], ...over });
const DATE_TEXT = "Invalid Date! Please correct the Date of Birth and try again.";

describe(`students (${process.env.TEST_DB_ENGINE})`, () => {
  it.each([
    [{ firstName: "", lastName: "", dateOfBirth: "", grade: "" }, "First Name is a required field."],
    [{ lastName: "", dateOfBirth: "", grade: "" }, "Last Name is a required field."],
    [{ dateOfBirth: "", grade: "" }, "Date of Birth is a required field."],
    [{ grade: "" }, "Grade is a required field."],
    [{ organizationUnitId: "" }, "School is a required field."],
    [{ dateOfBirth: "2020-05-17" }, DATE_TEXT],
    [{ dateOfBirth: "02/30/2020" }, DATE_TEXT],
    [{ dateOfBirth: "10/02/2026" }, DATE_TEXT],
    [{ grade: "4" }, "Please choose a grade from the list."],
    [{ grade: "3" }, "Grade 3 is not available for new students."],
    [{ tags: "ELL,gifted" }, "Unknown tag: gifted. Tags are ELL, IEP, familyhistory, exempt."],
    [{ email: "kid@" }, "Please enter a valid email address."],
  ])("refuses %j with the spec's text", async (over, message) => {
    const res = await t.call("POST", "/participants", { token: su, body: student(over) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });

  it("takes a student with no classroom from an admin", async () => {
    const res = await t.call("POST", "/participants", { token: su, body: student({ participantGroupIds: "" }) });
    expect(res.status).toBe(201);
  });

  it("a teacher must give a classroom", async () => {
    const res = await t.call("POST", "/participants", { token: te, body: student({ participantGroupIds: [] }) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Classroom is a required field.");
  });

  it("offers grade 3 only with flag grade-3-student-create", async () => {
    const res = await t.call("POST", "/participants", {
      token: su,
      body: student({ grade: "3" }),
      headers: { "x-feature-flags": "grade-3-student-create" },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).grade).toBe("3");
  });

  it("stores the fields, tags in catalogue order, email trimmed and lowercased, and a generated 8-character code", async () => {
    const res = await t.call("POST", "/participants", {
      token: te,
      body: student({
        middleName: " Byron ",
        tags: "exempt,ELL,familyhistory",
        externalId: " S-100 ",
        email: "  Ada.L@School.ORG ",
        dateOfBirth: "5/7/2020",
      }),
    });
    expect(res.status).toBe(201);
    const p = await res.json();
    expect(p).toMatchObject({
      firstName: "Ada",
      middleName: "Byron",
      lastName: "Lovelace",
      dateOfBirth: "05/07/2020",
      grade: "K",
      tags: "ELL,familyhistory,exempt",
      externalId: "S-100",
      email: "ada.l@school.org",
      organizationUnitId: w.schoolA.organization_unit_id,
      participantGroupIds: [w.classA.participant_group_id],
    });
    expect(p.participantCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    const log = await handle.db.selectFrom("audit_log").selectAll().where("entity_id", "=", p.participantId).execute();
    expect(log).toMatchObject([{ action: "create", entity_type: "participant", actor_user_id: w.teacher.user_id }]);
  });

  it("generates a different code for every student", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await t.call("POST", "/participants", { token: su, body: student({ lastName: `Code${i}` }) });
      codes.add((await res.json()).participantCode);
    }
    expect(codes.size).toBe(10);
  });

  it("refuses classrooms of another school", async () => {
    const res = await t.call("POST", "/participants", {
      token: su,
      body: student({ participantGroupIds: [w.classB.participant_group_id] }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Classrooms must belong to the student's school.");
  });

  it("refuses a classroom not enabled for screening", async () => {
    const off = await makeClassroom(handle.db, w.schoolA.organization_unit_id, [], "Closed Room");
    await handle.db
      .updateTable("participant_group")
      .set({ enabled_in_eb_platform: false })
      .where("participant_group_id", "=", off.participant_group_id)
      .execute();
    const res = await t.call("POST", "/participants", { token: su, body: student({ participantGroupIds: [off.participant_group_id] }) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Closed Room is not enabled for screening.");
  });

  it("moves a student to another school with its classroom", async () => {
    const p = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const res = await t.call("PUT", "/participants", {
      token: su,
      body: student({
        participantId: p.participant_id,
        organizationUnitId: w.schoolB.organization_unit_id,
        participantGroupIds: w.classB.participant_group_id,
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      organizationUnitId: w.schoolB.organization_unit_id,
      participantGroupIds: [w.classB.participant_group_id],
    });
  });

  it("a teacher's edit keeps the student's classrooms of other teachers", async () => {
    const p = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      classroomIds: [w.classA.participant_group_id, w.classA2.participant_group_id],
    });
    const res = await t.call("PUT", "/participants", {
      token: te,
      body: student({ participantId: p.participant_id, firstName: "Renamed", participantGroupIds: [w.classA.participant_group_id] }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).participantGroupIds.sort()).toEqual([w.classA.participant_group_id, w.classA2.participant_group_id].sort());
  });

  it("lists a school's students by name with classrooms and teachers; a teacher sees only their classrooms' students", async () => {
    const school = await makeSchool(handle.db, w.district.organization_id);
    const teacher = await makeTeacher(handle.db, school);
    const mine = await makeClassroom(handle.db, school.organization_unit_id, [teacher.user_id], "Mine");
    const theirs = await makeClassroom(handle.db, school.organization_unit_id, [], "Theirs");
    const b = await makeStudent(handle.db, school.organization_unit_id, { lastName: "Brown", classroomIds: [mine.participant_group_id] });
    const a = await makeStudent(handle.db, school.organization_unit_id, { lastName: "adams", classroomIds: [theirs.participant_group_id] });
    const all = (await (await t.call("GET", `/participants/organizationUnit/${school.organization_unit_id}`, { token: su })).json()) as {
      participantId: string;
      ParticipantGroup: { name: string; User: { userId: string }[] }[];
    }[];
    expect(all.map((s) => s.participantId)).toEqual([a.participant_id, b.participant_id]);
    expect(all[1]?.ParticipantGroup).toMatchObject([{ name: "Mine", enabledInEBPlatform: true, User: [{ userId: teacher.user_id }] }]);
    const token = await t.login(teacher.email);
    const seen = (await (await t.call("GET", `/participants/organizationUnit/${school.organization_unit_id}`, { token })).json()) as {
      participantId: string;
    }[];
    expect(seen.map((s) => s.participantId)).toEqual([b.participant_id]);
  });

  it("soft-deletes: the row stays with deleted_at, the student is gone from lists and reads", async () => {
    const p = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    expect((await t.call("DELETE", `/participants/delete/${p.participant_id}`, { token: sa })).status).toBe(204);
    expect(await deletedAt(handle.db, "participant", p.participant_id)).not.toBeNull();
    expect(await listedIds(`/participants/organizationUnit/${w.schoolA.organization_unit_id}`, "participantId")).not.toContain(
      p.participant_id,
    );
    expect((await t.call("GET", `/participants/${p.participant_id}`, { token: sa })).status).toBe(404);
  });
});

describe(`classrooms (${process.env.TEST_DB_ENGINE})`, () => {
  it("needs a name", async () => {
    const res = await t.call("POST", "/participantGroups", {
      token: sa,
      body: { name: "", organizationUnitId: w.schoolA.organization_unit_id, participantGroupType: "CLASSROOM" },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Name is a required field.");
  });

  it("takes teachers comma-joined, only users of the school whose first role is teacher", async () => {
    const second = await makeTeacher(handle.db, w.schoolA);
    const res = await t.call("POST", "/participantGroups", {
      token: sa,
      body: {
        name: "Room 1",
        organizationUnitId: w.schoolA.organization_unit_id,
        teacherId: `${w.teacher.user_id},${second.user_id}`,
        participantGroupType: "CLASSROOM",
      },
    });
    expect(res.status).toBe(201);
    const group = await res.json();
    expect(group.teacherId.split(",").sort()).toEqual([w.teacher.user_id, second.user_id].sort());
    expect(group).toMatchObject({ name: "Room 1", participantGroupType: "CLASSROOM", enabledInEBPlatform: true });

    const adminFirst = await makeUser(handle.db, {
      role: "ORG_UNIT_ADMIN",
      organizationId: w.district.organization_id,
      schoolIds: [w.schoolA.organization_unit_id],
    });
    await handle.db.insertInto("user_role").values({ user_id: adminFirst.user_id, role_id: ROLE_IDS.TEACHER, position: 1 }).execute();
    const otherSchoolTeacher = await makeTeacher(handle.db, w.schoolB);
    for (const id of [adminFirst.user_id, otherSchoolTeacher.user_id]) {
      const bad = await t.call("PUT", "/participantGroups", {
        token: sa,
        body: {
          participantGroupId: group.participantGroupId,
          name: "Room 1",
          organizationUnitId: w.schoolA.organization_unit_id,
          teacherId: id,
        },
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe("Teachers must be users of this school whose role is teacher.");
    }
    const renamed = await t.call("PUT", "/participantGroups", {
      token: sa,
      body: {
        participantGroupId: group.participantGroupId,
        name: "Room One",
        organizationUnitId: w.schoolA.organization_unit_id,
        teacherId: second.user_id,
      },
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "Room One", teacherId: second.user_id });
  });

  it("lists a school's classrooms by name with grades and teachers; a teacher sees theirs", async () => {
    const school = await makeSchool(handle.db, w.district.organization_id);
    const teacher = await makeTeacher(handle.db, school);
    const zeta = await makeClassroom(handle.db, school.organization_unit_id, [teacher.user_id], "zeta");
    const alpha = await makeClassroom(handle.db, school.organization_unit_id, [], "Alpha");
    await makeStudent(handle.db, school.organization_unit_id, { grade: "1", classroomIds: [zeta.participant_group_id] });
    await makeStudent(handle.db, school.organization_unit_id, { grade: "PK", classroomIds: [zeta.participant_group_id] });
    await makeStudent(handle.db, school.organization_unit_id, { grade: "1", classroomIds: [zeta.participant_group_id] });
    const list = (await (
      await t.call("GET", `/participantGroups/organizationUnit/${school.organization_unit_id}`, { token: su })
    ).json()) as {
      participantGroupId: string;
      grades: string[];
      studentCount: number;
      User: { userId: string }[];
    }[];
    expect(list.map((g) => g.participantGroupId)).toEqual([alpha.participant_group_id, zeta.participant_group_id]);
    expect(list[1]).toMatchObject({ grades: ["PK", "1"], studentCount: 3, User: [{ userId: teacher.user_id }] });
    expect(list[0]).toMatchObject({ grades: [], studentCount: 0, User: [] });
    const token = await t.login(teacher.email);
    const theirs = (await (
      await t.call("GET", `/participantGroups/organizationUnit/${school.organization_unit_id}`, { token })
    ).json()) as { participantGroupId: string }[];
    expect(theirs.map((g) => g.participantGroupId)).toEqual([zeta.participant_group_id]);
    const district = (await (
      await t.call("GET", `/participantGroups/organization/${w.district.organization_id}`, { token: su })
    ).json()) as { participantGroupId: string }[];
    expect(district.map((g) => g.participantGroupId)).toEqual(
      expect.arrayContaining([
        alpha.participant_group_id,
        zeta.participant_group_id,
        w.classA.participant_group_id,
        w.classB.participant_group_id,
      ]),
    );
  });

  it("refuses to delete a classroom that has students, then soft-deletes it once they moved", async () => {
    const g = await makeClassroom(handle.db, w.schoolA.organization_unit_id, [], "Room 9");
    const p = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [g.participant_group_id] });
    const refused = await t.call("DELETE", `/participantGroups/${g.participant_group_id}`, { token: sa });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "Room 9 still has 1 student. Move them to another classroom before deleting this classroom.",
    );

    const moved = await t.call("PUT", "/participants", {
      token: sa,
      body: student({ participantId: p.participant_id, participantGroupIds: [w.classA2.participant_group_id] }),
    });
    expect(moved.status).toBe(200);
    expect((await t.call("DELETE", `/participantGroups/${g.participant_group_id}`, { token: sa })).status).toBe(204);
    expect(await deletedAt(handle.db, "participant_group", g.participant_group_id)).not.toBeNull();
    expect(await listedIds(`/participantGroups/organizationUnit/${w.schoolA.organization_unit_id}`, "participantGroupId")).not.toContain(
      g.participant_group_id,
    );
    expect((await t.call("GET", `/participantGroups/${g.participant_group_id}`, { token: sa })).status).toBe(404);
    const log = await handle.db.selectFrom("audit_log").select("action").where("entity_id", "=", g.participant_group_id).execute();
    expect(log.map((a) => a.action)).toEqual(["delete"]);
  });

  it("does not move a classroom to another school", async () => {
    const res = await t.call("PUT", "/participantGroups", {
      token: su,
      body: { participantGroupId: w.classA2.participant_group_id, name: "X", organizationUnitId: w.schoolB.organization_unit_id },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("A classroom cannot be moved to another school.");
  });
});
