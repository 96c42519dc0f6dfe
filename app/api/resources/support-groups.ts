import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#app/db/connect.server";
import {
  classroomStudentNames,
  groupOwner,
  groupRows,
  insertGroup,
  insertSession,
  latestLetterEntries,
  memberRows,
  moveMember,
  renameGroup,
  sessionRows,
  studentSessionRows,
  studentsOfClassroom,
} from "#app/db/queries/support-groups";
import type { LetterTestCode } from "#app/domain/assessments";
import { localIsoDate } from "#app/domain/calendar-date";
import { lettersToWorkOn, mostMissed, type StudentLetters } from "#app/domain/letters-to-work-on";
import { PERIODS } from "#app/domain/periods";
import { periodAt, periodBounds } from "#app/domain/results-grid";
import {
  SUPPORT_GROUP_MESSAGES,
  SupportGroupCreate,
  SupportGroupMove,
  SupportGroupRename,
  SupportSessionCreate,
} from "#app/domain/support-group-input";
import { suggestGroups, type GroupLetters } from "#app/domain/support-groups";
import { errorResponses, jsonBody, jsonResponse, type Router } from "../env";
import { ApiError } from "../errors";
import { keptClassroomLetters } from "../kept";
import { idParam } from "../params";
import { assertClassroom, assertParticipant, requireActor } from "../scope";
import type { AssessmentConfig } from "../results-mappers";
import { loadAssessmentConfig } from "./results";

// Letters to work on (issue 40 item 3) and support groups (issue 39 item 7;
// docs/features/support-groups.md): from each student's latest letter entries of the school
// year, the letters still missed; groups of students of one classroom who miss the same letters,
// suggested by the rule of app/domain/support-groups.ts, saved, renamed and changed by the
// teacher; support sessions logged for a group. Whoever sees the classroom (assertClassroom: a
// teacher her own classrooms) sees and changes its groups.

const Date_ = z.string().openapi({ example: "2026-12-20", description: "YYYY-MM-DD" });
const LetterCount = z.object({ letter: z.string(), students: z.number().int() });
const Letters = z
  .object({ letterNames: z.array(z.string()), letterSounds: z.array(z.string()) })
  .openapi("LetterSet", { description: "letters (A–Z, CH, SH, TH) by test: letter names and letter sounds apart" });

const EntryLetters = z.object({
  testCode: z.enum(["letter-names", "letter-sounds"]),
  source: z.enum(["benchmark", "probe"]).openapi({ description: "a benchmark test, or a progress probe between benchmarks" }),
  entryId: z.string().openapi({ description: "the test's participantTestId, or the probe's id" }),
  periodName: z.enum(PERIODS).nullable().openapi({ description: "the period the entry was given in" }),
  on: Date_,
  missed: z.array(z.string()).openapi({ description: "the letters the entry scored incorrect, A–Z then CH, SH, TH" }),
});

const LettersToWorkOn = z
  .object({
    academicYear: z.string().nullable(),
    students: z.array(z.object({ participantId: z.string(), tests: z.array(EntryLetters) })),
    mostMissed: z.object({ letterNames: z.array(LetterCount), letterSounds: z.array(LetterCount) }).openapi({
      description: "per letter, how many students' latest entries miss it: most first",
    }),
  })
  .openapi("LettersToWorkOn");

const Session = z
  .object({
    supportSessionId: z.string(),
    on: Date_,
    minutes: z.number().int(),
    workedOn: z.string(),
    participantIds: z.array(z.string()).openapi({ description: "who the session was for: the group's students when it was logged" }),
  })
  .openapi("SupportSession");

const Group = z
  .object({
    supportGroupId: z.string(),
    name: z.string(),
    letters: Letters.openapi({ description: "the letters the group works on, as saved" }),
    participantIds: z.array(z.string()),
    sessions: z.array(Session).openapi({ description: "latest first" }),
  })
  .openapi("SupportGroup");

