import type { SubmissionResult } from "@conform-to/zod/v4";
import { data, type redirect } from "@remix-run/node";
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
import { refusalOf } from "./api-refusal.server";
import { apiFor, type ApiClient, type ApiResult, type ApiSchema, type CurrentUser } from "./api.server";
import { requireUser } from "./auth.server";
import { invalidForm, parseSubmission, type Replyable } from "./forms.server";
import { readFormData } from "#app/server/body-limit.server";

// The administration form actions (spec 000 §5, §8), shared by the pages that show the
// dialogs. A page's action is one table: the posted `intent` (a hidden field of every admin
// form) → its handler. A handler answers a redirect with a toast, or conform's reply (the
// field errors and what was typed) for the dialog to show.

export type AdminCtx = { request: Request; api: ApiClient; user: CurrentUser; form: FormData };
/**
 * A redirect with a toast, conform's reply, or data `D` a page shows once (a new rostering key).
 * The redirect is typed as `redirect()`'s, which carries no data: a plain `Response` would make
 * the page's `useActionData<typeof action>()` `any`.
 */
type Handler<D = never> = (ctx: AdminCtx) => Promise<Redirect | ReturnType<typeof invalidForm> | ReturnType<typeof data<D>>>;
type Redirect = ReturnType<typeof redirect>;
export type Intents<D = never> = Record<string, Handler<D>>;

/**
 * A page's action: signs the user in (and `authorize`s them), reads the form, and runs the
 * handler of its `intent`; an intent the page does not have is a 400. Pass the action's
 * `context` so the caller is looked up once for the request.
 */
export async function dispatchIntent<D = never>(
  request: Request,
  intents: Intents<D>,
  { context, authorize }: { context?: unknown; authorize?: (user: CurrentUser) => void } = {},
) {
  const user = await requireUser(request, context);
  authorize?.(user);
  const api = apiFor(request, context);
  const form = await readFormData(request);
  const handler = intents[String(form.get("intent") ?? "")];
  if (!handler) throw data({ message: "Unknown action" }, { status: 400 });
  return handler({ request, api, user, form });
}

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * After the API call of a valid form: the toast and the page, or the server's message in the
 * dialog. An edit refused because someone else saved after the dialog opened (409 with the newer
 * row as `current`) comes back with the message and the newer values in the fields (`newer`
 * turns the row into the form's fields, with its version), so the user redoes their change over
 * them: with or without JavaScript, whether or not the page's lists were reloaded.
 */
function saved<T>(
  request: Request,
  submission: Replyable,
  result: ApiResult<unknown>,
  message: string,
  form: FormData,
  newer?: (current: T) => Record<string, string | string[]>,
  shows?: string,
) {
  // After a create, a paged list is searched for the new row (`shows`), so it is on the page (issue 15).
  if (result.ok) return succeeded(request, message, [], createKeyOf(form), shows);
  const current = result.status === 409 ? (result.body as { current?: T } | null)?.current : undefined;
  if (current && newer) {
    const reply = submission.reply({ formErrors: [result.error.message] });
    const initialValue = { ...submission.payload, ...newer(current) } as SubmissionResult<string[]>["initialValue"];
    return data<SubmissionResult<string[]>>({ ...reply, initialValue }, { status: 409 });
  }
  return failed(request, submission, result);
}

/** The version an edit form read its row at (a hidden field), for the API's optimistic concurrency check. */
function versionOf(form: FormData): { version?: number } {
  const version = Number(str(form, "version"));
  return Number.isInteger(version) && version > 0 ? { version } : {};
}

/** A create form's key (its idempotency key, also in its dialog's URL), when the form is a create. */
function createKeyOf(form: FormData): string | undefined {
  const key = form.get("idempotencyKey");
  return typeof key === "string" && key ? key : undefined;
}

/**
 * A create form's idempotency key (a hidden field the server put in the dialog) as the API's
 * Idempotency-Key header: posting the form twice creates one record. A blank one is passed on
 * for the API to refuse (issue 13 item 5; app/api/idempotency.ts).
 */
function idempotency(form: FormData): { headers?: Record<string, string> } {
  const key = form.get("idempotencyKey");
  return typeof key === "string" ? { headers: { "Idempotency-Key": key } } : {};
}

/** A typed API call, as `api.result` takes it. */
type Pending = Parameters<ApiClient["result"]>[0];

/** Delete the row `id` through `call`: '{name} was successfully deleted.', or the server's message as a toast. */
function deleteIntent(call: (api: ApiClient, id: string) => Pending): Handler {
  return async ({ request, api, form }) => {
    const result = await api.result(call(api, str(form, "id")));
    if (result.ok) return succeeded(request, deletedMessage(str(form, "name")));
    return failedWithToast(request, (await refusalOf(request, result)).message);
  };
}

/** Create and update through one form: `create-<entity>` posts, `edit-<entity>` puts with the row id. */
function saveIntents(
  entity: "district" | "school" | "classroom",
  save: (ctx: AdminCtx, id: string | null) => Promise<Redirect | ReturnType<typeof invalidForm>>,
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
    const body = submission.value;
    const result = await api.result(
      id
        ? api.PUT("/organization", { body: { ...body, organizationId: id, ...versionOf(form) } })
        : api.POST("/organization", { body, ...idempotency(form) }),
    );
    return saved(
      request,
      submission,
      result,
      savedMessage("District", id ? "edit" : "create"),
      form,
      (d: ApiSchema<"Organization">) => ({ name: d.name, state: d.state, website: d.website ?? "", version: String(d.version) }),
      id ? undefined : body.name,
    );
  }),
  "delete-district": deleteIntent((api, id) => api.DELETE("/organization/{id}", { params: { path: { id } } })),
});

