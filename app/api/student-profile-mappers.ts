import { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { ParticipantTable } from "#app/db/schema";
import { Participant, TeacherRef, toParticipant } from "./mappers";
import { ParticipantTest, PeriodConfig, RiskScore } from "./results-mappers";
import { EffectiveStandardsSchema } from "./standards-mappers";

// The student profile (spec 001 §2 'Student profile', §3 Participant): rows → API field names.

export const StudentClassroom = z
  .object({
    participantGroupId: z.string(),
    name: z.string(),
    enabledInEBPlatform: z.boolean(),
    User: z.array(TeacherRef).openapi({ description: "teachers of the classroom, by name" }),
  })
  .openapi("StudentClassroom");
export type StudentClassroom = z.infer<typeof StudentClassroom>;

export const StudentWithPlacement = Participant.extend({
  ParticipantGroup: z.array(StudentClassroom).openapi({ description: "the student's live classrooms, by name" }),
  OrganizationUnit: z.object({
    organizationUnitId: z.string(),
    name: z.string(),
    Organization: z.object({ organizationId: z.string(), name: z.string() }),
  }),
  lastTestDate: z
    .string()
    .nullable()
    .openapi({ description: "when the student's most recent test ended (or started, if unfinished); any school year" }),
}).openapi("StudentWithPlacement");
export type StudentWithPlacement = z.infer<typeof StudentWithPlacement>;

export const StudentPeriod = PeriodConfig.extend({
  ParticipantTests: z.array(ParticipantTest).openapi({ description: "the student's tests started within the period, oldest first" }),
}).openapi("StudentPeriod");
export type StudentPeriod = z.infer<typeof StudentPeriod>;

export const StudentProfile = z
  .object({
    Participant: StudentWithPlacement,
    academicYear: z.string().nullable().openapi({ example: "2026-2027" }),
    periods: z.array(StudentPeriod).openapi({ description: "every period of the district's current academic year, BOY first" }),
    riskScores: z.array(RiskScore).openapi({ description: "predictive-profile scores of that academic year, one per period scored" }),
    standards: EffectiveStandardsSchema,
  })
  .openapi("StudentProfile");
export type StudentProfile = z.infer<typeof StudentProfile>;

export type ClassroomTeacherRow = {
  participant_group_id: string;
  name: string;
  enabled_in_eb_platform: boolean;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** One row per classroom × teacher (teacher null for a classroom without one) → classrooms with teacher lists. */
export function toStudentClassrooms(rows: readonly ClassroomTeacherRow[]): StudentClassroom[] {
  const byId = new Map<string, StudentClassroom>();
  for (const r of rows) {
    let group = byId.get(r.participant_group_id);
    if (!group) {
      group = { participantGroupId: r.participant_group_id, name: r.name, enabledInEBPlatform: r.enabled_in_eb_platform, User: [] };
      byId.set(r.participant_group_id, group);
    }
    if (r.user_id !== null && !group.User.some((u) => u.userId === r.user_id)) {
      group.User.push({ userId: r.user_id, firstName: r.first_name ?? "", lastName: r.last_name ?? "" });
    }
  }
  return [...byId.values()];
}

export function toStudentWithPlacement(
  p: Selectable<ParticipantTable>,
  classrooms: StudentClassroom[],
  school: { organization_unit_id: string; name: string; organization_id: string; organization_name: string },
  lastTest: Date | string | null,
): StudentWithPlacement {
  return {
    ...toParticipant(
      p,
      classrooms.map((c) => c.participantGroupId),
    ),
    ParticipantGroup: classrooms,
    OrganizationUnit: {
      organizationUnitId: school.organization_unit_id,
      name: school.name,
      Organization: { organizationId: school.organization_id, name: school.organization_name },
    },
    lastTestDate: lastTest === null ? null : new Date(lastTest).toISOString(),
  };
}
