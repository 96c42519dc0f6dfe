import { sql, type KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { fetchApi } from "#app/api/app";
import { FLUSH_MS, flushRecordAccess, recordAccessWriter, RecordAccessWriter } from "#app/api/record-access";
import { LOG_READ_ONLY } from "#app/api/resources/record-access";
import type { AudioAccess } from "#app/api/resources/audio";
import type { Db } from "#app/db/connect.server";
import {
  deleteParticipantRecordAccess,
  insertRecordAccessRows,
  listParticipantRecordAccess,
  type NewRecordAccess,
} from "#app/db/queries/record-access";
import { encodeWav } from "#app/domain/audio-wav";
import { audioStorageKey, parseAudioFileName, ranAudioFileName } from "#app/domain/ran-audio-name";
import { setApiAppForTests } from "#app/lib/api-app.server";
import { commitSession, getSession } from "#app/lib/session.server";
import { loader as resultsCsvLoader } from "#app/routes/classroom.$classroomId_.results[.]csv";
import { loader as familyReportsLoader } from "#app/routes/classroom.$classroomId_.family-reports";
import { loader as studentLoader } from "#app/routes/student.$studentId";
import { SOCKET_ADDRESS_HEADER } from "#app/server/client-address.server";
import { fileStore } from "#app/server/file-store.server";
import { makeClassroom, makeDistrict, makePeriods, makeSchool, makeStudent, makeUser, MID_YEAR, uploadedResult } from "./support/fixtures";
import { createTestApi, useTempDataDir } from "./support/test-api";
import { apiWorld, staffTokens } from "./support/world";

// Who looked at a child's record (issue 41 item 2), on both engines: every read of a student's
// record writes exactly one access row (who, when, what, the student or the scope and its size,
// from where), refusals write none, district and super admins read the log (search, pages), the
// log cannot be changed through the API, and rows past the retention period are pruned.

useTempDataDir();
process.env.SESSION_SECRET ??= "record-access-secret";
// The server's preload stamps each request's socket address (scripts/client-address.mjs); here the test does.
(globalThis as Record<symbol, unknown>)[Symbol.for("literacy.socketAddressStamped")] = true;

const { handle, t, w } = await apiWorld();
const db = handle.db;
await makePeriods(db, w.district.organization_id, MID_YEAR.ranges);
t.clock.now = MID_YEAR.now;
const tokens = await staffTokens(t, w);
// A teacher of school A who does not teach studentA's classroom.
const tokenOfOtherTeacher = await t.login(
  (await makeUser(db, { role: "TEACHER", organizationId: w.district.organization_id, schoolIds: [w.schoolA.organization_unit_id] })).email,
);
const ENGINE = process.env.TEST_DB_ENGINE ?? "pglite";

// A RAN test of studentA (the teacher's classroom) with a stored recording.
const { participantTestId } = await uploadedResult(db, {
  participantId: w.studentA.participant_id,
  testCode: "object-ran",
  responses: [{ questionCode: "object-ran_1", score: 1, responseTimeInSecs: 7 }],
});
const recording = ranAudioFileName(w.studentA.participant_id, participantTestId, "object-ran_1")!;
await fileStore().put(
  audioStorageKey(parseAudioFileName(recording)!),
  encodeWav([Float32Array.from({ length: 8000 }, (_, i) => 0.5 * Math.sin(i / 3))], 8000, 8),
);

type Row = Awaited<ReturnType<typeof allRows>>[number];
const allRows = () => db.selectFrom("record_access").selectAll().orderBy("record_access_id").execute();

/** The rows a step wrote, after writing what waits. */
async function rowsWrittenBy(step: () => Promise<unknown>): Promise<Row[]> {
  await flushRecordAccess(t.deps);
  const before = (await allRows()).length;
  await step();
  await flushRecordAccess(t.deps);
  return (await allRows()).slice(before);
}

/** A call whose body is read to the end (a streamed CSV is logged when it starts; reading it ends the stream). */
async function read(method: string, path: string, token: string | null, headers: Record<string, string> = {}) {
  const res = await t.call(method, path, { token, headers });
  await res.arrayBuffer();
  return res;
}

const MOY = `startDate=${MID_YEAR.ranges.MOY.start}&endDate=${MID_YEAR.ranges.MOY.end}`;
const audioUrl = (token?: string) =>
  `/participantTest/getAudioFile?fileName=${encodeURIComponent(recording)}${token ? `&token=${encodeURIComponent(token)}` : ""}`;
const audioToken = async () =>
  ((await (await t.call("GET", `/participantTest/audioAccess/${participantTestId}`, { token: tokens.teacher })).json()) as AudioAccess)
    .token;

describe(`every read of a student's record writes exactly one access row (${ENGINE})`, () => {
  const A = w.studentA.participant_id;
  const district = w.district.organization_id;
  type Expected = Partial<Pick<Row, "what" | "participant_id" | "scope_kind" | "scope_id" | "row_count" | "detail">> & {
    actor: string;
  };
  const single = (what: string, actor: string, detail: string | null = null): Expected => ({
    what,
    actor,
    participant_id: A,
    scope_kind: null,
    scope_id: null,
    row_count: null,
    detail,
  });
  const list = (what: string, actor: string, kind: "classroom" | "school" | "district", id: string, rows: number): Expected => ({
    what,
    actor,
    participant_id: null,
    scope_kind: kind,
    scope_id: id,
    row_count: rows,
  });
  const cases: [string, () => Promise<Response>, Expected][] = [
    [
      "the student's profile",
      () => read("GET", `/participants/profile/${A}`, tokens.teacher),
      single("student-profile", w.teacher.user_id),
    ],
    [
      "the profile read for the family report",
      () => read("GET", `/participants/profile/${A}?purpose=family-report`, tokens.teacher),
      single("family-report", w.teacher.user_id),
    ],
    [
      "one student's family report from the classroom's print",
      () =>
        read(
          "GET",
          `/participants/participantGroup/${w.classA.participant_group_id}?${MOY}&purpose=family-reports&participantId=${A}`,
          tokens.teacher,
        ),
      single("family-report", w.teacher.user_id),
    ],
    [
      "the classroom's family reports",
      () => read("GET", `/participants/participantGroup/${w.classA.participant_group_id}?${MOY}&purpose=family-reports`, tokens.teacher),
      list("classroom-family-reports", w.teacher.user_id, "classroom", w.classA.participant_group_id, 1),
    ],
    [
      "a RAN recording, with the token of the page that plays it",
      async () => read("GET", audioUrl(await audioToken()), null, { range: "bytes=0-" }),
      single("ran-recording", w.teacher.user_id, recording),
    ],
    [
      "a RAN recording, with a session",
      () => read("GET", audioUrl(), tokens.schoolAdmin),
      single("ran-recording", w.schoolAdmin.user_id, recording),
    ],
    [
      "the classroom results CSV",
      () => read("GET", `/participantGroups/${w.classA.participant_group_id}/results/csv`, tokens.teacher),
      list("classroom-csv", w.teacher.user_id, "classroom", w.classA.participant_group_id, 1),
    ],
    [
      "the school CSV",
      () => read("GET", `/report/organizationUnit/${w.schoolA.organization_unit_id}`, tokens.schoolAdmin),
      list("school-csv", w.schoolAdmin.user_id, "school", w.schoolA.organization_unit_id, 2),
    ],
    [
      "a classroom's student details CSV",
      () =>
        read(
          "GET",
          `/report/organizationUnit/${w.schoolA.organization_unit_id}?participantGroupId=${w.classA2.participant_group_id}`,
          tokens.schoolAdmin,
        ),
      list("classroom-details-csv", w.schoolAdmin.user_id, "classroom", w.classA2.participant_group_id, 1),
    ],
    [
      "the district CSV",
      () => read("GET", `/report/organization/${district}`, tokens.districtAdmin),
      list("district-csv", w.districtAdmin.user_id, "district", district, 3),
    ],
    [
      "the district data export",
      () => read("GET", `/report/district-data-export/${district}`, tokens.superAdmin),
      list("district-export", w.superAdmin.user_id, "district", district, 3),
    ],
    [
      "the completion report's CSV",
      () => read("GET", `/report/completion/${district}/csv?timePeriod=MOY`, tokens.superAdmin),
      list("completion-report", w.superAdmin.user_id, "district", district, 3),
    ],
    [
      "one student's records export (zip)",
      () => read("GET", `/participant/${A}/export`, tokens.districtAdmin),
      single("student-export", w.districtAdmin.user_id),
    ],
  ];

  it.each(cases)("%s", async (_label, step, expected) => {
    let status = 0;
    const rows = await rowsWrittenBy(async () => (status = (await step()).status));
    expect(status).toBeLessThan(300);
    expect(rows).toHaveLength(1);
    const { actor, ...fields } = expected;
    expect(rows[0]).toMatchObject({ ...fields, actor_user_id: actor, organization_id: district });
    expect(new Date(rows[0]!.occurred_at).toISOString()).toBe(MID_YEAR.now.toISOString());
  });

  it("covers every kind of read the log names", () => {
    expect(new Set(cases.map(([, , e]) => e.what))).toEqual(
      new Set([
        "student-profile",
        "family-report",
        "classroom-family-reports",
        "ran-recording",
        "classroom-csv",
        "classroom-details-csv",
        "school-csv",
        "district-csv",
        "district-export",
        "completion-report",
        "student-export",
      ]),
    );
  });

  it("keeps where the read came from: the address as the rate limits see it, and the browser", async () => {
    const rows = await rowsWrittenBy(() =>
      read("GET", `/participants/profile/${A}`, tokens.teacher, {
        [SOCKET_ADDRESS_HEADER]: "203.0.113.7",
        // A client's own X-Forwarded-For is not believed without TRUST_PROXY.
        "x-forwarded-for": "198.51.100.99",
        "user-agent": `Mozilla/5.0 (Test)\t  ${"x".repeat(400)}`,
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.client_ip).toBe("203.0.113.7");
    expect(rows[0]!.user_agent).toMatch(/^Mozilla\/5\.0 \(Test\) x+$/);
    expect(rows[0]!.user_agent).toHaveLength(300);
  });

  it.each([
    [
      "a teacher's read of another classroom's student (403)",
      () => read("GET", `/participants/profile/${w.studentB.participant_id}`, tokens.teacher),
      403,
    ],
    ["an unknown student (404)", () => read("GET", `/participants/profile/${crypto.randomUUID()}`, tokens.superAdmin), 404],
    ["no session (401)", () => read("GET", `/participants/profile/${A}`, null), 401],
    ["a teacher's school CSV (403)", () => read("GET", `/report/organizationUnit/${w.schoolA.organization_unit_id}`, tokens.teacher), 403],
    ["a school admin's district CSV (403)", () => read("GET", `/report/organization/${district}`, tokens.schoolAdmin), 403],
    ["a recording with a forged token (403)", () => read("GET", audioUrl("v2.1.x"), null), 403],
    ["a recording of another classroom's student, by session (403)", () => read("GET", audioUrl(), tokenOfOtherTeacher), 403],
  ])("writes no row for a refusal: %s", async (_label, step, status) => {
    let got = 0;
    expect(await rowsWrittenBy(async () => (got = (await step()).status))).toHaveLength(0);
    expect(got).toBe(status);
  });

  it("logs one listening once: the start of a recording, not the later ranges a player asks for, nor HEAD", async () => {
    const token = await audioToken();
    expect(await rowsWrittenBy(() => read("GET", audioUrl(token), null, { range: "bytes=100-" }))).toHaveLength(0);
    expect(await rowsWrittenBy(() => read("HEAD", audioUrl(token), null))).toHaveLength(0);
    expect(await rowsWrittenBy(() => read("GET", audioUrl(token), null, { range: "bytes=0-1023" }))).toHaveLength(1);
  });

  it("does not log the classroom grid on screen, nor a classroom's students without a purpose", async () => {
    const rows = await rowsWrittenBy(async () => {
      await read("GET", `/participantGroups/${w.classA.participant_group_id}/results`, tokens.teacher);
      await read("GET", `/participants/participantGroup/${w.classA.participant_group_id}?${MOY}`, tokens.teacher);
    });
    expect(rows).toHaveLength(0);
  });

  it("writes nothing in the request: the row waits for the batch", async () => {
    await flushRecordAccess(t.deps);
    const before = (await allRows()).length;
    await read("GET", `/participants/profile/${A}`, tokens.teacher);
    expect(recordAccessWriter(t.deps).pending).toBe(1);
    expect(await allRows()).toHaveLength(before);
    expect((await flushRecordAccess(t.deps)).written).toBe(1);
    expect(await allRows()).toHaveLength(before + 1);
  });

  it("writes the row of a read whose visitor left before the batch went, on the batch's own timer", { timeout: 15_000 }, async () => {
    await flushRecordAccess(t.deps);
    const before = (await allRows()).length;
    // In the request's scope, as the server runs it; the visitor leaves once the answer is read.
    const visitor = new AbortController();
    const res = await fetchApi(
      t.api,
      new Request(`http://localhost/api/participants/profile/${A}`, {
        headers: { authorization: `Bearer ${tokens.teacher}` },
        signal: visitor.signal,
      }),
    );
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    visitor.abort();
    // Nobody flushes: the writer's timer (FLUSH_MS) writes it, well before a retry (RETRY_MS) would.
    await expect.poll(async () => (await allRows()).length, { timeout: FLUSH_MS + 2_000, interval: 100 }).toBe(before + 1);
    expect(recordAccessWriter(t.deps).pending).toBe(0);
  });
});

describe(`the pages' reads are logged as what they are (${ENGINE})`, async () => {
  setApiAppForTests(t.api, t.deps);
  const session = await getSession(new Request("http://localhost/"));
  session.set("token", tokens.teacher);
  const cookie: string = (await commitSession(session)).split(";")[0]!;
  const page = (path: string) => new Request(`http://localhost${path}`, { headers: { cookie, "user-agent": "PageBrowser/1.0" } });
  const classroomId = w.classA.participant_group_id;
  const studentId = w.studentA.participant_id;

  it("the classroom page's Export CSV: one classroom CSV row", async () => {
    let res: Response | undefined;
    const rows = await rowsWrittenBy(async () => {
      res = (await resultsCsvLoader({
        request: page(`/classroom/${classroomId}/results.csv?period=MOY`),
        params: { classroomId },
        context: {},
      })) as Response;
    });
    expect(res!.status).toBe(200);
    expect(res!.headers.get("Filename")).toMatch(/_results_MOY_percentile\.csv$/);
    const bytes = new Uint8Array(await res!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3, 13))).toBe("Name,Grade");
    expect(rows).toMatchObject([{ what: "classroom-csv", scope_id: classroomId, row_count: 1, user_agent: "PageBrowser/1.0" }]);
  });

  it("the student page: one profile row; its report-only view: one family report row", async () => {
    const view = await rowsWrittenBy(() => studentLoader({ request: page(`/student/${studentId}`), params: { studentId }, context: {} }));
    expect(view).toMatchObject([{ what: "student-profile", participant_id: studentId, actor_user_id: w.teacher.user_id }]);
    const print = await rowsWrittenBy(() =>
      studentLoader({ request: page(`/student/${studentId}?print=1`), params: { studentId }, context: {} }),
    );
    expect(print).toMatchObject([{ what: "family-report", participant_id: studentId }]);
  });

  it("the classroom's family reports: one row for the classroom, or the one student's", async () => {
    const all = await rowsWrittenBy(() =>
      familyReportsLoader({ request: page(`/classroom/${classroomId}/family-reports?period=MOY`), params: { classroomId }, context: {} }),
    );
    expect(all).toMatchObject([{ what: "classroom-family-reports", scope_kind: "classroom", scope_id: classroomId, row_count: 1 }]);
    const one = await rowsWrittenBy(() =>
      familyReportsLoader({
        request: page(`/classroom/${classroomId}/family-reports?period=MOY&student=${studentId}`),
        params: { classroomId },
        context: {},
      }),
    );
    expect(one).toMatchObject([{ what: "family-report", participant_id: studentId }]);
  });
});

describe(`reading the log (${ENGINE})`, async () => {
  // A district of its own, so the counts here are this block's.
  const d = await makeDistrict(db);
  const school = await makeSchool(db, d.organization_id);
  const teacher = await makeUser(db, { role: "TEACHER", organizationId: d.organization_id, schoolIds: [school.organization_unit_id] });
  const admin = await makeUser(db, { role: "ORG_ADMIN", organizationId: d.organization_id });
  const room = await makeClassroom(db, school.organization_unit_id, [teacher.user_id]);
  const kid = await makeStudent(db, school.organization_unit_id, { classroomIds: [room.participant_group_id] });
  const other = await makeStudent(db, school.organization_unit_id, { classroomIds: [room.participant_group_id] });
  const teacherToken = await t.login(teacher.email);
  const adminToken = await t.login(admin.email);
  const base = new Date("2026-01-10T12:00:00Z");
  // Seven reads of kid by the teacher, a day apart (Jan 10 … Jan 16), and one of `other` by the super admin on Jan 16.
  // Sessions end after an hour idle: each day's read signs in on that day.
  for (let i = 0; i < 7; i++) {
    t.clock.now = new Date(base.getTime() + i * 86_400_000);
    expect((await read("GET", `/participants/profile/${kid.participant_id}`, await t.login(teacher.email))).status).toBe(200);
  }
  expect((await read("GET", `/participants/profile/${other.participant_id}`, await t.login(w.superAdmin.email))).status).toBe(200);
  t.clock.now = MID_YEAR.now;
  type Page = {
    rows: {
      userEmail: string;
      what: string;
      participantId: string;
      participantLastName: string;
      occurredAt: string;
      recordAccessId: string;
    }[];
    total: number;
    from: number;
    to: number;
    next: string | null;
    prev: string | null;
    retentionDays: number | null;
    retentionProblem: string | null;
  };
  const log = async (query: string, token = adminToken, id = d.organization_id) => {
    const res = await t.call("GET", `/organization/${id}/recordAccess${query}`, { token });
    return { status: res.status, body: (await res.json()) as Page };
  };
  const history = async (participantId: string, query = "", token = adminToken) => {
    const res = await t.call("GET", `/participant/${participantId}/recordAccess${query}`, { token });
    return { status: res.status, body: (await res.json()) as Page };
  };

  it("shows the district's reads newest first, with who and whom, and reads made here a moment ago", async () => {
    const { status, body } = await log("");
    expect(status).toBe(200);
    expect(body.total).toBe(8);
    expect(body.rows[0]).toMatchObject({ participantId: other.participant_id, userEmail: w.superAdmin.email.toLowerCase() });
    expect(body.rows[1]).toMatchObject({
      participantId: kid.participant_id,
      userEmail: teacher.email.toLowerCase(),
      what: "student-profile",
    });
    expect(body.rows.map((r) => r.occurredAt)).toEqual([...body.rows.map((r) => r.occurredAt)].sort().reverse());
    expect(body.retentionDays).toBeNull();
    expect(body.retentionProblem).toBeNull();
    // No flush by the test: the log writes this server's waiting rows before it reads.
    await read("GET", `/participants/profile/${kid.participant_id}`, teacherToken);
    expect((await log("")).body.total).toBe(9);
  });

  it("searches by user (part of an e-mail, or an id), by dates, and by student", async () => {
    const total = async (q: string) => (await log(q)).body.total;
    const teacherReads = (await log("")).body.total - 1;
    expect(await total(`?user=${encodeURIComponent(teacher.email.split("@")[0]!.toUpperCase())}`)).toBe(teacherReads);
    expect(await total(`?user=${w.superAdmin.user_id}`)).toBe(1);
    expect(await total(`?user=nobody-at-all`)).toBe(0);
    expect(await total(`?from=2026-01-12&to=2026-01-13`)).toBe(2);
    expect(await total(`?from=2026-01-16`)).toBeGreaterThanOrEqual(2);
    expect(await total(`?to=2026-01-10`)).toBe(1);
    expect(await total(`?participantId=${other.participant_id}`)).toBe(1);
    expect(await total(`?user=${encodeURIComponent(teacher.email)}&from=2026-01-11&to=2026-01-11`)).toBe(1);
  });

  it("pages like the administration lists: limit, next and prev cursors, the count line's numbers", async () => {
    const first = (await log("?limit=3")).body;
    expect(first).toMatchObject({ from: 1, to: 3, prev: null });
    const second = (await log(`?limit=3&cursor=${first.next}`)).body;
    expect(second).toMatchObject({ from: 4, to: 6, total: first.total });
    const back = (await log(`?limit=3&cursor=${second.prev}`)).body;
    expect(back.rows.map((r) => r.recordAccessId)).toEqual(first.rows.map((r) => r.recordAccessId));
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.recordAccessId));
    expect(ids.size).toBe(6);
    expect((await log("?page=2&limit=3")).body.rows.map((r) => r.recordAccessId)).toEqual(second.rows.map((r) => r.recordAccessId));
  });

  it("refuses what it cannot search with a message", async () => {
    const bad = async (q: string) => {
      const { status, body } = await log(q);
      expect(status, q).toBe(400);
      return (body as unknown as { message: string }).message;
    };
    expect(await bad("?from=2026-01-12&to=2026-01-11")).toBe("to: must be on or after from");
    expect(await bad("?cursor=nonsense")).toMatch(/^cursor:/);
    expect(await bad("?from=12/01/2026")).toBeTruthy();
    expect(await bad(`?user=${"x".repeat(255)}`)).toBe("user: at most 254 characters");
  });

  it("gives a student's history to the district's admins and super admins", async () => {
    const mine = await history(kid.participant_id);
    expect(mine.status).toBe(200);
    expect(mine.body.rows.every((r) => r.participantId === kid.participant_id)).toBe(true);
    expect(mine.body.total).toBe((await log(`?participantId=${kid.participant_id}`)).body.total);
    expect((await history(kid.participant_id, "?from=2026-01-15", tokens.superAdmin)).body.total).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ["a teacher", () => teacherToken, 403],
    ["a school admin", () => tokens.schoolAdmin, 403],
    ["another district's admin", () => tokens.districtAdmin, 403],
    ["nobody signed in", () => "", 401],
  ])("refuses %s (%s)", async (_who, token, status) => {
    expect((await log("", token())).status).toBe(status);
    expect((await history(kid.participant_id, "", token())).status).toBe(status);
  });

  it("answers 404 for an unknown district or student, 403 first for a role that may not read it", async () => {
    expect((await log("", adminToken, crypto.randomUUID())).status).toBe(404);
    expect((await history(crypto.randomUUID())).status).toBe(404);
    expect((await log("", teacherToken, crypto.randomUUID())).status).toBe(403);
  });
});

