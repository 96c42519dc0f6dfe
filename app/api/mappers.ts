import { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { AppUserTable, OrganizationTable, OrganizationUnitTable, ParticipantTable } from "#app/db/schema";
import { ROLE_NAMES, roleNameOf } from "#app/domain/roles";
import type { Actor } from "./env";
import { Version } from "./versions";
import { toUsBirthDate } from "#app/domain/birth-date";

// The one place where database rows become the API's field names (DESIGN: "Names").

export const CurrentUser = z
  .object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ROLE_NAMES).nullable(),
    districtId: z.string().nullable(),
    schoolIds: z.array(z.string()),
    passwordIsTemporary: z.boolean(),
  })
  .openapi("CurrentUser");
export type CurrentUser = z.infer<typeof CurrentUser>;

export const toCurrentUser = (a: Actor): CurrentUser => ({
  userId: a.userId,
  email: a.email,
  firstName: a.firstName,
  lastName: a.lastName,
  role: a.role,
  districtId: a.organizationId,
  schoolIds: a.schoolIds,
  passwordIsTemporary: a.passwordIsTemporary,
});

export const Organization = z
  .object({ organizationId: z.string(), name: z.string(), state: z.string(), website: z.string().nullable(), version: Version })
  .openapi("Organization");
export type Organization = z.infer<typeof Organization>;

export const toOrganization = (o: Selectable<OrganizationTable>): Organization => ({
  organizationId: o.organization_id,
  name: o.name,
  state: o.state,
  website: o.website,
  version: o.version,
});

export const OrganizationUnit = z
  .object({
    organizationUnitId: z.string(),
    name: z.string(),
    organizationId: z.string(),
    version: Version,
    Organization: z.object({ organizationId: z.string(), name: z.string() }).optional(),
  })
  .openapi("OrganizationUnit");
export type OrganizationUnit = z.infer<typeof OrganizationUnit>;

export const toOrganizationUnit = (
  u: Pick<Selectable<OrganizationUnitTable>, "organization_unit_id" | "name" | "organization_id" | "version">,
  organizationName?: string,
): OrganizationUnit => ({
  organizationUnitId: u.organization_unit_id,
  name: u.name,
  organizationId: u.organization_id,
  version: u.version,
  ...(organizationName !== undefined ? { Organization: { organizationId: u.organization_id, name: organizationName } } : {}),
});

export const Participant = z
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
    email: z.string().nullable(),
    participantGroupIds: z.array(z.string()),
    version: Version,
  })
  .openapi("Participant");
export type Participant = z.infer<typeof Participant>;

/** 'YYYY-MM-DD' (database) to 'MM/dd/yyyy' (spec 000 section 3). */
export const toUsDate = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
};

export const toParticipant = (p: Selectable<ParticipantTable>, groupIds: string[]): Participant => ({
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
  email: p.email,
  participantGroupIds: groupIds,
  version: p.version,
});

// ── Administration (issue 4) ────────────────────────────────────────────────────────────────

export const UserRoleRef = z.object({ roleId: z.string(), roleName: z.enum(ROLE_NAMES) });

/** A user as spec 000 section 3 describes it; Role[] in the order given, the first one decides. */
export const User = z
  .object({
    userId: z.string(),
    organizationId: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    authStatus: z.enum(["None", "Pending", "Active"]),
    Role: z.array(UserRoleRef),
    OrganizationUnits: z.array(z.object({ organizationUnitId: z.string(), name: z.string() })),
    version: Version,
  })
  .openapi("User");
export type User = z.infer<typeof User>;

export const toUser = (
  u: Pick<Selectable<AppUserTable>, "user_id" | "organization_id" | "first_name" | "last_name" | "email" | "auth_status" | "version">,
  roleIds: readonly string[],
  units: readonly { organization_unit_id: string; name: string }[],
): User => ({
  userId: u.user_id,
  organizationId: u.organization_id,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  authStatus: u.auth_status,
  Role: roleIds.flatMap((roleId) => {
    const roleName = roleNameOf(roleId);
    return roleName ? [{ roleId, roleName }] : [];
  }),
  OrganizationUnits: units.map((s) => ({ organizationUnitId: s.organization_unit_id, name: s.name })),
  version: u.version,
});

export const TeacherRef = z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() });

/** A row of a school's classroom table (spec 001 §2): name, grades of its students, teachers. */
export const ClassroomSummary = z
  .object({
    participantGroupId: z.string(),
    name: z.string(),
    organizationUnitId: z.string(),
    participantGroupType: z.literal("CLASSROOM"),
    enabledInEBPlatform: z.boolean(),
    teacherId: z.string().openapi({ description: "comma-joined teacher user ids" }),
    grades: z.array(z.string()).openapi({ description: "distinct grades of its students, PK first" }),
    studentCount: z.number().int(),
    User: z.array(TeacherRef).openapi({ description: "teachers, by name" }),
    OrganizationUnit: z.object({ organizationUnitId: z.string(), name: z.string() }),
    version: Version,
  })
  .openapi("ClassroomSummary");
export type ClassroomSummary = z.infer<typeof ClassroomSummary>;

/** A row of a school's student table: the student with their classrooms and those classrooms' teachers. */
export const SchoolStudent = Participant.extend({
  ParticipantGroup: z.array(
    z.object({ participantGroupId: z.string(), name: z.string(), enabledInEBPlatform: z.boolean(), User: z.array(TeacherRef) }),
  ),
}).openapi("SchoolStudent");
export type SchoolStudent = z.infer<typeof SchoolStudent>;
