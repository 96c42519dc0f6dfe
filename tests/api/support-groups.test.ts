import { afterAll, describe, expect, it } from "vitest";
import { otherStudentColumns } from "#app/db/queries/student-records";
import { makeClassroom, makePeriods, makeStudent, makeUser, MID_YEAR } from "./support/fixtures";
import { useTempDataDir } from "./support/test-api";
import { apiWorld, staffTokens } from "./support/world";

// Letters to work on (issue 40 item 3) and support groups (issue 39 item 7): the latest entries'
// missed letters, the class's most missed, suggested groups, saving, renaming, moving, sessions
// and a student's sessions; who may do it (a teacher her own classrooms only) and what is refused.
// The clock is mid-January 2026 (MOY of 2025-2026).

const data = useTempDataDir();
afterAll(() => data.cleanup());

const { handle, t, w } = await apiWorld();
t.clock.now = MID_YEAR.now;
await makePeriods(handle.db, w.district.organization_id, MID_YEAR.ranges);
const tok = await staffTokens(t, w);
const otherTeacher = await makeUser(handle.db, {
  role: "TEACHER",
  organizationId: w.district.organization_id,
  schoolIds: [w.schoolA.organization_unit_id],
});
const otherTeacherTok = await t.login(otherTeacher.email);
const otherAdmin = await makeUser(handle.db, { role: "ORG_ADMIN", organizationId: w.otherDistrict.organization_id });
const otherAdminTok = await t.login(otherAdmin.email);

// A classroom of the world's teacher with six students (A–F by last name) besides studentA.
const room = await makeClassroom(handle.db, w.schoolA.organization_unit_id, [w.teacher.user_id]);
const kids = await Promise.all(
  ["Avery", "Blake", "Casey", "Drew", "Emery", "Finley"].map((lastName) =>
    makeStudent(handle.db, w.schoolA.organization_unit_id, { classroomIds: [room.participant_group_id], lastName, firstName: "Kid" }),
  ),
);
const [avery, blake, casey, drew, emery, finley] = kids.map((k) => k.participant_id) as [string, string, string, string, string, string];

/** A finished letter entry with item scores, written as the screener or the dialog would store it. */
async function entry(participantId: string, testCode: "letter-names" | "letter-sounds", at: string, scores: Record<string, number>) {
  await handle.db
    .insertInto("participant_test")
    .values({
      participant_id: participantId,
      test_code: testCode,
      grade: "K",
      start_dt_tm: new Date(at),
      end_dt_tm: new Date(at),
      completed_flag: true,
      correct_items: Object.values(scores).filter((v) => v === 1).length,
      total_items: Object.keys(scores).length,
      correct_by_code: JSON.stringify(scores),
    })
    .execute();
}

const names = (missed: string[], also: string[] = ["A"]) =>
  Object.fromEntries([...missed.map((l) => [`LN_${l}`, 0]), ...also.map((l) => [`LN_${l}`, 1])]);
const BOY = "2025-09-10T09:00:00Z";
const MOY = "2026-01-12T09:00:00Z";

// Avery: B and D missed in BOY, only D in MOY (the latest counts). Blake, Casey, Drew miss D in MOY.
// Emery misses the sound SH. Finley has no entry. Last year's entry is out of the school year.
await entry(avery, "letter-names", BOY, names(["B", "D"]));
await entry(avery, "letter-names", MOY, names(["D"], ["A", "B"]));
await entry(blake, "letter-names", MOY, names(["D", "Q"]));
await entry(casey, "letter-names", MOY, names(["D"]));
await entry(drew, "letter-names", MOY, names(["D", "Q"]));
await entry(emery, "letter-sounds", MOY, { LS_SH: 0, LS_A: 1 });
await entry(finley, "letter-names", "2025-03-01T09:00:00Z", names(["Z"]));

