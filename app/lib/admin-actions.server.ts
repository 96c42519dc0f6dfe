import { data } from "@remix-run/node";
import type { CurrentUser } from "#app/api/mappers";
import {
  ClassroomForm,
  deletedMessage,
  DistrictForm,
  savedMessage,
  SchoolForm,
  studentForm,
  userCreateForm,
  userEditForm,
} from "#app/domain/admin-forms";
import { rolesOfferedTo } from "#app/domain/admin-fields";
import { localIsoDate } from "#app/domain/calendar-date";
import { studentGradeOptions } from "#app/domain/grades";
import { isSchoolLevel, ROLE_IDS, type RoleName } from "#app/domain/roles";
import { flagsFor, isOn } from "#app/server/flags.server";
import { failed, failedWithToast, succeeded } from "./admin.server";
import { apiFor, type ApiClient, type ApiResult } from "./api.server";
import { requireUser } from "./auth.server";
import { signOutAndRedirect } from "./session.server";
import { invalidForm, parseSubmission, type Replyable } from "./forms.server";

// The administration form actions (spec 000 §5, §8), shared by the pages that show the
// dialogs. A page's action is one table: the posted `intent` (a hidden field of every admin
// form) → its handler. A handler answers a redirect with a toast, or conform's reply (the
// field errors and what was typed) for the dialog to show.

export type AdminCtx = { request: Request; api: ApiClient; user: CurrentUser; form: FormData };
type Handler = (ctx: AdminCtx) => Promise<Response | ReturnType<typeof invalidForm>>;
export type Intents = Record<string, Handler>;

/**
 * A page's action: signs the user in (and `authorize`s them), reads the form, and runs the
 * handler of its `intent`; an intent the page does not have is a 400.
 */
export async function dispatchIntent(request: Request, intents: Intents, authorize?: (user: CurrentUser) => void) {
  const user = await requireUser(request);
  authorize?.(user);
  const api = await apiFor(request);
  const form = await request.formData();
  const handler = intents[String(form.get("intent") ?? "")];
  if (!handler) throw data({ message: "Unknown action" }, { status: 400 });
  return handler({ request, api, user, form });
}

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** After the API call of a valid form: the toast and the page, or the server's message in the dialog. */
function saved(request: Request, submission: Replyable, result: ApiResult<unknown>, message: string) {
  return result.ok ? succeeded(request, message) : failed(request, submission, result);
}

/** Delete: the row's `id` goes to `path(id)`; '{name} was successfully deleted.' or the server's message as a toast. */
function deleteIntent(path: (id: string) => string): Handler {
  return async ({ request, api, form }) => {
    const result = await api.del(path(str(form, "id")));
    if (result.ok) return succeeded(request, deletedMessage(str(form, "name")));
    if (result.status === 401) return signOutAndRedirect(request);
    return failedWithToast(request, result.error.message);
  };
}

/** Create and update through one form: `create-<entity>` posts, `edit-<entity>` puts with the row id. */
function saveIntents(
  entity: "district" | "school" | "classroom",
  save: (ctx: AdminCtx, id: string | null) => Promise<Response | ReturnType<typeof invalidForm>>,
): Intents {
  return {
    [`create-${entity}`]: (ctx) => save(ctx, null),
    [`edit-${entity}`]: (ctx) => save(ctx, str(ctx.form, "id")),
  };
}

/** Districts (super admin view). */
export const districtIntents = (): Intents => ({
  ...saveIntents("district", async ({ request, api, form }, id) => {
    const submission = parseSubmission(form, DistrictForm);
    if (submission.status !== "success") return invalidForm(submission);
    const result = id
      ? await api.put("/organization", { ...submission.value, organizationId: id })
      : await api.post("/organization", submission.value);
    return saved(request, submission, result, savedMessage("District", id ? "edit" : "create"));
  }),
  "delete-district": deleteIntent((id) => `/organization/${id}`),
});

/** Schools of a district. */
export const schoolIntents = (organizationId: string): Intents => ({
  ...saveIntents("school", async ({ request, api, form }, id) => {
    const submission = parseSubmission(form, SchoolForm);
    if (submission.status !== "success") return invalidForm(submission);
    const body = { organizationId, name: submission.value.name };
    const result = id ? await api.put("/organizationUnit", { ...body, organizationUnitId: id }) : await api.post("/organizationUnit", body);
    return saved(request, submission, result, savedMessage("School", id ? "edit" : "create"));
  }),
  "delete-school": deleteIntent((id) => `/organizationUnit/${id}`),
});

/**
 * Users: create and edit through the user dialog (roles offered per actor; `fixedRole` for the
 * super admin list), delete, invite (None → Pending) and resend (Pending).
 */
