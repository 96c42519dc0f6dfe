import { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type {
  ParticipantTable,
  ParticipantTestTable,
  PredictiveProfileTable,
  QuestionResponseTable,
  RanScoringEventTable,
  StoredFileTable,
} from "#app/db/schema";

// Database rows of a student's records as the export's JSON files and the erasure answers name
// them (issue 41 item 3; the one place rows become field names for this feature).

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const toStudentDetails = (
  p: Selectable<ParticipantTable> & { organization_id: string; school_name: string; organization_name: string },
) => ({
  participantId: p.participant_id,
  participantCode: p.participant_code,
  firstName: p.first_name,
  middleName: p.middle_name,
  lastName: p.last_name,
  dateOfBirth: p.date_of_birth,
  grade: p.grade,
  tags: p.tags,
  studentId: p.external_id,
  email: p.email,
  rosterSourcedId: p.sourced_id,
  school: { organizationUnitId: p.organization_unit_id, name: p.school_name },
  district: { organizationId: p.organization_id, name: p.organization_name },
  createdAt: iso(p.created_at),
  updatedAt: iso(p.updated_at),
  deletedAt: iso(p.deleted_at),
});

export const toClassroomPlace = (g: {
  participant_group_id: string;
  name: string;
  organization_unit_id: string;
  deleted_at: Date | null;
}) => ({
  participantGroupId: g.participant_group_id,
  name: g.name,
  organizationUnitId: g.organization_unit_id,
  classroomDeletedAt: iso(g.deleted_at),
});

export const toExportedTest = (t: Selectable<ParticipantTestTable>) => ({
  participantTestId: t.participant_test_id,
  clientTestId: t.client_test_id,
  testCode: t.test_code,
  grade: t.grade,
  startedAt: iso(t.start_dt_tm),
  endedAt: iso(t.end_dt_tm),
  completed: t.completed_flag,
  invalid: t.invalid,
  finalTheta: t.final_theta,
  abilityPercentile: t.ability_percentile,
  correctItems: t.correct_items,
  totalItems: t.total_items,
  correctByCode: t.correct_by_code,
  ranScoredSecs: t.scored_secs,
  ranScoredErrors: t.scored_errors,
  normsSource: t.norms_source,
  enteredByUserId: t.entered_by,
  createdAt: iso(t.created_at),
  updatedAt: iso(t.updated_at),
  deletedAt: iso(t.deleted_at),
});

export const toExportedResponse = (r: Selectable<QuestionResponseTable>) => ({
  participantTestQuestionResponseId: r.participant_test_question_response_id,
  participantTestId: r.participant_test_id,
  questionCode: r.question_code,
  score: r.score,
  providerResponse: r.provider_response,
  responseTimeInSecs: r.response_time_in_secs,
  scoredResponseTimeSecs: r.eval_response_time,
  errors: r.num_of_errors,
  invalid: r.invalid,
  audioFileId: r.audio_file_id,
  scoredByUserId: r.scored_by,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export const toExportedScoringEvent = (e: Selectable<RanScoringEventTable>) => ({
  ranScoringEventId: e.ran_scoring_event_id,
  participantTestId: e.participant_test_id,
  participantTestQuestionResponseId: e.participant_test_question_response_id,
  kind: e.kind === "blind" ? "blind second score" : "official score",
  scorerUserId: e.scorer_user_id,
  before: { responseTimeSecs: e.old_eval_response_time, errors: e.old_num_of_errors, invalid: e.old_invalid },
  after: { responseTimeSecs: e.eval_response_time, errors: e.num_of_errors, invalid: e.invalid },
  at: iso(e.created_at),
});

export const toExportedRiskScore = (p: Selectable<PredictiveProfileTable>) => ({
  academicYear: p.academic_year,
  period: p.period_name,
  pwr: p.pwr,
  dyslexia: p.dyslexia,
  kready: p.kready,
  pkRisk: p.pk_risk,
  computedAt: iso(p.computed_at),
});

export const toExportedAuditEntry = (a: {
  audit_log_id: string;
  action: string;
  details: unknown;
  created_at: Date;
  actor_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}) => ({
  entryId: String(a.audit_log_id),
  action: a.action,
  at: iso(a.created_at),
  by:
    a.actor_user_id === null
      ? null
      : { userId: a.actor_user_id, name: [a.first_name, a.last_name].filter(Boolean).join(" ") || null, email: a.email },
  details: a.details,
});

export const toExportedAccess = (a: {
  record_access_id: string;
  occurred_at: Date;
  actor_user_id: string;
  actor_email: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  what: string;
  client_ip: string | null;
  user_agent: string | null;
  detail: string | null;
}) => ({
  entryId: a.record_access_id,
  at: iso(a.occurred_at),
  by: { userId: a.actor_user_id, name: [a.actor_first_name, a.actor_last_name].filter(Boolean).join(" ") || null, email: a.actor_email },
  what: a.what,
  detail: a.detail,
  fromAddress: a.client_ip,
  browser: a.user_agent,
});

export const toExportedStoredFile = (f: Selectable<StoredFileTable>) => ({
  fileId: f.file_id,
  purpose: f.purpose,
  fileName: f.file_name,
  contentType: f.content_type,
  sizeBytes: Number(f.size_bytes),
  sha256: f.sha256,
  createdAt: iso(f.created_at),
});

// ── API answers ─────────────────────────────────────────────────────────────────────────────

export const StudentCounts = z
  .object({
    results: z.number().int().openapi({ description: "Screening results: tests taken, deleted ones included" }),
    scores: z.number().int().openapi({ description: "Item scores, scoring entries (official and blind second scores) and risk scores" }),
    recordings: z.number().int().openapi({ description: "Recording files in the file store" }),
  })
  .openapi("StudentRecordCounts");

export const DistrictCounts = StudentCounts.extend({
  schools: z.number().int(),
  classrooms: z.number().int(),
  students: z.number().int(),
  staff: z.number().int().openapi({ description: "Staff accounts of the district" }),
}).openapi("DistrictRecordCounts");

export const StudentRecordsSummary = z
  .object({
    participantId: z.string(),
    name: z.string(),
    participantCode: z.string(),
    organizationId: z.string(),
    organizationName: z.string(),
    school: z.object({ organizationUnitId: z.string(), name: z.string(), deleted: z.boolean() }),
    classrooms: z.array(z.object({ participantGroupId: z.string(), name: z.string(), deleted: z.boolean() })),
    deleted: z.boolean().openapi({ description: "The student was deleted (hidden) already; their records are still kept" }),
    counts: StudentCounts,
  })
  .openapi("StudentRecordsSummary");

export const DistrictRecordsSummary = z
  .object({ organizationId: z.string(), name: z.string(), deleted: z.boolean(), counts: DistrictCounts })
  .openapi("DistrictRecordsSummary");

export const ErasureReceipt = z
  .object({
    receiptId: z.string().openapi({ description: "The audit log entry that keeps this receipt (without the child's name)" }),
    kind: z.enum(["student", "district"]),
    participantId: z.string().nullable(),
    organizationId: z.string(),
    organizationUnitId: z.string().nullable().openapi({ description: "The student's school (the school may be gone too)" }),
    erasedAt: z.string(),
    erasedBy: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
    counts: DistrictCounts.partial().openapi({ description: "What the confirmation stated" }),
    rows: z
      .array(z.object({ table: z.string(), count: z.number().int(), change: z.enum(["deleted", "edited"]) }))
      .openapi({ description: "Rows deleted per table; 'edited': records kept about something else that named them, which no longer do" }),
    files: z.object({
      removed: z.number().int().openapi({ description: "Stored files removed (recordings, roster uploads)" }),
      notRemoved: z.array(z.string()).openapi({ description: "Files the store failed to remove: a replay of this receipt removes them" }),
    }),
    subject: z.object({ name: z.string(), code: z.string().nullable() }).openapi({
      description: "Who or what was deleted, for this answer only: the audit log keeps no name",
    }),
  })
  .openapi("ErasureReceipt");
export type ErasureReceipt = z.infer<typeof ErasureReceipt>;
