import { z } from "zod";
import {
  INVALID_DATE_MESSAGE,
  INVALID_WEBSITE_MESSAGE,
  normalizeWebsite,
  parseUsDate,
  requiredMessage,
  UNKNOWN_GRADE_MESSAGE,
  UNKNOWN_STATE_MESSAGE,
} from "./admin-fields";
import type { IsoDate } from "./calendar-date";
import { INVALID_EMAIL_MESSAGE, isValidEmail, normalizeEmail } from "./email";
import { STUDENT_GRADE_VALUES } from "./grades";
import { isSchoolLevel, type RoleName } from "./roles";
import { isStateCode } from "./states";
import { list, text, TEXT_MAX } from "./text";
import { isUuid } from "./uuid";

// One zod schema per administration form (spec 000 §5, spec 001 §5 'Classroom form'). A route
// action parses the posted form with it (through conform, which hands over an empty field as
// undefined and repeated names as a list), and the API builds its request body from the same
// fields (`.extend`), so a form and a direct API call fail with the same texts. Pure: no I/O.

/** A required text: missing or blank → '{label} is a required field.'; trimmed; the one text type (./text.ts). */
export const requiredText = (label: string, max: number = TEXT_MAX.name) =>
  text(max, { label, error: requiredMessage(label), trim: true }).min(1, requiredMessage(label));

/** An optional text: missing or blank → null; trimmed; the one text type (./text.ts). */
export const optionalTextOf = (label: string, max: number = TEXT_MAX.name) =>
  text(max, { label, trim: true })
    .nullish()
    .transform((s) => (s ? s : null));
export const optionalText = optionalTextOf("Text");

/** Checkbox choices: none checked → []. */
export const choices = list(text(TEXT_MAX.code, { label: "Choice" }), { label: "Choices" }).default([]);

/** A required email: trimmed, lowercased, checked by the one e-mail rule (./email.ts; spec 000 §3). */
export const requiredEmail = (label = "Email") =>
  requiredText(label, TEXT_MAX.email).transform(normalizeEmail).refine(isValidEmail, INVALID_EMAIL_MESSAGE);

/** An optional email: blank → null, else trimmed, lowercased, checked. */
export const optionalEmail = optionalTextOf("Email", TEXT_MAX.email)
  .transform((e) => (e ? normalizeEmail(e) : null))
  .refine((e) => e === null || isValidEmail(e), INVALID_EMAIL_MESSAGE);

// Rules that read more than one field run even when a field already failed (`when`), so one
// save shows every message at once; they read the values defensively for that reason.
const always = { when: () => true };

// ── District ─────────────────────────────────────────────────────────────────────────────────
/** Create/Update District: name and state required, state from the list, website optional. */
export const DistrictForm = z.object({
  name: requiredText("Name"),
  state: requiredText("State").refine(isStateCode, UNKNOWN_STATE_MESSAGE),
  website: text(TEXT_MAX.url, { label: "Website" })
    .nullish()
    .transform((w, ctx) => {
      if (!w || !w.trim()) return null;
      const url = normalizeWebsite(w);
      if (url === null) ctx.addIssue({ code: "custom", message: INVALID_WEBSITE_MESSAGE });
      return url;
    }),
});
export type DistrictForm = z.output<typeof DistrictForm>;

// ── Names within their parent ──────────────────────────────────────────────────────────────
/**
 * What makes two district names (or two school names of one district) the same (issue 13 item 6):
 * case and spacing do not count, so 'Cedar  elementary ' is 'Cedar Elementary'.
 */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

export const DISTRICT_NAME_TAKEN_MESSAGE = "A district with this name already exists.";
export const SCHOOL_NAME_TAKEN_MESSAGE = "A school with this name already exists in this district.";

// ── School ───────────────────────────────────────────────────────────────────────────────────
/** Create/Update School: the name. */
export const SchoolForm = z.object({ name: requiredText("Name") });
export type SchoolForm = z.output<typeof SchoolForm>;

// ── Classroom ────────────────────────────────────────────────────────────────────────────────
/** Create/Update Classroom (spec 001 §5): name required, teachers optional. */
export const ClassroomForm = z.object({ name: requiredText("Name"), teacherIds: choices });
export type ClassroomForm = z.output<typeof ClassroomForm>;

// ── User ─────────────────────────────────────────────────────────────────────────────────────
/** The fields every user form and the API's user bodies share. */
export const UserFields = z.object({
  firstName: requiredText("First Name"),
  lastName: requiredText("Last Name"),
  email: requiredEmail(),
});

/** Schools posted for a district admin (issue 13 item 4: refused, never dropped while 'saved' is said). */
export const SCHOOLS_NOT_FOR_ROLE_MESSAGE = "Schools are only for school admins and teachers: a district admin works across all schools.";

/** Schools are required for school admins and teachers (spec 000 §5). */
const lacksSchools = (role: unknown, schools: unknown) =>
  isSchoolLevel(role as RoleName | null) && Array.isArray(schools) && schools.length === 0;
