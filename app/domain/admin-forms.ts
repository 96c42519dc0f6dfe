import { z } from "zod";
import {
  INVALID_DATE_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_WEBSITE_MESSAGE,
  isValidEmail,
  normalizeEmail,
  normalizeWebsite,
  parseTags,
  parseUsDate,
  requiredMessage,
  roleNeedsSchools,
} from "./admin-fields";
import type { IsoDate } from "./calendar-date";
import type { RoleName } from "./roles";
import { isStateCode } from "./states";

// One zod schema per administration form (spec 000 §5, spec 001 §5 'Classroom form'), used by
// the route actions. Inputs are what a <Form method="post"> posts: strings, and string lists
// for multi-selects. Pure: no I/O, no React.

// Re-exported so actions import one module; the dialogs import them from admin-fields, which
// keeps zod out of the browser bundle.
export { requiredMessage, roleNeedsSchools, rolesOfferedTo } from "./admin-fields";

/** What an action reads off the posted FormData: one string per field, a list for `multi` fields. */
export type FormValues = Record<string, string | string[]>;

export function formValues(form: { getAll(name: string): unknown[]; keys(): Iterable<string> }, multi: readonly string[] = []): FormValues {
  const values: FormValues = {};
  for (const name of multi) values[name] = [];
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name).filter((v): v is string => typeof v === "string");
    values[name] = multi.includes(name) ? all : (all[0] ?? "");
  }
  return values;
}

export type FieldErrors = Partial<Record<string, string>>;
export type Parsed<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

/** Runs `schema` over the posted values: the data, or the first message per field. */
export function parseForm<S extends z.ZodType>(schema: S, values: FormValues): Parsed<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/** A required text or select field: '{label} is a required field.' when empty. */
export const requiredText = (label: string) =>
  z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim().min(1, requiredMessage(label)));

const optionalText = z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string()).transform((v) => (v ? v : null));

const list = z.preprocess((v) => (Array.isArray(v) ? v : typeof v === "string" && v ? [v] : []), z.array(z.string()));

const optionalEmail = optionalText
  .refine((v) => v === null || isValidEmail(normalizeEmail(v)), INVALID_EMAIL_MESSAGE)
  .transform((v) => (v === null ? null : normalizeEmail(v)));

// ── District ─────────────────────────────────────────────────────────────────────────────────
export const districtForm = z.object({
  name: requiredText("Name"),
  state: requiredText("State").refine(isStateCode, requiredMessage("State")),
  website: optionalText
    .refine((w) => w === null || normalizeWebsite(w) !== null, INVALID_WEBSITE_MESSAGE)
    .transform((w) => (w === null ? null : normalizeWebsite(w))),
});
export type DistrictForm = z.output<typeof districtForm>;

// ── School ───────────────────────────────────────────────────────────────────────────────────
export const schoolForm = z.object({ name: requiredText("Name") });
export type SchoolForm = z.output<typeof schoolForm>;

// ── User ─────────────────────────────────────────────────────────────────────────────────────
/**
 * The user form. Create: first, last, email and role required; role from `roles`. Edit: email and
 * role are locked (disabled, not posted), so `lockedRole` decides whether schools are required.
 */
const userBase = () => ({
  firstName: requiredText("First Name"),
  lastName: requiredText("Last Name"),
  organizationUnitIds: list,
});

export function userEditForm(lockedRole: RoleName | null) {
  return z.object(userBase()).superRefine((v, ctx) => {
    if (roleNeedsSchools(lockedRole) && v.organizationUnitIds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["organizationUnitIds"], message: requiredMessage("Schools") });
    }
  });
}

export function userCreateForm(roles: readonly RoleName[]) {
  const opts = { roles };
  const base = userBase();
  return z
    .object({
      ...base,
      email: requiredText("Email")
        .refine((e) => isValidEmail(normalizeEmail(e)), INVALID_EMAIL_MESSAGE)
        .transform(normalizeEmail),
      role: requiredText("Role").refine((r) => (opts.roles as readonly string[]).includes(r), requiredMessage("Role")),
    })
    .superRefine((v, ctx) => {
      if (roleNeedsSchools(v.role) && v.organizationUnitIds.length === 0) {
        ctx.addIssue({ code: "custom", path: ["organizationUnitIds"], message: requiredMessage("Schools") });
      }
    })
    .transform((v) => ({ ...v, role: v.role as RoleName, organizationUnitIds: roleNeedsSchools(v.role) ? v.organizationUnitIds : [] }));
}

// ── Student ──────────────────────────────────────────────────────────────────────────────────
/**
 * The student form (spec 000 §5): first, last, date of birth (MM/dd/yyyy), grade and school
 * required; classroom required when the actor is a teacher; the rest optional. The date goes
 * to the API as typed (MM/dd/yyyy, zero-padded).
 */
export function studentForm(opts: { actorIsTeacher: boolean; grades: readonly string[]; today?: IsoDate }) {
  return z
    .object({
      firstName: requiredText("First Name"),
      middleName: optionalText,
      lastName: requiredText("Last Name"),
      dateOfBirth: requiredText("Date of Birth").transform((v, ctx) => {
        const iso = parseUsDate(v, opts.today);
        if (!iso) {
          ctx.addIssue({ code: "custom", message: INVALID_DATE_MESSAGE });
          return z.NEVER;
        }
        const [y, m, d] = iso.split("-");
        return `${m}/${d}/${y}`;
      }),
      grade: requiredText("Grade").refine((g) => opts.grades.includes(g), requiredMessage("Grade")),
      organizationUnitId: requiredText("School"),
      participantGroupId: optionalText,
      email: optionalEmail,
      externalId: optionalText,
      tags: list.transform((t) => parseTags(t).tags),
    })
    .superRefine((v, ctx) => {
      if (opts.actorIsTeacher && !v.participantGroupId) {
        ctx.addIssue({ code: "custom", path: ["participantGroupId"], message: requiredMessage("Classroom") });
      }
    });
}
export type StudentForm = z.output<ReturnType<typeof studentForm>>;

// ── Classroom ────────────────────────────────────────────────────────────────────────────────
/** The classroom form (spec 001 §5): name required, teachers optional. */
export const classroomForm = z.object({ name: requiredText("Name"), teacherIds: list });
export type ClassroomForm = z.output<typeof classroomForm>;

/** 'District has been successfully created.' and the same pattern for the other entities (spec 000 §8). */
export const savedMessage = (entity: "District" | "School" | "User" | "Student" | "Classroom", mode: "create" | "edit") =>
  `${entity} has been successfully ${mode === "create" ? "created" : "updated"}.`;

/** '{name} was successfully deleted.' (spec 000 §8). */
export const deletedMessage = (name: string) => `${name} was successfully deleted.`;

/** The form-level fallback when a save fails with no server text (spec 000 §5). */
export const SUBMIT_FAILED_MESSAGE = "Error submitting form, please check your entries and try again.";
