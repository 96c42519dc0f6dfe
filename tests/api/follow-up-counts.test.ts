import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { presetById } from "#app/domain/follow-up-policy";
import type { Grade } from "#app/domain/grades";
import { makePeriods, makeStudent, MID_YEAR } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld } from "./support/world";

// The annual follow-up counts (issue 38 item 5) re-derived from the rows: a district with
// students across grades, schools and periods, a policy, risk scores that flag some, notices on
// time, late and missing, a follow-up opened without a deadline, one closed, one closed and
// reopened, an opt-out and a withdrawn one. Each count is computed here again from the rows read
// back with plain SQL, by this file's own rules, and compared with the API's JSON and CSV.
// The clock is 2026-01-15 (MOY of 2025-2026).

const data = useTempDataDir();
afterAll(() => data.cleanup());

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
const db = handle.db;
const YEAR = "2025-2026";
const TODAY = "2026-01-15";
const districtId = w.district.organization_id;
await makePeriods(db, districtId, MID_YEAR.ranges);
const tok = {
  teacher: await t.login(w.teacher.email),
  schoolAdmin: await t.login(w.schoolAdmin.email),
  districtAdmin: await t.login(w.districtAdmin.email),
  superAdmin: await t.login(w.superAdmin.email),
};

type Period = "BOY" | "MOY" | "EOY";
const FLAG = 0.5; // dyslexia above every grade's cutoff
const CLEAR = 0.01;

/** Risk scores written as the screener leaves them, recorded at `on` (the day a follow-up counts from). */
async function scores(participantId: string, period: Period, dyslexia: number | null, on: string, academicYear = YEAR) {
  await db
    .insertInto("predictive_profile")
    .values({
      participant_id: participantId,
      academic_year: academicYear,
      period_name: period,
      pwr: null,
      dyslexia,
      kready: null,
      pk_risk: null,
      computed_at: new Date(`${on}T12:00:00Z`),
    })
    .onConflict((oc) => oc.columns(["participant_id", "academic_year", "period_name"]).doUpdateSet({ dyslexia }))
    .execute();
}

const student = (school: "A" | "B", grade: Grade) =>
  makeStudent(db, (school === "A" ? w.schoolA : w.schoolB).organization_unit_id, { grade });

const policy = (noticeDays: number | null) => ({
  policy: { ...presetById("louisiana")!.policy, flags: ["dyslexia"], noticeDays, optOutAllowed: true },
  nonSchoolDays: [],
});

