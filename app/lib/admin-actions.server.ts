import type { CurrentUser } from "#app/api/mappers";
import {
  classroomForm,
  deletedMessage,
  districtForm,
  formValues,
  parseForm,
  savedMessage,
  schoolForm,
  studentForm,
  userCreateForm,
  userEditForm,
  rolesOfferedTo,
} from "#app/domain/admin-forms";
import { localIsoDate } from "#app/domain/calendar-date";
import { studentGradeOptions } from "#app/domain/grades";
import { ROLE_IDS, type RoleName } from "#app/domain/roles";
import { failed, failedWithToast, invalid, succeeded } from "./admin.server";
import type { ApiClient } from "./api.server";
import { flagsFor, isOn } from "#app/server/flags.server";

// The administration form actions, shared by the pages that show the dialogs (super admin,
// district, school and classroom pages). Each takes the posted form and answers a redirect
// with a toast, or the errors plus what the user typed.

type Ctx = { request: Request; api: ApiClient; user: CurrentUser; form: FormData };

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

export async function districtAction({ request, api, form }: Ctx, intent: "create-district" | "edit-district" | "delete-district") {
  const id = str(form, "id");
  if (intent === "delete-district") return deleteThing(request, api, `/organization/${id}`, str(form, "name"));
  const values = formValues(form);
  const parsed = parseForm(districtForm, values);
  if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
  const body = { ...parsed.data, ...(intent === "edit-district" ? { organizationId: id } : {}) };
  const result = intent === "edit-district" ? await api.put("/organization", body) : await api.post("/organization", body);
  if (!result.ok) return failed(request, intent, result, values);
  return succeeded(request, savedMessage("District", intent === "edit-district" ? "edit" : "create"));
}

export async function schoolAction(
  { request, api, form }: Ctx,
  intent: "create-school" | "edit-school" | "delete-school",
  organizationId: string,
) {
  const id = str(form, "id");
  if (intent === "delete-school") return deleteThing(request, api, `/organizationUnit/${id}`, str(form, "name"));
  const values = formValues(form);
  const parsed = parseForm(schoolForm, values);
  if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
  const body = { organizationId, name: parsed.data.name, ...(intent === "edit-school" ? { organizationUnitId: id } : {}) };
  const result = intent === "edit-school" ? await api.put("/organizationUnit", body) : await api.post("/organizationUnit", body);
  if (!result.ok) return failed(request, intent, result, values);
  return succeeded(request, savedMessage("School", intent === "edit-school" ? "edit" : "create"));
}

/**
 * Users: create and edit through the user dialog (roles offered per actor; `fixedRole` for the
 * super admin list), delete, invite (None → Pending) and resend (Pending).
 */
export async function userAction(
  { request, api, user, form }: Ctx,
  intent: "create-user" | "edit-user" | "delete-user" | "invite-user" | "resend-invite",
  opts: { organizationId: string | null; fixedRole?: RoleName },
) {
  const id = str(form, "id");
  if (intent === "delete-user") return deleteThing(request, api, `/user/${id}`, str(form, "name"));
  if (intent === "invite-user" || intent === "resend-invite") {
    const email = str(form, "email");
    const path = intent === "invite-user" ? "/user/inviteUser/" : "/user/resendInvite/";
    const result = await api.post(`${path}${encodeURIComponent(email)}`);
    if (!result.ok) return failedWithToast(request, result.error.message);
    return succeeded(request, intent === "invite-user" ? "Invite successfully sent!" : "Invite successfully resent!");
  }
  const values = formValues(form, ["organizationUnitIds"]);
  if (intent === "edit-user") {
    const lockedRole = (str(form, "lockedRole") || null) as RoleName | null;
    const parsed = parseForm(userEditForm(lockedRole), values);
    if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
    const body = {
      userId: id,
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      organizationUnitIds: lockedRole === "ORG_UNIT_ADMIN" || lockedRole === "TEACHER" ? parsed.data.organizationUnitIds : [],
    };
    const result = await api.put("/user", body);
    if (!result.ok) return failed(request, intent, result, values);
    return succeeded(request, savedMessage("User", "edit"));
  }
  if (opts.fixedRole) values.role = opts.fixedRole;
  const roles = opts.fixedRole ? [opts.fixedRole] : rolesOfferedTo(user.role);
  const parsed = parseForm(userCreateForm(roles), values);
  if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
  const body = {
    ...(opts.organizationId && parsed.data.role !== "SUPER_ADMIN" ? { organizationId: opts.organizationId } : {}),
    firstName: parsed.data.firstName,
    lastName: parsed.data.lastName,
    email: parsed.data.email,
    roles: [ROLE_IDS[parsed.data.role]],
    ...(parsed.data.organizationUnitIds.length ? { organizationUnitIds: parsed.data.organizationUnitIds } : {}),
  };
  const result = await api.post("/user", body);
  if (!result.ok) return failed(request, intent, result, values);
  return succeeded(request, savedMessage("User", "create"));
}

