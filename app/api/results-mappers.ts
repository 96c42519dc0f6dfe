import { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { ClassroomStudentRow, ParticipantTestRow, StudentTeacherRow } from "#app/db/queries/results";
import type { PredictiveProfileTable, QuestionResponseTable } from "#app/db/schema";
import { TEST_CODES } from "#app/domain/assessments";
import { PERIODS } from "#app/domain/periods";
import { toUsBirthDate } from "#app/domain/birth-date";
import { EffectiveStandardsSchema } from "./standards-mappers";

// Results rows → the API's field names (spec 001 §3). The one place they are renamed.

export { PARTICIPANT_TEST_COLUMNS, type ParticipantTestRow } from "#app/db/queries/results";

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export const GradeAssessmentList = z.object({
  grade: z.string(),
  testCodes: z.string().openapi({ description: "comma-separated test codes", example: "letter-names,letter-sounds,vocab" }),
});

export const PeriodConfig = z
  .object({
    periodName: z.enum(PERIODS),
    startDate: z.string().openapi({ description: "YYYY-MM-DD", example: "2026-08-20" }),
    endDate: z.string().openapi({ description: "YYYY-MM-DD, inclusive", example: "2026-11-15" }),
    GradeAssessmentLists: z.array(GradeAssessmentList),
  })
  .openapi("PeriodConfig");
export type PeriodConfig = z.infer<typeof PeriodConfig>;

export const AssessmentConfig = z
  .object({
    organizationId: z.string(),
    academicYear: z.string().nullable().openapi({ example: "2026-2027" }),
    periods: z.array(PeriodConfig),
    standards: EffectiveStandardsSchema,
  })
  .openapi("AssessmentConfig");
export type AssessmentConfig = z.infer<typeof AssessmentConfig>;

export const ParticipantTest = z
  .object({
    participantTestId: z.string(),
    participantId: z.string(),
    testCode: z.enum(TEST_CODES),
    grade: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    startDtTm: z.string(),
    endDtTm: z.string().nullable(),
    completedFlag: z.boolean(),
    invalid: z.boolean().nullable(),
    finalTheta: z.number().nullable(),
    abilityPercentile: z.number().nullable(),
    correctItems: z.number().nullable(),
    totalItems: z.number().nullable(),
    correctByCode: z
      .record(z.string(), z.number())
      .nullable()
      .openapi({ example: { LN_A: 1, LN_B: 0 } }),
    scoredSecs: z.number().nullable().openapi({ description: "a hand-scored RAN: its scored response time in seconds" }),
    scoredErrors: z.number().nullable().openapi({ description: "a hand-scored RAN: its error count" }),
    normsSource: z
      .string()
      .nullable()
      .openapi({ description: "a hand-scored RAN: the source of the norms its percentile came from; null when no norms are configured" }),
  })
  .openapi("ParticipantTest");
export type ParticipantTest = z.infer<typeof ParticipantTest>;

export const toParticipantTest = (t: ParticipantTestRow): ParticipantTest => ({
  participantTestId: t.participant_test_id,
  participantId: t.participant_id,
  testCode: t.test_code as ParticipantTest["testCode"],
  grade: t.grade,
  createdAt: iso(t.created_at) as string,
  updatedAt: iso(t.updated_at) as string,
  startDtTm: iso(t.start_dt_tm) as string,
  endDtTm: iso(t.end_dt_tm),
  completedFlag: t.completed_flag,
  invalid: t.invalid,
  finalTheta: t.final_theta,
  abilityPercentile: t.ability_percentile,
  correctItems: t.correct_items,
  totalItems: t.total_items,
  // jsonb arrives parsed from both engines; a string would be a driver surprise, parse it anyway.
  correctByCode: typeof t.correct_by_code === "string" ? JSON.parse(t.correct_by_code) : t.correct_by_code,
  scoredSecs: t.scored_secs,
  scoredErrors: t.scored_errors,
  normsSource: t.norms_source,
});

export const QuestionResponse = z
  .object({
    participantTestQuestionResponseId: z.string(),
    questionCode: z.string(),
    score: z.number().nullable(),
    providerResponse: z.string().nullable(),
    responseTimeInSecs: z.number().nullable(),
    evalResponseTime: z.number().nullable(),
    numOfErrors: z.number().nullable(),
    invalid: z.boolean().nullable(),
    audioFileId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("QuestionResponse");
export type QuestionResponse = z.infer<typeof QuestionResponse>;

export const toQuestionResponse = (r: Selectable<QuestionResponseTable>): QuestionResponse => ({
  participantTestQuestionResponseId: r.participant_test_question_response_id,
  questionCode: r.question_code,
  score: r.score,
  providerResponse: r.provider_response,
  responseTimeInSecs: r.response_time_in_secs,
  evalResponseTime: r.eval_response_time,
  numOfErrors: r.num_of_errors,
  invalid: r.invalid,
  audioFileId: r.audio_file_id,
  createdAt: iso(r.created_at) as string,
});

export const ParticipantTestWithResponses = ParticipantTest.extend({
  ParticipantTestQuestionResponses: z.array(QuestionResponse),
}).openapi("ParticipantTestWithResponses");
export type ParticipantTestWithResponses = z.infer<typeof ParticipantTestWithResponses>;

export const TeacherName = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() });

export const ClassroomStudent = z
  .object({
    participantId: z.string(),
    participantCode: z.string(),
    organizationUnitId: z.string(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    dateOfBirth: z
      .string()
      .nullable()
      .openapi({ description: "MM/dd/yyyy; null for a student taken from a roster without a birth date, for an admin to complete" }),
    grade: z.string(),
    tags: z.string().openapi({ description: "comma-joined" }),
    externalId: z.string().nullable(),
    User: z.array(TeacherName).openapi({ description: "teachers of the student's classrooms" }),
    ParticipantTests: z
      .array(ParticipantTest)
      .optional()
      .openapi({ description: "tests started in startDate..endDate; present only when both dates are given" }),
  })
  .openapi("ClassroomStudent");
export type ClassroomStudent = z.infer<typeof ClassroomStudent>;

export const toClassroomStudent = (
  p: ClassroomStudentRow,
  teachers: z.infer<typeof TeacherName>[],
  tests: ParticipantTest[] | undefined,
): ClassroomStudent => ({
  participantId: p.participant_id,
  participantCode: p.participant_code,
  organizationUnitId: p.organization_unit_id,
  firstName: p.first_name,
  middleName: p.middle_name,
  lastName: p.last_name,
  dateOfBirth: toUsBirthDate(p.date_of_birth),
  grade: p.grade,
  tags: p.tags.join(","),
  externalId: p.external_id,
  User: teachers,
  ...(tests ? { ParticipantTests: tests } : {}),
});

/**
 * A classroom's students in the query's order, each with the teachers of their classrooms (once
 * each) and, when tests were read, their tests in start order.
 */
export function toClassroomStudents(rows: {
  students: readonly ClassroomStudentRow[];
  teachers: readonly StudentTeacherRow[];
  tests: readonly ParticipantTestRow[] | null;
}): ClassroomStudent[] {
  const teachersOf = new Map<string, z.infer<typeof TeacherName>[]>();
  for (const t of rows.teachers) {
    const list = teachersOf.get(t.participant_id) ?? [];
    if (!list.some((x) => x.userId === t.user_id)) list.push({ userId: t.user_id, firstName: t.first_name, lastName: t.last_name });
    teachersOf.set(t.participant_id, list);
  }
  const testsOf = new Map<string, ParticipantTest[]>();
  for (const t of rows.tests ?? []) testsOf.set(t.participant_id, [...(testsOf.get(t.participant_id) ?? []), toParticipantTest(t)]);
  return rows.students.map((s) =>
    toClassroomStudent(s, teachersOf.get(s.participant_id) ?? [], rows.tests ? (testsOf.get(s.participant_id) ?? []) : undefined),
  );
}

export const PredictiveProfileScores = z.object({
  pwr: z.number().nullable(),
  dyslexia: z.number().nullable(),
  kready: z.number().nullable(),
  pkRisk: z.number().nullable(),
});

export const RiskScore = z
  .object({
    participantId: z.string(),
    academicYear: z.string(),
    periodName: z.enum(PERIODS),
    predictiveProfile: PredictiveProfileScores,
  })
  .openapi("RiskScore");
export type RiskScore = z.infer<typeof RiskScore>;

export const toRiskScore = (r: Selectable<PredictiveProfileTable>): RiskScore => ({
  participantId: r.participant_id,
  academicYear: r.academic_year,
  periodName: r.period_name,
  predictiveProfile: { pwr: r.pwr, dyslexia: r.dyslexia, kready: r.kready, pkRisk: r.pk_risk },
});
