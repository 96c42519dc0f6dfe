import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { recordTestResult } from "#app/api/results-ingest";
import type { RoleName } from "#app/domain/roles";
import { makeClassroom, makeDistrict, makeStudent, makeTeacher, makeUser } from "./support/fixtures";
import { fillPath, itHasOneEntryPerRoute, routeTable } from "./support/route-table";
import { createTestApi, TEST_PASSWORD, useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Issue 14: the authorization matrix. Every route of the API router's own route table × no
// session, teacher, school admin, district admin and super admin × an id in the caller's scope
// (the teacher's school, classroom and student, in the district of all four) and one out of it
// (another district's). The expectations below say who may call each route; a route without an
// entry, or an entry without a route, fails the suite, so a new route must state its rule here.

const data = useTempDataDir();

const ACTORS = ["none", "TEACHER", "ORG_UNIT_ADMIN", "ORG_ADMIN", "SUPER_ADMIN"] as const;
type ActorName = (typeof ACTORS)[number];
type Scope = "in" | "out";

const ALL: readonly RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN", "TEACHER"];
const ADMINS: readonly RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN", "ORG_UNIT_ADMIN"];
const DISTRICT: readonly RoleName[] = ["SUPER_ADMIN", "ORG_ADMIN"];
const SUPER: readonly RoleName[] = ["SUPER_ADMIN"];

interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Rule {
  /** Who may call it: anyone (no session needed), or these roles within their scope (super admins everywhere). */
  who: "public" | readonly RoleName[];
  /** The request for an id in scope and one out of it; a route without ids is called once ("in"). */
  call: (scope: Scope) => Call | Promise<Call>;
  scoped?: boolean;
  /** The call ends the session it is made with: use a fresh one. */
  freshSession?: boolean;
}

const unique = () => randomUUID().slice(0, 8);
const byScope = <T>(scope: Scope, inScope: T, outOfScope: T) => (scope === "in" ? inScope : outOfScope);

async function extras() {
  const otherClass = await makeClassroom(handle.db, w.otherSchool.organization_unit_id);
  await handle.db
    .insertInto("participant_group_member")
    .values({ participant_group_id: otherClass.participant_group_id, participant_id: w.otherStudent.participant_id })
    .execute();
  const test = async (participantId: string, testCode: "letter-names" | "object-ran") => {
    const start = new Date().toISOString();
    const { participantTestId } = await recordTestResult(handle.db, {
      clientTestId: `authz-${randomUUID()}`,
      participantId,
      testCode,
      grade: "K",
      startDtTm: start,
      endDtTm: start,
      completedFlag: true,
      responses: testCode === "object-ran" ? [{ questionCode: "object-ran_1", score: 1, responseTimeInSecs: 30 }] : [],
    });
    const response = await handle.db
      .selectFrom("participant_test_question_response")
      .select("participant_test_question_response_id as id")
      .where("participant_test_id", "=", participantTestId)
      .executeTakeFirst();
    return { id: participantTestId, responseId: response?.id ?? "" };
  };
  return {
    otherClass,
    newTest: test,
    letterIn: await test(w.studentA.participant_id, "letter-names"),
    letterOut: await test(w.otherStudent.participant_id, "letter-names"),
    ranIn: await test(w.studentA.participant_id, "object-ran"),
    ranOut: await test(w.otherStudent.participant_id, "object-ran"),
    signIn: await makeTeacher(handle.db, w.schoolA),
  };
}

/** A new teacher in the school in scope (school A) or out of it (the other district's school). */
const freshStaff = (scope: Scope, authStatus: "None" | "Pending" | "Active" = "Active") =>
  makeUser(handle.db, {
    role: "TEACHER",
    organizationId: byScope(scope, w.district, w.otherDistrict).organization_id,
    schoolIds: [byScope(scope, w.schoolA, w.otherSchool).organization_unit_id],
    authStatus,
  });
const freshStudent = (scope: Scope) =>
  makeStudent(handle.db, byScope(scope, w.schoolA, w.otherSchool).organization_unit_id, {
    classroomIds: [byScope(scope, w.classA, x.otherClass).participant_group_id],
  });

const district = (s: Scope) => byScope(s, w.district, w.otherDistrict).organization_id;
const school = (s: Scope) => byScope(s, w.schoolA, w.otherSchool).organization_unit_id;
const classroom = (s: Scope) => byScope(s, w.classA, x.otherClass).participant_group_id;
const student = (s: Scope) => byScope(s, w.studentA, w.otherStudent).participant_id;
const id = (v: string) => ({ params: { id: v } });
const audioFile = (s: Scope) => ({ query: { fileName: `${student(s)}_${byScope(s, x.ranIn, x.ranOut).id}_object-ran_1.wav` } });
const studentBody = (s: Scope) => ({
  firstName: "Ada",
  lastName: `Matrix ${unique()}`,
  dateOfBirth: "05/17/2020",
  grade: "K",
  organizationUnitId: school(s),
  participantGroupIds: [classroom(s)],
});

const CALENDAR_BODY = {
  academicYear: "2030-2031",
  periods: {
    BOY: { startDate: "2030-08-15", endDate: "2030-10-31", gradeLists: { K: ["vocab"] } },
    MOY: { startDate: "2030-12-01", endDate: "2031-02-28" },
    EOY: { startDate: "2031-04-01", endDate: "2031-06-15" },
  },
};

const RULES: Record<string, Rule> = {
  "POST /dashboard/login": { who: "public", call: () => ({ body: { username: x.signIn.email, password: TEST_PASSWORD } }) },
  "POST /dashboard/login/sso": { who: "public", call: () => ({ body: { code: "not-a-code", binding: "not-a-binding" } }) },
  "GET /dashboard/current-user": { who: ALL, call: () => ({}) },
  "POST /dashboard/logout": { who: ALL, call: () => ({}), freshSession: true },
  "POST /dashboard/forgot-password": { who: "public", call: () => ({ body: { email: `nobody-${unique()}@test.example` } }) },
  "POST /dashboard/forgot-password/new": {
    who: "public",
    call: () => ({ body: { email: `nobody-${unique()}@test.example`, code: "WRONG123", password: "Another#Pass1" } }),
  },
  "POST /registerUser": { who: "public", call: () => ({ body: { email: `nobody-${unique()}@test.example` } }) },
  "POST /user/inviteUser/{email}": {
    who: ADMINS,
    scoped: true,
    call: async (s) => ({ params: { email: (await freshStaff(s, "None")).email } }),
  },
  "POST /user/resendInvite/{email}": {
    who: ADMINS,
    scoped: true,
    call: async (s) => ({ params: { email: (await freshStaff(s, "Pending")).email } }),
  },
  "PUT /user/updateAuthStatus": {
    who: ADMINS,
    scoped: true,
    call: async (s) => ({ body: { userId: (await freshStaff(s)).user_id, authStatus: "Active" } }),
  },
  "GET /auth/providers": { who: "public", call: () => ({}) },
  "GET /auth/login/{provider}/{clientId}": {
    who: "public",
    call: () => ({ params: { provider: "google", clientId: "client" }, query: { callback: "http://localhost:3000/login-callback" } }),
  },
  "GET /auth/callback/{provider}": { who: "public", call: () => ({ params: { provider: "google" }, query: { code: "c", state: "s" } }) },
  "POST /organization": { who: SUPER, call: () => ({ body: { name: `District ${unique()}`, state: "WA" } }) },
  "PUT /organization": {
    who: SUPER,
    scoped: true,
    call: (s) => ({ body: { organizationId: district(s), name: byScope(s, w.district, w.otherDistrict).name, state: "WA" } }),
  },
  "DELETE /organization/{id}": {
    who: SUPER,
    scoped: true,
    call: async (s) => id(s === "in" ? district(s) : (await makeDistrict(handle.db)).organization_id),
  },
  "GET /organization/{id}": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  "GET /organization": { who: ALL, call: () => ({}) },
  "GET /organization/orgUnits/{id}": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  "GET /organizationUnit/{id}": { who: ALL, scoped: true, call: (s) => id(school(s)) },
  "POST /organizationUnit": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ body: { organizationId: district(s), name: `School ${unique()}` } }),
  },
  "PUT /organizationUnit": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ body: { organizationUnitId: school(s), name: byScope(s, w.schoolA, w.otherSchool).name } }),
  },
  "DELETE /organizationUnit/{id}": { who: DISTRICT, scoped: true, call: (s) => id(school(s)) },
  "GET /participants/{id}": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "GET /participants/organizationUnit/{id}": { who: ALL, scoped: true, call: (s) => id(school(s)) },
  "POST /participants": { who: ALL, scoped: true, call: (s) => ({ body: studentBody(s) }) },
  "PUT /participants": { who: ALL, scoped: true, call: (s) => ({ body: { participantId: student(s), ...studentBody(s) } }) },
  "DELETE /participants/delete/{id}": { who: ADMINS, scoped: true, call: async (s) => id((await freshStudent(s)).participant_id) },
  "GET /participant/{id}/records": { who: DISTRICT, scoped: true, call: (s) => id(student(s)) },
  "GET /participant/{id}/export": { who: DISTRICT, scoped: true, call: (s) => id(student(s)) },
  "POST /participant/{id}/erase": {
    who: DISTRICT,
    scoped: true,
    call: async (s) => ({
      params: { id: (await freshStudent(s)).participant_id },
      body: { confirm: { results: 0, scores: 0, recordings: 0 } },
    }),
  },
  "GET /organization/{id}/records": { who: SUPER, scoped: true, call: (s) => id(district(s)) },
  "POST /organization/{id}/erase": {
    who: SUPER,
    scoped: true,
    call: async () => ({
      params: { id: (await makeDistrict(handle.db)).organization_id },
      body: { confirm: { schools: 0, classrooms: 0, students: 0, staff: 0, results: 0, scores: 0, recordings: 0 } },
    }),
  },
  "GET /user/userByEmail/{email}": { who: ADMINS, scoped: true, call: async (s) => ({ params: { email: (await freshStaff(s)).email } }) },
  "GET /user/organization/{id}": { who: ADMINS, scoped: true, call: (s) => id(district(s)) },
  "GET /user/organizationUnit/{id}": { who: ADMINS, scoped: true, call: (s) => id(school(s)) },
  "GET /user/superAdmins": { who: SUPER, call: () => ({}) },
  "POST /user": {
    who: ADMINS,
    scoped: true,
    call: (s) => ({
      body: {
        firstName: "New",
        lastName: "Staff",
        email: `staff-${unique()}@test.example`,
        roles: ["TEACHER"],
        organizationId: district(s),
        organizationUnitIds: [school(s)],
      },
    }),
  },
  "PUT /user": {
    who: ADMINS,
    scoped: true,
    call: async (s) => ({
      body: { userId: (await freshStaff(s)).user_id, firstName: "Re", lastName: "Named", organizationUnitIds: [school(s)] },
    }),
  },
  "DELETE /user/{id}": { who: ADMINS, scoped: true, call: async (s) => id((await freshStaff(s)).user_id) },
  "POST /report/students-complete": { who: SUPER, scoped: true, call: (s) => ({ body: { orgId: district(s) } }) },
  "GET /report/organization/{organizationId}": { who: DISTRICT, scoped: true, call: (s) => ({ params: { organizationId: district(s) } }) },
  "GET /report/district-data-export/{organizationId}": {
    who: SUPER,
    scoped: true,
    call: (s) => ({ params: { organizationId: district(s) } }),
  },
  "GET /report/organizationUnit/{organizationUnitId}": {
    who: ADMINS,
    scoped: true,
    call: (s) => ({ params: { organizationUnitId: school(s) } }),
  },
  // Issue 39 item 3: students per band for the school and district pages' Summary tab: every role of
  // the district, over the schools it sees (a school-level caller gets its own schools only).
  "GET /report/bands/{id}": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  // Issue 15: the completion summary and its streamed detail, for super admins.
  "GET /report/completion/{organizationId}": { who: SUPER, scoped: true, call: (s) => ({ params: { organizationId: district(s) } }) },
  "GET /report/completion/{organizationId}/csv": { who: SUPER, scoped: true, call: (s) => ({ params: { organizationId: district(s) } }) },
  // Issue 12 item 14: the menu's test materials and the contact form, for every signed-in user.
  "GET /dashboard/resources/{filename}/download": { who: ALL, call: () => ({ params: { filename: "PreK_Test_Materials.zip" } }) },
  "POST /support/messages": { who: ALL, call: () => ({ body: { subject: "Matrix", message: "A question for support" } }) },
  "GET /participantGroups/organizationUnit/{id}": { who: ALL, scoped: true, call: (s) => id(school(s)) },
  // Issue 15: the paged variants of the lists answer whom their full lists answer.
  "GET /participantGroups/organizationUnit/{id}/page": { who: ALL, scoped: true, call: (s) => id(school(s)) },
  "GET /participants/organizationUnit/{id}/page": { who: ALL, scoped: true, call: (s) => id(school(s)) },
  "GET /organization/orgUnits/{id}/page": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  "GET /organization/page": { who: ALL, call: () => ({}) },
  "GET /user/organization/{id}/page": { who: ADMINS, scoped: true, call: (s) => id(district(s)) },
  "GET /user/superAdmins/page": { who: SUPER, call: () => ({}) },
  "GET /participantGroups/organization/{id}": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  "POST /participantGroups": {
    who: ADMINS,
    scoped: true,
    call: (s) => ({ body: { name: `Room ${unique()}`, organizationUnitId: school(s) } }),
  },
  "PUT /participantGroups": {
    who: ADMINS,
    scoped: true,
    call: (s) => ({
      body: { participantGroupId: classroom(s), name: byScope(s, w.classA, x.otherClass).name, organizationUnitId: school(s) },
    }),
  },
  "DELETE /participantGroups/{id}": {
    who: ADMINS,
    scoped: true,
    call: async (s) => id((await makeClassroom(handle.db, school(s))).participant_group_id),
  },
  "GET /participantGroups/{id}": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /assessmentConfig/currentAcademicYear/{id}": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  "GET /participants/participantGroup/{id}": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /participants/participantGroup/riskScores/{id}": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /participantGroups/{id}/results": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /participantGroups/{id}/results/csv": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /participantTest/testResults/{id}": { who: ALL, scoped: true, call: (s) => id(byScope(s, x.letterIn, x.letterOut).id) },
  "POST /participantTest/manual": {
    who: ALL,
    scoped: true,
    call: (s) => ({ body: { testCode: "letter-sounds", participantId: student(s), grade: "K", responses: [] } }),
  },
  "PUT /participantTest/manual": {
    who: ALL,
    scoped: true,
    call: (s) => ({ body: { participantTestId: byScope(s, x.letterIn, x.letterOut).id, participantId: student(s), responses: [] } }),
  },
  "POST /participantTest/results": {
    who: ALL,
    scoped: true,
    call: (s) => ({
      body: {
        clientTestId: `matrix-${unique()}`,
        participantId: student(s),
        testCode: "vocab",
        grade: "K",
        startDtTm: new Date().toISOString(),
        completedFlag: false,
      },
    }),
  },
  "POST /participantTest/predictiveProfile": {
    who: ALL,
    scoped: true,
    call: (s) => ({ body: { participantId: student(s), academicYear: "2025-2026", periodName: "BOY", pwr: 0.5 } }),
  },
  "GET /participantTest/getAudioFile": { who: ALL, scoped: true, call: audioFile },
  "GET /participantTest/getAudioWaveform": { who: ALL, scoped: true, call: audioFile },
  "GET /participantTest/audioAccess/{id}": { who: ALL, scoped: true, call: (s) => id(byScope(s, x.ranIn, x.ranOut).id) },
  "GET /participants/profile/{id}": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "GET /participants/riskScores/{id}": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "GET /participantTest/RAN/{id}": { who: ALL, scoped: true, call: (s) => id(byScope(s, x.ranIn, x.ranOut).id) },
  // A response nobody has scored yet, so each caller gives its first score: once scored, only its
  // first scorer and admins may change it (issue 34 item 7; tests/api/ran-scoring.test.ts).
  "PUT /participantTest/addScoreToQuestionResponse/{id}": {
    who: ALL,
    scoped: true,
    call: async (s) => ({
      ...id((await x.newTest(student(s), "object-ran")).responseId),
      body: { score: 1, evalResponseTime: 20, numOfErrors: 0, invalid: false },
    }),
  },
  "GET /participantTest/RAN/participant/{id}": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "GET /participantGroups/{id}/blindRanScoring": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /roster-stream-old/check-district/{districtId}": {
    who: "public",
    call: () => ({ params: { districtId: w.district.organization_id } }),
  },
  "POST /roster-stream-old/process-roster-file": {
    who: "public",
    call: () => ({ body: { file: "", fileName: "roster.csv", districtName: w.district.name, districtId: w.district.organization_id } }),
  },
  // Issue 33: uploading and previewing stay public; applying changes the district, so it needs its admin.
  "POST /roster-stream-old/apply": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ body: { districtId: district(s), rosterImportId: randomUUID() } }),
  },
  "GET /organization/{id}/roster-imports": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  // Issue 35 item 1: a district's rostering key is made, rotated, revoked and seen by its admins only.
  "GET /organization/{id}/roster-key": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "POST /organization/{id}/roster-key": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "DELETE /organization/{id}/roster-key": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  // Issue 35 item 7: who of the district's rostered teachers cannot sign in, and inviting them all at once.
  "GET /organization/{id}/staff-without-sign-in": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "POST /organization/{id}/invite-uninvited": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "GET /roster-imports/{id}/undo-preview": { who: DISTRICT, scoped: true, call: async (s) => id(await appliedImport(district(s))) },
  "POST /roster-imports/{id}/undo": { who: DISTRICT, scoped: true, call: async (s) => id(await appliedImport(district(s))) },
  // Issue 16's screening calendar: a valid year saved without a version (last writer wins), so each
  // allowed caller's save succeeds; the rollover of a district without a calendar answers 409 (allowed through).
  "GET /organization/{id}/screening-calendar": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "PUT /organization/{id}/screening-calendar": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ ...id(district(s)), body: CALENDAR_BODY }),
  },
  "POST /organization/{id}/screening-calendar/rollover": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ ...id(district(s)), body: { academicYear: "2031-2032" } }),
  },
  // Issue 35: deleting a year the district does not have answers 404 (allowed through).
  "DELETE /organization/{id}/screening-calendar/{academicYear}": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ params: { id: district(s), academicYear: "2040-2041" } }),
  },
  // Issue 34 item 4: a district's norms and cutoffs are its admins' (and super admins'); the product-wide ones a super admin's.
  "GET /organization/{id}/screening-standards": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "PUT /organization/{id}/screening-standards": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ ...id(district(s)), body: { pkRiskCutoff: null } }),
  },
  "GET /screening-standards": { who: SUPER, call: () => ({}) },
  "PUT /screening-standards": { who: SUPER, call: () => ({ body: { abilityCutoffs: null } }) },
  // Progress monitoring (issue 39 items 5, 6): a student's probes for whoever sees the student (a
  // repeat save of the week answers 200 or 409, a repeat delete 404: past the scope check); the
  // district's targets and decision rule for its admins.
  "GET /participant/{id}/probes": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "GET /participant/{id}/probeSummary": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "POST /participant/{id}/probes": {
    who: ALL,
    scoped: true,
    call: (s) => ({ ...id(student(s)), body: { measure: "ran", date: "2026-01-01", secs: 40, errors: 1 } }),
  },
  "DELETE /probe/{id}": { who: ALL, scoped: true, call: async (s) => id(await probeOf(s)) },
  "GET /organization/{id}/progress-monitoring": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "PUT /organization/{id}/progress-monitoring": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ ...id(district(s)), body: { decisionRule: null } }),
  },
  // Issue 36 §4: every process's kept data read again (operators, the bench's cold requests).
  "POST /kept-data/invalidate": { who: SUPER, call: () => ({ body: {} }) },
  // Who looked at a child's record (issue 41 item 2): district and super admins read it; nobody
  // changes it (405 for every caller, signed in or not: there is nothing to authorize).
  "GET /organization/{id}/recordAccess": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "GET /participant/{id}/recordAccess": { who: DISTRICT, scoped: true, call: (s) => id(student(s)) },
  ...Object.fromEntries(
    (["POST", "PUT", "PATCH", "DELETE"] as const).flatMap((method) => [
      [`${method} /organization/{id}/recordAccess`, { who: "public", call: () => id(district("in")) } satisfies Rule],
      [`${method} /participant/{id}/recordAccess`, { who: "public", call: () => id(student("in")) } satisfies Rule],
    ]),
  ),
  // Follow-up after a flag (issue 38): the district's admins set the policy, everyone of the
  // district reads it; a student's follow-ups and their steps are for whoever sees the student;
  // the district-wide list for the district's admins (a school's or classroom's list narrows it).
  "GET /organization/{id}/followUpPolicy": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  "PUT /organization/{id}/followUpPolicy": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ ...id(district(s)), body: { policy: null, nonSchoolDays: [] } }),
  },
  "GET /followUpPolicyPresets": { who: ALL, call: () => ({}) },
  "GET /participant/{id}/followUps": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "POST /followUp/{id}/steps": {
    who: ALL,
    scoped: true,
    call: async (s) => ({ ...id(await followUpOf(s)), body: { kind: "note", on: "2026-01-01", note: "Matrix note" } }),
  },
  // No policy in this world: an allowed caller is answered 409 (opting out is not allowed), past the scope check.
  "POST /participant/{id}/screeningOptOut": {
    who: ALL,
    scoped: true,
    call: (s) => ({ ...id(student(s)), body: { academicYear: "2025-2026", optedOut: true, on: "2026-01-01" } }),
  },
  "GET /organization/{id}/followUps": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  // The family notice letter (issue 38 item 4): everyone of the district reads its wording, its
  // admins change and preview it; letters and notices sent are for whoever sees the students.
  "GET /organization/{id}/followUpNotice": { who: ALL, scoped: true, call: (s) => id(district(s)) },
  "PUT /organization/{id}/followUpNotice": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({ ...id(district(s)), body: { contact: null, texts: { en: null, es: null } } }),
  },
  "POST /organization/{id}/followUpNotice/preview": {
    who: DISTRICT,
    scoped: true,
    call: (s) => ({
      ...id(district(s)),
      body: { lang: "en", title: "About {student}", body: "Dear family,", contact: null, participantId: null },
    }),
  },
  "GET /followUpNotices": { who: ALL, scoped: true, call: (s) => ({ query: { classroomId: classroom(s), lang: "es" } }) },
  "POST /followUps/noticeSent": {
    who: ALL,
    scoped: true,
    call: async (s) => ({ body: { followUpIds: [await followUpOf(s)], on: "2026-01-01", method: "printed" } }),
  },
  // Issue 38 item 3: the list as a CSV (the same scopes), and a classroom's notice marks (whoever sees the classroom).
  "GET /organization/{id}/followUps/csv": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  "GET /participantGroups/{id}/followUpMarks": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /participant/{id}/followUpNext": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  // The annual counts (issue 38 item 5): a school's for the school's admins and the district's, the
  // district's for the district's admins; teachers are refused both.
  "GET /organization/{id}/followUpCounts": {
    who: ADMINS,
    scoped: true,
    call: (s) => ({ ...id(district(s)), query: { schoolId: school(s), academicYear: "2025-2026" } }),
  },
  "GET /organization/{id}/followUpCounts/csv": { who: DISTRICT, scoped: true, call: (s) => id(district(s)) },
  // Letters to work on and support groups (issue 40 item 3, issue 39 item 7): whoever sees the
  // classroom (a teacher her own classrooms); a group is judged by its classroom.
  "GET /participantGroups/{id}/lettersToWorkOn": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "GET /participantGroups/{id}/supportGroups": { who: ALL, scoped: true, call: (s) => id(classroom(s)) },
  "POST /participantGroups/{id}/supportGroups": {
    who: ALL,
    scoped: true,
    call: (s) => ({
      ...id(classroom(s)),
      body: { name: `Matrix ${unique()}`, participantIds: [student(s)], letterNames: ["B"], letterSounds: [] },
    }),
  },
  "PUT /supportGroups/{id}": {
    who: ALL,
    scoped: true,
    call: async (s) => ({ ...id(await supportGroupOf(s)), body: { name: "Matrix group" } }),
  },
  "POST /supportGroups/{id}/members": {
    who: ALL,
    scoped: true,
    call: async (s) => ({ ...id(await supportGroupOf(s)), body: { participantId: student(s) } }),
  },
  "POST /supportGroups/{id}/sessions": {
    who: ALL,
    scoped: true,
    call: async (s) => ({ ...id(await supportGroupOf(s)), body: { on: "2026-01-01", minutes: 20, workedOn: "Matrix session" } }),
  },
  "GET /participant/{id}/supportSessions": { who: ALL, scoped: true, call: (s) => id(student(s)) },
  "GET /openapi.json": { who: "public", call: () => ({}) },
};

