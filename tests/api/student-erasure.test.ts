import { randomUUID } from "node:crypto";
import { strFromU8, unzipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { listErasureReceipts, replayErasure } from "#app/api/student-records";
import type { Db } from "#app/db/connect.server";
import { insertRecordAccessRows } from "#app/db/queries/record-access";
import { encodeWav } from "#app/domain/audio-wav";
import { audioStorageFolder, audioStorageKey, parseAudioFileName, ranAudioFileName } from "#app/domain/ran-audio-name";
import { fileStore } from "#app/server/file-store.server";
import { makeClassroom, makeDistrict, makeSchool, makeStudent, makeUser, uploadedResult } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld, staffTokens } from "./support/world";

// Deletion and export on request (issue 41 item 3): a district admin exports everything about one
// student as a zip and deletes a student for good with a receipt; a super admin does the same for
// a district. After a deletion no row of any table and no stored file names the student: the
// tables are read from the catalog, so a table added later is checked too.

const data = useTempDataDir();
afterAll(() => data.cleanup());

const { handle, t, w } = await apiWorld();
const db = handle.db;
t.clock.now = new Date("2026-03-02T10:00:00Z");
const tokens = await staffTokens(t, w);

const wav = (secs: number) => encodeWav([Float32Array.from({ length: secs * 8000 }, (_, i) => 0.5 * Math.sin(i / 3))], 8000, 8);

let seq = 0;
/** Words unlikely anywhere else in the database, to look for after the deletion. */
const marker = (what: string) => `${what}${process.pid}x${++seq}zq`;

interface Rich {
  participantId: string;
  firstName: string;
  lastName: string;
  code: string;
  sourcedId: string;
  testIds: string[];
  responseIds: string[];
  recordingKeys: string[];
  storedFileKey: string;
  recordingBytes: Uint8Array;
}

/**
 * A student with every kind of record: created and edited through the API (audit entries, a kept
 * create answer), two tests with item scores, a blind second score, risk scores, recordings in
 * their folder and one under a stored-file row, a classroom place, an access-log row, a roster
 * import that staged and applied them, and an audit entry about a classroom that names them.
 */
