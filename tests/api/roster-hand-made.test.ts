import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { ROSTER_MESSAGES } from "#app/api/resources/rostering";
import { exportZip, oneRosterFiles, type ExportSpec, type ExportUser } from "../support/oneroster-export";
import { rosterDistrict } from "./support/roster";
import { makeClassroom, makeSchool, makeStudent } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { freshApi } from "./support/world";
import { first } from "#app/domain/presence";

// Issue 35 item 6: a district that began by hand ('Cedar Elementary', its classroom, Elena Adams
// with Student ID 1234) got a second of each from its first import, since only sourcedIds matched.
// Now a row the district does not know by sourcedId adopts the record made by hand (school by name,
// classroom by name in its school, student by Student ID, else name and birth date) once an admin
// confirms it in the preview; a row that could be two records, or would give a school or classroom
// a name its district or school already has, is skipped with its reason; undo makes them hand-made again.

const data = useTempDataDir();

interface Confirmation {
  kind: string;
  userId: string | null;
  recordId: string;
  sourcedId: string;
  line: number | null;
  name: string;
  email: string | null;
  matchedBy: string | null;
}
interface Import {
  rosterImportId: string;
  status: string;
  report: {
    counts: Record<string, { created: number; updated: number; deactivated: number; unchanged: number; skipped: number }> | null;
    confirmations: Confirmation[];
    confirmationCount: number;
    notices: { file: string; line: number; column: string; reason: string }[];
  };
}

const { handle, t } = await freshApi();

afterAll(() => data.cleanup());

const district = () => rosterDistrict(t, handle.db);
type District = Awaited<ReturnType<typeof district>>;

