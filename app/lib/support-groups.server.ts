import { data } from "@remix-run/node";
import { SUBMIT_FAILED_MESSAGE } from "#app/domain/form-messages";
import { minutesOf } from "#app/domain/support-group-input";
import { GROUP_INTENTS } from "#app/domain/support-groups";
import { succeeded } from "./admin.server";
import type { ApiClient, ApiResult } from "./api.server";
import { signOutAndRedirect } from "./session.server";

// What the groups page's forms post (issue 39 item 7): save a suggested group, rename a group,
// move a student into a group, log a session. Plain forms that work without JavaScript; the API
// checks the caller and every rule, and its messages come back under the fields.

/** A form that did not save: which form (its intent and card), the messages per field, the form's own. */
export type GroupFormReply = {
  groupForm: { intent: string; key: string; errors: Record<string, string>; formError: string | null; values: Record<string, string> };
};

/** The API's `errors` ('minutes: …') as messages per field. */
function byField(errors: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors ?? []) {
    const m = /^(\w+)(?:\.\d+)?: (.*)$/.exec(e);
    if (m && !out[m[1]!]) out[m[1]!] = m[2]!;
  }
  return out;
}

async function answer(
  request: Request,
  pending: Promise<ApiResult<unknown>>,
  done: string,
  form: { intent: string; key: string; values: Record<string, string> },
) {
  const result = await pending;
  if (result.ok) return succeeded(request, done);
  if (result.status === 401) return signOutAndRedirect(request);
  const errors = byField(result.error.errors);
  const message =
    result.error.message && !/unexpected server error/i.test(result.error.message) ? result.error.message : SUBMIT_FAILED_MESSAGE;
  return data<GroupFormReply>(
    { groupForm: { ...form, errors, formError: Object.keys(errors).length > 0 ? null : message } },
    { status: result.status >= 400 && result.status < 500 ? result.status : 400 },
  );
}

export async function groupAction(request: Request, api: ApiClient, classroomId: string, form: FormData) {
  const get = (n: string) => (typeof form.get(n) === "string" ? String(form.get(n)) : "");
  const all = (n: string) => form.getAll(n).filter((v): v is string => typeof v === "string");
  const intent = get("intent");
  const groupId = get("supportGroupId");
  switch (intent) {
    case GROUP_INTENTS.save:
      return answer(
        request,
        api.result(
          api.POST("/participantGroups/{id}/supportGroups", {
            params: { path: { id: classroomId } },
            body: {
              name: get("name"),
              participantIds: all("participantId"),
              letterNames: all("letterName") as never[],
              letterSounds: all("letterSound") as never[],
            },
          }),
        ),
        `The group ${get("name").trim()} was saved.`,
        { intent, key: get("key"), values: { name: get("name") } },
      );
    case GROUP_INTENTS.rename:
      return answer(
        request,
        api.result(api.PUT("/supportGroups/{id}", { params: { path: { id: groupId } }, body: { name: get("name") } })),
        `The group was renamed ${get("name").trim()}.`,
        { intent, key: groupId, values: { name: get("name") } },
      );
    case GROUP_INTENTS.move:
      return answer(
        request,
        api.result(
          api.POST("/supportGroups/{id}/members", { params: { path: { id: groupId } }, body: { participantId: get("participantId") } }),
        ),
        "The student was moved.",
        { intent, key: groupId, values: {} },
      );
    case GROUP_INTENTS.session:
      return answer(
        request,
        api.result(
          api.POST("/supportGroups/{id}/sessions", {
            params: { path: { id: groupId } },
            body: { on: get("on"), minutes: minutesOf(get("minutes")) as number, workedOn: get("workedOn") },
          }),
        ),
        "The session was logged.",
        { intent, key: groupId, values: { on: get("on"), minutes: get("minutes"), workedOn: get("workedOn") } },
      );
    default:
      throw data({ message: "Unknown action" }, { status: 400 });
  }
}
