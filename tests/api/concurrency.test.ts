import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { makeClassroom, makeSchool, makeStudent, makeTeacher, studentDialogBody } from "./support/fixtures";
import { storedValue } from "./support/stored";
import { apiWorld } from "./support/world";
import { first } from "#app/domain/presence";

// Issue 14, lost updates and check-then-act races. A save carries the version it was read at
// (a stale one answers 409 with the newer data); membership diffs run in the transaction after
// the parent row is locked; a delete and an insert under the same parent lock that parent.
//
// The race tests fire two requests at once, many rounds, and check the database afterwards.
// PGlite has one connection, so its transactions never overlap: those tests run on PostgreSQL
// only. The stale-version tests need no overlap and run on both engines.

const ENGINE = process.env.TEST_DB_ENGINE;
const onPostgres = ENGINE === "postgres";

const { handle, t, w } = await apiWorld();
// A frozen clock: two saves in the same instant must still be told apart.
t.clock.now = new Date("2026-10-01T12:00:00Z");
const su: string = await t.login(w.superAdmin.email);

const studentBody = (participantId: string, over: Record<string, unknown> = {}) => studentDialogBody(w, { participantId, ...over });

/** How many links (classroom memberships, schools of a user) the row has. */
const linksOf = async (table: "participant_group_member" | "user_organization_unit", column: string, id: string) =>
  Number(
    first(
      (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(handle.db)).rows,
    ).n,
  );

async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

describe(`stale saves answer 409 with the newer data (${ENGINE})`, () => {
  it("a student save read before another save is refused, and the newer values come back", async () => {
    const s = await makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    const read = await json<{ version: number }>(await t.call("GET", `/participants/${s.participant_id}`, { token: su }));
    expect(typeof read.version).toBe("number");
    const first = await t.call("PUT", "/participants", {
      token: su,
      body: studentBody(s.participant_id, { firstName: "First", version: read.version }),
    });
    expect(first.status).toBe(200);
    const stale = await t.call("PUT", "/participants", {
      token: su,
      body: studentBody(s.participant_id, { firstName: "Second", version: read.version }),
    });
    expect(stale.status).toBe(409);
    const body = await json<{ message: string; current: { firstName: string; version: number } }>(stale);
    expect(body.message).toMatch(/changed this student/);
    expect(body.current.firstName).toBe("First");
    expect(body.current.version).toBeGreaterThan(read.version);
    expect(await storedValue(handle.db, "participant", "first_name", s.participant_id)).toBe("First");
    // With the newer version the change goes through.
    const redo = await t.call("PUT", "/participants", {
      token: su,
      body: studentBody(s.participant_id, { firstName: "Second", version: body.current.version }),
    });
    expect(redo.status).toBe(200);
  });

  it("a save without a version still works (API clients written before versions)", async () => {
    const s = await makeStudent(handle.db, w.schoolA.organization_unit_id);
    const res = await t.call("PUT", "/participants", { token: su, body: studentBody(s.participant_id, { firstName: "NoVersion" }) });
    expect(res.status).toBe(200);
  });

  type Row = { version: number } & Record<string, unknown>;
  const readAs = async (path: string) => json<Row>(await t.call("GET", path, { token: su }));
  const A = w.schoolA.organization_unit_id;
  /** Each kind of row: one as its edit dialog reads it, and the body of the dialog's save (PUT `path`) under a new name. */
  const EDITS: Record<string, { read: () => Promise<Row>; path: string; save: (row: Row, name: string, version: number) => object }> = {
    district: {
      read: async () =>
        json(await t.call("POST", "/organization", { token: su, body: { name: `D-${Math.random()}`, state: "WA", website: "" } })),
      path: "/organization",
      save: (row, name, version) => ({ organizationId: row.organizationId, name, state: "WA", website: "", version }),
    },
    school: {
      read: async () => readAs(`/organizationUnit/${(await makeSchool(handle.db, w.district.organization_id)).organization_unit_id}`),
      path: "/organizationUnit",
      save: (row, name, version) => ({
        organizationUnitId: row.organizationUnitId,
        organizationId: w.district.organization_id,
        name,
        version,
      }),
    },
    classroom: {
      read: async () => readAs(`/participantGroups/${(await makeClassroom(handle.db, A)).participant_group_id}`),
      path: "/participantGroups",
      save: (row, name, version) => ({ participantGroupId: row.participantGroupId, organizationUnitId: A, name, version }),
    },
    user: {
      read: async () => readAs(`/user/userByEmail/${encodeURIComponent((await makeTeacher(handle.db, w.schoolA)).email)}`),
      path: "/user",
      save: (row, firstName, version) => ({ userId: row.userId, firstName, lastName: "Teacher", organizationUnitIds: [A], version }),
    },
  };

  it.each(Object.entries(EDITS))("a stale %s save answers 409 with the newer data", async (_kind, { read, path, save }) => {
    const row = await read();
    expect(typeof row.version).toBe("number");
    const put = (name: string, version: number) => t.call("PUT", path, { token: su, body: save(row, name, version) });
    expect((await put(`First-${row.version}`, row.version)).status).toBe(200);
    const stale = await put("Second", row.version);
    expect(stale.status).toBe(409);
    const body = await json<{ message: string; current: { version: number } & Record<string, unknown> }>(stale);
    expect(body.message).toMatch(/after you opened it/);
    expect(body.current.version).toBeGreaterThan(row.version);
    expect(JSON.stringify(body.current)).toContain(`First-${row.version}`);
  });
});