/** Previewed by the district's admin, who sees which records the file matched. */
async function preview(d: District, spec: ExportSpec): Promise<Import> {
  const res = await t.call("POST", "/roster-stream-old/process-roster-file", {
    body: { file: exportZip(oneRosterFiles(spec)).toString("base64"), fileName: "roster.zip", districtName: d.name, districtId: d.id },
    token: d.token,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Import;
  expect(body.status).toBe("staged");
  return body;
}
const apply = (d: District, rosterImportId: string, confirmAccounts?: boolean) =>
  t.call("POST", "/roster-stream-old/apply", { body: { districtId: d.id, rosterImportId, confirmAccounts }, token: d.token });

const student = (id: string, givenName: string, familyName: string, more: Partial<ExportUser>): ExportUser => ({
  id,
  givenName,
  familyName,
  role: "student",
  orgs: ["SIS-CEDAR"],
  grade: "KG",
  ...more,
});

/** The district's first export: Cedar Elementary, its Room 1 with Elena, Marco and a new child, and their teacher. */
function firstExport(d: District, extra: Partial<ExportSpec> = {}): ExportSpec {
  const users: ExportUser[] = [
    { id: "SIS-T1", givenName: "Tess", familyName: "Teacher", role: "teacher", orgs: ["SIS-CEDAR"], email: `t1-${d.id}@example.org` },
    student("SIS-ELENA", "Elena", "Adams", { identifier: "1234", grade: "01", birthDate: "2019-04-05" }),
    student("SIS-MARCO", "Marco", "Diaz", { birthDate: "2020-03-04" }),
    student("SIS-NEW", "Nia", "New", { identifier: "7777", birthDate: "2020-06-07" }),
  ];
  return {
    schools: [{ id: "SIS-CEDAR", name: "Cedar Elementary" }, ...(extra.schools ?? [])],
    classes: [{ id: "SIS-ROOM1", title: "room 1", school: "SIS-CEDAR" }, ...(extra.classes ?? [])],
    users: [...users, ...(extra.users ?? [])],
    enrollments: [
      { class: "SIS-ROOM1", user: "SIS-T1", role: "teacher" },
      ...["SIS-ELENA", "SIS-MARCO", "SIS-NEW"].map((user) => ({ class: "SIS-ROOM1", user, role: "student" as const })),
      ...(extra.enrollments ?? []),
    ],
  };
}

/** What a district admin made with the forms before rostering. */
async function handMade(d: District) {
  const db = handle.db;
  const school = await makeSchool(db, d.id, "Cedar Elementary");
  const room = await makeClassroom(db, school.organization_unit_id, [], "Room 1");
  const elena = await makeStudent(db, school.organization_unit_id, {
    firstName: "Elena",
    lastName: "Adams",
    grade: "K",
    classroomIds: [room.participant_group_id],
  });
  await db.updateTable("participant").set({ external_id: "1234" }).where("participant_id", "=", elena.participant_id).execute();
  const marco = await makeStudent(db, school.organization_unit_id, { firstName: "Marco", lastName: "Diaz", grade: "PK" });
  await db.updateTable("participant").set({ date_of_birth: "2020-03-04" }).where("participant_id", "=", marco.participant_id).execute();
  return { school, room, elena, marco };
}

async function schoolsOf(districtId: string) {
  return handle.db
    .selectFrom("organization_unit")
    .select(["organization_unit_id", "name", "sourced_id"])
    .where("organization_id", "=", districtId)
    .where("deleted_at", "is", null)
    .execute();
}
async function classroomsOf(schoolId: string) {
  return handle.db
    .selectFrom("participant_group")
    .select(["participant_group_id", "name", "sourced_id"])
    .where("organization_unit_id", "=", schoolId)
    .where("deleted_at", "is", null)
    .execute();
}
async function studentsOf(districtId: string) {
  return handle.db
    .selectFrom("participant as p")
    .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
    .select(["p.participant_id", "p.first_name", "p.last_name", "p.external_id", "p.grade", "p.date_of_birth", "p.sourced_id"])
    .where("ou.organization_id", "=", districtId)
    .where("p.deleted_at", "is", null)
    .orderBy("p.first_name")
    .execute();
}
/** Every row of the district's schools, classrooms, students and memberships, for "as it was" checks. */
async function districtSnapshot(districtId: string) {
  const rows = await sql<Record<string, unknown>>`
    select 'school' as kind, ou.organization_unit_id as id, ou.name, ou.sourced_id, ou.deleted_at::text as deleted
      from organization_unit ou where ou.organization_id = ${districtId}
    union all
    select 'classroom', g.participant_group_id, g.name || '/' || g.organization_unit_id, g.sourced_id, g.deleted_at::text
      from participant_group g join organization_unit ou on ou.organization_unit_id = g.organization_unit_id
      where ou.organization_id = ${districtId}
    union all
    select 'student', p.participant_id,
        concat_ws('/', p.first_name, p.middle_name, p.last_name, p.grade, p.date_of_birth::text, p.external_id, p.email, p.organization_unit_id),
        p.sourced_id, p.deleted_at::text
      from participant p join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${districtId}
    union all
    select 'member', m.participant_group_id, m.participant_id::text, null, null
      from participant_group_member m join participant_group g on g.participant_group_id = m.participant_group_id
      join organization_unit ou on ou.organization_unit_id = g.organization_unit_id
      where ou.organization_id = ${districtId}
    order by 1, 2, 3`.execute(handle.db);
  return rows.rows;
}

describe("a district that began by hand, then its first import", () => {
  it("lists the school, classroom and students it matches for the admin to confirm, adopts them once confirmed, and undo makes them hand-made again", async () => {
    const d = await district();
    const hand = await handMade(d);
    const before = await districtSnapshot(d.id);

    const s = await preview(d, firstExport(d));
    expect(s.report.confirmations).toEqual([
      expect.objectContaining({
        kind: "adoptSchool",
        userId: null,
        recordId: hand.school.organization_unit_id,
        sourcedId: "SIS-CEDAR",
        line: 3,
        name: "Cedar Elementary",
        email: null,
        matchedBy: "Same name",
      }),
      expect.objectContaining({
        kind: "adoptClassroom",
        recordId: hand.room.participant_group_id,
        sourcedId: "SIS-ROOM1",
        line: 2,
        name: "Room 1",
        matchedBy: "Same name in Cedar Elementary; the file has 'room 1'",
      }),
      expect.objectContaining({
        kind: "adoptStudent",
        recordId: hand.elena.participant_id,
        sourcedId: "SIS-ELENA",
        name: "Elena Adams",
        matchedBy: "Same Student ID (1234)",
      }),
      expect.objectContaining({
        kind: "adoptStudent",
        recordId: hand.marco.participant_id,
        sourcedId: "SIS-MARCO",
        name: "Marco Diaz",
        matchedBy: "Same name and birth date (2020-03-04)",
      }),
    ]);
    expect(s.report.counts).toMatchObject({
      schools: { created: 0, updated: 1 },
      classrooms: { created: 0, updated: 1 },
      students: { created: 1, updated: 2 },
    });

    // Not without the admin's confirmation: nothing changes.
    const refused = await apply(d, s.rosterImportId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(ROSTER_MESSAGES.confirmNeeded(4));
    expect(await districtSnapshot(d.id)).toEqual(before);

    const res = await apply(d, s.rosterImportId, true);
    expect(res.status, await res.clone().text()).toBe(200);
    // One Cedar Elementary, one Room 1, one Elena with Student ID 1234: the records made by hand, now rostered.
    expect(await schoolsOf(d.id)).toEqual([
      { organization_unit_id: hand.school.organization_unit_id, name: "Cedar Elementary", sourced_id: "SIS-CEDAR" },
    ]);
    expect(await classroomsOf(hand.school.organization_unit_id)).toEqual([
      { participant_group_id: hand.room.participant_group_id, name: "room 1", sourced_id: "SIS-ROOM1" },
    ]);
    const students = await studentsOf(d.id);
    expect(students.map((p) => [p.first_name, p.external_id, p.grade, p.date_of_birth, p.sourced_id])).toEqual([
      ["Elena", "1234", "1", "2019-04-05", "SIS-ELENA"],
      ["Marco", null, "K", "2020-03-04", "SIS-MARCO"],
      ["Nia", "7777", "K", "2020-06-07", "SIS-NEW"],
    ]);
    expect(students.find((p) => p.first_name === "Elena")!.participant_id).toBe(hand.elena.participant_id);
    expect(students.find((p) => p.first_name === "Marco")!.participant_id).toBe(hand.marco.participant_id);

    // The same file again matches by sourcedId: nothing to confirm, nothing to change.
    const again = await preview(d, firstExport(d));
    expect(again.report.confirmationCount).toBe(0);
    expect(again.report.counts!.students).toMatchObject({ created: 0, updated: 0, unchanged: 3 });

    // Undo puts every record back as it was made by hand (no sourcedId, its own values) and removes what the import added.
    const undone = await t.call("POST", `/roster-imports/${s.rosterImportId}/undo`, { token: d.token });
    expect(undone.status, await undone.clone().text()).toBe(200);
    const after = await districtSnapshot(d.id);
    const live = (rows: Record<string, unknown>[]) => rows.filter((r) => r.deleted === null);
    expect(live(after)).toEqual(live(before));
    expect(after.filter((r) => r.deleted !== null).map((r) => [r.kind, r.sourced_id])).toEqual([["student", "SIS-NEW"]]);
  });

  it("skips a row that could be either of two records made by hand, and says why, rather than guess", async () => {
    const d = await district();
    const hand = await handMade(d);
    // Two students with one Student ID, and two classrooms named alike in Cedar Elementary.
    const twin = await makeStudent(handle.db, hand.school.organization_unit_id, { firstName: "Elena", lastName: "Adamsen" });
    await handle.db.updateTable("participant").set({ external_id: "1234" }).where("participant_id", "=", twin.participant_id).execute();
    await makeClassroom(handle.db, hand.school.organization_unit_id, [], "Room 2");
    await makeClassroom(handle.db, hand.school.organization_unit_id, [], " room  2");
    const spec = firstExport(d, {
      classes: [{ id: "SIS-ROOM2", title: "Room 2", school: "SIS-CEDAR" }],
      users: [student("SIS-OMAR", "Omar", "Two", { birthDate: "2020-01-01" })],
      enrollments: [{ class: "SIS-ROOM2", user: "SIS-OMAR", role: "student" }],
    });

    const s = await preview(d, spec);
    expect(s.report.notices).toEqual([
      {
        file: "users.csv",
        line: 3,
        column: "identifier",
        reason:
          "Student ID '1234' matches more than one student made by hand in this district: this row is skipped, as the import " +
          "cannot tell which one it is; give them different Student IDs, then upload the file again",
      },
      {
        file: "classes.csv",
        line: 3,
        column: "title",
        reason:
          "matches more than one classroom made by hand with this name in 'Cedar Elementary': this row is skipped, as the import " +
          "cannot tell which one it is; give them different names, then upload the file again",
      },
    ]);
    expect(s.report.confirmations.map((c) => [c.kind, c.sourcedId])).toEqual([
      ["adoptSchool", "SIS-CEDAR"],
      ["adoptClassroom", "SIS-ROOM1"],
      ["adoptStudent", "SIS-MARCO"],
    ]);
    expect((await apply(d, s.rosterImportId, true)).status).toBe(200);
    // Both Elenas stay as they were, made by hand; no third one; both Room 2s stay, no third one.
    const elenas = (await studentsOf(d.id)).filter((p) => p.external_id === "1234");
    expect(elenas.map((p) => [p.last_name, p.sourced_id]).sort()).toEqual([
      ["Adams", null],
      ["Adamsen", null],
    ]);
    const rooms = await classroomsOf(hand.school.organization_unit_id);
    expect(
      rooms
        .filter((r) => r.sourced_id === null)
        .map((r) => r.name.trim())
        .sort(),
    ).toEqual(["Room 2", "room  2"]);
    expect(rooms).toHaveLength(3);
  });

  it("never creates a second school of a name the district has, nor a second classroom of a name its school has", async () => {
    const d = await district();
    await handMade(d);
    const s0 = await preview(d, firstExport(d));
    expect((await apply(d, s0.rosterImportId, true)).status).toBe(200);

    // The export now also lists 'CEDAR elementary' under a new id, and a second 'Room 1' in Cedar.
    const spec = firstExport(d, {
      schools: [{ id: "SIS-CEDAR-2", name: "CEDAR elementary" }],
      classes: [{ id: "SIS-ROOM1-B", title: "Room 1", school: "SIS-CEDAR" }],
      users: [student("SIS-OLA", "Ola", "B", { birthDate: "2020-02-02" })],
      enrollments: [{ class: "SIS-ROOM1-B", user: "SIS-OLA", role: "student" }],
    });
    const s = await preview(d, spec);
    expect(s.report.notices).toEqual([
      {
        file: "orgs.csv",
        line: 4,
        column: "name",
        reason:
          "orgs.csv line 3 has the same name in this district: this row is skipped, as two schools of a district may not share a name",
      },
      {
        file: "classes.csv",
        line: 3,
        column: "title",
        reason:
          "classes.csv line 2 has the same name in 'Cedar Elementary': this row is skipped, as two classrooms of a school may not " +
          "share a name",
      },
    ]);
    expect(s.report.counts).toMatchObject({ schools: { created: 0 }, classrooms: { created: 0 } });
    expect((await apply(d, s.rosterImportId)).status).toBe(200);
    expect((await schoolsOf(d.id)).map((r) => r.name)).toEqual(["Cedar Elementary"]);
    const cedar = first(await schoolsOf(d.id), "Cedar Elementary");
    expect((await classroomsOf(cedar.organization_unit_id)).map((r) => r.name.toLowerCase())).toEqual(["room 1"]);
  });
});
