import { createRoute, z } from "@hono/zod-openapi";
import { classroomTeacherRows, lastTestAt, riskScoreRows, schoolWithDistrict, testsStartedBetween } from "#app/db/queries/student-profile";
import type { Db } from "#app/db/connect.server";
import { periodAt, periodBounds } from "#app/domain/results-grid";
import { errorResponses, jsonResponse, type Router } from "../env";
import { RiskScore, toParticipantTest, toRiskScore, type ParticipantTest } from "../results-mappers";
import { idParam } from "../params";
import { recordAccess } from "../record-access";
import { assertParticipant, requireActor } from "../scope";
import {
  StudentProfile,
  toStudentClassrooms,
  toStudentWithPlacement,
  type StudentPeriod,
  type StudentProfile as StudentProfileT,
} from "../student-profile-mappers";
import { loadAssessmentConfig } from "./results";

// The student page (spec 001 §2 'Student profile', §7 student-page operations): the student
// with classrooms, teachers, school and district, the district's periods with every period's
// tests, and the predictive profile, in one call. The spec's client made one student call per
// period; here every period comes back at once, and the number of queries is fixed whatever
// the number of periods or tests (tests/api/student-profile.test.ts counts them).

const IdParam = idParam({ description: "participantId (student)" });

const AcademicYearQuery = z.object({
  academicYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/)
    .optional()
    .openapi({ description: "defaults to the district's current academic year", example: "2026-2027" }),
});

const getProfile = createRoute({
  method: "get",
  path: "/participants/profile/{id}",
  tags: ["Results"],
  summary: "A student's profile: card, classrooms with teachers, school and district, every period's tests and the predictive profile",
  description:
    "Periods are those of the district's current academic year (with their grade lists); each carries the tests the student started within it (dates inclusive, read in UTC). Teachers: students of their classrooms; school admins: their schools; district admins: their district; super admins: all. 404 unknown id, 403 out of scope.",
  request: {
    params: IdParam,
    query: z.object({
      purpose: z.enum(["family-report"]).optional().openapi({
        description:
          "family-report: the profile is read to print the student's family report, and the access log names the read so. Every answer of this call is logged as one read of the student's record, with or without it.",
      }),
    }),
  },
  responses: { 200: jsonResponse(StudentProfile, "The student's profile"), ...errorResponses },
});

const getRiskScores = createRoute({
  method: "get",
  path: "/participants/riskScores/{id}",
  tags: ["Results"],
  summary: "Predictive-profile scores (pwr, dyslexia, kready, pkRisk) of one student, per period",
  description: "For the district's current academic year unless academicYear is given. Same scope as the student.",
  request: { params: IdParam, query: AcademicYearQuery },
  responses: { 200: jsonResponse(z.array(RiskScore), "Scores, BOY first"), ...errorResponses },
});

async function riskScoresOf(db: Db, participantId: string, academicYear: string) {
  const rows = await riskScoreRows(db, participantId, academicYear);
  return rows.map(toRiskScore);
}

/**
 * Everything but the scope check, in two rounds of queries run side by side: placement and
 * config first, then the tests and scores of the config's year (their bounds come from it).
 */
export async function loadStudentProfile(
  db: Db,
  student: Awaited<ReturnType<typeof assertParticipant>>,
  now: Date,
): Promise<StudentProfileT> {
  const id = student.participant_id;
  const [school, classrooms, config, last] = await Promise.all([
    schoolWithDistrict(db, student.organization_unit_id),
    classroomTeacherRows(db, id),
    loadAssessmentConfig(db, student.organization_id, now),
    lastTestAt(db, id),
  ]);

  const bounds = config.periods.map(periodBounds);
  const from = bounds.map((b) => b.from).sort()[0];
  const to = bounds
    .map((b) => b.to)
    .sort()
    .at(-1);
  const [tests, riskScores] = await Promise.all([
    from && to ? testsStartedBetween(db, id, new Date(from), new Date(to)) : Promise.resolve([]),
    config.academicYear ? riskScoresOf(db, id, config.academicYear) : Promise.resolve([]),
  ]);

  const byPeriod = new Map<string, ParticipantTest[]>(config.periods.map((p) => [p.periodName, []]));
  for (const row of tests) {
    const test = toParticipantTest(row);
    const period = periodAt(config.periods, new Date(test.startDtTm));
    if (period) byPeriod.get(period.periodName)!.push(test);
  }
  const periods: StudentPeriod[] = config.periods.map((p) => ({ ...p, ParticipantTests: byPeriod.get(p.periodName) ?? [] }));
  return {
    Participant: toStudentWithPlacement(student, toStudentClassrooms(classrooms), school, last?.last ?? null),
    academicYear: config.academicYear,
    periods,
    riskScores,
    standards: config.standards,
  };
}

export function registerStudentProfile(app: Router) {
  app.openapi(getProfile, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const profile = await loadStudentProfile(db, student, now());
    const what = c.req.valid("query").purpose === "family-report" ? "family-report" : "student-profile";
    recordAccess(c, { what, organizationId: student.organization_id, participantId: student.participant_id });
    return c.json(profile, 200);
  });

  app.openapi(getRiskScores, async (c) => {
    const actor = requireActor(c.var.actor);
    const { db, now } = c.var.deps;
    const student = await assertParticipant(db, actor, c.req.valid("param").id);
    const year = c.req.valid("query").academicYear ?? (await loadAssessmentConfig(db, student.organization_id, now())).academicYear;
    return c.json(year ? await riskScoresOf(db, student.participant_id, year) : [], 200);
  });
}