async function richStudent(token: string, schoolId: string, classroomId: string, organizationId: string): Promise<Rich> {
  const firstName = marker("Fern");
  const lastName = marker("Quill");
  const created = await t.call("POST", "/participants", {
    token,
    headers: { "Idempotency-Key": randomUUID() },
    body: {
      organizationUnitId: schoolId,
      firstName,
      middleName: "",
      lastName,
      dateOfBirth: "05/17/2020",
      grade: "K",
      tags: "",
      externalId: marker("SID"),
      email: "",
      participantGroupIds: [classroomId],
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const student = (await created.json()) as { participantId: string; participantCode: string; version: number };
  const pid = student.participantId;
  const edited = await t.call("PUT", "/participants", {
    token,
    body: {
      participantId: pid,
      organizationUnitId: schoolId,
      firstName,
      middleName: marker("Mid"),
      lastName,
      dateOfBirth: "05/17/2020",
      grade: "K",
      tags: "",
      externalId: "",
      email: "",
      participantGroupIds: [classroomId],
      version: student.version,
    },
  });
  expect(edited.status, await edited.clone().text()).toBe(200);
  const sourcedId = marker("src");
  await db.updateTable("participant").set({ sourced_id: sourcedId }).where("participant_id", "=", pid).execute();

  const storedFileKey = `audio-files/${randomUUID()}.wav`;
  const recordingBytes = wav(2);
  await fileStore().put(storedFileKey, recordingBytes);
  const file = await db
    .insertInto("stored_file")
    .values({
      purpose: "ran-audio",
      storage_key: storedFileKey,
      file_name: "upload.wav",
      content_type: "audio/wav",
      size_bytes: recordingBytes.length,
    })
    .returning("file_id")
    .executeTakeFirstOrThrow();
  const ran = await uploadedResult(db, {
    participantId: pid,
    testCode: "object-ran",
    responses: [
      { questionCode: "object-ran_prac_1", score: 1, responseTimeInSecs: 7 },
      { questionCode: "object-ran_1", score: 1, responseTimeInSecs: 30, audioFileId: file.file_id },
    ],
  });
  const letters = await uploadedResult(db, {
    participantId: pid,
    testCode: "letter-names",
    responses: [
      { questionCode: "LN_A", score: 1 },
      { questionCode: "LN_B", score: 0 },
    ],
  });
  const responses = await db
    .selectFrom("participant_test_question_response")
    .select(["participant_test_question_response_id", "participant_test_id", "question_code"])
    .where("participant_test_id", "in", [ran.participantTestId, letters.participantTestId])
    .execute();
  const ranResponse = responses.find((r) => r.question_code === "object-ran_1")!;
  await db
    .insertInto("ran_scoring_event")
    .values({
      participant_test_question_response_id: ranResponse.participant_test_question_response_id,
      participant_test_id: ran.participantTestId,
      scorer_user_id: w.teacher.user_id,
      kind: "blind",
      old_eval_response_time: null,
      old_num_of_errors: null,
      old_invalid: null,
      eval_response_time: 28,
      num_of_errors: 1,
      invalid: false,
    })
    .execute();
  await db
    .insertInto("predictive_profile")
    .values([
      { participant_id: pid, academic_year: "2025-2026", period_name: "BOY", pwr: 0.4, dyslexia: 0.2, kready: 0.7, pk_risk: null },
      { participant_id: pid, academic_year: "2025-2026", period_name: "MOY", pwr: 0.5, dyslexia: 0.1, kready: 0.8, pk_risk: null },
    ])
    .execute();
  const recordingKeys = [];
  for (const code of ["object-ran_prac_1", "object-ran_1"]) {
    const key = audioStorageKey(parseAudioFileName(ranAudioFileName(pid, ran.participantTestId, code)!)!);
    await fileStore().put(key, wav(1));
    recordingKeys.push(key);
  }
  await insertRecordAccessRows(db, [
    {
      occurredAt: t.clock.now,
      actorUserId: w.teacher.user_id,
      organizationId,
      what: "student-profile",
      participantId: pid,
      scopeKind: null,
      scopeId: null,
      rowCount: null,
      clientIp: "127.0.0.1",
      userAgent: "test",
      detail: null,
      requestId: null,
    },
  ]);
  await db
    .insertInto("roster_import")
    .values({
      organization_id: organizationId,
      status: "applied",
      file_name: "roster.zip",
      size_bytes: 10,
      sha256: "00",
      report: JSON.stringify({
        counts: null,
        errors: [],
        errorCount: 0,
        message: null,
        confirmations: [{ kind: "adoptStudent", userId: null, recordId: pid, sourcedId, line: 4, name: `${firstName} ${lastName}` }],
        confirmationCount: 1,
        notices: [],
        massDeactivations: [],
      }),
      roster: JSON.stringify({
        students: [
          { sourcedId, firstName, lastName, grade: "K" },
          { sourcedId: "someone-else", firstName: "Other", lastName: "Child", grade: "K" },
        ],
        enrollments: [
          { classSourcedId: "c1", userSourcedId: sourcedId, role: "student" },
          { classSourcedId: "c1", userSourcedId: "someone-else", role: "student" },
        ],
      }),
      changes: JSON.stringify({
        created: { schools: [], classrooms: [], teachers: [], students: [pid] },
        updated: { schools: [], classrooms: [], teachers: [], students: [{ id: pid, first_name: firstName }] },
        deactivated: { schools: [], classrooms: [], teachers: [], students: [] },
        membersAdded: [[classroomId, pid]],
        membersRemoved: [],
        teachersAdded: [],
        teachersRemoved: [],
        versions: { schools: {}, classrooms: {}, teachers: {}, students: { [pid]: 3 } },
      }),
    })
    .execute();
  await db
    .insertInto("audit_log")
    .values({
      actor_user_id: w.districtAdmin.user_id,
      action: "update",
      entity_type: "participant_group",
      entity_id: classroomId,
      details: JSON.stringify({ note: `moved ${pid}` }),
    })
    .execute();
  return {
    participantId: pid,
    firstName,
    lastName,
    code: student.participantCode,
    sourcedId,
    testIds: [ran.participantTestId, letters.participantTestId],
    responseIds: responses.map((r) => r.participant_test_question_response_id),
    recordingKeys,
    storedFileKey,
    recordingBytes,
  };
}

/** Every base table of the schema, from the catalog. */
async function allTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(
    db,
  );
  return rows.map((r) => r.table_name);
}

/** The tables with a `participant_id` column, from the catalog. */
async function participantTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'participant_id' order by 1`.execute(db);
  return rows.map((r) => r.table_name);
}

/** Every row of every table whose JSON text holds one of `needles`, but the erasure receipts. */
async function rowsMentioning(db: Db, needles: readonly string[]): Promise<{ table: string; row: string }[]> {
  const found: { table: string; row: string }[] = [];
  for (const table of await allTables(db)) {
    const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t`.execute(db);
    for (const { row } of rows) {
      if (table === "audit_log" && row.includes('"action": "erase"')) continue;
      if (needles.some((n) => row.toLowerCase().includes(n.toLowerCase()))) found.push({ table, row: row.slice(0, 300) });
    }
  }
  return found;
}

