import pg from "pg";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/connect.server";
import { letterItems } from "#app/domain/assessments";
import { makeClassroom, makeDistrict, makePeriods, makeStudent, MID_YEAR } from "./support/fixtures";
import { createTestApi } from "./support/test-api";
import { databaseUrlOf } from "./support/test-db";
import { apiWorld } from "./support/world";
import { first, itemAt } from "#app/domain/presence";

// Issue 36 §4: the versions kept data goes by (migrations 0015, 0016) are raised by every writer of
// a district's rosters or scores. Raised at commit, in one order, they must neither deadlock (the
// benchmark's cold requests invalidate while teachers save) nor make the saves of one district
// wait on each other's version row for the length of their transactions.

const ENGINE = process.env.TEST_DB_ENGINE;
const onPostgres = ENGINE === "postgres";

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
// Other districts, as in the benchmark's database: an invalidation locks each of them.
for (let i = 0; i < 20; i++) await makeDistrict(handle.db);
const su = await t.login(w.superAdmin.email);

const saveLetters = (api: typeof t, participantId: string) =>
  api.call("POST", "/participantTest/manual", {
    token: su,
    body: {
      testCode: "letter-names",
      participantId,
      grade: "K",
      responses: letterItems("letter-names").map((questionCode, i) => ({ questionCode, score: i % 2 })),
    },
  });

const saveStudent = (api: typeof t, s: Student, firstName: string) =>
  api.call("PUT", "/participants", {
    token: su,
    body: {
      participantId: s.participant_id,
      organizationUnitId: s.organization_unit_id,
      firstName,
      middleName: "",
      lastName: s.last_name,
      dateOfBirth: "05/17/2020",
      grade: "K",
      tags: "",
      externalId: "",
      email: "",
    },
  });

const versions = async (organizationId = w.district.organization_id) => {
  const rows = await handle.db
    .selectFrom("kept_data_version")
    .select(["kind", "version"])
    .where("organization_id", "=", organizationId)
    .execute();
  const config = await handle.db
    .selectFrom("organization")
    .select("config_version")
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.version ?? 1);
  return { roster: of("roster"), scores: of("scores"), config: Number(config.config_version) };
};

type Student = Awaited<ReturnType<typeof makeStudent>>;

/** `n` students of the district, spread over classrooms of both its schools. */
async function students(n: number): Promise<Student[]> {
  const rooms = await Promise.all(
    [w.schoolA, w.schoolB, w.schoolA, w.schoolB].map((s) => makeClassroom(handle.db, s.organization_unit_id)),
  );
  const made = [];
  for (let i = 0; i < n; i++) {
    const room = itemAt(rooms, i % rooms.length, "a classroom");
    made.push(await makeStudent(handle.db, room.organization_unit_id, { classroomIds: [room.participant_group_id] }));
  }
  return made;
}

describe(`kept-data versions under concurrent writers (${ENGINE})`, () => {
  const invalidations = (n: number) => Array.from({ length: n }, () => t.call("POST", "/kept-data/invalidate", { token: su, body: {} }));

  it(
    "20 invalidations at once, then 20 more with 20 score saves and 10 student saves, three times: none fails, each raises once",
    { timeout: 120_000 },
    async () => {
      // Rounds, because a deadlock needs an unlucky interleaving: before migration 0016, each of
      // several runs met one in its first round.
      for (let round = 0; round < 3; round++) {
        const scored = await students(20);
        const edited = await students(10);
        const before = await versions();
        // As the benchmark's cold runs: an invalidation before each page request, on 20 connections.
        expect(
          (await Promise.all(invalidations(20))).map((r) => r.status),
          `round ${round}, invalidations`,
        ).toEqual(Array(20).fill(200));
        const statuses = (
          await Promise.all([
            ...invalidations(20),
            ...scored.map((s) => saveLetters(t, s.participant_id)),
            ...edited.map((s) => saveStudent(t, s, `Round ${round}`)),
          ])
        ).map((r) => r.status);
        expect(statuses, `round ${round}, with saves`).toEqual([...Array(20).fill(200), ...Array(20).fill(201), ...Array(10).fill(200)]);
        // Each committed writer raised its district's versions exactly once, whatever order they committed in.
        expect(await versions(), `round ${round}`).toEqual({
          roster: before.roster + 40 + 10,
          scores: before.scores + 40 + 20,
          config: before.config + 40,
        });
      }
    },
  );
});