const SupportGroups = z
  .object({
    academicYear: z.string().nullable(),
    students: z.array(
      z.object({
        participantId: z.string(),
        name: z.string(),
        grade: z.string(),
        letters: Letters.openapi({ description: "letters to work on: the latest entries' missed letters" }),
        supportGroupId: z.string().nullable(),
      }),
    ),
    mostMissed: LettersToWorkOn.shape.mostMissed,
    suggested: z.array(z.object({ participantIds: z.array(z.string()), letters: Letters })).openapi({
      description: "groups of 3 to 6 students not in a saved group who miss the same letters (the rule in docs/features/support-groups.md)",
    }),
    ungrouped: z
      .array(z.string())
      .openapi({ description: "students not in a saved group with letters to work on that no suggestion took" }),
    groups: z.array(Group),
  })
  .openapi("SupportGroups");

const StudentSession = z
  .object({
    supportSessionId: z.string(),
    on: Date_,
    minutes: z.number().int(),
    workedOn: z.string(),
    supportGroupId: z.string(),
    groupName: z.string(),
  })
  .openapi("StudentSupportSession");

const getLetters = createRoute({
  method: "get",
  path: "/participantGroups/{id}/lettersToWorkOn",
  tags: ["Support groups"],
  summary: "Letters to work on: each student's latest letter entries of the school year and the letters they missed",
  description:
    "Per student, the latest letter name and letter sound entry of the school year's periods (a finished, valid benchmark test or a progress probe) and the letters it scored incorrect; per letter, how many students miss it. Whoever sees the classroom.",
  request: { params: idParam({ description: "participantGroupId (classroom)" }) },
  responses: { 200: jsonResponse(LettersToWorkOn, "Letters to work on"), ...errorResponses },
});

const getGroups = createRoute({
  method: "get",
  path: "/participantGroups/{id}/supportGroups",
  tags: ["Support groups"],
  summary: "A classroom's support groups: its students' letters to work on, suggested groups and the saved groups with their sessions",
  request: { params: idParam({ description: "participantGroupId (classroom)" }) },
  responses: { 200: jsonResponse(SupportGroups, "Support groups"), ...errorResponses },
});

const createGroup = createRoute({
  method: "post",
  path: "/participantGroups/{id}/supportGroups",
  tags: ["Support groups"],
  summary: "Saves a support group of students of the classroom (a student in another group of the classroom moves to it)",
  request: { params: idParam({ description: "participantGroupId (classroom)" }), body: jsonBody(SupportGroupCreate) },
  responses: {
    201: jsonResponse(z.object({ supportGroupId: z.string() }), "Saved"),
    422: jsonResponse(z.object({ message: z.string() }), "A student is not in the classroom"),
    ...errorResponses,
  },
});

const updateGroup = createRoute({
  method: "put",
  path: "/supportGroups/{id}",
  tags: ["Support groups"],
  summary: "Renames a support group",
  request: { params: idParam({ description: "supportGroupId" }), body: jsonBody(SupportGroupRename) },
  responses: { 200: jsonResponse(z.object({ supportGroupId: z.string(), name: z.string() }), "Renamed"), ...errorResponses },
});

const addMember = createRoute({
  method: "post",
  path: "/supportGroups/{id}/members",
  tags: ["Support groups"],
  summary: "Moves a student of the classroom into the group (out of any other group of the classroom)",
  request: { params: idParam({ description: "supportGroupId" }), body: jsonBody(SupportGroupMove) },
  responses: {
    200: jsonResponse(z.object({ supportGroupId: z.string(), participantId: z.string() }), "Moved"),
    422: jsonResponse(z.object({ message: z.string() }), "The student is not in the classroom"),
    ...errorResponses,
  },
});

const logSession = createRoute({
  method: "post",
  path: "/supportGroups/{id}/sessions",
  tags: ["Support groups"],
  summary: "Logs a support session of the group: its date (not after today), minutes and what was worked on",
  description: "The session is for the group's students as it stands now; a student moved later keeps it.",
  request: { params: idParam({ description: "supportGroupId" }), body: jsonBody(SupportSessionCreate) },
  responses: { 201: jsonResponse(Session, "Logged"), ...errorResponses },
});

const listStudentSessions = createRoute({
  method: "get",
  path: "/participant/{id}/supportSessions",
  tags: ["Support groups"],
  summary: "The support sessions logged for a student, oldest first, with their group",
  request: { params: idParam({ description: "participantId" }) },
  responses: { 200: jsonResponse(z.array(StudentSession), "Sessions"), ...errorResponses },
});

