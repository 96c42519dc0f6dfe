import { InsertQueryNode, sql, type KyselyPlugin, type QueryId } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "#app/db/connect.server";
import { makeClassroom, makeDistrict, makeSchool, makeStudent, makeTeacher } from "./support/fixtures";
import { createTestApi, useTempDataDir } from "./support/test-api";
import { apiWorld, staffTokens } from "./support/world";
import { letterNamesUpload } from "../support/letter-upload";

// Issue 41: a student (or district) deleted for good while the screener uploads a result for them.
// The upload checks the student, then writes; a deletion committed in between made the write break
// the database's foreign key and answer 500. Now the write holds the student's row first and
// answers 404 "Student not found" when the student is gone; a deletion that starts while an
// upload holds the row waits for it and counts its result (409: the counts changed).
//
// "In between" is made exact on both engines by running the deletion when the upload opens its
// transaction (PGlite has one connection, so nothing overlaps there by itself); on PostgreSQL
// the two also run genuinely at once, one paused inside its transaction while the other waits on
// its lock.

const ENGINE = process.env.TEST_DB_ENGINE;
const onPostgres = ENGINE === "postgres";

const data = useTempDataDir();
afterAll(() => data.cleanup());

const { handle, t, w } = await apiWorld();
const db = handle.db;
t.clock.now = new Date("2026-03-02T10:00:00Z");
const tokens = await staffTokens(t, w);

/** The real API over `over` (a database that runs something at a chosen moment), on the same clock as `t`. */
function apiOver(over: Db) {
  const api = createTestApi(over);
  api.clock.now = t.clock.now;
  return api;
}

let seq = 0;
const upload = (participantId: string, token: string) => ({
  token,
  body: letterNamesUpload(participantId, `race-${process.pid}-${++seq}`),
});

async function studentOfClassA() {
  return makeStudent(db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
}

/** A district of its own with one school, classroom, teacher (signed in) and student. */
async function smallDistrict() {
  const district = await makeDistrict(db);
  const school = await makeSchool(db, district.organization_id);
  const teacher = await makeTeacher(db, school);
  const classroom = await makeClassroom(db, school.organization_unit_id, [teacher.user_id]);
  const student = await makeStudent(db, school.organization_unit_id, { classroomIds: [classroom.participant_group_id] });
  return { district, student, teacherToken: await t.login(teacher.email) };
}

async function eraseStudent(id: string, api = t) {
  const records = await t.call("GET", `/participant/${id}/records`, { token: tokens.districtAdmin });
  expect(records.status).toBe(200);
  const { counts } = (await records.json()) as { counts: unknown };
  return api.call("POST", `/participant/${id}/erase`, { token: tokens.districtAdmin, body: { confirm: counts } });
}

async function eraseDistrict(id: string, api = t) {
  const records = await t.call("GET", `/organization/${id}/records`, { token: tokens.superAdmin });
  expect(records.status).toBe(200);
  const { counts } = (await records.json()) as { counts: unknown };
  return api.call("POST", `/organization/${id}/erase`, { token: tokens.superAdmin, body: { confirm: counts } });
}

/**
 * The database, except that the first transaction opened through it runs `first` just before:
 * the upload's write starts after its scope check has read the student, and `first` deletes them.
 */
function runningFirst(base: Db, first: () => Promise<void>): { db: Db; ran: () => boolean } {
  let ran = false;
  const bound = <T extends object>(target: T, key: PropertyKey) => {
    const value = Reflect.get(target, key) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  };
  const proxied = new Proxy(base, {
    get(target, key) {
      if (key !== "transaction") return bound(target, key);
      return () => {
        const builder = target.transaction();
        return new Proxy(builder, {
          get(b, k) {
            if (k !== "execute") return bound(b, k);
            return async (fn: Parameters<typeof b.execute>[0]) => {
              if (!ran) {
                ran = true;
                await first();
              }
              return b.execute(fn);
            };
          },
        });
      };
    },
  });
  return { db: proxied, ran: () => ran };
}

const testsOf = async (participantId: string) =>
  db.selectFrom("participant_test").select("participant_test_id").where("participant_id", "=", participantId).execute();
const studentRow = (participantId: string) =>
  db.selectFrom("participant").select("participant_id").where("participant_id", "=", participantId).executeTakeFirst();

describe(`an upload for a student deleted for good after its check (${ENGINE})`, () => {
  it("answers 404 Student not found and writes nothing, when the student was deleted", async () => {
    const s = await studentOfClassA();
    const erased: Response[] = [];
    const racing = runningFirst(db, async () => {
      expect(await studentRow(s.participant_id)).toBeDefined();
      erased.push(await eraseStudent(s.participant_id));
    });
    const res = await apiOver(racing.db).call("POST", "/participantTest/results", upload(s.participant_id, tokens.teacher));
    expect(racing.ran()).toBe(true);
    expect(erased[0]?.status).toBe(200);
    expect(res.status, await res.clone().text()).toBe(404);
    expect(await res.json()).toEqual({ message: "Student not found" });
    expect(await studentRow(s.participant_id)).toBeUndefined();
    expect(await testsOf(s.participant_id)).toEqual([]);
  });

  it("answers 404 when the student's whole district was deleted", async () => {
    const d = await smallDistrict();
    const erased: Response[] = [];
    const racing = runningFirst(db, async () => {
      erased.push(await eraseDistrict(d.district.organization_id));
    });
    const res = await apiOver(racing.db).call("POST", "/participantTest/results", upload(d.student.participant_id, d.teacherToken));
    expect(erased[0]?.status).toBe(200);
    expect(res.status, await res.clone().text()).toBe(404);
    expect(await testsOf(d.student.participant_id)).toEqual([]);
  });

  it("a risk-score upload answers 404 the same way", async () => {
    const s = await studentOfClassA();
    const racing = runningFirst(db, async () => {
      expect((await eraseStudent(s.participant_id)).status).toBe(200);
    });
    const res = await apiOver(racing.db).call("POST", "/participantTest/predictiveProfile", {
      token: tokens.teacher,
      body: { participantId: s.participant_id, academicYear: "2025-2026", periodName: "MOY", pwr: 0.4 },
    });
    expect(racing.ran()).toBe(true);
    expect(res.status, await res.clone().text()).toBe(404);
  });

  it("an upload for a student deleted before it is 404 too (the check itself)", async () => {
    const s = await studentOfClassA();
    expect((await eraseStudent(s.participant_id)).status).toBe(200);
    const res = await t.call("POST", "/participantTest/results", upload(s.participant_id, tokens.teacher));
    expect(res.status).toBe(404);
  });
});

/**
 * The database, except that the statement `matches` picks is answered only once `release` is
 * called: the transaction that ran it stays open, holding its locks, until then.
 */
function pausedAt(base: Db, matches: (node: InsertQueryNode) => boolean) {
  let reached!: () => void;
  let release!: () => void;
  const atPause = new Promise<void>((r) => (reached = r));
  const go = new Promise<void>((r) => (release = r));
  const paused = new Set<QueryId>();
  let once = false;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (!once && InsertQueryNode.is(node) && matches(node)) {
        once = true;
        paused.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (paused.delete(queryId)) {
        reached();
        await go;
      }
      return result;
    },
  };
  return { db: base.withPlugin(plugin), atPause, release };
}
const into = (table: string) => (node: InsertQueryNode) => node.into?.table.identifier.name === table;

