import { data } from "@remix-run/node";
import { ROSTER_FILE_MESSAGES, ROSTER_ZIP_MAX_BYTES, NETWORK_ERROR, rosterFileProblem, UPLOAD_ERROR } from "#app/domain/roster-upload";
import { first } from "#app/domain/presence";
import { readFormData } from "#app/server/body-limit.server";
import type { Intents } from "./admin-actions.server";
import { failedWithToast, succeeded } from "./admin.server";
import { refusalOf } from "./api-refusal.server";
import { apiFor, type ApiResult, type ApiSchema } from "./api.server";

// The rostering page's action (issue 16: /rostering/{districtId}, public) and the district page's
// Undo. The page posts a multipart form (it works without JavaScript); the action checks the file
// by the page's rules and sends the API the spec's JSON payload {file (base64), fileName,
// districtName}, with the link's districtId.

export type RosterImport = ApiSchema<"RosterImport">;

/** A new rostering key's link, shown once in the page that answers the post. */
export type RosterKeyMade = { link: string; rotated: boolean };

export type RosterActionData =
  | { step: "preview"; import: RosterImport; error?: string }
  | { step: "rejected"; import: RosterImport; error: string }
  | { step: "applied"; import: RosterImport }
  | { step: "failed"; error: string; fileError?: boolean };

/** The multipart body: the zip plus the form's few fields. */
const FORM_LIMIT = ROSTER_ZIP_MAX_BYTES + 64 * 1024;

/**
 * The spec's two failure texts: 'Upload error: {message}' for an answer with a reason, and the
 * network text for a server failure or no answer at all (spec 001 §8).
 */
function failure(result: Extract<ApiResult<unknown>, { ok: false }>): RosterActionData {
  if (result.status >= 500 || result.status === 0 || !result.error.message) return { step: "failed", error: NETWORK_ERROR };
  return { step: "failed", error: UPLOAD_ERROR(result.error.message) };
}

/** The rostering link's key (?key=, issue 35 item 1), carried by the page's forms; undefined when absent. */
const rosterKeyOf = (form: FormData) => {
  const key = form.get("rosterKey");
  return typeof key === "string" && key !== "" ? key : undefined;
};

/**
 * The Apply form's fields: the import, the admin's confirmations of the account changes and of a
 * mass deactivation, and the link's key when the page was opened with one.
 */
const applyBody = (districtId: string, form: FormData) => ({
  districtId,
  rosterImportId: String(form.get("rosterImportId") ?? ""),
  confirmAccounts: form.get("confirmAccounts") === "yes",
  confirmDeactivations: form.get("confirmDeactivations") === "yes",
  rosterKey: rosterKeyOf(form),
});

/**
 * Uploading and previewing are public; the session, when there is one, goes along so that a
 * district admin sees which accounts an upload matches and can apply it (the API decides).
 */