async function call(path: string, token: string | null) {
  return t.call("GET", path, { token });
}
const countsPath = (query: Record<string, string> = {}, orgId = districtId, csv = false) =>
  `/organization/${orgId}/followUpCounts${csv ? "/csv" : ""}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;

type CountsRow = Record<string, number | string | null> & {
  grade: string | null;
  period: Period | null;
  gradeLabel: string;
  periodLabel: string;
};
type Answer = {
  academicYear: string;
  academicYears: string[];
  policySet: boolean;
  noPolicyText: string;
  rows: CountsRow[];
  columns: { key: string }[];
};

async function counts(query: Record<string, string> = {}, token = tok.districtAdmin, orgId = districtId): Promise<Answer> {
  const res = await call(countsPath(query, orgId), token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Answer;
}

// ── The district ────────────────────────────────────────────────────────────────────────────

const s = {
  onTime: await student("A", "1"),
  late: await student("A", "1"),
  pastDue: await student("A", "1"),
  notYetDue: await student("A", "K"),
  noDeadline: await student("A", "1"),
  closed: await student("B", "K"),
  reopened: await student("B", "3"),
  optedOut: await student("B", "2"),
  withdrawn: await student("A", "2"),
  deleted: await student("A", "1"),
};

// A follow-up opened while the policy set no figure for the notice: no deadline, ever.
await scores(s.noDeadline.participant_id, "MOY", FLAG, "2026-01-05");
expect((await t.call("PUT", `/organization/${districtId}/followUpPolicy`, { token: tok.districtAdmin, body: policy(null) })).status).toBe(
  200,
);

// Then 30 calendar days to notify, for everything flagged after.
await scores(s.onTime.participant_id, "BOY", FLAG, "2025-09-10"); // due 2025-10-10
await scores(s.late.participant_id, "BOY", FLAG, "2025-09-10"); // due 2025-10-10
await scores(s.pastDue.participant_id, "BOY", CLEAR, "2025-09-10"); // screened, not flagged
await scores(s.pastDue.participant_id, "MOY", FLAG, "2025-12-05"); // due 2026-01-04
await scores(s.notYetDue.participant_id, "MOY", FLAG, "2026-01-10"); // due 2026-02-09
await scores(s.closed.participant_id, "BOY", FLAG, "2025-09-15");
await scores(s.reopened.participant_id, "BOY", FLAG, "2025-09-15"); // due 2025-10-15
await scores(s.optedOut.participant_id, "BOY", CLEAR, "2025-09-10");
await scores(s.optedOut.participant_id, "MOY", CLEAR, "2025-12-10");
await scores(s.deleted.participant_id, "BOY", FLAG, "2025-09-10");
await scores(w.studentA.participant_id, "BOY", null, "2025-09-10"); // a row without a score: not screened
await scores(s.onTime.participant_id, "BOY", CLEAR, "2024-09-10", "2024-2025"); // last year
await scores(w.otherStudent.participant_id, "BOY", FLAG, "2025-09-10"); // another district
expect((await t.call("PUT", `/organization/${districtId}/followUpPolicy`, { token: tok.districtAdmin, body: policy(30) })).status).toBe(
  200,
);

const followUpId = async (participantId: string) =>
  (await db.selectFrom("follow_up").select("follow_up_id").where("participant_id", "=", participantId).executeTakeFirstOrThrow())
    .follow_up_id;
async function notice(participantId: string, on: string) {
  const res = await t.call("POST", `/followUp/${await followUpId(participantId)}/steps`, {
    token: tok.districtAdmin,
    body: { kind: "notice-sent", on, method: "printed" },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
await notice(s.onTime.participant_id, "2025-10-01");
await notice(s.onTime.participant_id, "2025-11-01"); // sent again later: the first notice counts
await notice(s.late.participant_id, "2025-10-20");
// The results change: one stops flagging for good, one stops and flags again.
await scores(s.closed.participant_id, "BOY", CLEAR, "2025-09-15");
await scores(s.reopened.participant_id, "BOY", CLEAR, "2025-09-15");
await counts(); // read: closes both
await scores(s.reopened.participant_id, "BOY", FLAG, "2025-09-15");
for (const [who, optedOut] of [
  [s.optedOut, true],
  [s.withdrawn, true],
  [s.withdrawn, false],
] as const) {
  const res = await t.call("POST", `/participant/${who.participant_id}/screeningOptOut`, {
    token: tok.districtAdmin,
    body: { academicYear: YEAR, optedOut, on: "2025-09-01" },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}
await db.updateTable("participant").set({ deleted_at: new Date() }).where("participant_id", "=", s.deleted.participant_id).execute();

// ── The counts again, from the rows ─────────────────────────────────────────────────────────

const COLUMNS = ["screened", "flagged", "onTime", "late", "pastDeadline", "notYetDue", "noDeadline", "closedBeforeNotice", "optedOut"];

/** Every count of the scope, by this file's reading of the definitions, from plain SQL reads. */
async function fromRows(schoolId: string | null, academicYear = YEAR) {
  const students = (
    await sql<{ participant_id: string; grade: string }>`
      select p.participant_id, p.grade from participant p
      join organization_unit ou on ou.organization_unit_id = p.organization_unit_id
      where ou.organization_id = ${districtId} and p.deleted_at is null and ou.deleted_at is null
        and (${schoolId}::uuid is null or p.organization_unit_id = ${schoolId}::uuid)`.execute(db)
  ).rows;
  const inScope = new Map(students.map((r) => [r.participant_id, r.grade]));
  const screened = (
    await sql<{ participant_id: string; period_name: Period }>`
      select participant_id, period_name from predictive_profile
      where academic_year = ${academicYear}
        and coalesce(pwr, dyslexia, kready, pk_risk) is not null`.execute(db)
  ).rows.filter((r) => inScope.has(r.participant_id));
  const followUps = (
    await sql<{ follow_up_id: string; participant_id: string; period_name: Period; notice_due: string | null; closed_on: string | null }>`
      select follow_up_id, participant_id, period_name, notice_due::text as notice_due, closed_on::text as closed_on
      from follow_up where organization_id = ${districtId} and academic_year = ${academicYear}`.execute(db)
  ).rows.filter((r) => inScope.has(r.participant_id));
  const notices = (
    await sql<{ follow_up_id: string; on_date: string }>`
      select follow_up_id, on_date::text as on_date from follow_up_step where kind = 'notice-sent' order by on_date`.execute(db)
  ).rows;
  const optOuts = (
    await sql<{ participant_id: string; opted_out: boolean }>`
      select participant_id, opted_out from screening_opt_out
      where academic_year = ${academicYear} order by screening_opt_out_id`.execute(db)
  ).rows;
  const latestOptOut = new Map(optOuts.map((r) => [r.participant_id, r.opted_out])); // the last row of each wins
  const firstNotice = (id: string) => notices.find((n) => n.follow_up_id === id)?.on_date ?? null;

  const bucket = (f: (typeof followUps)[number]) => {
    const sent = firstNotice(f.follow_up_id);
    if (f.notice_due === null) return "noDeadline";
    if (sent !== null) return sent <= f.notice_due ? "onTime" : "late";
    if (f.closed_on !== null) return "closedBeforeNotice";
    return f.notice_due < TODAY ? "pastDeadline" : "notYetDue";
  };
  const cell = (grade: string | null, period: Period | null) => {
    const fits = (participantId: string, p: Period) =>
      (grade === null || inScope.get(participantId) === grade) && (period === null || p === period);
    const fs = followUps.filter((f) => fits(f.participant_id, f.period_name));
    const out: Record<string, number | null> = {
      screened: screened.filter((r) => fits(r.participant_id, r.period_name)).length,
      flagged: fs.length,
    };
    for (const b of COLUMNS.slice(2, 8)) out[b] = fs.filter((f) => bucket(f) === b).length;
    out.optedOut =
      period === null
        ? students.filter((r) => (grade === null || r.grade === grade) && latestOptOut.get(r.participant_id) === true).length
        : null;
    return out;
  };
  return { grades: [...new Set(students.map((r) => r.grade))], cell };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ",") {
      row.push(field);
      field = "";
    } else if (!quoted && ch === "\n") {
      row.push(field.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      field = "";
    } else {
      field += ch;
    }
  }
  return rows;
}

async function expectSameAsRows(answer: Answer, schoolId: string | null, academicYear = YEAR) {
  const derived = await fromRows(schoolId, academicYear);
  // Every grade of the scope's students, then all grades; each with its periods and all periods.
  expect(
    answer.rows
      .filter((r) => r.period === null && r.grade !== null)
      .map((r) => r.grade)
      .sort(),
  ).toEqual(derived.grades.sort());
  expect(answer.rows).toHaveLength((derived.grades.length + 1) * 4);
  for (const r of answer.rows) {
    const got = Object.fromEntries(COLUMNS.map((c) => [c, r[c]]));
    expect(got, `${r.gradeLabel} ${r.periodLabel}`).toEqual(derived.cell(r.grade, r.period));
  }
  const query = { academicYear, ...(schoolId ? { schoolId } : {}) };
  const res = await call(countsPath(query, districtId, true), tok.districtAdmin);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  const csv = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
  expect(csv[0]!.slice(0, 4)).toEqual(["Scope", "School year", "Grade", "Period"]);
  expect(csv.slice(1)).toHaveLength(answer.rows.length);
  answer.rows.forEach((r, i) => {
    const line = csv[i + 1]!;
    expect(line.slice(1, 4)).toEqual([academicYear, r.gradeLabel, r.periodLabel]);
    const want = derived.cell(r.grade, r.period);
    expect(line.slice(4), `CSV ${r.gradeLabel} ${r.periodLabel}`).toEqual(COLUMNS.map((c) => (want[c] === null ? "" : String(want[c]))));
  });
  return derived;
}

describe(`annual follow-up counts (${process.env.TEST_DB_ENGINE})`, () => {
  it("the district's counts are the rows' counts, in JSON and in CSV", async () => {
    const answer = await counts();
    expect(answer).toMatchObject({ academicYear: YEAR, policySet: true });
    expect(answer.academicYears).toEqual(expect.arrayContaining([YEAR, "2024-2025"]));
    const derived = await expectSameAsRows(answer, null);
    // The world exercises every column: a count that stayed zero here would prove nothing.
    expect(derived.cell(null, null)).toEqual({
      screened: 10,
      flagged: 7,
      onTime: 1,
      late: 1,
      pastDeadline: 2,
      notYetDue: 1,
      noDeadline: 1,
      closedBeforeNotice: 1,
      optedOut: 1,
    });
    const all = answer.rows.find((r) => r.grade === null && r.period === null)!;
    expect(all).toMatchObject({ gradeLabel: "All grades", periodLabel: "All periods", flagged: 7, optedOut: 1 });
    // A follow-up closed and reopened counts once, open again and past its deadline.
    expect(answer.rows.find((r) => r.grade === "3" && r.period === "BOY")).toMatchObject({ flagged: 1, pastDeadline: 1 });
  });

  it("a school's counts are its students' only", async () => {
    const answer = await counts({ schoolId: w.schoolA.organization_unit_id }, tok.schoolAdmin);
    const derived = await expectSameAsRows(answer, w.schoolA.organization_unit_id);
    expect(derived.cell(null, null)).toMatchObject({
      flagged: 5,
      onTime: 1,
      late: 1,
      pastDeadline: 1,
      notYetDue: 1,
      noDeadline: 1,
      optedOut: 0,
    });
    const b = await counts({ schoolId: w.schoolB.organization_unit_id });
    await expectSameAsRows(b, w.schoolB.organization_unit_id);
  });

  it("another school year: its own rows, nothing of this year's", async () => {
    const answer = await counts({ academicYear: "2024-2025" });
    const derived = await expectSameAsRows(answer, null, "2024-2025");
    expect(derived.cell(null, null)).toMatchObject({ screened: 1, flagged: 0, optedOut: 0 });
  });

  it("without a policy: says so, and still counts the students screened", async () => {
    const other = await counts({}, tok.superAdmin, w.otherDistrict.organization_id);
    expect(other.policySet).toBe(false);
    expect(other.noPolicyText).toBe("This district has not set a follow-up policy, so no follow-ups are opened.");
    expect(other.rows.find((r) => r.grade === null && r.period === "BOY")).toMatchObject({ screened: 1, flagged: 0 });
  });

  it("a district's counts for its admins, a school's for the school's admins too; teachers never", async () => {
    const schoolA = { schoolId: w.schoolA.organization_unit_id };
    const schoolB = { schoolId: w.schoolB.organization_unit_id };
    for (const [query, token, status] of [
      [{}, tok.teacher, 403],
      [schoolA, tok.teacher, 403],
      [{}, tok.schoolAdmin, 403],
      [schoolB, tok.schoolAdmin, 403],
      [schoolA, tok.schoolAdmin, 200],
      [schoolB, tok.districtAdmin, 200],
      [{}, null, 401],
    ] as const) {
      expect((await call(countsPath(query), token)).status, `${JSON.stringify(query)}`).toBe(status);
      expect((await call(countsPath(query, districtId, true), token)).status, `CSV ${JSON.stringify(query)}`).toBe(status);
    }
    const otherSchool = { schoolId: w.otherSchool.organization_unit_id };
    expect((await call(countsPath(otherSchool), tok.districtAdmin)).status).toBe(403);
  });

  it.each([["2025"], ["2025-2027"], ["x".repeat(40)]])("refuses the school year %j with a clear message", async (academicYear) => {
    const res = await call(countsPath({ academicYear }), tok.districtAdmin);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors?: string[] };
    expect([body.message, ...(body.errors ?? [])].join(" ")).toContain("academicYear must be a school year such as 2025-2026.");
  });
});
