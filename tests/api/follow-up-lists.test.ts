import { afterAll, describe, expect, it } from "vitest";
import { presetById } from "#app/domain/follow-up-policy";
import { makePeriods, makeStudent, MID_YEAR } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// Where staff see follow-ups (issue 38 item 3): the list's Classroom column and its opted-out
// students, the list as a CSV (every page of the filter, the scope's refusals), and a classroom's
// notice marks (nothing without a policy). The clock is Thursday 2026-01-15 (MOY of 2025-2026).

const data = useTempDataDir();
afterAll(() => data.cleanup());

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
const tok = {
  teacher: await t.login(w.teacher.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  districtAdmin: await t.login(w.districtAdmin.email),
};
const org = w.district.organization_id;
const classA = w.classA.participant_group_id;

type Row = {
  followUpId: string | null;
  participantId: string;
  studentName: string;
  classroomName: string;
  status: string;
  periodName: string | null;
  nextStep: { step: string; due: string | null } | null;
};
type ListPage = { rows: Row[]; total: number; counts: Record<string, number>; policySet: boolean };
type Marks = {
  policySet: boolean;
  marks: { participantId: string; mark: string; due: string | null }[];
  overdue: number;
  dueThisWeek: number;
};

async function setPolicy(policy: unknown) {
  const res = await t.call("PUT", `/organization/${org}/followUpPolicy`, { token: tok.districtAdmin, body: { policy, nonSchoolDays: [] } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A grade 1 student of the teacher's classroom, flagged for dyslexia risk at MOY, the results recorded on `recorded`. */
async function flagged(lastName: string, recorded: string) {
  const s = await makeStudent(handle.db, w.schoolA.organization_unit_id, { grade: "1", classroomIds: [classA], lastName });
  const res = await t.call("POST", "/participantTest/predictiveProfile", {
    token: tok.districtAdmin,
    body: { participantId: s.participant_id, academicYear: "2025-2026", periodName: "MOY", dyslexia: 0.5, pwr: 0.9 },
  });
  expect(res.status).toBe(200);
  await handle.db
    .updateTable("predictive_profile")
    .set({ computed_at: new Date(`${recorded}T12:00:00Z`) })
    .where("participant_id", "=", s.participant_id)
    .execute();
  return s;
}

const list = async (query: string, token = tok.districtAdmin) => {
  const res = await t.call("GET", `/organization/${org}/followUps?${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListPage;
};
const csv = (query: string, token = tok.districtAdmin) => t.call("GET", `/organization/${org}/followUps/csv?${query}`, { token });
const marks = async (classroomId = classA, token = tok.teacher) => {
  const res = await t.call("GET", `/participantGroups/${classroomId}/followUpMarks`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Marks;
};

describe(`a classroom's notice marks (${process.env.TEST_DB_ENGINE})`, () => {
  it("are empty, and open nothing, while the district has no policy", async () => {
    await flagged("Nopolicy", "2026-01-05");
    expect(await marks()).toEqual({ policySet: false, marks: [], overdue: 0, dueThisWeek: 0 });
    expect(await handle.db.selectFrom("follow_up").selectAll().execute()).toEqual([]);
  });

  it("mark the students whose notice is overdue or due this week, and none once it is sent", async () => {
    // Notice within 10 days: flagged on the 1st, due the 11th (overdue); on the 10th, due the 20th (this week); on the 15th, due the 25th (open).
    await setPolicy({ ...presetById("louisiana")!.policy, noticeDays: 10 });
    const late = await flagged("Late", "2026-01-01");
    const soon = await flagged("Soon", "2026-01-10");
    const later = await flagged("Later", "2026-01-15");
    const answer = await marks();
    expect(answer.policySet).toBe(true);
    const byStudent = new Map(answer.marks.map((m) => [m.participantId, m]));
    expect(byStudent.get(late.participant_id)).toEqual({ participantId: late.participant_id, mark: "overdue", due: "2026-01-11" });
    expect(byStudent.get(soon.participant_id)).toEqual({ participantId: soon.participant_id, mark: "due-this-week", due: "2026-01-20" });
    expect(byStudent.has(later.participant_id)).toBe(false);
    expect(answer.overdue).toBe(answer.marks.filter((m) => m.mark === "overdue").length);
    expect(answer.dueThisWeek).toBe(answer.marks.filter((m) => m.mark === "due-this-week").length);

    const row = (await list(`classroomId=${classA}&q=Late`, tok.teacher)).rows.find((r) => r.participantId === late.participant_id)!;
    const sent = await t.call("POST", `/followUp/${row.followUpId}/steps`, {
      token: tok.teacher,
      body: { kind: "notice-sent", on: "2026-01-15", method: "printed" },
    });
    expect(sent.status).toBe(200);
    expect((await marks()).marks.map((m) => m.participantId)).not.toContain(late.participant_id);
  });

  it("are refused for a classroom the teacher does not teach", async () => {
    const res = await t.call("GET", `/participantGroups/${w.classA2.participant_group_id}/followUpMarks`, { token: tok.teacher });
    expect(res.status).toBe(403);
    expect((await t.call("GET", `/participantGroups/${classA}/followUpMarks`, { token: null })).status).toBe(401);
  });
});

describe(`the list's rows (${process.env.TEST_DB_ENGINE})`, () => {
  it("name each student's classroom, and hold the students whose family opted out of screening", async () => {
    await setPolicy(presetById("california")!.policy);
    const flaggedOne = await flagged("Roomed", "2026-01-12");
    const optedOut = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      grade: "1",
      classroomIds: [classA],
      lastName: "Optout",
    });
    const res = await t.call("POST", `/participant/${optedOut.participant_id}/screeningOptOut`, {
      token: tok.teacher,
      body: { academicYear: "2025-2026", optedOut: true, on: "2026-01-10" },
    });
    expect(res.status).toBe(200);

    const all = await list(`schoolId=${w.schoolA.organization_unit_id}&limit=100`, tok.schoolAdmin);
    expect(all.rows.find((r) => r.participantId === flaggedOne.participant_id)?.classroomName).toBe(w.classA.name);
    const opted = await list("status=opted-out&limit=100");
    expect(opted.rows.filter((r) => r.participantId === optedOut.participant_id)).toEqual([
      expect.objectContaining({ followUpId: null, status: "opted-out", periodName: null, nextStep: null, studentName: `Optout, Stu` }),
    ]);
    expect(opted.counts["opted-out"]).toBe(opted.total);
    expect(opted.counts["opted-out"]).toBeGreaterThan(0);
  });
});

describe(`the list as a CSV (${process.env.TEST_DB_ENGINE})`, () => {
  it("holds every row the filter matches, in the list's order, beyond one page", async () => {
    await setPolicy({ ...presetById("louisiana")!.policy, noticeDays: 3 });
    await flagged("Csvone", "2026-01-02");
    await flagged("Csvtwo", "2026-01-03");
    const page = await list("status=overdue&sort=name&limit=1");
    expect(page.total).toBeGreaterThan(1);
    const res = await csv("status=overdue&sort=name");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Filename")).toMatch(/^follow-ups_.+_2025-2026\.csv$/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Student,Participant Code,School,Classroom,Grade,Period,Flags,Flagged On,Notice Due,Notice Sent On,Next Step,Next Step Due,Due,Status",
    );
    expect(lines).toHaveLength(page.total + 1);
    const whole = await list("status=overdue&sort=name&limit=100");
    // Names are 'Last, First': quoted, so a line's name ends at its first '",'.
    expect(lines.slice(1).map((l) => l.slice(0, l.indexOf('",') + 1))).toEqual(whole.rows.map((r) => `"${r.studentName}"`));
    const one = lines.find((l) => l.startsWith('"Csvone, Stu"'))!;
    expect(one).toContain(
      ",MOY,Dyslexia risk,2026-01-02,2026-01-05,,Send the family's notice,2026-01-05,Overdue: was due 2026-01-05 (10 days ago),Overdue",
    );
    const searched = (await (await csv("q=Csvtwo")).text()).trim().split("\r\n");
    expect(searched).toHaveLength(2);
  });

  it("is refused where the list is: a teacher the district's and a school's, a school admin the district's", async () => {
    expect((await csv("", tok.teacher)).status).toBe(403);
    expect((await csv(`schoolId=${w.schoolA.organization_unit_id}`, tok.teacher)).status).toBe(403);
    expect((await csv("", tok.schoolAdmin)).status).toBe(403);
    expect((await csv(`schoolId=${w.schoolB.organization_unit_id}`, tok.schoolAdmin)).status).toBe(403);
    expect((await csv(`schoolId=${w.schoolA.organization_unit_id}`, tok.schoolAdmin)).status).toBe(200);
    expect((await csv(`classroomId=${classA}`, tok.teacher)).status).toBe(200);
    expect((await csv("status=late")).status).toBe(400);
  });
});

describe(`the student page's next step (${process.env.TEST_DB_ENGINE})`, () => {
  it("is the most pressing step owed this year, with its deadline; none once nothing is owed; refused outside the scope", async () => {
    await setPolicy({ ...presetById("louisiana")!.policy, noticeDays: 3 });
    const s = await flagged("Nextstep", "2026-01-05");
    const next = async (participantId: string, token = tok.teacher) => {
      const res = await t.call("GET", `/participant/${participantId}/followUpNext`, { token });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as {
        policySet: boolean;
        next: { followUpId: string; step: string; due: string | null; status: string } | null;
      };
    };
    const owed = await next(s.participant_id);
    expect(owed).toMatchObject({ policySet: true, next: { step: "notice-sent", due: "2026-01-08", status: "overdue" } });
    await t.call("POST", `/followUp/${owed.next!.followUpId}/steps`, {
      token: tok.teacher,
      body: { kind: "outcome", on: "2026-01-15", outcome: "recovered" },
    });
    expect(await next(s.participant_id)).toEqual({ policySet: true, next: null });
    const elsewhere = await makeStudent(handle.db, w.schoolA.organization_unit_id, {
      grade: "1",
      classroomIds: [w.classA2.participant_group_id],
    });
    expect((await t.call("GET", `/participant/${elsewhere.participant_id}/followUpNext`, { token: tok.teacher })).status).toBe(403);
  });
});