export async function rosteringAction(request: Request, districtId: string, context?: unknown): Promise<RosterActionData> {
  const api = apiFor(request, context);
  const form = await readFormData(request, FORM_LIMIT).catch((error: unknown) => {
    if (error instanceof Response && error.status === 413) return null;
    throw error;
  });
  if (!form) return { step: "failed", error: UPLOAD_ERROR(ROSTER_FILE_MESSAGES.tooLarge), fileError: true };
  const call = async <T>(pending: Promise<unknown>): Promise<ApiResult<T> | null> => {
    try {
      return (await api.result(pending as never)) as ApiResult<T>;
    } catch {
      return null;
    }
  };

  if (form.get("intent") === "apply") {
    const result = await call<RosterImport>(api.POST("/roster-stream-old/apply", { body: applyBody(districtId, form) }));
    if (!result) return { step: "failed", error: NETWORK_ERROR };
    if (result.ok) return { step: "applied", import: result.data };
    if (result.status === 401 || (result.status === 403 && !rosterKeyOf(form)))
      return { step: "failed", error: UPLOAD_ERROR(APPLY_NEEDS_ADMIN) };
    return failure(result);
  }

  const files = form.getAll("file").filter((f): f is File => typeof f !== "string");
  const problem = rosterFileProblem(files.map((f) => ({ name: f.name, type: f.type, size: f.size })));
  if (problem) return { step: "failed", error: UPLOAD_ERROR(problem), fileError: true };
  const file = first(
    files.filter((f) => f.name !== "" || f.size > 0),
    "the one file rosterFileProblem accepted",
  );

  const district = await call<{ name: string }>(
    api.GET("/roster-stream-old/check-district/{districtId}", { params: { path: { districtId } } }),
  );
  if (!district) return { step: "failed", error: NETWORK_ERROR };
  if (!district.ok) return failure(district);
  const result = await call<RosterImport>(
    api.POST("/roster-stream-old/process-roster-file", {
      body: {
        file: Buffer.from(await file.arrayBuffer()).toString("base64"),
        fileName: file.name,
        districtName: district.data.name,
        districtId,
        rosterKey: rosterKeyOf(form),
      },
    }),
  );
  if (!result) return { step: "failed", error: NETWORK_ERROR };
  if (!result.ok) return failure(result);
  if (result.data.status === "rejected") {
    const n = result.data.report.errorCount;
    return {
      step: "rejected",
      import: result.data,
      error: UPLOAD_ERROR(`${n} ${n === 1 ? "row was" : "rows were"} rejected. Correct the file and upload it again; nothing was changed.`),
    };
  }
  return { step: "preview", import: result.data };
}

/** Why the public page cannot apply: applying needs a signed-in district admin (issue 33). */
export const APPLY_NEEDS_ADMIN = "Only a district administrator can apply an upload: sign in as one, then apply it.";

/** The district page's Apply of a previewed import and Undo of the latest one (district admins and super admins). */
export const rosterIntents = (districtId: string): Intents<{ rosterKeyMade: RosterKeyMade }> => ({
  "apply-roster-import": async ({ request, api, form }) => {
    const result = await api.result(api.POST("/roster-stream-old/apply", { body: applyBody(districtId, form) }));
    if (result.ok) return succeeded(request, `The roster import of ${result.data.fileName} was applied.`);
    return failedWithToast(request, (await refusalOf(request, result)).message);
  },
  // The new key is shown once, in the page the post answers, never in a redirect or a toast (issue 35 item 1).
  "make-roster-key": async ({ request, api }) => {
    const result = await api.result(api.POST("/organization/{id}/roster-key", { params: { path: { id: districtId } } }));
    if (!result.ok) return failedWithToast(request, (await refusalOf(request, result)).message);
    return data({ rosterKeyMade: { link: result.data.link, rotated: result.data.rotated } });
  },
  "revoke-roster-key": async ({ request, api }) => {
    const result = await api.result(api.DELETE("/organization/{id}/roster-key", { params: { path: { id: districtId } } }));
    if (!result.ok) return failedWithToast(request, (await refusalOf(request, result)).message);
    return succeeded(request, "The rostering key was revoked: its link no longer applies uploads.", ["rosterKey"]);
  },
  "undo-roster-import": async ({ request, api, form }) => {
    const id = String(form.get("rosterImportId") ?? "");
    const result = await api.result(api.POST("/roster-imports/{id}/undo", { params: { path: { id } } }));
    if (result.ok) {
      const n = result.data.report.accountsReset ?? 0;
      const reset =
        n > 0
          ? ` ${n} ${n === 1 ? "account" : "accounts"} got back an earlier e-mail: signed out, they set a new password through it.`
          : "";
      const kept = result.data.report.leftAlone?.length ?? 0;
      const left = kept > 0 ? ` ${kept} ${kept === 1 ? "record edited since was" : "records edited since were"} left as they were.` : "";
      return succeeded(request, `The roster import of ${result.data.fileName} was undone.${left}${reset}`, ["undo"]);
    }
    return failedWithToast(request, (await refusalOf(request, result)).message);
  },
});