describe.skipIf(!onPostgres)(`races (PostgreSQL only: PGlite has one connection, its transactions never overlap) (${ENGINE})`, () => {
  it("two simultaneous student saves with different classrooms leave the student in exactly one of them (20 rounds)", async () => {
    const rooms = [w.classA.participant_group_id, w.classA2.participant_group_id];
    const mixed: number[] = [];
    for (let round = 0; round < 20; round++) {
      const s = await makeStudent(handle.db, w.schoolA.organization_unit_id);
      const results = await Promise.all(
        rooms.map((room) =>
          t.call("PUT", "/participants", { token: su, body: studentBody(s.participant_id, { participantGroupIds: [room] }) }),
        ),
      );
      for (const r of results) expect(r.status).toBe(200);
      if ((await linksOf("participant_group_member", "participant_id", s.participant_id)) !== 1) mixed.push(round);
    }
    expect(mixed).toEqual([]);
  });

  it("two simultaneous classroom saves with different teachers both answer, the classroom keeps one set (40 rounds)", async () => {
    const t1 = await makeTeacher(handle.db, w.schoolA);
    const t2 = await makeTeacher(handle.db, w.schoolA);
    const statuses: number[] = [];
    const mixed: number[] = [];
    for (let round = 0; round < 40; round++) {
      const g = await makeClassroom(handle.db, w.schoolA.organization_unit_id);
      const sets = [[t1.user_id], [t1.user_id, t2.user_id]];
      const results = await Promise.all(
        sets.map((teacherId, i) =>
          t.call("PUT", "/participantGroups", {
            token: su,
            body: {
              participantGroupId: g.participant_group_id,
              organizationUnitId: w.schoolA.organization_unit_id,
              name: `Room ${round}-${i}`,
              teacherId,
            },
          }),
        ),
      );
      statuses.push(...results.map((r) => r.status));
      const teachers = (
        await handle.db
          .selectFrom("participant_group_teacher")
          .select("user_id")
          .where("participant_group_id", "=", g.participant_group_id)
          .execute()
      )
        .map((r) => r.user_id)
        .sort();
      if (!sets.some((s) => JSON.stringify([...s].sort()) === JSON.stringify(teachers))) mixed.push(round);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(mixed).toEqual([]);
  });

  it("two simultaneous user saves with different schools leave the user in exactly one of them (20 rounds)", async () => {
    const mixed: number[] = [];
    const schoolC = await makeSchool(handle.db, w.district.organization_id);
    for (let round = 0; round < 20; round++) {
      // In school A; one save moves them to B, the other to C.
      const u = await makeTeacher(handle.db, w.schoolA);
      const results = await Promise.all(
        [w.schoolB, schoolC].map((school) =>
          t.call("PUT", "/user", {
            token: su,
            body: { userId: u.user_id, firstName: "Test", lastName: "User", organizationUnitIds: [school.organization_unit_id] },
          }),
        ),
      );
      for (const r of results) expect(r.status).toBe(200);
      if ((await linksOf("user_organization_unit", "user_id", u.user_id)) !== 1) mixed.push(round);
    }
    expect(mixed).toEqual([]);
  });

  /**
   * Ten rounds of a delete of a new parent row racing the creation of a child in it, each answered
   * as `adds` and 204 or 409: the rounds that left a deleted parent holding a live child.
   */
  async function deleteWhileAdding(race: {
    parent: () => Promise<string>;
    add: (parentId: string, round: number) => Promise<Response>;
    adds: number[];
    remove: (parentId: string) => Promise<Response>;
    liveChildrenOfDeleted: (parentId: string) => Promise<unknown[]>;
  }) {
    const broken: number[] = [];
    for (let round = 0; round < 10; round++) {
      const id = await race.parent();
      const [created, deleted] = await Promise.all([race.add(id, round), race.remove(id)]);
      expect(race.adds).toContain(created.status);
      expect([204, 409]).toContain(deleted.status);
      if ((await race.liveChildrenOfDeleted(id)).length > 0) broken.push(round);
    }
    return broken;
  }
  const newSchool = async () => (await makeSchool(handle.db, w.district.organization_id)).organization_unit_id;
  const deleteSchool = (id: string) => t.call("DELETE", `/organizationUnit/${id}`, { token: su });
  /** Live rows of `table` in the school, once the school is deleted. */
  const liveInDeletedSchool = (table: "participant" | "participant_group") => async (schoolId: string) =>
    (
      await sql`select 1 from ${sql.table(table)} c join organization_unit ou on ou.organization_unit_id = c.organization_unit_id
        where ou.organization_unit_id = ${schoolId} and ou.deleted_at is not null and c.deleted_at is null`.execute(handle.db)
    ).rows;

  it("deleting a classroom while a student is added to it never leaves a deleted classroom holding a live student (10 rounds)", async () => {
    const broken = await deleteWhileAdding({
      parent: async () => (await makeClassroom(handle.db, w.schoolA.organization_unit_id)).participant_group_id,
      add: (id) =>
        t.call("POST", "/participants", { token: su, body: { ...studentBody(""), participantId: undefined, participantGroupIds: [id] } }),
      adds: [201, 400, 404],
      remove: (id) => t.call("DELETE", `/participantGroups/${id}`, { token: su }),
      liveChildrenOfDeleted: (id) =>
        handle.db
          .selectFrom("participant_group_member as m")
          .innerJoin("participant as p", "p.participant_id", "m.participant_id")
          .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
          .select("p.participant_id")
          .where("g.participant_group_id", "=", id)
          .where("g.deleted_at", "is not", null)
          .where("p.deleted_at", "is", null)
          .execute(),
    });
    expect(broken).toEqual([]);
  });

  it("deleting a school while a classroom is added to it never leaves a deleted school holding a live classroom (10 rounds)", async () => {
    const broken = await deleteWhileAdding({
      parent: newSchool,
      add: (id, round) => t.call("POST", "/participantGroups", { token: su, body: { organizationUnitId: id, name: `Room ${round}` } }),
      adds: [201, 404],
      remove: deleteSchool,
      liveChildrenOfDeleted: liveInDeletedSchool("participant_group"),
    });
    expect(broken).toEqual([]);
  });

  it("deleting a school while a student is added to it never leaves a deleted school holding a live student (10 rounds)", async () => {
    const broken = await deleteWhileAdding({
      parent: newSchool,
      add: (id) =>
        t.call("POST", "/participants", {
          token: su,
          body: { ...studentBody(""), participantId: undefined, organizationUnitId: id, participantGroupIds: [] },
        }),
      adds: [201, 404],
      remove: deleteSchool,
      liveChildrenOfDeleted: liveInDeletedSchool("participant"),
    });
    expect(broken).toEqual([]);
  });
});