describe.skipIf(!onPostgres)(
  `a district's writers do not wait on each other's versions (PostgreSQL: PGlite has one connection) (${ENGINE})`,
  () => {
    it("a score save and a student save go through while another writer of the district has not committed", async () => {
      const made = await students(3);
      const [mine, scored, edited] = [itemAt(made, 0), itemAt(made, 1), itemAt(made, 2)];
      const before = await versions();
      // The API on connections that give up on any lock they would wait a second for: it must wait on none.
      const url = await databaseUrlOf(handle);
      const impatient = await openDatabase({ url: `${url}?options=${encodeURIComponent("-c lock_timeout=1000")}` });
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        const api = createTestApi(impatient.db);
        api.clock.now = MID_YEAR.now;
        // Another writer of the district, mid-transaction: it changed a student and saved a score.
        await other.query("begin");
        await other.query("update participant set first_name = 'Open' where participant_id = $1", [mine.participant_id]);
        await other.query(
          `insert into participant_test (participant_id, test_code, grade, start_dt_tm, completed_flag)
         values ($1, 'blending', 'K', now(), true)`,
          [mine.participant_id],
        );

        expect((await saveLetters(api, scored.participant_id)).status).toBe(201);
        expect((await saveStudent(api, edited, "Saved")).status).toBe(200);
        expect(await versions()).toEqual({ ...before, roster: before.roster + 1, scores: before.scores + 1 });

        await other.query("commit");
        expect(await versions()).toEqual({ ...before, roster: before.roster + 2, scores: before.scores + 2 });
      } finally {
        await other.end();
        await impatient.close();
      }
    });
  },
);

describe(`kept-data versions raised at commit, by SQL as a script would write (${ENGINE})`, () => {
  const rename = (db: typeof handle.db, s: Student, firstName: string) =>
    db.updateTable("participant").set({ first_name: firstName }).where("participant_id", "=", s.participant_id).execute();

  it("a student added and removed again in one transaction still raises its district, once", async () => {
    const before = await versions();
    await handle.db.transaction().execute(async (tx) => {
      const s = await makeStudent(tx, w.schoolA.organization_unit_id);
      await tx.deleteFrom("participant").where("participant_id", "=", s.participant_id).execute();
    });
    expect(await versions()).toEqual({ ...before, roster: before.roster + 1 });
  });

  it("a savepoint rolled back takes its district's raise with it; the rest of the transaction raises", async () => {
    const mine = first(await students(1));
    const other = await makeStudent(handle.db, w.otherSchool.organization_unit_id);
    const [before, otherBefore] = [await versions(), await versions(w.otherDistrict.organization_id)];
    await handle.db.transaction().execute(async (tx) => {
      await sql`savepoint first`.execute(tx);
      await rename(tx, other, "Undone");
      await sql`rollback to savepoint first`.execute(tx);
      await rename(tx, mine, "Kept");
    });
    expect([await versions(), await versions(w.otherDistrict.organization_id)]).toEqual([
      { ...before, roster: before.roster + 1 },
      otherBefore,
    ]);
  });

  it("writes after SET CONSTRAINTS ALL IMMEDIATE still raise their districts", async () => {
    const mine = first(await students(1));
    const other = await makeStudent(handle.db, w.otherSchool.organization_unit_id);
    const [before, otherBefore] = [await versions(), await versions(w.otherDistrict.organization_id)];
    await handle.db.transaction().execute(async (tx) => {
      await rename(tx, mine, "Early");
      await sql`set constraints all immediate`.execute(tx);
      await rename(tx, other, "Late");
    });
    const [after, otherAfter] = [await versions(), await versions(w.otherDistrict.organization_id)];
    expect(after).toEqual({ ...before, roster: before.roster + 1 });
    // Immediate, a statement may raise its district more than once (each of its triggers): never less.
    expect(otherAfter.roster).toBeGreaterThan(otherBefore.roster);
  });
});
