import type { ActionFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { RAN_SAVE_FAILED, RAN_SAVED, saveRanScoreOutcome } from "#app/lib/ran-scoring.server";
import { toastHeaders } from "#app/lib/toast.server";
import { readFormData } from "#app/server/body-limit.server";
import { saveLetterScores } from "./classroom.$classroomId.letters.server";

// Where the browser's queue of saves sends each one (issue 40 item 1; app/components/offline/
// save-queue.ts): the letter dialog's or the RAN scoring form's own fields (`kind` says which),
// saved exactly as that dialog's action saves them, answered in JSON with a status the queue acts
// on: 200 saved; 409 a conflict, with both sets of scores; 502/503/504 the server is away (the save keeps waiting); any other status a
// refusal, with the words the dialog shows. Signed out, requireUser redirects to sign-in, which
// the queue also reads as 'keep waiting'. A page of its own would not do: a dialog's action
// answers with a redirect or the page's data, and a 503 of the load shedder with neither.

export async function loader() {
  return Response.json({ message: "Send a save with POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const form = await readFormData(request);
  const kind = form.get("kind") ?? "letters";
  if (kind === "ran") return ranSave(request, apiFor(request, context), form);
  if (kind !== "letters") return Response.json({ outcome: "refused", message: `Unknown kind of save: ${String(kind)}` }, { status: 400 });
  const saved = await saveLetterScores(request, apiFor(request, context), form);
  const headers = { "Cache-Control": "no-store" };
  switch (saved.kind) {
    case "saved":
      return Response.json({ outcome: "saved", participantId: saved.participantId, testCode: saved.testCode }, { headers });
    case "conflict":
      return Response.json({ outcome: "conflict", message: saved.message, conflict: saved.conflict }, { status: 409, headers });
    case "unavailable":
      return Response.json({ outcome: "unavailable", message: saved.message }, { status: saved.status, headers });
    default:
      // A 409 without the stored test: the same save still under way elsewhere (its Idempotency-Key is held); try again.
      if (saved.status === 409) return Response.json({ outcome: "unavailable", message: saved.message }, { status: 503, headers });
      return Response.json(
        { outcome: "refused", message: saved.message, ...(saved.detail ? { detail: saved.detail } : {}) },
        { status: saved.status >= 400 && saved.status < 500 ? saved.status : 422, headers },
      );
  }
}

/**
 * A RAN score (time and errors), saved as the page's RAN action saves it. Each answer carries
 * `ran`, what the scoring panel shows of a refused save today; a save that went through flashes
 * 'Scores saved!' as the action's redirect does, for the page the dialog then goes back to.
 */
async function ranSave(request: Request, api: ReturnType<typeof apiFor>, form: FormData) {
  const saved = await saveRanScoreOutcome(request, api, form);
  const headers = { "Cache-Control": "no-store" };
  switch (saved.kind) {
    case "saved": {
      const flashed = await toastHeaders(request, { kind: "success", text: RAN_SAVED });
      flashed.set("Cache-Control", "no-store");
      return Response.json({ outcome: "saved", responseId: saved.responseId }, { headers: flashed });
    }
    case "conflict":
      return Response.json(
        { outcome: "conflict", message: saved.conflict.message, conflict: { ...saved.conflict, ran: saved.ran } },
        { status: 409, headers },
      );
    case "unavailable":
      return Response.json({ outcome: "unavailable", message: RAN_SAVE_FAILED, ran: saved.ran }, { status: saved.status, headers });
    default: {
      // The field messages of a refused check, or the server's reason, beside the spec's text.
      const detail = saved.ran.detail ?? (Object.values(saved.ran.errors ?? {}).join(" ") || undefined);
      return Response.json(
        { outcome: "refused", message: RAN_SAVE_FAILED, ...(detail ? { detail } : {}), ran: saved.ran },
        { status: saved.status >= 400 && saved.status < 500 ? saved.status : 422, headers },
      );
    }
  }
}
