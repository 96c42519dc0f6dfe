import { describe, expect, it } from "vitest";
import { makeClassroom, makeSchool, makeStudent, makeUser } from "./support/fixtures";
import { apiWorld } from "./support/world";

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

const studentBody = (participantId: string, over: Record<string, unknown> = {}) => ({
  participantId,
  organizationUnitId: w.schoolA.organization_unit_id,
  firstName: "Ada",
  middleName: "",
  lastName: "Lovelace",
  dateOfBirth: "05/17/2020",
  grade: "K",
  tags: "",
  externalId: "",
  email: "",
  ...over,
});

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
    const stored = await handle.db
      .selectFrom("participant")
      .select("first_name")
      .where("participant_id", "=", s.participant_id)
      .executeTakeFirstOrThrow();
    expect(stored.first_name).toBe("First");
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

  it.each([
    [
      "district",
      async () => {
        const d = await t.call("POST", "/organization", { token: su, body: { name: `D-${Math.random()}`, state: "WA", website: "" } });
        return json<{ organizationId: string; version: number }>(d);
      },
      (row: { organizationId: string }, name: string, version: number) => ({
        method: "PUT",
        path: "/organization",
        body: { organizationId: row.organizationId, name, state: "WA", website: "", version },
      }),
    ],
    [
      "school",
      async () => {
        const s = await makeSchool(handle.db, w.district.organization_id);
        return json<{ organizationUnitId: string; version: number }>(
          await t.call("GET", `/organizationUnit/${s.organization_unit_id}`, { token: su }),
        );
      },
      (row: { organizationUnitId: string }, name: string, version: number) => ({
        method: "PUT",
        path: "/organizationUnit",
        body: { organizationUnitId: row.organizationUnitId, organizationId: w.district.organization_id, name, version },
      }),
    ],
    [
      "classroom",
      async () => {
        const g = await makeClassroom(handle.db, w.schoolA.organization_unit_id);
        return json<{ participantGroupId: string; version: number }>(
          await t.call("GET", `/participantGroups/${g.participant_group_id}`, { token: su }),
        );
      },
      (row: { participantGroupId: string }, name: string, version: number) => ({
        method: "PUT",
        path: "/participantGroups",
        body: { participantGroupId: row.participantGroupId, organizationUnitId: w.schoolA.organization_unit_id, name, version },
      }),
    ],
    [
      "user",
      async () => {
        const u = await makeUser(handle.db, {
          role: "TEACHER",
          organizationId: w.district.organization_id,
          schoolIds: [w.schoolA.organization_unit_id],
        });
        return json<{ userId: string; version: number }>(
          await t.call("GET", `/user/userByEmail/${encodeURIComponent(u.email)}`, { token: su }),
        );
      },
      (row: { userId: string }, name: string, version: number) => ({
        method: "PUT",
        path: "/user",
        body: { userId: row.userId, firstName: name, lastName: "Teacher", organizationUnitIds: [w.schoolA.organization_unit_id], version },
      }),
    ],
  ] as const)("a stale %s save answers 409 with the newer data", async (_name, make, save) => {
    const row = await make();
    expect(typeof row.version).toBe("number");
    const put = (name: string, version: number) => {
      // Each case's save takes the row its own make returned.
      const r = (save as (row: unknown, name: string, version: number) => { method: string; path: string; body: unknown })(
        row,
        name,
        version,
      );
      return t.call(r.method, r.path, { token: su, body: r.body });
    };
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
      const members = await handle.db
        .selectFrom("participant_group_member")
        .select("participant_group_id")
        .where("participant_id", "=", s.participant_id)
        .execute();
      if (members.length !== 1) mixed.push(round);
    }
    expect(mixed).toEqual([]);
  });

  it("two simultaneous classroom saves with different teachers both answer, the classroom keeps one set (40 rounds)", async () => {
    const t1 = await makeUser(handle.db, {
      role: "TEACHER",
      organizationId: w.district.organization_id,
      schoolIds: [w.schoolA.organization_unit_id],
    });
    const t2 = await makeUser(handle.db, {
      role: "TEACHER",
      organizationId: w.district.organization_id,
      schoolIds: [w.schoolA.organization_unit_id],
    });
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
      const u = await makeUser(handle.db, {
        role: "TEACHER",
        organizationId: w.district.organization_id,
        schoolIds: [w.schoolA.organization_unit_id],
      });
      const results = await Promise.all(
        [w.schoolB, schoolC].map((school) =>
          t.call("PUT", "/user", {
            token: su,
            body: { userId: u.user_id, firstName: "Test", lastName: "User", organizationUnitIds: [school.organization_unit_id] },
          }),
        ),
      );
      for (const r of results) expect(r.status).toBe(200);
      const schools = await handle.db
        .selectFrom("user_organization_unit")
        .select("organization_unit_id")
        .where("user_id", "=", u.user_id)
        .execute();
      if (schools.length !== 1) mixed.push(round);
    }
    expect(mixed).toEqual([]);
  });

  it("deleting a classroom while a student is added to it never leaves a deleted classroom holding a live student (10 rounds)", async () => {
    const broken: number[] = [];
    for (let round = 0; round < 10; round++) {
      const g = await makeClassroom(handle.db, w.schoolA.organization_unit_id);
      const [created, deleted] = await Promise.all([
        t.call("POST", "/participants", {
          token: su,
          body: { ...studentBody(""), participantId: undefined, participantGroupIds: [g.participant_group_id] },
        }),
        t.call("DELETE", `/participantGroups/${g.participant_group_id}`, { token: su }),
      ]);
      expect([201, 400, 404]).toContain(created.status);
      expect([204, 409]).toContain(deleted.status);
      const live = await handle.db
        .selectFrom("participant_group_member as m")
        .innerJoin("participant as p", "p.participant_id", "m.participant_id")
        .innerJoin("participant_group as g", "g.participant_group_id", "m.participant_group_id")
        .select("p.participant_id")
        .where("g.participant_group_id", "=", g.participant_group_id)
        .where("g.deleted_at", "is not", null)
        .where("p.deleted_at", "is", null)
        .execute();
      if (live.length > 0) broken.push(round);
    }
    expect(broken).toEqual([]);
  });

  it("deleting a school while a classroom is added to it never leaves a deleted school holding a live classroom (10 rounds)", async () => {
    const broken: number[] = [];
    for (let round = 0; round < 10; round++) {
      const s = await makeSchool(handle.db, w.district.organization_id);
      const [created, deleted] = await Promise.all([
        t.call("POST", "/participantGroups", { token: su, body: { organizationUnitId: s.organization_unit_id, name: `Room ${round}` } }),
        t.call("DELETE", `/organizationUnit/${s.organization_unit_id}`, { token: su }),
      ]);
      expect([201, 404]).toContain(created.status);
      expect([204, 409]).toContain(deleted.status);
      const live = await handle.db
        .selectFrom("participant_group as g")
        .innerJoin("organization_unit as ou", "ou.organization_unit_id", "g.organization_unit_id")
        .select("g.participant_group_id")
        .where("ou.organization_unit_id", "=", s.organization_unit_id)
        .where("ou.deleted_at", "is not", null)
        .where("g.deleted_at", "is", null)
        .execute();
      if (live.length > 0) broken.push(round);
    }
    expect(broken).toEqual([]);
  });

  it("deleting a school while a student is added to it never leaves a deleted school holding a live student (10 rounds)", async () => {
    const broken: number[] = [];
    for (let round = 0; round < 10; round++) {
      const s = await makeSchool(handle.db, w.district.organization_id);
      const [created, deleted] = await Promise.all([
        t.call("POST", "/participants", {
          token: su,
          body: { ...studentBody(""), participantId: undefined, organizationUnitId: s.organization_unit_id, participantGroupIds: [] },
        }),
        t.call("DELETE", `/organizationUnit/${s.organization_unit_id}`, { token: su }),
      ]);
      expect([201, 404]).toContain(created.status);
      expect([204, 409]).toContain(deleted.status);
      const live = await handle.db
        .selectFrom("participant as p")
        .innerJoin("organization_unit as ou", "ou.organization_unit_id", "p.organization_unit_id")
        .select("p.participant_id")
        .where("ou.organization_unit_id", "=", s.organization_unit_id)
        .where("ou.deleted_at", "is not", null)
        .where("p.deleted_at", "is", null)
        .execute();
      if (live.length > 0) broken.push(round);
    }
    expect(broken).toEqual([]);
  });
});