/** Schools of a district. */
export const schoolIntents = (organizationId: string): Intents => ({
  ...saveIntents("school", async ({ request, api, form }, id) => {
    const submission = parseSubmission(form, SchoolForm);
    if (submission.status !== "success") return invalidForm(submission);
    const body = { organizationId, name: submission.value.name };
    const result = await api.result(
      id
        ? api.PUT("/organizationUnit", { body: { ...body, organizationUnitId: id, ...versionOf(form) } })
        : api.POST("/organizationUnit", { body, ...idempotency(form) }),
    );
    return saved(
      request,
      submission,
      result,
      savedMessage("School", id ? "edit" : "create"),
      form,
      (s: ApiSchema<"OrganizationUnit">) => ({ name: s.name, version: String(s.version) }),
      id ? undefined : body.name,
    );
  }),
  "delete-school": deleteIntent((api, id) => api.DELETE("/organizationUnit/{id}", { params: { path: { id } } })),
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
    const body = {
      ...(opts.organizationId && role !== "SUPER_ADMIN" ? { organizationId: opts.organizationId } : {}),
      ...person,
      roles: [ROLE_IDS[role]],
      ...(organizationUnitIds.length ? { organizationUnitIds } : {}),
    };
    const result = await api.result(api.POST("/user", { body, ...idempotency(form) }));
    return saved(request, submission, result, savedMessage("User", "create"), form, undefined, person.email);
  },
  "edit-user": async ({ request, api, form }) => {
    const lockedRole = (str(form, "lockedRole") || null) as RoleName | null;
    const submission = parseSubmission(form, userEditForm(lockedRole));
    if (submission.status !== "success") return invalidForm(submission);
    const { firstName, lastName, organizationUnitIds } = submission.value;
    const body = {
      userId: str(form, "id"),
      firstName,
      lastName,
      organizationUnitIds: isSchoolLevel(lockedRole) ? organizationUnitIds : [],
      ...versionOf(form),
    };
    const result = await api.result(api.PUT("/user", { body }));
    return saved(request, submission, result, savedMessage("User", "edit"), form, (u: ApiSchema<"User">) => ({
      firstName: u.firstName,
      lastName: u.lastName,
      organizationUnitIds: u.OrganizationUnits.map((s) => s.organizationUnitId),
      version: String(u.version),
    }));
  },
  "delete-user": deleteIntent((api, id) => api.DELETE("/user/{id}", { params: { path: { id } } })),
  "invite-user": inviteIntent(
    (api, email) => api.POST("/user/inviteUser/{email}", { params: { path: { email } } }),
    "Invite successfully sent!",
  ),
  "resend-invite": inviteIntent(
    (api, email) => api.POST("/user/resendInvite/{email}", { params: { path: { email } } }),
    "Invite successfully resent!",
  ),
});

/** Invite or resend through `call` for the row's `email`: the toast either way. */
function inviteIntent(call: (api: ApiClient, email: string) => Pending, done: string): Handler {
  return async ({ request, api, form }) => {
    const result = await api.result(call(api, str(form, "email")));
    if (!result.ok) return failedWithToast(request, (await refusalOf(request, result)).message);
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
    const result = await api.result(
      id
        ? api.PUT("/participantGroups", { body: { ...body, participantGroupId: id, ...versionOf(form) } })
        : api.POST("/participantGroups", { body, ...idempotency(form) }),
    );
    return saved(
      request,
      submission,
      result,
      savedMessage("Classroom", id ? "edit" : "create"),
      form,
      (g: ApiSchema<"Classroom">) => ({ name: g.name, teacherIds: g.User.map((t) => t.userId), version: String(g.version) }),
      id ? undefined : body.name,
    );
  }),
  "delete-classroom": deleteIntent((api, id) => api.DELETE("/participantGroups/{id}", { params: { path: { id } } })),
});

/** The grades the student form offers (grade 3 only with flag grade-3-student-create). */
export function studentGrades(request: Request) {
  return studentGradeOptions({ grade3StudentCreate: isOn(flagsFor(request), "grade-3-student-create") });
}

/** Students of a school (also from the classroom page). */
export const studentIntents = () =>
  ({
    "create-student": (ctx) => saveStudent(ctx, null),
    "edit-student": (ctx) => saveStudent(ctx, str(ctx.form, "id")),
    "delete-student": deleteIntent((api, id) => api.DELETE("/participants/delete/{id}", { params: { path: { id } } })),
  }) satisfies Intents;

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
  const result = await api.result(
    id
      ? api.PUT("/participants", { body: { ...body, participantId: id, ...versionOf(form) } })
      : api.POST("/participants", { body, ...idempotency(form) }),
  );
  return saved(
    request,
    submission,
    result,
    savedMessage("Student", id ? "edit" : "create"),
    form,
    (p: ApiSchema<"Participant">) => {
      // The dialog shows one classroom: the one it showed, if the student is still in it.
      const shown = str(form, "shownClassroomId");
      const classroom = p.participantGroupIds.includes(shown) ? shown : (p.participantGroupIds[0] ?? "");
      return {
        firstName: p.firstName,
        middleName: p.middleName ?? "",
        lastName: p.lastName,
        dateOfBirth: p.dateOfBirth ?? "",
        grade: p.grade,
        organizationUnitId: p.organizationUnitId,
        participantGroupId: classroom,
        shownClassroomId: classroom,
        existingClassroomIds: p.participantGroupIds.join(","),
        existingGrade: p.grade,
        email: p.email ?? "",
        externalId: p.externalId ?? "",
        tags: p.tags ? p.tags.split(",") : [],
        version: String(p.version),
      };
    },
    id ? undefined : body.lastName,
  );
}