const body = async (res: Response) => (await res.json()) as Record<string, unknown>;
type Counts = { results: number; scores: number; recordings: number };
const countsOf = async (token: string, id: string) => {
  const res = await t.call("GET", `/participant/${id}/records`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { counts: Counts }).counts;
};

describe("a student's records", () => {
  it("are counted: results (tests), scores (item scores, scoring entries, risk scores) and recordings", async () => {
    const s = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    // 2 tests; 4 item scores + 1 blind second score + 2 risk scores; 2 recordings in the folder + 1 stored-file recording.
    expect(await countsOf(tokens.districtAdmin, s.participantId)).toEqual({ results: 2, scores: 7, recordings: 3 });
    expect(await countsOf(tokens.superAdmin, s.participantId)).toEqual({ results: 2, scores: 7, recordings: 3 });
  });

  it("export as a zip with every kind of data and a README saying what each file is", async () => {
    const s = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    const res = await t.call("GET", `/participant/${s.participantId}/export`, { token: tokens.districtAdmin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="student-records-${s.code}.zip"`);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const jsonOf = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown> & unknown[];
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "access-history.json",
        "changes.json",
        "recordings.json",
        "results.json",
        "scores.json",
        "student.json",
        ...s.recordingKeys.map((k) => `recordings/${k.split("/").at(-1)}`),
        `recordings/${s.storedFileKey.split("/").at(-1)}`,
      ].sort(),
    );
    const readme = strFromU8(files["README.txt"]!);
    for (const name of [
      "student.json",
      "results.json",
      "scores.json",
      "recordings.json",
      "recordings/",
      "access-history.json",
      "changes.json",
    ])
      expect(readme).toContain(name);
    expect(readme).toContain(`${s.firstName} ${s.lastName}`);
    const student = jsonOf("student.json");
    expect(student).toMatchObject({
      participantId: s.participantId,
      firstName: s.firstName,
      lastName: s.lastName,
      rosterSourcedId: s.sourcedId,
    });
    expect(student.classrooms).toEqual([expect.objectContaining({ participantGroupId: w.classA.participant_group_id })]);
    expect(
      jsonOf("results.json")
        .map((r) => (r as { participantTestId: string }).participantTestId)
        .sort(),
    ).toEqual([...s.testIds].sort());
    const scores = jsonOf("scores.json") as unknown as { itemScores: unknown[]; scoringEntries: { kind: string }[]; riskScores: unknown[] };
    expect(scores.itemScores).toHaveLength(4);
    expect(scores.scoringEntries).toEqual([expect.objectContaining({ kind: "blind second score" })]);
    expect(scores.riskScores).toHaveLength(2);
    expect(Buffer.from(files[`recordings/${s.storedFileKey.split("/").at(-1)}`]!).equals(Buffer.from(s.recordingBytes))).toBe(true);
    expect(
      Buffer.from(files[`recordings/${s.recordingKeys[0]!.split("/").at(-1)}`]!).equals(
        Buffer.from(await fileStore().readAll(s.recordingKeys[0]!)),
      ),
    ).toBe(true);
    const changes = jsonOf("changes.json") as unknown as { action: string; by: { userId: string } }[];
    expect(changes.map((c) => c.action)).toEqual(["create", "update"]);
    expect(changes[0]!.by.userId).toBe(w.districtAdmin.user_id);
    const access = jsonOf("access-history.json") as unknown as { what: string; by: { userId: string } }[];
    expect(access).toEqual([
      expect.objectContaining({ what: "student-profile", by: expect.objectContaining({ userId: w.teacher.user_id }) }),
    ]);
  });

  it("are refused to teachers, school admins and another district's admin, and nothing is deleted", async () => {
    const s = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    const otherAdmin = await makeUser(db, { role: "ORG_ADMIN", organizationId: w.otherDistrict.organization_id });
    const otherToken = await t.login(otherAdmin.email);
    const confirm = { results: 2, scores: 7, recordings: 3 };
    for (const token of [tokens.teacher, tokens.schoolAdmin, otherToken]) {
      expect((await t.call("GET", `/participant/${s.participantId}/records`, { token })).status).toBe(403);
      expect((await t.call("GET", `/participant/${s.participantId}/export`, { token })).status).toBe(403);
      expect((await t.call("POST", `/participant/${s.participantId}/erase`, { token, body: { confirm } })).status).toBe(403);
    }
    expect((await t.call("POST", `/participant/${s.participantId}/erase`, { token: null, body: { confirm } })).status).toBe(401);
    expect((await t.call("POST", `/participant/${randomUUID()}/erase`, { token: tokens.districtAdmin, body: { confirm } })).status).toBe(
      404,
    );
    expect(await countsOf(tokens.districtAdmin, s.participantId)).toEqual(confirm);
    for (const key of [...s.recordingKeys, s.storedFileKey]) expect(await fileStore().stat(key)).not.toBeNull();
  });

  it("are not deleted without the confirmation, nor with counts that are not the counts now", async () => {
    const s = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    const url = `/participant/${s.participantId}/erase`;
    const none = await t.call("POST", url, { token: tokens.districtAdmin, body: {} });
    expect(none.status).toBe(400);
    expect((await t.call("POST", url, { token: tokens.districtAdmin })).status).toBe(400);
    const stale = await t.call("POST", url, { token: tokens.districtAdmin, body: { confirm: { results: 1, scores: 7, recordings: 3 } } });
    expect(stale.status).toBe(409);
    expect(await body(stale)).toEqual({
      message:
        "The student's records changed since the counts you confirmed: deleting now removes 2 results, 7 scores and 3 recordings. Check them and confirm again.",
      counts: { results: 2, scores: 7, recordings: 3 },
    });
    expect(await countsOf(tokens.districtAdmin, s.participantId)).toEqual({ results: 2, scores: 7, recordings: 3 });
    expect(await rowsMentioning(db, [s.firstName])).not.toEqual([]);
  });

  it("are deleted for good: no row of any table and no file names the student; the receipt says what went", async () => {
    const s = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    const keep = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    const needles = [s.participantId, s.firstName, s.lastName, s.code, s.sourcedId, ...s.testIds, ...s.responseIds];
    const before = await rowsMentioning(db, needles);
    const byTable = (table: string) => before.filter((r) => r.table === table).length;
    t.clock.now = new Date("2026-03-02T10:30:00Z");
    const res = await t.call("POST", `/participant/${s.participantId}/erase`, {
      token: tokens.districtAdmin,
      body: { confirm: { results: 2, scores: 7, recordings: 3 } },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const receipt = (await res.json()) as {
      receiptId: string;
      rows: { table: string; count: number; change: string }[];
      files: { removed: number; notRemoved: string[] };
      [k: string]: unknown;
    };
    expect(receipt).toMatchObject({
      kind: "student",
      participantId: s.participantId,
      organizationId: w.district.organization_id,
      organizationUnitId: w.schoolA.organization_unit_id,
      erasedAt: "2026-03-02T10:30:00.000Z",
      erasedBy: { userId: w.districtAdmin.user_id, email: w.districtAdmin.email },
      counts: { results: 2, scores: 7, recordings: 3 },
      files: { removed: 3, notRemoved: [] },
      subject: { name: `${s.firstName} ${s.lastName}`, code: s.code },
    });
    const deleted = Object.fromEntries(receipt.rows.filter((r) => r.change === "deleted").map((r) => [r.table, r.count]));
    expect(deleted).toEqual({
      participant: 1,
      participant_group_member: 1,
      participant_test: 2,
      participant_test_question_response: 4,
      ran_scoring_event: 1,
      predictive_profile: 2,
      stored_file: 1,
      audit_log: 2,
      idempotency_key: 1,
      record_access: 1,
    });
    // Each count is the rows that named the student before.
    for (const [table, n] of Object.entries(deleted)) {
      // Item scores, scoring entries and stored files name the student's tests, not the student; the
      // audit log also holds the classroom entry that only mentions them (edited, below).
      if (["participant_test_question_response", "ran_scoring_event", "stored_file", "audit_log"].includes(table)) continue;
      expect(byTable(table), table).toBe(n);
    }
    expect(receipt.rows.filter((r) => r.change === "edited")).toEqual([
      { table: "audit_log", count: 1, change: "edited" },
      { table: "roster_import", count: 1, change: "edited" },
    ]);

    expect(await rowsMentioning(db, needles)).toEqual([]);
    for (const table of await participantTables(db)) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where participant_id::text = ${s.participantId}`.execute(db);
      expect(rows[0]!.n, table).toBe(0);
    }
    expect(await fileStore().list(audioStorageFolder(s.participantId))).toEqual([]);
    expect(await fileStore().stat(s.storedFileKey)).toBeNull();
    const allFiles = await fileStore().list("ran-audio/");
    expect(allFiles.filter((k) => k.includes(s.participantId))).toEqual([]);

    // The receipt in the audit log: who, when, the id and the counts; no name, no code.
    const entry = await db.selectFrom("audit_log").selectAll().where("audit_log_id", "=", receipt.receiptId).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: "erase",
      entity_type: "participant",
      entity_id: s.participantId,
      actor_user_id: w.districtAdmin.user_id,
    });
    const kept = JSON.stringify(entry.details);
    for (const n of [s.firstName, s.lastName, s.code, s.sourcedId]) expect(kept).not.toContain(n);
    expect(entry.details).toMatchObject({ counts: { results: 2, scores: 7, recordings: 3 }, files: 3 });

    // The roster import keeps the other child; the other student keeps everything.
    const roster = await db
      .selectFrom("roster_import")
      .select("roster")
      .where("organization_id", "=", w.district.organization_id)
      .execute();
    expect(JSON.stringify(roster)).toContain("someone-else");
    expect(await countsOf(tokens.districtAdmin, keep.participantId)).toEqual({ results: 2, scores: 7, recordings: 3 });
    expect((await t.call("GET", `/participant/${s.participantId}/records`, { token: tokens.districtAdmin })).status).toBe(404);
  });

  it("of a student deleted (hidden) already are exported and deleted the same way, by a super admin too", async () => {
    const s = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    expect((await t.call("DELETE", `/participants/delete/${s.participantId}`, { token: tokens.schoolAdmin })).status).toBe(204);
    const summary = await t.call("GET", `/participant/${s.participantId}/records`, { token: tokens.superAdmin });
    expect(await body(summary)).toMatchObject({ deleted: true, counts: { results: 2, scores: 7, recordings: 3 } });
    expect((await t.call("GET", `/participant/${s.participantId}/export`, { token: tokens.superAdmin })).status).toBe(200);
    const res = await t.call("POST", `/participant/${s.participantId}/erase`, {
      token: tokens.superAdmin,
      body: { confirm: { results: 2, scores: 7, recordings: 3 } },
    });
    expect(res.status).toBe(200);
    expect(await rowsMentioning(db, [s.participantId, s.firstName, s.lastName])).toEqual([]);
  });

  it("come back deleted when a restore from an older backup replays the receipts", async () => {
    const s = await richStudent(
      tokens.districtAdmin,
      w.schoolA.organization_unit_id,
      w.classA.participant_group_id,
      w.district.organization_id,
    );
    // The backup: the student's rows as they were before the deletion.
    const backup = await db.selectFrom("participant").selectAll().where("participant_id", "=", s.participantId).executeTakeFirstOrThrow();
    const tests = await db.selectFrom("participant_test").selectAll().where("participant_id", "=", s.participantId).execute();
    const res = await t.call("POST", `/participant/${s.participantId}/erase`, {
      token: tokens.districtAdmin,
      body: { confirm: { results: 2, scores: 7, recordings: 3 } },
    });
    expect(res.status).toBe(200);
    const receipts = await listErasureReceipts(db);
    const receipt = receipts.find((r) => r.entity_id === s.participantId)!;
    // The restore brings the student, a test and a recording back, and an audit log without the receipt.
    await db
      .insertInto("participant")
      .values({ ...backup, version: undefined })
      .execute();
    await db
      .insertInto("participant_test")
      .values(tests.map((x) => ({ ...x, correct_by_code: x.correct_by_code === null ? null : JSON.stringify(x.correct_by_code) })))
      .execute();
    await fileStore().put(s.recordingKeys[0]!, wav(1));
    await db.deleteFrom("audit_log").where("audit_log_id", "=", receipt.audit_log_id).execute();

    const replayed = await replayErasure(db, JSON.parse(JSON.stringify(receipt)));
    expect(replayed).toEqual({ rows: 3, files: 1 });
    expect(await rowsMentioning(db, [s.participantId, s.firstName, s.lastName])).toEqual([]);
    expect(await fileStore().list(audioStorageFolder(s.participantId))).toEqual([]);
    const back = (await listErasureReceipts(db)).filter((r) => r.entity_id === s.participantId);
    expect(back).toHaveLength(1);
    expect(back[0]!.details).toMatchObject({
      replayedFrom: String(receipt.audit_log_id),
      counts: { results: 2, scores: 7, recordings: 3 },
    });
    // Replaying again finds nothing more.
    expect(await replayErasure(db, JSON.parse(JSON.stringify(receipt)))).toEqual({ rows: 0, files: 0 });
  });
});