const path = (id = room.participant_group_id) => `/participantGroups/${id}/supportGroups`;
type Groups = {
  students: {
    participantId: string;
    name: string;
    letters: { letterNames: string[]; letterSounds: string[] };
    supportGroupId: string | null;
  }[];
  mostMissed: { letterNames: { letter: string; students: number }[]; letterSounds: { letter: string; students: number }[] };
  suggested: { participantIds: string[]; letters: { letterNames: string[]; letterSounds: string[] } }[];
  ungrouped: string[];
  groups: {
    supportGroupId: string;
    name: string;
    letters: { letterNames: string[]; letterSounds: string[] };
    participantIds: string[];
    sessions: { on: string; minutes: number; workedOn: string; participantIds: string[] }[];
  }[];
};
async function groups(token = tok.teacher): Promise<Groups> {
  const res = await t.call("GET", path(), { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Groups;
}

describe("letters to work on", () => {
  it("gives each student's latest entries of the school year and the letters they missed", async () => {
    const res = await t.call("GET", `/participantGroups/${room.participant_group_id}/lettersToWorkOn`, { token: tok.teacher });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      academicYear: string;
      students: { participantId: string; tests: { testCode: string; periodName: string; on: string; missed: string[] }[] }[];
      mostMissed: Groups["mostMissed"];
    };
    expect(body.academicYear).toBe("2025-2026");
    const of = (id: string) => body.students.find((s) => s.participantId === id)?.tests ?? [];
    expect(of(avery)).toEqual([
      { testCode: "letter-names", source: "benchmark", entryId: expect.any(String), periodName: "MOY", on: "2026-01-12", missed: ["D"] },
    ]);
    expect(of(emery).map((e) => [e.testCode, e.missed])).toEqual([["letter-sounds", ["SH"]]]);
    // Last school year's entry is not this year's letter to work on.
    expect(of(finley)).toEqual([]);
    expect(body.mostMissed).toEqual({
      letterNames: [
        { letter: "D", students: 4 },
        { letter: "Q", students: 2 },
      ],
      letterSounds: [{ letter: "SH", students: 1 }],
    });
  });

  it("reads a deleted or unfinished entry as no entry", async () => {
    await handle.db
      .insertInto("participant_test")
      .values([
        {
          participant_id: casey,
          test_code: "letter-names",
          grade: "K",
          start_dt_tm: new Date("2026-01-14T09:00:00Z"),
          completed_flag: false,
          correct_by_code: JSON.stringify({ LN_X: 0 }),
        },
        {
          participant_id: casey,
          test_code: "letter-names",
          grade: "K",
          start_dt_tm: new Date("2026-01-14T10:00:00Z"),
          end_dt_tm: new Date("2026-01-14T10:00:00Z"),
          completed_flag: true,
          correct_by_code: JSON.stringify({ LN_Y: 0 }),
          deleted_at: new Date(),
        },
      ])
      .execute();
    const body = await groups();
    expect(body.students.find((s) => s.participantId === casey)!.letters).toEqual({ letterNames: ["D"], letterSounds: [] });
  });
});

describe("support groups", () => {
  it("suggests the students who miss the same letter, 3 to 6 of them, and lists the rest", async () => {
    const body = await groups();
    expect(body.suggested).toEqual([{ participantIds: [avery, casey, blake, drew], letters: { letterNames: ["D"], letterSounds: [] } }]);
    expect(body.ungrouped).toEqual([emery]);
    expect(body.groups).toEqual([]);
  });

  let groupId = "";
  it("saves a suggested group; its students leave the suggestions", async () => {
    const res = await t.call("POST", path(), {
      token: tok.teacher,
      body: { name: "  D group  ", participantIds: [avery, blake, casey], letterNames: ["D"], letterSounds: [] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    groupId = ((await res.json()) as { supportGroupId: string }).supportGroupId;
    const body = await groups();
    expect(body.groups).toEqual([
      {
        supportGroupId: groupId,
        name: "D group",
        letters: { letterNames: ["D"], letterSounds: [] },
        participantIds: [avery, blake, casey],
        sessions: [],
      },
    ]);
    expect(body.suggested).toEqual([]);
    expect(body.ungrouped).toEqual([drew, emery]);
  });

  it("renames a group and moves a student into it from another group", async () => {
    expect((await t.call("PUT", `/supportGroups/${groupId}`, { token: tok.teacher, body: { name: "Dolphins" } })).status).toBe(200);
    const other = await t.call("POST", path(), {
      token: tok.schoolAdmin,
      body: { name: "Sounds", participantIds: [emery, drew], letterNames: [], letterSounds: ["SH"] },
    });
    expect(other.status).toBe(201);
    const moved = await t.call("POST", `/supportGroups/${groupId}/members`, { token: tok.teacher, body: { participantId: drew } });
    expect(moved.status).toBe(200);
    const body = await groups();
    expect(body.groups.map((g) => [g.name, g.participantIds])).toEqual([
      ["Dolphins", [avery, blake, casey, drew]],
      ["Sounds", [emery]],
    ]);
    expect(body.students.find((s) => s.participantId === drew)!.supportGroupId).toBe(groupId);
  });

  it("logs a session for the group's students as it stands; a student moved later keeps it", async () => {
    const res = await t.call("POST", `/supportGroups/${groupId}/sessions`, {
      token: tok.teacher,
      body: { on: "2026-01-14", minutes: 20, workedOn: "Letter D: name and shape" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const soundsId = (await groups()).groups[1]!.supportGroupId;
    expect((await t.call("POST", `/supportGroups/${soundsId}/members`, { token: tok.teacher, body: { participantId: drew } })).status).toBe(
      200,
    );
    const body = await groups();
    expect(body.groups[0]!.sessions).toEqual([
      {
        supportSessionId: expect.any(String),
        on: "2026-01-14",
        minutes: 20,
        workedOn: "Letter D: name and shape",
        participantIds: [avery, blake, casey, drew].sort(),
      },
    ]);
    const drewSessions = await t.call("GET", `/participant/${drew}/supportSessions`, { token: tok.teacher });
    expect(await drewSessions.json()).toEqual([
      {
        supportSessionId: expect.any(String),
        on: "2026-01-14",
        minutes: 20,
        workedOn: "Letter D: name and shape",
        supportGroupId: groupId,
        groupName: "Dolphins",
      },
    ]);
    const emerySessions = await t.call("GET", `/participant/${emery}/supportSessions`, { token: tok.teacher });
    expect(await emerySessions.json()).toEqual([]);
  });

  it.each([
    ["a name of spaces", { name: "   ", participantIds: [avery], letterNames: [], letterSounds: [] }, 400, "Enter a name for the group"],
    ["no students", { name: "Empty", participantIds: [], letterNames: [], letterSounds: [] }, 400, "Choose at least one student"],
    ["a letter that is not one", { name: "X", participantIds: [avery], letterNames: ["B1"], letterSounds: [] }, 400, ""],
    [
      "a student of another classroom",
      { name: "X", participantIds: [w.studentA.participant_id], letterNames: [], letterSounds: [] },
      422,
      "not in this classroom",
    ],
  ])("refuses to save a group with %s", async (_, body, status, words) => {
    const before = (await groups()).groups.length;
    const res = await t.call("POST", path(), { token: tok.teacher, body });
    expect(res.status).toBe(status);
    expect(JSON.stringify(await res.json())).toContain(words);
    expect((await groups()).groups).toHaveLength(before);
  });

  it.each([
    ["a date after today", { on: "2026-01-16", minutes: 20, workedOn: "B" }, "The date cannot be after today."],
    ["no minutes", { on: "2026-01-14", minutes: 0, workedOn: "B" }, "Enter the minutes as a whole number from 1 to 1440."],
    ["minutes as words", { on: "2026-01-14", minutes: "twenty", workedOn: "B" }, "Enter the minutes as a whole number from 1 to 1440."],
    ["more than a day", { on: "2026-01-14", minutes: 1441, workedOn: "B" }, "Enter the minutes as a whole number from 1 to 1440."],
    ["nothing worked on", { on: "2026-01-14", minutes: 5, workedOn: "  " }, "Write what was worked on"],
    ["a date that does not exist", { on: "2026-02-30", minutes: 5, workedOn: "B" }, ""],
  ])("refuses a session with %s, and logs nothing", async (_, body, words) => {
    const before = (await groups()).groups[0]!.sessions.length;
    const res = await t.call("POST", `/supportGroups/${groupId}/sessions`, { token: tok.teacher, body });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(words);
    expect((await groups()).groups[0]!.sessions).toHaveLength(before);
  });

  it("refuses to move a student of another classroom into a group", async () => {
    const res = await t.call("POST", `/supportGroups/${groupId}/members`, {
      token: tok.teacher,
      body: { participantId: w.studentA.participant_id },
    });
    expect(res.status).toBe(422);
  });

  it("keeps a teacher to her own classrooms, and everyone to their district", async () => {
    const calls: [string, string, unknown][] = [
      ["GET", path(), undefined],
      ["GET", `/participantGroups/${room.participant_group_id}/lettersToWorkOn`, undefined],
      ["POST", path(), { name: "Mine", participantIds: [avery], letterNames: [], letterSounds: [] }],
      ["PUT", `/supportGroups/${groupId}`, { name: "Taken" }],
      ["POST", `/supportGroups/${groupId}/members`, { participantId: avery }],
      ["POST", `/supportGroups/${groupId}/sessions`, { on: "2026-01-14", minutes: 5, workedOn: "B" }],
      ["GET", `/participant/${avery}/supportSessions`, undefined],
    ];
    for (const [method, p, body] of calls) {
      expect((await t.call(method, p, { token: otherTeacherTok, body })).status, `${method} ${p} by another teacher`).toBe(403);
      expect((await t.call(method, p, { token: otherAdminTok, body })).status, `${method} ${p} by another district`).toBe(403);
      expect((await t.call(method, p, { body })).status, `${method} ${p} signed out`).toBe(401);
    }
    expect((await groups()).groups[0]!.name).toBe("Dolphins");
    // A district admin of the district sees the groups.
    expect((await groups(tok.districtAdmin)).groups).toHaveLength(2);
    // Unknown ids: 404.
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await t.call("PUT", `/supportGroups/${unknown}`, { token: tok.teacher, body: { name: "X" } })).status).toBe(404);
    expect((await t.call("GET", path(unknown), { token: tok.teacher })).status).toBe(404);
  });

  it("counts a progress probe after the benchmark as the latest entry; the grid's cell is then not 'still'", async () => {
    await handle.db
      .insertInto("progress_probe")
      .values({
        participant_id: emery,
        measure: "letter-sounds",
        probe_date: "2026-01-14",
        week_start: "2026-01-12",
        correct_items: 1,
        total_items: 2,
        correct_by_code: JSON.stringify({ LS_SH: 1, LS_TH: 0 }),
      })
      .execute();
    const res = await t.call("GET", `/participantGroups/${room.participant_group_id}/lettersToWorkOn`, { token: tok.teacher });
    const body = (await res.json()) as { students: { participantId: string; tests: unknown[] }[]; mostMissed: Groups["mostMissed"] };
    expect(body.students.find((s) => s.participantId === emery)!.tests).toEqual([
      { testCode: "letter-sounds", source: "probe", entryId: expect.any(String), periodName: "MOY", on: "2026-01-14", missed: ["TH"] },
    ]);
    expect(body.mostMissed.letterSounds).toEqual([{ letter: "TH", students: 1 }]);
    expect((await groups()).students.find((s) => s.participantId === emery)!.letters).toEqual({ letterNames: [], letterSounds: ["TH"] });
  });

  it("names the members and sessions tables among a student's rows (export and erasure find them)", async () => {
    const tables = (await otherStudentColumns(handle.db)).map((c) => c.table);
    expect(tables).toEqual(expect.arrayContaining(["support_group_member", "support_session_student"]));
  });
});