describe(`the log cannot be changed through the API (${ENGINE})`, () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s on the log's paths is refused and changes no row", async (method) => {
    await read("GET", `/participants/profile/${w.studentA.participant_id}`, tokens.teacher);
    await flushRecordAccess(t.deps);
    const before = await allRows();
    expect(before.length).toBeGreaterThan(0);
    const anyRow = before[0]!;
    for (const path of [
      `/organization/${w.district.organization_id}/recordAccess`,
      `/participant/${w.studentA.participant_id}/recordAccess`,
      `/organization/${w.district.organization_id}/recordAccess/${anyRow.record_access_id}`,
    ]) {
      for (const token of [tokens.superAdmin, tokens.districtAdmin]) {
        const res = await t.call(method, path, { token, body: { what: "nothing", occurredAt: "2000-01-01T00:00:00Z" } });
        expect([404, 405], `${method} ${path}`).toContain(res.status);
        if (res.status === 405) {
          expect(((await res.json()) as { message: string }).message).toBe(LOG_READ_ONLY);
          expect(res.headers.get("allow")).toBe("GET, HEAD");
        }
      }
    }
    await flushRecordAccess(t.deps);
    expect(await allRows()).toEqual(before);
  });

  it("has no route that writes it in the API's own document", async () => {
    const doc = (await (await t.call("GET", "/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const logPaths = Object.entries(doc.paths).filter(([path]) => /recordAccess/i.test(path));
    expect(logPaths.map(([path]) => path).sort()).toEqual(["/api/organization/{id}/recordAccess", "/api/participant/{id}/recordAccess"]);
    for (const [, methods] of logPaths) expect(Object.keys(methods)).toEqual(["get"]);
  });

  it("refuses an update even past the API, in SQL", async () => {
    await expect(sql`update record_access set what = 'edited'`.execute(db)).rejects.toThrow(/cannot be changed/);
  });
});

describe(`retention (${ENGINE})`, async () => {
  const kept = createTestApi(db, { recordAccessRetentionDays: "30" });
  const row = (occurredAt: Date, what = "student-profile"): NewRecordAccess => ({
    occurredAt,
    actorUserId: w.teacher.user_id,
    organizationId: w.otherDistrict.organization_id,
    what,
    participantId: w.otherStudent.participant_id,
    scopeKind: null,
    scopeId: null,
    rowCount: null,
    clientIp: null,
    userAgent: null,
    detail: null,
    requestId: null,
  });
  const whats = async () =>
    (await db.selectFrom("record_access").select("what").where("organization_id", "=", w.otherDistrict.organization_id).execute())
      .map((r) => r.what)
      .sort();
  const NOW = new Date("2026-05-01T12:00:00Z");
  const day = 86_400_000;

  it("prunes rows older than the period on the first write, then at most once an hour", async () => {
    kept.clock.now = NOW;
    await insertRecordAccessRows(db, [row(new Date(NOW.getTime() - 31 * day), "old"), row(new Date(NOW.getTime() - 29 * day), "recent")]);
    // Every district's rows past the period go (the earlier tests' rows of January too), none younger.
    const cutoff = new Date(NOW.getTime() - 30 * day);
    const past = await db.selectFrom("record_access").select("record_access_id").where("occurred_at", "<", cutoff).execute();
    const total = (await allRows()).length;
    expect((await flushRecordAccess(kept.deps)).pruned).toBe(past.length);
    expect((await allRows()).length).toBe(total - past.length);
    expect(await whats()).toEqual(["recent"]);

    await insertRecordAccessRows(db, [row(new Date(NOW.getTime() - 40 * day), "older")]);
    kept.clock.now = new Date(NOW.getTime() + 59 * 60_000);
    expect((await flushRecordAccess(kept.deps)).pruned).toBeNull();
    expect(await whats()).toEqual(["older", "recent"]);
    kept.clock.now = new Date(NOW.getTime() + 60 * 60_000);
    expect((await flushRecordAccess(kept.deps)).pruned).toBe(1);
    expect(await whats()).toEqual(["recent"]);
  });

  it("keeps every row when no period is configured, and says so", async () => {
    await insertRecordAccessRows(db, [row(new Date("2001-01-01T00:00:00Z"), "ancient")]);
    t.clock.now = new Date(MID_YEAR.now.getTime() + 365 * day);
    try {
      expect((await flushRecordAccess(t.deps)).pruned).toBeNull();
    } finally {
      t.clock.now = MID_YEAR.now;
    }
    expect(await whats()).toContain("ancient");
    const body = (await (
      await t.call("GET", `/organization/${w.district.organization_id}/recordAccess?limit=0`, { token: tokens.superAdmin })
    ).json()) as {
      retentionDays: number | null;
    };
    expect(body.retentionDays).toBeNull();
  });

  it("names a setting it cannot read instead of guessing, and deletes nothing", async () => {
    const odd = createTestApi(db, { recordAccessRetentionDays: "a year" });
    odd.clock.now = new Date("2030-01-01T00:00:00Z");
    expect((await flushRecordAccess(odd.deps)).pruned).toBeNull();
    expect(await whats()).toContain("ancient");
    const token = await odd.login(w.superAdmin.email);
    const body = (await (await odd.call("GET", `/organization/${w.district.organization_id}/recordAccess?limit=0`, { token })).json()) as {
      retentionDays: number | null;
      retentionProblem: string | null;
    };
    expect(body).toMatchObject({ retentionDays: null });
    expect(body.retentionProblem).toMatch(/^RECORD_ACCESS_RETENTION_DAYS is set to “a year”/);
    const configured = (await (
      await kept.call("GET", `/organization/${w.district.organization_id}/recordAccess?limit=0`, {
        token: await kept.login(w.superAdmin.email),
      })
    ).json()) as {
      retentionDays: number | null;
    };
    expect(configured.retentionDays).toBe(30);
  });
});

describe(`when a write fails (${ENGINE})`, () => {
  const row = (what: string, scopeKind: NewRecordAccess["scopeKind"] = null): NewRecordAccess => ({
    occurredAt: MID_YEAR.now,
    actorUserId: w.teacher.user_id,
    organizationId: w.otherDistrict.organization_id,
    what,
    participantId: w.otherStudent.participant_id,
    scopeKind,
    scopeId: null,
    rowCount: null,
    clientIp: null,
    userAgent: null,
    detail: null,
    requestId: null,
  });
  const count = async (what: string) => (await db.selectFrom("record_access").select("what").where("what", "=", what).execute()).length;

  it("keeps the rows while the database is away and writes them once it is back", async () => {
    let away = true;
    const outage: KyselyPlugin = {
      transformQuery: (args) => {
        if (away) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const writer = new RecordAccessWriter(db.withPlugin(outage) as Db, () => MID_YEAR.now, { days: null, problem: null });
    writer.add(row("during-outage"));
    writer.add(row("during-outage"));
    expect(await writer.flush()).toMatchObject({ written: 0, failed: true });
    expect(writer.pending).toBe(2);
    expect(writer.lost).toBe(0);
    away = false;
    expect(await writer.flush()).toMatchObject({ written: 2, failed: false });
    expect(writer.pending).toBe(0);
    expect(await count("during-outage")).toBe(2);
  });

  it("gives up once its database handle is closed, instead of retrying for ever", async () => {
    const closed: KyselyPlugin = {
      transformQuery: () => {
        throw new Error("driver has already been destroyed");
      },
      transformResult: async (args) => args.result,
    };
    const writer = new RecordAccessWriter(db.withPlugin(closed) as Db, () => MID_YEAR.now, { days: null, problem: null });
    writer.add(row("after-close"));
    writer.add(row("after-close"));
    expect(await writer.flush()).toMatchObject({ written: 0, failed: true });
    expect(writer.pending).toBe(0);
    expect(writer.lost).toBe(2);
  });

  it("drops only a row the table refuses, and writes the others of its batch", async () => {
    const writer = new RecordAccessWriter(db, () => MID_YEAR.now, { days: null, problem: null });
    writer.add(row("beside-a-bad-row"));
    // A scope kind without a scope id breaks the table's check: as a bug of ours would.
    writer.add(row("bad-row", "classroom"));
    writer.add(row("beside-a-bad-row"));
    expect(await writer.flush()).toMatchObject({ written: 2, failed: false });
    expect(writer.lost).toBe(1);
    expect(await count("beside-a-bad-row")).toBe(2);
    expect(await count("bad-row")).toBe(0);
  });

  it("answers the read whatever becomes of its row", async () => {
    const writer = recordAccessWriter(t.deps);
    writer.add(row("bad-row", "school"));
    const res = await read("GET", `/participants/profile/${w.studentA.participant_id}`, tokens.teacher);
    expect(res.status).toBe(200);
    expect((await flushRecordAccess(t.deps)).written).toBe(1);
  });
});

describe(`stopping, and the request id (${ENGINE})`, () => {
  const row = (what: string): NewRecordAccess => ({
    occurredAt: MID_YEAR.now,
    actorUserId: w.teacher.user_id,
    organizationId: w.otherDistrict.organization_id,
    what,
    participantId: w.otherStudent.participant_id,
    scopeKind: null,
    scopeId: null,
    rowCount: null,
    clientIp: null,
    userAgent: null,
    detail: null,
    requestId: null,
  });
  const count = async (what: string) => (await db.selectFrom("record_access").select("what").where("what", "=", what).execute()).length;

  it("writes what waits at once when the server stops, and each later row as it comes", async () => {
    const writer = new RecordAccessWriter(db, () => MID_YEAR.now, { days: null, problem: null });
    writer.add(row("before-stop"));
    expect(writer.pending).toBe(1);
    await writer.stop();
    expect(await count("before-stop")).toBe(1);
    // A request that finishes while the server stops: its row does not wait for the timer.
    writer.add(row("while-stopping"));
    await writer.flush();
    expect(writer.pending).toBe(0);
    expect(await count("while-stopping")).toBe(1);
  });

  it("keeps the server's X-Request-Id only when the server gives ids (REQUEST_LOG=json)", async () => {
    const headers = { "x-request-id": "11111111-2222-4333-8444-555555555555" };
    const without = await rowsWrittenBy(() => read("GET", `/participants/profile/${w.studentA.participant_id}`, tokens.teacher, headers));
    expect(without.map((r) => r.request_id)).toEqual([null]);
    const registry = Symbol.for("literacy.requestLog");
    (globalThis as Record<symbol, unknown>)[registry] = new Map();
    try {
      const given = await rowsWrittenBy(() => read("GET", `/participants/profile/${w.studentA.participant_id}`, tokens.teacher, headers));
      expect(given.map((r) => r.request_id)).toEqual([headers["x-request-id"]]);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[registry];
    }
  });
});

describe(`a student's rows, for the export and the deletion (${ENGINE})`, () => {
  it("lists one student's rows with who read them, and deletes them all", async () => {
    const student = await makeStudent(db, w.schoolA.organization_unit_id, { classroomIds: [w.classA.participant_group_id] });
    for (const token of [tokens.teacher, tokens.districtAdmin]) await read("GET", `/participants/profile/${student.participant_id}`, token);
    await read("GET", `/participants/profile/${w.studentA.participant_id}`, tokens.teacher);
    await flushRecordAccess(t.deps);
    const rows = await listParticipantRecordAccess(db, student.participant_id);
    expect(rows.map((r) => r.actor_email?.toLowerCase()).sort()).toEqual(
      [w.districtAdmin.email, w.teacher.email].map((e) => e.toLowerCase()).sort(),
    );
    expect(rows.every((r) => r.participant_id === student.participant_id && r.what === "student-profile")).toBe(true);
    const others = (await listParticipantRecordAccess(db, w.studentA.participant_id)).length;
    expect(await deleteParticipantRecordAccess(db, student.participant_id)).toBe(2);
    expect(await listParticipantRecordAccess(db, student.participant_id)).toEqual([]);
    expect((await listParticipantRecordAccess(db, w.studentA.participant_id)).length).toBe(others);
  });
});