export const userIntents = (opts: { organizationId: string | null; fixedRole?: RoleName }): Intents => ({
  "create-user": async ({ request, api, user, form }) => {
    // The super admin list does not ask the role: it is the fixed one.
    if (opts.fixedRole) form.set("role", opts.fixedRole);
    const submission = parseSubmission(form, userCreateForm(opts.fixedRole ? [opts.fixedRole] : rolesOfferedTo(user.role)));
    if (submission.status !== "success") return invalidForm(submission);
    const { role, organizationUnitIds, ...person } = submission.value;
    const result = await api.post("/user", {
      ...(opts.organizationId && role !== "SUPER_ADMIN" ? { organizationId: opts.organizationId } : {}),
      ...person,
      roles: [ROLE_IDS[role]],
      ...(organizationUnitIds.length ? { organizationUnitIds } : {}),
    });
    return saved(request, submission, result, savedMessage("User", "create"));
  },
  "edit-user": async ({ request, api, form }) => {
    const lockedRole = (str(form, "lockedRole") || null) as RoleName | null;
    const submission = parseSubmission(form, userEditForm(lockedRole));
    if (submission.status !== "success") return invalidForm(submission);
    const { firstName, lastName, organizationUnitIds } = submission.value;
    const result = await api.put("/user", {
      userId: str(form, "id"),
      firstName,
      lastName,
      organizationUnitIds: isSchoolLevel(lockedRole) ? organizationUnitIds : [],
    });
    return saved(request, submission, result, savedMessage("User", "edit"));
  },
  "delete-user": deleteIntent((id) => `/user/${id}`),
  "invite-user": inviteIntent("/user/inviteUser/", "Invite successfully sent!"),
  "resend-invite": inviteIntent("/user/resendInvite/", "Invite successfully resent!"),
});

function inviteIntent(path: string, done: string): Handler {
  return async ({ request, api, form }) => {
    const result = await api.post(`${path}${encodeURIComponent(str(form, "email"))}`);
    if (!result.ok) return failedWithToast(request, result.error.message);
    return succeeded(request, done);
  };
}

/** Classrooms of a school. */
export const classroomIntents = (organizationUnitId: string): Intents => ({
  ...saveIntents("classroom", async ({ request, api, user, form }, id) => {
    const submission = parseSubmission(form, ClassroomForm);
    if (submission.status !== "success") return invalidForm(submission);
    const body = {
      name: submission.value.name,
      organizationUnitId,
      participantGroupType: "CLASSROOM" as const,
      // A teacher's field is disabled (not posted): leave the teachers as they are.
      ...(user.role === "TEACHER" ? {} : { teacherId: submission.value.teacherIds }),
    };
    const result = id
      ? await api.put("/participantGroups", { ...body, participantGroupId: id })
      : await api.post("/participantGroups", body);
    return saved(request, submission, result, savedMessage("Classroom", id ? "edit" : "create"));
  }),
  "delete-classroom": deleteIntent((id) => `/participantGroups/${id}`),
});

/** The grades the student form offers (grade 3 only with flag grade-3-student-create). */
export function studentGrades(request: Request) {
  return studentGradeOptions({ grade3StudentCreate: isOn(flagsFor(request), "grade-3-student-create") });
}

/** Students of a school (also from the classroom page). */
export const studentIntents = (): Intents => ({
  "create-student": (ctx) => saveStudent(ctx, null),
  "edit-student": (ctx) => saveStudent(ctx, str(ctx.form, "id")),
  "delete-student": deleteIntent((id) => `/participants/delete/${id}`),
});

async function saveStudent({ request, api, user, form }: AdminCtx, id: string | null) {
  const grades: string[] = studentGrades(request).map((g) => g.value);
  const existingGrade = str(form, "existingGrade");
  if (id && existingGrade && !grades.includes(existingGrade)) grades.push(existingGrade);
  const schema = studentForm({ actorIsTeacher: user.role === "TEACHER", grades, today: localIsoDate(new Date()) });
  const submission = parseSubmission(form, schema);
  if (submission.status !== "success") return invalidForm(submission);
  const { participantGroupId, ...fields } = submission.value;
  let participantGroupIds = participantGroupId ? [participantGroupId] : [];
  if (id) {
    // The dialog shows one classroom; the student's other classrooms stay.
    const existing = str(form, "existingClassroomIds").split(",").filter(Boolean);
    const shown = str(form, "shownClassroomId");
    participantGroupIds = [...new Set([...existing.filter((c) => c !== shown), ...participantGroupIds])];
  }
  const body = { ...fields, participantGroupIds };
  const result = id ? await api.put("/participants", { ...body, participantId: id }) : await api.post("/participants", body);
  return saved(request, submission, result, savedMessage("Student", id ? "edit" : "create"));
}