const toApiLetters = (l: GroupLetters) => ({ letterNames: l["letter-names"], letterSounds: l["letter-sounds"] });

/** The school year's letter entries of a classroom, latest per student and test, with their periods. */
async function classroomLetters(
  db: Db,
  group: { participant_group_id: string; organization_id: string; config_version: number },
  now: Date,
) {
  const config: AssessmentConfig = await loadAssessmentConfig(db, group.organization_id, now, group.config_version);
  const periods = config.periods;
  if (periods.length === 0) return { academicYear: config.academicYear, periods, students: [] as StudentLetters[] };
  const from = new Date(Math.min(...periods.map((p) => Date.parse(periodBounds(p).from))));
  const to = new Date(Math.max(...periods.map((p) => Date.parse(periodBounds(p).to))));
  const rows = await latestLetterEntries(db, group.participant_group_id, { from, to });
  const students = lettersToWorkOn(
    rows.map((r) => ({
      participantId: r.participant_id,
      testCode: r.test_code,
      source: r.source,
      entryId: r.entry_id,
      at: new Date(r.at).toISOString(),
      savedAt: new Date(r.saved_at).toISOString(),
      correctByCode: r.correct_by_code,
    })),
  );
  return { academicYear: config.academicYear, periods, students };
}

/** classroomLetters as this process keeps it, under the versions the classroom's scope check read. */
function keptLettersOf(
  db: Db,
  group: { participant_group_id: string; organization_id: string; config_version: number; results_version: number | string },
  now: Date,
) {
  return keptClassroomLetters(db, group.participant_group_id, `${group.results_version}:${group.config_version}`, localIsoDate(now), () =>
    classroomLetters(db, group, now),
  );
}

const countsOf = (students: StudentLetters[]) => ({
  letterNames: mostMissed(students, "letter-names"),
  letterSounds: mostMissed(students, "letter-sounds"),
});

/** A group the caller may change: its classroom checked as for reading it. */
async function assertGroup(db: Db, actor: Parameters<typeof assertClassroom>[1], supportGroupId: string) {
  const found = await groupOwner(db, supportGroupId);
  if (!found) throw new ApiError(404, "Support group not found");
  await assertClassroom(db, actor, found.participant_group_id);
  return found;
}

