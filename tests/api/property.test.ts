import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { recordTestResult } from "#app/api/results-ingest";
import { localIsoDate } from "#app/domain/calendar-date";
import { SUPPORT_MESSAGE_MAX } from "#app/domain/support-texts";
import { TEXT_MAX } from "#app/domain/text";
import { makePeriods, makeWorld } from "./support/fixtures";
import { fillPath, itHasOneEntryPerRoute, validatedRoutes } from "./support/route-table";
import { createTestApi, useTempDataDir } from "./support/test-api";
import { freshApi } from "./support/world";

// Issue 14: hostile input at every validated endpoint. Each endpoint has a valid request here
// (its baseline); a run corrupts one field of it (NUL, a lone surrogate, an oversized text, a
// wrong type, an injection-shaped value where any text is not valid) or the whole body
// (malformed or oversized JSON). Every answer must be a 4xx with a clear message, never a 5xx,
// and the database must be exactly as before (row counts and contents of every table).
// The endpoint list comes from the router: a new validated route without a baseline fails.

const data = useTempDataDir();
afterAll(() => data.cleanup());

const NUM_RUNS = 25;

/** A valid request of one endpoint; `free` names the fields where any clean short text is valid (or is ignored). */
interface Baseline {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  free?: readonly string[];
  /** The endpoint answers by redirecting (single sign-on): a redirect is an acceptable refusal. */
  redirects?: boolean;
  /** Fields whose text limit is above the usual 2,000 characters, with that limit: oversized values go past it. */
  limits?: Record<string, number>;
}

// ── Hostile values ─────────────────────────────────────────────────────────────────────────

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE participant; --",
  "Robert'); DELETE FROM app_user;--",
  "<script>alert(1)</script>",
  '" onmouseover="alert(1)',
  "../../../etc/passwd",
  "${7*7}{{7*7}}",
  "1; SELECT pg_sleep(5)",
  "%00",
  "\\u0000",
  "$where: 1",
];
const injection = fc.constantFrom(...INJECTIONS);
const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);
const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom("\uD800", "\uDBFF", "\uDC00", "\uDFFF"), fc.string({ maxLength: 8 }))
  .map(([a, s, b]) => `${a}${s}${b}`);
/** Longer than every text limit of the API (the longest, a provider response, is 100,000), or than `limit`. */
const oversized = (limit?: number) =>
  fc
    .constantFrom(2_100, 5_000, 120_000, ...(limit === undefined ? [] : [limit + 1]))
    .filter((n) => limit === undefined || n > limit)
    .map((n) => "x".repeat(n));
const wrongType = fc.constantFrom<unknown>(42, -1.5, true, [[]], { $ne: null }, { a: { b: { c: [1, { d: "\u0000" }] } } });

const kind = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);

/** A value no field may accept: for `free` fields only those no text field accepts; never one of the baseline's own type. */
const hostileBody = (free: boolean, baseline: unknown, limit?: number) => {
  const wrong = wrongType.filter((v) => kind(v) !== kind(baseline));
  const long = oversized(limit);
  return free ? fc.oneof(withNul, loneSurrogate, long, wrong) : fc.oneof(injection, withNul, loneSurrogate, long, wrong);
};
/** In a URL every value is a string, and a lone surrogate arrives as U+FFFD. */
const hostileUrl = (free: boolean) =>
  free
    ? fc.oneof(withNul, oversized())
    : fc.oneof(
        injection,
        withNul,
        oversized(),
        wrongType.map((v) => String(v)),
      );

const MALFORMED_BODIES: { body: string; type: string }[] = [
  { body: '{"', type: "application/json" },
  { body: "null", type: "application/json" },
  { body: "[]", type: "application/json" },
  { body: '"text"', type: "application/json" },
  { body: "42", type: "application/json" },
  { body: "not json", type: "application/json" },
  { body: "\u0000", type: "application/json" },
  { body: '{"a":1}', type: "text/plain" },
  { body: `{"x":"${"y".repeat(2 * 1024 * 1024)}"}`, type: "application/json" },
];

// ── The database, before and after ─────────────────────────────────────────────────────────