describe("a district's records", () => {
  async function richDistrict() {
    const district = await makeDistrict(db, marker("Dist"));
    const school = await makeSchool(db, district.organization_id, marker("School"));
    const admin = await makeUser(db, {
      role: "ORG_ADMIN",
      organizationId: district.organization_id,
      email: `${marker("admin")}@test.example`,
    });
    const teacher = await makeUser(db, {
      role: "TEACHER",
      organizationId: district.organization_id,
      schoolIds: [school.organization_unit_id],
      email: `${marker("teacher")}@test.example`,
    });
    const classroom = await makeClassroom(db, school.organization_unit_id, [teacher.user_id], marker("Room"));
    const adminToken = await t.login(admin.email);
    const s = await richStudent(adminToken, school.organization_unit_id, classroom.participant_group_id, district.organization_id);
    const plain = await makeStudent(db, school.organization_unit_id, { firstName: marker("Plain"), lastName: marker("Kid") });
    await db
      .insertInto("support_message")
      .values({ user_id: teacher.user_id, name: "T", email: teacher.email, subject: "Help", message: "Hi" })
      .execute();
    await db
      .insertInto("roster_key")
      .values({ organization_id: district.organization_id, key_hash: "h", created_by: admin.user_id })
      .execute();
    const put = await t.call("PUT", `/organization/${district.organization_id}/screening-calendar`, {
      token: adminToken,
      body: {
        academicYear: "2025-2026",
        confirmMovedResults: true,
        periods: {
          BOY: { startDate: "2025-08-01", endDate: "2025-11-30", gradeLists: { K: ["letter-names"] } },
          MOY: { startDate: "2025-12-01", endDate: "2026-02-28", gradeLists: { K: ["letter-names"] } },
          EOY: { startDate: "2026-03-01", endDate: "2026-06-30", gradeLists: { K: ["letter-names"] } },
        },
      },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    return { district, school, admin, teacher, classroom, s, plain, adminToken };
  }

  it("are counted, exported student by student, and deleted only by a super admin with the counts", async () => {
    const d = await richDistrict();
    const url = `/organization/${d.district.organization_id}`;
    const counts = { schools: 1, classrooms: 1, students: 2, staff: 2, results: 2, scores: 7, recordings: 3 };
    for (const token of [d.adminToken, tokens.districtAdmin, tokens.schoolAdmin, tokens.teacher]) {
      expect((await t.call("GET", `${url}/records`, { token })).status).toBe(403);
      expect((await t.call("POST", `${url}/erase`, { token, body: { confirm: counts } })).status).toBe(403);
    }
    const summary = await t.call("GET", `${url}/records`, { token: tokens.superAdmin });
    expect(await body(summary)).toMatchObject({
      organizationId: d.district.organization_id,
      name: d.district.name,
      deleted: false,
      counts,
    });
    expect((await t.call("POST", `${url}/erase`, { token: tokens.superAdmin, body: {} })).status).toBe(400);
    const stale = await t.call("POST", `${url}/erase`, { token: tokens.superAdmin, body: { confirm: { ...counts, students: 1 } } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      "The district's records changed since the counts you confirmed: deleting now removes 1 school, 1 classroom, 2 students, 2 staff accounts, 2 results, 7 scores and 3 recordings. Check them and confirm again.",
    );
    expect(await rowsMentioning(db, [d.s.firstName])).not.toEqual([]);

    const needles = [
      d.district.organization_id,
      d.district.name,
      d.school.organization_unit_id,
      d.school.name,
      d.classroom.participant_group_id,
      d.classroom.name,
      d.admin.user_id,
      d.admin.email,
      d.teacher.user_id,
      d.teacher.email,
      d.s.participantId,
      d.s.firstName,
      d.s.lastName,
      d.plain.participant_id,
      d.plain.first_name,
      ...d.s.testIds,
    ];
    const res = await t.call("POST", `${url}/erase`, { token: tokens.superAdmin, body: { confirm: counts } });
    expect(res.status, await res.clone().text()).toBe(200);
    const receipt = (await res.json()) as { rows: { table: string; count: number; change: string }[]; [k: string]: unknown };
    expect(receipt).toMatchObject({
      kind: "district",
      participantId: null,
      organizationId: d.district.organization_id,
      counts,
      files: { removed: 3, notRemoved: [] },
      subject: { name: d.district.name, code: null },
    });
    const deleted = Object.fromEntries(receipt.rows.filter((r) => r.change === "deleted").map((r) => [r.table, r.count]));
    expect(deleted).toMatchObject({
      organization: 1,
      organization_unit: 1,
      participant_group: 1,
      participant: 2,
      participant_test: 2,
      app_user: 2,
      assessment_period: 3,
      roster_import: 1,
      roster_key: 1,
      support_message: 1,
    });
    expect(deleted.session).toBeGreaterThanOrEqual(1);
    expect(await rowsMentioning(db, needles)).toEqual([]);
    for (const id of [d.s.participantId, d.plain.participant_id]) expect(await fileStore().list(audioStorageFolder(id))).toEqual([]);
    expect(await fileStore().stat(d.s.storedFileKey)).toBeNull();
    const entry = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "erase")
      .where("entity_id", "=", d.district.organization_id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity_type: "organization", actor_user_id: w.superAdmin.user_id });
    expect(entry.details).toMatchObject({ counts });

    // The world's own district is untouched.
    expect((await t.call("GET", `/organization/${w.district.organization_id}/records`, { token: tokens.superAdmin })).status).toBe(200);
    expect((await t.call("GET", `/participants/${w.studentA.participant_id}`, { token: tokens.teacher })).status).toBe(200);
    // The deleted district's admin cannot sign in any more.
    expect((await t.call("GET", "/dashboard/current-user", { token: d.adminToken })).status).toBe(401);
  });
});