/** Until another connection of this database waits on a row lock (the racing request is blocked). */
async function someoneWaitsOnALock() {
  for (let i = 0; i < 1000; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("no connection ever waited on a lock");
}

describe.runIf(onPostgres)("an upload and a deletion at the same time (PostgreSQL)", () => {
  it("an upload arriving while the deletion's transaction is open waits for it, then answers 404", async () => {
    const s = await studentOfClassA();
    // The deletion stops just before it writes its receipt: the student's rows are gone, not yet committed.
    const pause = pausedAt(db, into("audit_log"));
    const deleting = eraseStudent(s.participant_id, apiOver(pause.db));
    await pause.atPause;
    const uploading = t.call("POST", "/participantTest/results", upload(s.participant_id, tokens.teacher));
    await someoneWaitsOnALock();
    pause.release();
    const [erased, uploaded] = await Promise.all([deleting, uploading]);
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(uploaded.status, await uploaded.clone().text()).toBe(404);
    expect(await testsOf(s.participant_id)).toEqual([]);
  });

  it("a district deletion arriving while an upload is being written waits for it and answers 409 with the counts now", async () => {
    const d = await smallDistrict();
    const before = (await (
      await t.call("GET", `/organization/${d.district.organization_id}/records`, { token: tokens.superAdmin })
    ).json()) as { counts: { results: number } };
    // The upload stops after writing its test, before it commits.
    const pause = pausedAt(db, into("participant_test"));
    const uploading = apiOver(pause.db).call("POST", "/participantTest/results", upload(d.student.participant_id, d.teacherToken));
    await pause.atPause;
    const deleting = t.call("POST", `/organization/${d.district.organization_id}/erase`, {
      token: tokens.superAdmin,
      body: { confirm: before.counts },
    });
    await someoneWaitsOnALock();
    pause.release();
    const [uploaded, erased] = await Promise.all([uploading, deleting]);
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    expect(erased.status, await erased.clone().text()).toBe(409);
    const body = (await erased.json()) as { counts: { results: number } };
    expect(body.counts.results).toBe(before.counts.results + 1);
    expect(await studentRow(d.student.participant_id)).toBeDefined();
  });
});