/** Every table's row count and a hash of its rows (a session's last-seen time moves with every call). */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(
    handle.db,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const rows = name === "session" ? sql.raw(`(select session_id, revoked_at from session)`) : sql.table(name);
    const r = await sql<{ n: string; h: string | null }>`
      select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${rows} as t`.execute(handle.db);
    out[name] = `${r.rows[0]?.n}:${r.rows[0]?.h ?? ""}`;
  }
  return out;
}

// ── Requests ───────────────────────────────────────────────────────────────────────────────

type Mutation =
  { kind: "field"; where: "params" | "query" | "body"; name: string; value: unknown } | { kind: "raw"; body: string; type: string };

function request(method: string, path: string, b: Baseline, m: Mutation | null) {
  const params = { ...b.params };
  const query = { ...b.query };
  const body = b.body ? { ...b.body } : undefined;
  if (m?.kind === "field") {
    if (m.where === "params") params[m.name] = String(m.value);
    else if (m.where === "query") query[m.name] = String(m.value);
    else body![m.name] = m.value;
  }
  const qs = new URLSearchParams(query).toString();
  const url = `http://localhost/api${fillPath(path, params)}${qs ? `?${qs}` : ""}`;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: string | undefined;
  if (m?.kind === "raw") {
    payload = m.body;
    headers["content-type"] = m.type;
  } else if (body) {
    payload = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  return t.api.fetch(new Request(url, { method, headers, body: payload }));
}

function mutations(b: Baseline): fc.Arbitrary<Mutation> {
  const free = new Set(b.free ?? []);
  const options: fc.Arbitrary<Mutation>[] = [];
  for (const where of ["params", "query", "body"] as const) {
    for (const name of Object.keys(b[where] ?? {})) {
      const value = where === "body" ? hostileBody(free.has(name), b.body?.[name], b.limits?.[name]) : hostileUrl(free.has(name));
      options.push(value.map((v) => ({ kind: "field" as const, where, name, value: v })));
    }
  }
  if (b.body) options.push(fc.constantFrom(...MALFORMED_BODIES).map((r) => ({ kind: "raw" as const, ...r })));
  return fc.oneof(...options);
}

const describeMutation = (m: Mutation) =>
  m.kind === "raw"
    ? `raw ${m.type} body ${JSON.stringify(m.body.slice(0, 40))}`
    : `${m.where}.${m.name} = ${JSON.stringify(m.value)?.slice(0, 60)}`;

// ── The world and the baselines ────────────────────────────────────────────────────────────

const { handle, t } = await freshApi();
const w = await makeWorld(handle.db);
const today = localIsoDate(t.clock.now);
const year = Number(today.slice(0, 4));
await makePeriods(
  handle.db,
  w.district.organization_id,
  {
    BOY: { start: `${year - 1}-01-01`, end: `${year - 1}-12-31` },
    MOY: { start: `${year}-01-01`, end: today },
    EOY: { start: `${year}-12-31`, end: `${year}-12-31` },
  },
  `${year - 1}-${year}`,
);
const started = `${today}T00:00:00Z`;
const letter = await recordTestResult(handle.db, {
  clientTestId: "prop-letter",
  participantId: w.studentA.participant_id,
  testCode: "letter-names",
  grade: "K",
  startDtTm: started,
  completedFlag: false,
});
const ran = await recordTestResult(handle.db, {
  clientTestId: "prop-ran",
  participantId: w.studentA.participant_id,
  testCode: "object-ran",
  grade: "K",
  startDtTm: started,
  endDtTm: started,
  completedFlag: true,
  responses: [{ questionCode: "object-ran_1", score: 1, responseTimeInSecs: 30 }],
});
const ranResponse = await handle.db
  .selectFrom("participant_test_question_response")
  .select("participant_test_question_response_id as id")
  .where("participant_test_id", "=", ran.participantTestId)
  .executeTakeFirstOrThrow();
const token: string = await t.login(w.superAdmin.email);
// A follow-up to record steps on (issue 38), written straight into its table.
const followUp = await handle.db
  .insertInto("follow_up")
  .values({
    participant_id: w.studentA.participant_id,
    organization_id: w.district.organization_id,
    academic_year: `${year - 1}-${year}`,
    period_name: "MOY",
    flags: ["dyslexia"],
    flagged_on: today,
    notice_due: null,
  })
  .returning("follow_up_id")
  .executeTakeFirstOrThrow();

// A support group to rename, move a student into and log sessions of (issue 39 item 7), written straight into its table.
const supportGroup = await handle.db
  .insertInto("support_group")
  .values({ participant_group_id: w.classA.participant_group_id, name: "Baseline group" })
  .returning("support_group_id")
  .executeTakeFirstOrThrow();

const id = (v: string) => ({ id: v });
const district = w.district.organization_id;
const school = w.schoolA.organization_unit_id;
const classroom = w.classA.participant_group_id;
const student = w.studentA.participant_id;
const studentBody = {
  firstName: "Ada",
  lastName: "Lovelace",
  middleName: "King",
  dateOfBirth: "05/17/2020",
  grade: "K",
  organizationUnitId: school,
  participantGroupIds: [classroom],
  tags: "ELL",
  externalId: "S-1",
  email: "ada@test.example",
};
const audioFile = `${student}_${ran.participantTestId}_object-ran_1.wav`;
// page and limit are numbers: any number-shaped text is valid, so only text no number is (NUL, oversized) is hostile.
const pageQuery = { q: "a", sort: "name", dir: "desc", limit: "10", page: "1" };
const base: Record<string, Baseline> = {
  "POST /dashboard/login": { body: { username: w.teacher.email, password: "x" }, free: ["username", "password"] },
  "POST /dashboard/login/sso": { body: { code: "ABCDEFGH", binding: "ABCDEFGH" }, free: ["code", "binding"] },
  "POST /dashboard/forgot-password": { body: { email: w.teacher.email } },
  "POST /dashboard/forgot-password/new": {
    body: { email: w.teacher.email, code: "ABCDEFGH", password: "Another#Pass1" },
    free: ["code", "password"],
  },
  "POST /registerUser": { body: { email: w.teacher.email } },
  "POST /user/inviteUser/{email}": { params: { email: w.teacher.email } },
  "POST /user/resendInvite/{email}": { params: { email: w.teacher.email } },
  "PUT /user/updateAuthStatus": { body: { userId: w.teacher.user_id, authStatus: "Active" } },
  "GET /auth/login/{provider}/{clientId}": {
    params: { provider: "google", clientId: "client" },
    query: { callback: "http://localhost:3000/login-callback" },
    free: ["clientId", "callback"],
    redirects: true,
  },
  "GET /auth/callback/{provider}": {
    params: { provider: "google" },
    query: { code: "c", state: "s" },
    free: ["code", "state", "error"],
    redirects: true,
  },
  "POST /organization": {
    body: { name: "New District", state: "WA", website: "https://d.example", organizationId: null },
    free: ["name", "website", "organizationId"],
  },
  "PUT /organization": { body: { organizationId: district, name: "Renamed", state: "WA", website: null }, free: ["name", "website"] },
  "DELETE /organization/{id}": { params: id(w.otherDistrict.organization_id) },
  "GET /organization/{id}": { params: id(district) },
  "GET /organization/orgUnits/{id}": { params: id(district) },
  "GET /organizationUnit/{id}": { params: id(school) },
  "POST /organizationUnit": {
    body: { organizationId: district, organizationUnitId: null, name: "New School" },
    free: ["name", "organizationUnitId"],
  },
  "PUT /organizationUnit": { body: { organizationUnitId: school, organizationId: district, name: "Renamed School" }, free: ["name"] },
  "DELETE /organizationUnit/{id}": { params: id(school) },
  "GET /participants/{id}": { params: id(student), query: { v: "1" }, free: ["v"] },
  "GET /participants/organizationUnit/{id}": { params: id(school) },
  // Counts that are not the counts now: refused (409) with the database unchanged, whatever one field becomes.
  "GET /participant/{id}/records": { params: id(student) },
  "GET /participant/{id}/export": { params: id(student) },
  "POST /participant/{id}/erase": { params: id(student), body: { confirm: { results: 999, scores: 999, recordings: 999 } } },
  "GET /organization/{id}/records": { params: id(district) },
  "POST /organization/{id}/erase": {
    params: id(w.otherDistrict.organization_id),
    body: { confirm: { schools: 999, classrooms: 999, students: 999, staff: 999, results: 999, scores: 999, recordings: 999 } },
  },
  "POST /participants": {
    body: { participantId: null, ...studentBody },
    free: ["participantId", "firstName", "lastName", "middleName", "externalId"],
  },
  "PUT /participants": { body: { participantId: student, ...studentBody }, free: ["firstName", "lastName", "middleName", "externalId"] },
  "DELETE /participants/delete/{id}": { params: id(student) },
  "GET /user/userByEmail/{email}": { params: { email: w.teacher.email } },
  "GET /user/organization/{id}": { params: id(district) },
  "GET /user/organizationUnit/{id}": { params: id(school) },
  "POST /user": {
    body: {
      firstName: "New",
      lastName: "User",
      email: "new.user@test.example",
      roles: ["TEACHER"],
      organizationId: district,
      organizationUnitIds: [school],
    },
    free: ["firstName", "lastName"],
  },
  "PUT /user": {
    body: { userId: w.teacher.user_id, firstName: "Tess", lastName: "Teacher", organizationUnitIds: [school] },
    free: ["firstName", "lastName"],
  },
  "DELETE /user/{id}": { params: id(w.teacher.user_id) },
  "POST /report/students-complete": { body: { orgId: district, timePeriod: "BOY" } },
  "GET /report/organization/{organizationId}": { params: { organizationId: district } },
  "GET /report/district-data-export/{organizationId}": { params: { organizationId: district } },
  "GET /report/organizationUnit/{organizationUnitId}": { params: { organizationUnitId: school }, query: { period: "BOY" } },
  "GET /report/completion/{organizationId}": {
    params: { organizationId: district },
    query: { timePeriod: "BOY", schoolId: school, page: "1" },
    // Any page number is valid: past the last, the last page answers.
    free: ["page"],
  },
  "GET /report/completion/{organizationId}/csv": { params: { organizationId: district }, query: { timePeriod: "BOY" } },
  "GET /participantGroups/organizationUnit/{id}": { params: id(school) },
  // Issue 15: the paged lists; any clean short search text is valid.
  "GET /participantGroups/organizationUnit/{id}/page": { params: id(school), query: pageQuery, free: ["q", "page", "limit"] },
  "GET /participants/organizationUnit/{id}/page": { params: id(school), query: pageQuery, free: ["q", "page", "limit"] },
  "GET /organization/orgUnits/{id}/page": { params: id(district), query: pageQuery, free: ["q", "page", "limit"] },
  "GET /organization/page": { query: pageQuery, free: ["q", "page", "limit"] },
  "GET /user/organization/{id}/page": { params: id(district), query: pageQuery, free: ["q", "page", "limit"] },
  "GET /user/superAdmins/page": { query: pageQuery, free: ["q", "page", "limit"] },
  "GET /participantGroups/organization/{id}": { params: id(district) },
  "POST /participantGroups": {
    body: {
      participantGroupId: null,
      name: "New Room",
      organizationUnitId: school,
      teacherId: [w.teacher.user_id],
      enabledInEBPlatform: true,
    },
    free: ["name", "participantGroupId"],
  },
  "PUT /participantGroups": {
    body: { participantGroupId: classroom, name: "Renamed Room", organizationUnitId: school, teacherId: [w.teacher.user_id] },
    free: ["name"],
  },
  "DELETE /participantGroups/{id}": { params: id(classroom) },
  "GET /participantGroups/{id}": { params: id(classroom) },
  "GET /assessmentConfig/currentAcademicYear/{id}": { params: id(district) },
  "GET /participants/participantGroup/{id}": {
    params: id(classroom),
    query: { v: "1", startDate: `${year}-01-01`, endDate: today },
    free: ["v"],
  },
  "GET /participants/participantGroup/riskScores/{id}": { params: id(classroom), query: { academicYear: `${year - 1}-${year}` } },
  "GET /participantGroups/{id}/results": { params: id(classroom), query: { period: "MOY", score: "raw" } },
  "GET /participantGroups/{id}/results/csv": { params: id(classroom), query: { period: "MOY", score: "raw" } },
  // Who looked at a child's record (issue 41 item 2): any clean short text names a user.
  "GET /organization/{id}/recordAccess": {
    params: id(district),
    query: { user: "teacher", from: `${year}-01-01`, to: today, participantId: student, limit: "10", page: "1" },
    free: ["user", "page", "limit"],
  },
  "GET /participant/{id}/recordAccess": {
    params: id(student),
    query: { user: "teacher", from: `${year}-01-01`, to: today, limit: "10", page: "1" },
    free: ["user", "page", "limit"],
  },
  "GET /participantTest/testResults/{id}": { params: id(letter.participantTestId) },
  "POST /participantTest/manual": {
    body: { testCode: "letter-sounds", participantId: student, grade: "K", periodName: "MOY", responses: [] },
  },
  "PUT /participantTest/manual": { body: { participantTestId: letter.participantTestId, participantId: student, responses: [] } },
  "POST /participantTest/results": {
    body: {
      clientTestId: "prop-new",
      participantId: student,
      testCode: "vocab",
      grade: "K",
      startDtTm: started,
      endDtTm: started,
      completedFlag: true,
      correctByCode: { q1: 1 },
      responses: [{ questionCode: "q1", score: 1, providerResponse: "{}" }],
    },
    free: ["clientTestId"],
  },
  "POST /participantTest/predictiveProfile": {
    body: { participantId: student, academicYear: `${year - 1}-${year}`, periodName: "BOY", pwr: 0.5 },
  },
  "GET /participantTest/getAudioFile": { query: { fileName: audioFile } },
  "GET /participantTest/getAudioWaveform": { query: { fileName: audioFile } },
  "GET /participantTest/audioAccess/{id}": { params: id(ran.participantTestId) },
  "GET /participants/profile/{id}": { params: id(student) },
  "GET /participants/riskScores/{id}": { params: id(student), query: { academicYear: `${year - 1}-${year}` } },
  "GET /participantTest/RAN/{id}": { params: id(ran.participantTestId), query: { official: "withhold" } },
  "PUT /participantTest/addScoreToQuestionResponse/{id}": {
    params: id(ranResponse.id),
    body: { score: 1, evalResponseTime: 20, numOfErrors: 0, invalid: false, blind: false },
    free: ["version"],
  },
  "GET /participantTest/RAN/participant/{id}": { params: id(student) },
  "GET /participantGroups/{id}/blindRanScoring": { params: id(classroom), query: { period: "EOY" } },
  "GET /dashboard/resources/{filename}/download": { params: { filename: "PreK_Test_Materials.zip" } },
  "POST /support/messages": {
    body: { subject: "Help", message: "A question", page: "/super-admin" },
    free: ["subject", "message", "page"],
    limits: { message: SUPPORT_MESSAGE_MAX, page: TEXT_MAX.url },
  },
  "GET /roster-stream-old/check-district/{districtId}": { params: { districtId: district } },
  // Not a zip: refused for what it holds (422), so a baseline stages nothing.
  "POST /roster-stream-old/process-roster-file": {
    body: { file: "bm90IGEgemlw", fileName: "roster.zip", districtName: "District", districtId: district },
    free: ["fileName", "districtName"],
  },
  "POST /roster-stream-old/apply": { body: { districtId: district, rosterImportId: "00000000-0000-4000-8000-000000000001" } },
  "GET /organization/{id}/roster-imports": { params: id(district) },
  "GET /organization/{id}/roster-key": { params: id(district) },
  "POST /organization/{id}/roster-key": { params: id(district) },
  "DELETE /organization/{id}/roster-key": { params: id(district) },
  "GET /organization/{id}/staff-without-sign-in": { params: id(district) },
  "POST /organization/{id}/invite-uninvited": { params: id(district) },
  "POST /roster-imports/{id}/undo": { params: id("00000000-0000-4000-8000-000000000001") },
  "GET /roster-imports/{id}/undo-preview": { params: id("00000000-0000-4000-8000-000000000001") },
  "GET /organization/{id}/screening-calendar": { params: id(district), query: { academicYear: "2030-2031" } },
  "PUT /organization/{id}/screening-calendar": {
    params: id(district),
    body: {
      academicYear: "2030-2031",
      version: "new",
      periods: {
        BOY: { startDate: "2030-08-15", endDate: "2030-10-31", gradeLists: { K: ["vocab"] } },
        MOY: { startDate: "2030-12-01", endDate: "2031-02-28" },
        EOY: { startDate: "2031-04-01", endDate: "2031-06-15" },
      },
    },
    free: ["version"],
  },
  "POST /organization/{id}/screening-calendar/rollover": { params: id(district), body: { academicYear: "2031-2032" } },
  "DELETE /organization/{id}/screening-calendar/{academicYear}": { params: { id: district, academicYear: "2040-2041" } },
  "GET /organization/{id}/screening-standards": { params: id(district) },
  "PUT /organization/{id}/screening-standards": {
    params: id(district),
    body: {
      ranNorms: {
        source: "Property norms, 2026",
        norms: [{ testCode: "object-ran", grade: "K", period: "BOY", meanSecs: 60, sdSecs: 15 }],
      },
      pkRiskCutoff: null,
    },
  },
  "POST /kept-data/invalidate": { body: { organizationId: district } },
  // Follow-up after a flag (issue 38).
  "GET /organization/{id}/followUpPolicy": { params: id(district) },
  "PUT /organization/{id}/followUpPolicy": {
    params: id(district),
    body: {
      policy: {
        flags: ["dyslexia"],
        dayCount: "school",
        noticeDays: 30,
        monitoringDays: null,
        furtherStepDays: null,
        priorNoticeDays: null,
        optOutAllowed: false,
        presetId: "louisiana",
      },
      nonSchoolDays: [{ date: `${year}-11-26`, label: "Thanksgiving" }],
    },
  },
  "GET /participant/{id}/followUps": { params: id(student) },
  // Issue 38 item 4: the family notice letter's wording, its preview, letters and notices sent.
  "GET /organization/{id}/followUpNotice": { params: id(district) },
  "PUT /organization/{id}/followUpNotice": {
    params: id(district),
    body: {
      contact: "Ms. Rivera, (555) 010-0100",
      texts: { en: { title: "About {student}", body: "Dear family of {student}," }, es: null },
    },
    free: ["contact"],
  },
  "POST /organization/{id}/followUpNotice/preview": {
    params: id(district),
    body: {
      lang: "es",
      title: "Aviso para {student}",
      body: "Estimada familia de {student}:",
      contact: "Ms. Rivera",
      participantId: student,
    },
    free: ["title", "body", "contact"],
    limits: { body: 10_000 },
  },
  "GET /followUpNotices": { query: { classroomId: classroom, lang: "es" } },
  "POST /followUps/noticeSent": { body: { followUpIds: [followUp.follow_up_id], on: today, method: "printed" } },
  "POST /followUp/{id}/steps": {
    params: id(followUp.follow_up_id),
    body: { kind: "note", on: today, note: "Baseline note" },
    free: ["note"],
  },
  "POST /participant/{id}/screeningOptOut": {
    params: id(student),
    body: { academicYear: `${year - 1}-${year}`, optedOut: true, on: today, note: "Written" },
    free: ["note"],
  },
  // Issue 39 item 3: the school and district pages' bars; column is a flag or a test code.
  "GET /report/bands/{id}": { params: id(district), query: { schoolId: school, column: "dyslexia" } },
  "GET /organization/{id}/followUps": {
    params: id(district),
    query: { schoolId: school, classroomId: classroom, status: "overdue", q: "a", sort: "name", dir: "desc", page: "1", limit: "10" },
    free: ["q", "page", "limit"],
  },
  // Issue 38 item 3: the list as a CSV, and a classroom's notice marks.
  "GET /organization/{id}/followUps/csv": {
    params: id(district),
    query: { schoolId: school, classroomId: classroom, status: "overdue", q: "a", sort: "name", dir: "desc" },
    free: ["q"],
  },
  "GET /participantGroups/{id}/followUpMarks": { params: id(classroom) },
  "GET /participant/{id}/followUpNext": { params: id(student) },
  // Issue 38 item 5: the annual counts, as JSON and as CSV.
  "GET /organization/{id}/followUpCounts": { params: id(district), query: { schoolId: school, academicYear: `${year - 1}-${year}` } },
  "GET /organization/{id}/followUpCounts/csv": { params: id(district), query: { schoolId: school, academicYear: `${year - 1}-${year}` } },
  // Letters to work on and support groups (issue 40 item 3, issue 39 item 7).
  "GET /participantGroups/{id}/lettersToWorkOn": { params: id(classroom) },
  "GET /participantGroups/{id}/supportGroups": { params: id(classroom) },
  "POST /participantGroups/{id}/supportGroups": {
    params: id(classroom),
    body: { name: "Readers", participantIds: [student], letterNames: ["B"], letterSounds: ["SH"] },
    free: ["name"],
  },
  "PUT /supportGroups/{id}": { params: id(supportGroup.support_group_id), body: { name: "Renamed" }, free: ["name"] },
  "POST /supportGroups/{id}/members": { params: id(supportGroup.support_group_id), body: { participantId: student } },
  "POST /supportGroups/{id}/sessions": {
    params: id(supportGroup.support_group_id),
    body: { on: today, minutes: 20, workedOn: "Letter B" },
    free: ["workedOn"],
  },
  "GET /participant/{id}/supportSessions": { params: id(student) },
  "PUT /screening-standards": {
    body: { pkRiskCutoff: { source: "Property PK study, 2026", cutoffs: { MOY: 0.4 } }, abilityCutoffs: null },
  },
  // Progress monitoring (issue 39 items 5, 6): probes, their deletion (of no probe: 404), the district's targets and rule.
  "GET /participant/{id}/probes": { params: id(student) },
  "GET /participant/{id}/probeSummary": { params: id(student) },
  "POST /participant/{id}/probes": { params: id(student), body: { measure: "letter-names", date: today, correct: ["LN_A", "LN_B"] } },
  "DELETE /probe/{id}": { params: id("00000000-0000-4000-8000-000000000000") },
  "GET /organization/{id}/progress-monitoring": { params: id(district) },
  "PUT /organization/{id}/progress-monitoring": {
    params: id(district),
    body: {
      goalTargets: { source: "Property targets, 2026", targets: [{ measure: "letter-names", grade: "K", period: "MOY", target: 20 }] },
      decisionRule: { consecutivePoints: 4, source: "Property handbook" },
    },
  },
};

/** A message a person can read: not empty, and not the catch-all of an unexpected error. */
const CLEAR_MESSAGE = expect.stringMatching(/^(?![\s\S]*unexpected server error)[\s\S]*\S/i);

/** What an answer tells its caller: where a redirect sends the browser, or the JSON body's message. */
async function told(res: Response): Promise<{ redirectTo: string | null; message: unknown }> {
  if (res.status !== 302) return { redirectTo: null, message: ((await res.json()) as { message?: unknown }).message };
  await res.body?.cancel();
  return { redirectTo: res.headers.get("location"), message: null };
}

describe(`hostile input (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  const routes = validatedRoutes(createTestApi({} as never).api);

  itHasOneEntryPerRoute("every validated endpoint has a baseline here, and every baseline an endpoint", routes, base, {
    missing: "add a baseline for the new endpoint",
    stale: "baselines of endpoints that are gone",
  });

  for (const route of routes) {
    it(`${route.key}: 4xx with a clear message, never 5xx, the database unchanged`, async () => {
      const b = base[route.key];
      if (!b) throw new Error(`no baseline for ${route.key}`);
      await fc.assert(
        fc.asyncProperty(mutations(b), async (m) => {
          const before = await snapshot();
          const res = await request(route.method, route.path, b, m);
          const what = `${route.key} with ${describeMutation(m)} answered ${res.status}`;
          const acceptable = (res.status >= 400 && res.status < 500) || (b.redirects === true && res.status === 302);
          expect(acceptable, what).toBe(true);
          // A refusal says what is wrong; a redirect (where the route sends the browser on) says where to.
          expect(await told(res), what).toEqual(
            res.status === 302 ? { redirectTo: expect.any(String), message: null } : { redirectTo: null, message: CLEAR_MESSAGE },
          );
          expect(await snapshot(), `${what}: the database changed`).toEqual(before);
        }),
        { numRuns: NUM_RUNS, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
      );
    });
  }

  it("the baselines themselves are accepted: what is refused above is the corrupted part", async () => {
    for (const route of routes) {
      const b = base[route.key]!;
      const res = await request(route.method, route.path, b, null);
      // A baseline may still be refused for what the data says (409 in use, 404 no recording, 401 wrong password,
      // 400 wrong code): never by the schema (a 400 listing `errors`) and never with a 5xx.
      const text = await res.text();
      expect(res.status, `${route.key} baseline answered ${res.status}: ${text}`).toBeLessThan(500);
      const json = res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as object) : {};
      expect(json, `${route.key} baseline refused by its schema`).not.toHaveProperty("errors");
    }
  });
});