const supportGroups = new Map<Scope, Promise<string>>();
/** A support group of the classroom in scope (or out of it), written straight into its table. */
function supportGroupOf(scope: Scope): Promise<string> {
  let made = supportGroups.get(scope);
  if (!made) {
    made = handle.db
      .insertInto("support_group")
      .values({ participant_group_id: classroom(scope), name: "Matrix group" })
      .returning("support_group_id")
      .executeTakeFirstOrThrow()
      .then((r) => r.support_group_id);
    supportGroups.set(scope, made);
  }
  return made;
}

const followUps = new Map<Scope, Promise<string>>();
/** A follow-up of the student in scope (or out of it), written straight into its table (no policy is needed for that). */
function followUpOf(scope: Scope): Promise<string> {
  let made = followUps.get(scope);
  if (!made) {
    made = handle.db
      .insertInto("follow_up")
      .values({
        participant_id: student(scope),
        organization_id: district(scope),
        academic_year: "2025-2026",
        period_name: "MOY",
        flags: ["dyslexia"],
        flagged_on: "2026-01-01",
        notice_due: null,
      })
      .returning("follow_up_id")
      .executeTakeFirstOrThrow()
      .then((r) => r.follow_up_id);
    followUps.set(scope, made);
  }
  return made;
}

const probes = new Map<Scope, Promise<string>>();
/** A probe of the student in scope (or out of it), written straight into its table. */
function probeOf(scope: Scope): Promise<string> {
  let made = probes.get(scope);
  if (!made) {
    made = handle.db
      .insertInto("progress_probe")
      .values({
        participant_id: student(scope),
        measure: "letter-names",
        probe_date: "2025-10-01",
        week_start: "2025-09-29",
        correct_items: 3,
        total_items: 26,
        correct_by_code: null,
        ran_secs: null,
        ran_errors: null,
        recorded_by: null,
      })
      .returning("progress_probe_id")
      .executeTakeFirstOrThrow()
      .then((r) => r.progress_probe_id);
    probes.set(scope, made);
  }
  return made;
}