export function registerSupportGroups(app: Router) {
  app.openapi(getLetters, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const group = await assertClassroom(db, actor, c.req.valid("param").id);
    const { academicYear, periods, students } = await keptLettersOf(db, group, now());
    return c.json(
      {
        academicYear,
        students: students.map((s) => ({
          participantId: s.participantId,
          tests: s.tests.map((t) => ({
            testCode: t.testCode,
            source: t.source,
            entryId: t.entryId,
            periodName: periodAt(periods, new Date(t.at))?.periodName ?? null,
            on: t.at.slice(0, 10),
            missed: t.missed,
          })),
        })),
        mostMissed: countsOf(students),
      },
      200,
    );
  });

  app.openapi(getGroups, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const classroom = await assertClassroom(db, actor, c.req.valid("param").id);
    const id = classroom.participant_group_id;
    const [letters, names, groups, members, sessions] = await Promise.all([
      keptLettersOf(db, classroom, now()),
      classroomStudentNames(db, id),
      groupRows(db, id),
      memberRows(db, id),
      sessionRows(db, id),
    ]);
    const lettersOf = new Map(letters.students.map((s) => [s.participantId, s]));
    const groupOf = new Map(members.map((m) => [m.participant_id, m.support_group_id]));
    const missedOf = (participantId: string): GroupLetters => {
      const tests = lettersOf.get(participantId)?.tests ?? [];
      const of = (code: LetterTestCode) => tests.find((t) => t.testCode === code)?.missed ?? [];
      return { "letter-names": of("letter-names"), "letter-sounds": of("letter-sounds") };
    };
    const students = names.map((n) => ({
      participantId: n.participant_id,
      name: `${n.last_name}, ${n.first_name}`,
      grade: n.grade,
      missed: missedOf(n.participant_id),
    }));
    const { groups: suggested, ungrouped } = suggestGroups(students.filter((s) => !groupOf.has(s.participantId)));
    const live = new Set(students.map((s) => s.participantId));
    return c.json(
      {
        academicYear: letters.academicYear,
        students: students.map((s) => ({
          participantId: s.participantId,
          name: s.name,
          grade: s.grade,
          letters: toApiLetters(s.missed),
          supportGroupId: groupOf.get(s.participantId) ?? null,
        })),
        mostMissed: countsOf(letters.students.filter((s) => live.has(s.participantId))),
        suggested: suggested.map((g) => ({ participantIds: g.participantIds, letters: toApiLetters(g.letters) })),
        ungrouped,
        groups: groups.map((g) => ({
          supportGroupId: g.support_group_id,
          name: g.name,
          letters: { letterNames: g.name_letters, letterSounds: g.sound_letters },
          participantIds: students.filter((s) => groupOf.get(s.participantId) === g.support_group_id).map((s) => s.participantId),
          sessions: sessions
            .filter((s) => s.support_group_id === g.support_group_id)
            .map((s) => ({
              supportSessionId: s.support_session_id,
              on: s.on_date,
              minutes: s.minutes,
              workedOn: s.worked_on,
              participantIds: s.participant_ids,
            })),
        })),
      },
      200,
    );
  });

  app.openapi(createGroup, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const classroom = await assertClassroom(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    const ids = [...new Set(body.participantIds)];
    const known = await studentsOfClassroom(db, classroom.participant_group_id, ids);
    if (ids.some((p) => !known.has(p))) throw new ApiError(422, SUPPORT_GROUP_MESSAGES.notInClassroom);
    const supportGroupId = await db.transaction().execute((tx) =>
      insertGroup(tx, {
        classroomId: classroom.participant_group_id,
        name: body.name,
        nameLetters: body.letterNames,
        soundLetters: body.letterSounds,
        participantIds: ids,
        by: actor.userId,
      }),
    );
    return c.json({ supportGroupId }, 201);
  });

  app.openapi(updateGroup, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const found = await assertGroup(db, actor, c.req.valid("param").id);
    const { name } = c.req.valid("json");
    await renameGroup(db, found.support_group_id, name, now());
    return c.json({ supportGroupId: found.support_group_id, name }, 200);
  });

  app.openapi(addMember, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const found = await assertGroup(db, actor, c.req.valid("param").id);
    const { participantId } = c.req.valid("json");
    const known = await studentsOfClassroom(db, found.participant_group_id, [participantId]);
    if (!known.has(participantId)) throw new ApiError(422, SUPPORT_GROUP_MESSAGES.notInClassroom);
    await moveMember(db, found.participant_group_id, found.support_group_id, participantId);
    return c.json({ supportGroupId: found.support_group_id, participantId }, 200);
  });

  app.openapi(logSession, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const found = await assertGroup(db, actor, c.req.valid("param").id);
    const body = c.req.valid("json");
    if (body.on > localIsoDate(now())) throw new ApiError(400, SUPPORT_GROUP_MESSAGES.future, [`on: ${SUPPORT_GROUP_MESSAGES.future}`]);
    const supportSessionId = await db.transaction().execute((tx) =>
      insertSession(tx, {
        supportGroupId: found.support_group_id,
        onDate: body.on,
        minutes: body.minutes,
        workedOn: body.workedOn,
        by: actor.userId,
      }),
    );
    const logged = (await sessionRows(db, found.participant_group_id)).find((s) => s.support_session_id === supportSessionId)!;
    return c.json(
      { supportSessionId, on: logged.on_date, minutes: logged.minutes, workedOn: logged.worked_on, participantIds: logged.participant_ids },
      201,
    );
  });

  app.openapi(listStudentSessions, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db } = c.var.deps;
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const rows = await studentSessionRows(db, student.participant_id);
    return c.json(
      rows.map((r) => ({
        supportSessionId: r.support_session_id,
        on: r.on_date,
        minutes: r.minutes,
        workedOn: r.worked_on,
        supportGroupId: r.support_group_id,
        groupName: r.group_name,
      })),
      200,
    );
  });
}
