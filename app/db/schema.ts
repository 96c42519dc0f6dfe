import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** Calendar dates travel as 'YYYY-MM-DD' strings on both engines (see connect.server.ts). */
type DateString = string;

export interface OrganizationTable {
  organization_id: Generated<string>;
  name: string;
  state: string;
  website: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** Optimistic concurrency (migration 0004): +1 on every edit; a save sends the version it read. */
  version: Generated<number>;
  /** Raised by the database on every write to the district's calendar (migration 0008): the key of each process's cached copy. */
  config_version: Generated<number>;
}

export interface OrganizationUnitTable {
  organization_unit_id: Generated<string>;
  organization_id: string;
  name: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** Optimistic concurrency (migration 0004): +1 on every edit; a save sends the version it read. */
  version: Generated<number>;
  /** The roster's sourcedId (migration 0006, OneRoster uploads); null for rows made by hand. */
  sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RoleTable {
  role_id: string;
  role_name: string;
}

export type AuthStatus = "None" | "Pending" | "Active";

export interface AppUserTable {
  user_id: Generated<string>;
  organization_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  auth_status: ColumnType<AuthStatus, AuthStatus | undefined, AuthStatus>;
  password_hash: string | null;
  password_is_temporary: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** Optimistic concurrency (migration 0004): +1 on every edit; a save sends the version it read. */
  version: Generated<number>;
  /** The roster's sourcedId (migration 0006, OneRoster uploads); null for rows made by hand. */
  sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Created by a roster import (which may then change it); false for accounts made by hand or adopted. */
  roster_created: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface UserRoleTable {
  user_id: string;
  role_id: string;
  position: ColumnType<number, number | undefined, number>;
}

export interface UserOrganizationUnitTable {
  user_id: string;
  organization_unit_id: string;
}

export interface ParticipantGroupTable {
  participant_group_id: Generated<string>;
  organization_unit_id: string;
  name: string;
  participant_group_type: ColumnType<"CLASSROOM", "CLASSROOM" | undefined, "CLASSROOM">;
  enabled_in_eb_platform: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** Optimistic concurrency (migration 0004): +1 on every edit; a save sends the version it read. */
  version: Generated<number>;
  /** The roster's sourcedId (migration 0006, OneRoster uploads); null for rows made by hand. */
  sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ParticipantGroupTeacherTable {
  participant_group_id: string;
  user_id: string;
}

export interface ParticipantTable {
  participant_id: Generated<string>;
  organization_unit_id: string;
  participant_code: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** Null for a student a roster brought without a birth date (migration 0012), for an admin to complete. */
  date_of_birth: DateString | null;
  grade: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  external_id: string | null;
  email: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
  /** Optimistic concurrency (migration 0004): +1 on every edit; a save sends the version it read. */
  version: Generated<number>;
  /** The roster's sourcedId (migration 0006, OneRoster uploads); null for rows made by hand. */
  sourced_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ParticipantGroupMemberTable {
  participant_group_id: string;
  participant_id: string;
}

/** Raised by the database on any write to a classroom's members, students, tests or risk scores (migration 0009); no row is version 1. */
export interface ClassroomResultsVersionTable {
  participant_group_id: string;
  version: ColumnType<number, never, never>;
}

/**
 * Raised by the database on any write behind the lists' totals ('roster') or the completion counts
 * ('scores') of a district (migration 0015), or behind one school's counts ('school-scores', keyed by
 * the school's id, migration 0023); the nil uuid's row spans districts. No row is version 1.
 */
export interface KeptDataVersionTable {
  organization_id: string;
  kind: "roster" | "scores" | "school-scores";
  version: ColumnType<number, never, never>;
}

export interface AssessmentPeriodTable {
  assessment_period_id: Generated<string>;
  organization_id: string;
  academic_year: string;
  period_name: "BOY" | "MOY" | "EOY";
  start_date: DateString;
  end_date: DateString;
}

export interface GradeAssessmentListTable {
  assessment_period_id: string;
  grade: string;
  test_codes: string;
}

export interface StoredFileTable {
  file_id: Generated<string>;
  purpose: string;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: ColumnType<string | number, number, number>;
  sha256: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface ParticipantTestTable {
  participant_test_id: Generated<string>;
  client_test_id: string | null;
  participant_id: string;
  test_code: string;
  grade: string;
  start_dt_tm: Timestamp;
  end_dt_tm: Timestamp | null;
  completed_flag: ColumnType<boolean, boolean | undefined, boolean>;
  invalid: boolean | null;
  final_theta: number | null;
  ability_percentile: number | null;
  correct_items: number | null;
  total_items: number | null;
  correct_by_code: ColumnType<Record<string, number> | null, string | null, string | null>;
  entered_by: string | null;
  /** A hand-scored RAN's scored response time and errors (migration 0014), kept whether or not norms give it a percentile. */
  scored_secs: ColumnType<number | null, number | null | undefined, number | null>;
  scored_errors: ColumnType<number | null, number | null | undefined, number | null>;
  /** The source of the RAN norms its percentile came from; null when none did. */
  norms_source: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: Date | null;
}

export interface QuestionResponseTable {
  participant_test_question_response_id: Generated<string>;
  participant_test_id: string;
  question_code: string;
  score: number | null;
  provider_response: string | null;
  response_time_in_secs: number | null;
  eval_response_time: number | null;
  num_of_errors: number | null;
  invalid: boolean | null;
  audio_file_id: string | null;
  scored_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RanScoringEventTable {
  ran_scoring_event_id: Generated<string>;
  seq: Generated<string>;
  participant_test_question_response_id: string;
  participant_test_id: string;
  scorer_user_id: string | null;
  kind: "score" | "blind";
  old_eval_response_time: number | null;
  old_num_of_errors: number | null;
  old_invalid: boolean | null;
  eval_response_time: number;
  num_of_errors: number | null;
  invalid: boolean;
  created_at: CreatedAt;
}

export interface PredictiveProfileTable {
  participant_id: string;
  academic_year: string;
  period_name: "BOY" | "MOY" | "EOY";
  pwr: number | null;
  dyslexia: number | null;
  kready: number | null;
  pk_risk: number | null;
  computed_at: Timestamp;
}

export interface SessionTable {
  session_id: Generated<string>;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  revoked_at: Date | null;
  user_agent: string | null;
  ip: string | null;
}

export type OneTimeCodePurpose = "password-reset" | "invite" | "sso" | "new-password";

export interface OneTimeCodeTable {
  one_time_code_id: Generated<string>;
  purpose: OneTimeCodePurpose;
  email: string;
  user_id: string | null;
  code_hash: string;
  expires_at: Timestamp;
  used_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface RateLimitEventTable {
  /** Migration 0011: a sign-in gives back the place it reserved (app/api/rate-limit.ts). */
  rate_limit_event_id: Generated<number>;
  bucket: string;
  created_at: CreatedAt;
}

/** A create call's idempotency key (app/api/idempotency.ts): claimed while in progress (status null), then its answer. */
export interface IdempotencyKeyTable {
  user_id: string;
  idempotency_key: string;
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: CreatedAt;
  completed_at: Date | null;
}

export interface RosterUploadTable {
  roster_upload_id: Generated<string>;
  organization_id: string;
  file_id: string;
  status: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

/** One roster upload (app/api/resources/rostering.ts): its report, the staged roster, what applying it changed. */
export interface RosterImportTable {
  roster_import_id: Generated<string>;
  organization_id: string;
  status: "staged" | "rejected" | "applied" | "undone";
  file_name: string;
  size_bytes: number;
  sha256: string;
  report: ColumnType<unknown, string, string>;
  roster: ColumnType<unknown, string | null, string | null>;
  changes: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
  applied_at: Date | null;
  undone_at: Date | null;
  undone_by: string | null;
  applied_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A district's rostering key (issue 35 item 1): only the key's SHA-256 is kept. */
export interface RosterKeyTable {
  organization_id: string;
  key_hash: string;
  created_at: CreatedAt;
  created_by: string | null;
}

export interface AuditLogTable {
  audit_log_id: Generated<string>;
  actor_user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
}

/** Norms and cutoffs with their source (migration 0014): a district's row, or the product-wide one (organization_id null). */
export interface ScreeningStandardTable {
  screening_standard_id: Generated<string>;
  organization_id: string | null;
  ran_norms: ColumnType<unknown, string | null | undefined, string | null>;
  pk_risk_cutoff: ColumnType<unknown, string | null | undefined, string | null>;
  ability_cutoffs: ColumnType<unknown, string | null | undefined, string | null>;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A message from /customer-support (app/api/resources/support.ts); mailed_at null until mailed. */
export interface SupportMessageTable {
  support_message_id: Generated<string>;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  page: string | null;
  created_at: CreatedAt;
  mailed_at: Date | null;
}

/**
 * Who read a student's record (migration 0018, app/api/record-access.ts): a single student's read
 * names the participant; a list read its scope and row count. Insert and delete only: an update raises.
 */
export interface RecordAccessTable {
  record_access_id: ColumnType<number, never, never>;
  occurred_at: ColumnType<Date, Date, never>;
  actor_user_id: ColumnType<string, string, never>;
  organization_id: ColumnType<string, string, never>;
  what: ColumnType<string, string, never>;
  participant_id: ColumnType<string | null, string | null, never>;
  scope_kind: ColumnType<"classroom" | "school" | "district" | null, "classroom" | "school" | "district" | null, never>;
  scope_id: ColumnType<string | null, string | null, never>;
  row_count: ColumnType<number | null, number | null, never>;
  client_ip: ColumnType<string | null, string | null, never>;
  user_agent: ColumnType<string | null, string | null, never>;
  detail: ColumnType<string | null, string | null, never>;
  /** The X-Request-Id the server gave the request (REQUEST_LOG=json), null when it gave none. */
  request_id: ColumnType<string | null, string | null, never>;
}

/** A hand-scored probe between benchmarks (migration 0021, issue 39 item 5): one per student, measure and week. */
export interface ProgressProbeTable {
  progress_probe_id: Generated<string>;
  participant_id: string;
  measure: "letter-names" | "letter-sounds" | "ran";
  probe_date: DateString;
  week_start: DateString;
  correct_items: number | null;
  total_items: number | null;
  correct_by_code: ColumnType<Record<string, number> | null, string | null, string | null>;
  ran_secs: number | null;
  ran_errors: number | null;
  recorded_by: string | null;
  created_at: CreatedAt;
}

/** A district's progress-monitoring targets and decision rule, each jsonb with its source (migration 0021). */
export interface ProgressMonitoringConfigTable {
  organization_id: string;
  goal_targets: ColumnType<unknown, string | null, string | null>;
  decision_rule: ColumnType<unknown, string | null, string | null>;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A district's contact for its family notice letters (migration 0020, issue 38 item 4). */
export interface FamilyNoticeTable {
  organization_id: string;
  contact: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A district's own wording of the family notice letter in one language (migration 0020); none: our default. */
export interface FamilyNoticeTextTable {
  organization_id: string;
  lang: string;
  title: string;
  body: string;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A district's follow-up policy (migration 0019, issue 38); no row: the district has none. */
export interface FollowUpPolicyTable {
  organization_id: string;
  flags: string[];
  day_count: "calendar" | "school";
  notice_days: number | null;
  monitoring_days: number | null;
  further_step_days: number | null;
  prior_notice_days: number | null;
  opt_out_allowed: boolean;
  preset_id: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A district's holiday or break, skipped by school-day deadlines (migration 0019). */
export interface NonSchoolDayTable {
  organization_id: string;
  day: DateString;
  label: string | null;
}

/** One follow-up per student, school year and period (migration 0019); closed, never deleted. */
export interface FollowUpTable {
  follow_up_id: Generated<string>;
  participant_id: string;
  organization_id: string;
  academic_year: string;
  period_name: "BOY" | "MOY" | "EOY";
  flags: string[];
  flagged_on: DateString;
  notice_due: DateString | null;
  notice_sent_on: DateString | null;
  notice_sent_by: string | null;
  notice_method: string | null;
  monitoring_started_on: DateString | null;
  monitoring_ends_on: DateString | null;
  further_step_due: DateString | null;
  outcome: string | null;
  outcome_on: DateString | null;
  closed_on: DateString | null;
  close_reason: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Every step of a follow-up, by a person or by the product (migration 0019). Insert only. */
export interface FollowUpStepTable {
  follow_up_step_id: ColumnType<string, never, never>;
  follow_up_id: string;
  participant_id: string;
  kind: string;
  on_date: DateString;
  method: string | null;
  outcome: string | null;
  flags: string[] | null;
  note: string | null;
  recorded_by: string | null;
  recorded_at: CreatedAt;
}

/** A family's opt-out of screening, or its withdrawal (migration 0019). Insert only; the latest row counts. */
export interface ScreeningOptOutTable {
  screening_opt_out_id: ColumnType<string, never, never>;
  participant_id: string;
  academic_year: string;
  opted_out: boolean;
  on_date: DateString;
  note: string | null;
  recorded_by: string | null;
  recorded_at: CreatedAt;
}

/** A support group a teacher saved in a classroom (migration 0022, issue 39 item 7). */
export interface SupportGroupTable {
  support_group_id: Generated<string>;
  participant_group_id: string;
  name: string;
  name_letters: Generated<string[]>;
  sound_letters: Generated<string[]>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A student of a support group: at most one group per student and classroom (migration 0022). */
export interface SupportGroupMemberTable {
  support_group_id: string;
  participant_group_id: string;
  participant_id: string;
}

/** A support session logged for a group (migration 0022). */
export interface SupportSessionTable {
  support_session_id: Generated<string>;
  support_group_id: string;
  on_date: DateString;
  minutes: number;
  worked_on: string;
  recorded_by: string | null;
  recorded_at: CreatedAt;
}

/** Who a support session was for, as the group stood when it was logged (migration 0022). */
export interface SupportSessionStudentTable {
  support_session_id: string;
  participant_id: string;
}

export interface Database {
  organization: OrganizationTable;
  organization_unit: OrganizationUnitTable;
  role: RoleTable;
  app_user: AppUserTable;
  user_role: UserRoleTable;
  user_organization_unit: UserOrganizationUnitTable;
  participant_group: ParticipantGroupTable;
  participant_group_teacher: ParticipantGroupTeacherTable;
  participant: ParticipantTable;
  participant_group_member: ParticipantGroupMemberTable;
  classroom_results_version: ClassroomResultsVersionTable;
  kept_data_version: KeptDataVersionTable;
  assessment_period: AssessmentPeriodTable;
  grade_assessment_list: GradeAssessmentListTable;
  stored_file: StoredFileTable;
  participant_test: ParticipantTestTable;
  participant_test_question_response: QuestionResponseTable;
  ran_scoring_event: RanScoringEventTable;
  predictive_profile: PredictiveProfileTable;
  session: SessionTable;
  one_time_code: OneTimeCodeTable;
  rate_limit_event: RateLimitEventTable;
  idempotency_key: IdempotencyKeyTable;
  roster_upload: RosterUploadTable;
  roster_import: RosterImportTable;
  roster_key: RosterKeyTable;
  audit_log: AuditLogTable;
  screening_standard: ScreeningStandardTable;
  support_message: SupportMessageTable;
  record_access: RecordAccessTable;
  follow_up_policy: FollowUpPolicyTable;
  non_school_day: NonSchoolDayTable;
  follow_up: FollowUpTable;
  follow_up_step: FollowUpStepTable;
  screening_opt_out: ScreeningOptOutTable;
  support_group: SupportGroupTable;
  support_group_member: SupportGroupMemberTable;
  support_session: SupportSessionTable;
  support_session_student: SupportSessionStudentTable;
  progress_probe: ProgressProbeTable;
  progress_monitoring_config: ProgressMonitoringConfigTable;
  family_notice: FamilyNoticeTable;
  family_notice_text: FamilyNoticeTextTable;
}

export type Organization = Selectable<OrganizationTable>;
export type AppUser = Selectable<AppUserTable>;
export type Participant = Selectable<ParticipantTable>;
export type NewParticipant = Insertable<ParticipantTable>;
export type ParticipantUpdate = Updateable<ParticipantTable>;