export async function classroomAction(
  { request, api, user, form }: Ctx,
  intent: "create-classroom" | "edit-classroom" | "delete-classroom",
  organizationUnitId: string,
) {
  const id = str(form, "id");
  if (intent === "delete-classroom") return deleteThing(request, api, `/participantGroups/${id}`, str(form, "name"));
  const values = formValues(form, ["teacherIds"]);
  const parsed = parseForm(classroomForm, values);
  if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
  const body = {
    name: parsed.data.name,
    organizationUnitId,
    participantGroupType: "CLASSROOM" as const,
    // A teacher's field is disabled (not posted): leave the teachers as they are.
    ...(user.role === "TEACHER" ? {} : { teacherId: parsed.data.teacherIds.join(",") }),
    ...(intent === "edit-classroom" ? { participantGroupId: id } : {}),
  };
  const result = intent === "edit-classroom" ? await api.put("/participantGroups", body) : await api.post("/participantGroups", body);
  if (!result.ok) return failed(request, intent, result, values);
  return succeeded(request, savedMessage("Classroom", intent === "edit-classroom" ? "edit" : "create"));
}

/** The grades the student form offers (grade 3 only with flag grade-3-student-create). */
export function studentGrades(request: Request) {
  return studentGradeOptions({ grade3StudentCreate: isOn(flagsFor(request), "grade-3-student-create") });
}

export async function studentAction({ request, api, user, form }: Ctx, intent: "create-student" | "edit-student" | "delete-student") {
  const id = str(form, "id");
  if (intent === "delete-student") return deleteThing(request, api, `/participants/delete/${id}`, str(form, "name"));
  const values = formValues(form, ["tags"]);
  const grades = studentGrades(request).map((g) => g.value as string);
  const existingGrade = str(form, "existingGrade");
  if (intent === "edit-student" && existingGrade && !grades.includes(existingGrade)) grades.push(existingGrade);
  const schema = studentForm({ actorIsTeacher: user.role === "TEACHER", grades, today: localIsoDate(new Date()) });
  const parsed = parseForm(schema, values);
  if (!parsed.ok) return invalid(intent, parsed.fieldErrors, values);
  const { participantGroupId, tags, ...fields } = parsed.data;
  let participantGroupIds: string[] | undefined = participantGroupId ? [participantGroupId] : [];
  if (intent === "edit-student") {
    // The dialog shows one classroom; the student's other classrooms stay.
    const existing = str(form, "existingClassroomIds").split(",").filter(Boolean);
    const shown = str(form, "shownClassroomId");
    participantGroupIds = [...new Set([...existing.filter((c) => c !== shown), ...(participantGroupId ? [participantGroupId] : [])])];
  }
  const body = { ...fields, tags: tags.join(","), participantGroupIds, ...(intent === "edit-student" ? { participantId: id } : {}) };
  const result = intent === "edit-student" ? await api.put("/participants", body) : await api.post("/participants", body);
  if (!result.ok) return failed(request, intent, result, values);
  return succeeded(request, savedMessage("Student", intent === "edit-student" ? "edit" : "create"));
}

async function deleteThing(request: Request, api: ApiClient, path: string, name: string) {
  const result = await api.del(path);
  if (!result.ok) {
    if (result.status === 401) return failed(request, "delete", result);
    return failedWithToast(request, result.error.message);
  }
  return succeeded(request, deletedMessage(name));
}