const SCHOOLS_REQUIRED = { ...always, path: ["organizationUnitIds"], message: requiredMessage("Schools") };

/** Schools are for nobody else: a role that is known and not school-level takes none. */
const hasSchoolsItCannotHave = (role: unknown, schools: unknown) =>
  typeof role === "string" && role !== "" && !isSchoolLevel(role as RoleName) && Array.isArray(schools) && schools.length > 0;
const SCHOOLS_NOT_FOR_ROLE = { ...always, path: ["organizationUnitIds"], message: SCHOOLS_NOT_FOR_ROLE_MESSAGE };

/**
 * Create User: first, last, email, role (one of `roles`, those this actor may give) and, for
 * school-level roles, schools. Schools ticked for another role are refused, not dropped.
 */
export function userCreateForm(roles: readonly RoleName[]) {
  return UserFields.extend({
    role: requiredText("Role").refine((r) => (roles as readonly string[]).includes(r), requiredMessage("Role")),
    organizationUnitIds: choices,
  })
    .refine((v) => !lacksSchools(v.role, v.organizationUnitIds), SCHOOLS_REQUIRED)
    .refine((v) => !hasSchoolsItCannotHave(v.role, v.organizationUnitIds), SCHOOLS_NOT_FOR_ROLE)
    .transform((v) => ({ ...v, role: v.role as RoleName }));
}
export type UserCreateForm = z.output<ReturnType<typeof userCreateForm>>;

/**
 * Update User: email and role are locked (disabled, so not posted); the stored role
 * (`lockedRole`) decides whether schools are required, or refused (a district admin's dialog
 * does not offer them).
 */
export function userEditForm(lockedRole: RoleName | null) {
  return UserFields.pick({ firstName: true, lastName: true })
    .extend({ organizationUnitIds: choices })
    .refine((v) => !lacksSchools(lockedRole, v.organizationUnitIds), SCHOOLS_REQUIRED)
    .refine((v) => !hasSchoolsItCannotHave(lockedRole, v.organizationUnitIds), SCHOOLS_NOT_FOR_ROLE);
}
export type UserEditForm = z.output<ReturnType<typeof userEditForm>>;

// ── Student ──────────────────────────────────────────────────────────────────────────────────
/**
 * The student fields (spec 000 §3, §5), in the spec's order so the first message is the first
 * field to fix: first, last, date of birth (MM/dd/yyyy), grade and school required; middle
 * name, tags, Student ID and email optional.
 */
export const StudentFields = z.object({
  firstName: requiredText("First Name"),
  lastName: requiredText("Last Name"),
  dateOfBirth: requiredText("Date of Birth").refine((d) => parseUsDate(d) !== null, INVALID_DATE_MESSAGE),
  grade: requiredText("Grade").refine((g) => (STUDENT_GRADE_VALUES as readonly string[]).includes(g), UNKNOWN_GRADE_MESSAGE),
  organizationUnitId: requiredText("School").refine(isUuid, requiredMessage("School")),
  middleName: optionalTextOf("Middle Name"),
  tags: z.union([text(TEXT_MAX.line, { label: "Tags" }), list(text(TEXT_MAX.code, { label: "Tags" }), { label: "Tags" })]).nullish(),
  externalId: optionalTextOf("Student ID", TEXT_MAX.code),
  email: optionalEmail,
});

/**
 * Create/Update Student as the dialog asks it: one classroom (required when the actor is a
 * teacher), the grades the dialog offers (`grades`), no date of birth after `today`.
 */
export function studentForm(opts: { actorIsTeacher: boolean; grades: readonly string[]; today?: IsoDate }) {
  return StudentFields.extend({ participantGroupId: optionalText })
    .refine(
      (v) => typeof v.dateOfBirth !== "string" || parseUsDate(v.dateOfBirth) === null || parseUsDate(v.dateOfBirth, opts.today) !== null,
      {
        ...always,
        path: ["dateOfBirth"],
        message: INVALID_DATE_MESSAGE,
      },
    )
    .refine(
      (v) => typeof v.grade !== "string" || !(STUDENT_GRADE_VALUES as readonly string[]).includes(v.grade) || opts.grades.includes(v.grade),
      {
        ...always,
        path: ["grade"],
        message: requiredMessage("Grade"),
      },
    )
    .refine((v) => !opts.actorIsTeacher || Boolean(v.participantGroupId), {
      ...always,
      path: ["participantGroupId"],
      message: requiredMessage("Classroom"),
    });
}
export type StudentForm = z.output<ReturnType<typeof studentForm>>;

// ── Messages ─────────────────────────────────────────────────────────────────────────────────
/** 'District has been successfully created.' and the same pattern for the other entities (spec 000 §8). */
export const savedMessage = (entity: "District" | "School" | "User" | "Student" | "Classroom", mode: "create" | "edit") =>
  `${entity} has been successfully ${mode === "create" ? "created" : "updated"}.`;

/** '{name} was successfully deleted.' (spec 000 §8). */
export const deletedMessage = (name: string) => `${name} was successfully deleted.`;

export { SUBMIT_FAILED_MESSAGE } from "./form-messages";