/** An applied roster import that changed nothing, so undoing it is allowed and harmless (issue 16). */
async function appliedImport(organizationId: string): Promise<string> {
  const none = { schools: [], classrooms: [], teachers: [], students: [] };
  const changes = {
    created: none,
    updated: none,
    deactivated: none,
    membersAdded: [],
    membersRemoved: [],
    teachersAdded: [],
    teachersRemoved: [],
  };
  const row = await handle.db
    .insertInto("roster_import")
    .values({
      organization_id: organizationId,
      status: "applied",
      file_name: "roster.zip",
      size_bytes: 1,
      sha256: "0",
      report: JSON.stringify({ counts: null, errors: [], errorCount: 0, message: null }),
      changes: JSON.stringify(changes),
      applied_at: new Date(),
    })
    .returning("roster_import_id")
    .executeTakeFirstOrThrow();
  return row.roster_import_id;
}

type Outcome = "allowed" | "401" | "403";

/** What the rule says for this caller and scope. */
function expected(rule: Rule, actor: ActorName, scope: Scope): Outcome {
  if (rule.who === "public") return "allowed";
  if (actor === "none") return "401";
  if (!rule.who.includes(actor)) return "403";
  return scope === "in" || actor === "SUPER_ADMIN" ? "allowed" : "403";
}

/** What the API did: refused for want of a session, refused for scope or role, or let the caller through. */
function outcome(status: number, message: unknown): Outcome | "error" {
  if (status >= 500) return "error";
  if (status === 401 && message === "Unauthorized") return "401";
  if (status === 403) return "403";
  return "allowed";
}

const tokens = new Map<ActorName, string>();
async function tokenOf(actor: ActorName, fresh: boolean): Promise<string | null> {
  if (actor === "none") return null;
  const user = { TEACHER: w.teacher, ORG_UNIT_ADMIN: w.schoolAdmin, ORG_ADMIN: w.districtAdmin, SUPER_ADMIN: w.superAdmin }[actor];
  if (fresh) return t.login(user.email);
  if (!tokens.has(actor)) tokens.set(actor, await t.login(user.email));
  return tokens.get(actor)!;
}

const { handle, t, w } = await apiWorld();
const x: Awaited<ReturnType<typeof extras>> = await extras();

afterAll(() => data.cleanup());

describe(`authorization matrix (${process.env.TEST_DB_ENGINE ?? "pglite"})`, () => {
  const routes = routeTable(createTestApi({} as never).api);

  itHasOneEntryPerRoute("every route of the router has a rule here, and every rule a route", routes, RULES, {
    missing: "state who may call the new route in RULES",
    stale: "rules of routes that are gone",
  });

  for (const route of routes) {
    const rule = RULES[route.key];
    it(`${route.key}: ${rule ? (rule.who === "public" ? "anyone" : rule.who.join(", ")) : "no rule"}`, async () => {
      if (!rule) throw new Error(`no rule for ${route.key}`);
      const seen: string[] = [];
      const wanted: string[] = [];
      for (const actor of ACTORS) {
        for (const scope of rule.scoped ? (["in", "out"] as const) : (["in"] as const)) {
          const call = await rule.call(scope);
          const qs = new URLSearchParams(call.query ?? {}).toString();
          const res = await t.call(route.method, `${fillPath(route.path, call.params ?? {})}${qs ? `?${qs}` : ""}`, {
            token: await tokenOf(actor, rule.freshSession === true),
            body: call.body,
          });
          const text = await res.text();
          let message: unknown = null;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message;
          } catch {
            // CSV, audio, redirects: no JSON message
          }
          const got = outcome(res.status, message);
          seen.push(
            `${actor}/${scope}: ${got}${got === "error" || got !== expected(rule, actor, scope) ? ` (${res.status} ${text.slice(0, 120)})` : ""}`,
          );
          wanted.push(`${actor}/${scope}: ${expected(rule, actor, scope)}`);
        }
      }
      // Mismatches first, with the answer behind each; then the whole row against the rule.
      expect(
        seen.filter((s) => s.includes("(")),
        "answers that do not follow the rule",
      ).toEqual([]);
      expect(seen).toEqual(wanted);
    });
  }
});
