import type { ActionFunctionArgs } from "@remix-run/node";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { readFormData } from "#app/server/body-limit.server";
import { saveLetterScores } from "./classroom.$classroomId.letters.server";

// Where the browser's queue of saves sends each one (issue 40 item 1; app/components/offline/
// save-queue.ts): the letter dialog's own form fields, saved exactly as the dialog's action saves
// them, answered in JSON with a status the queue acts on: 200 saved; 409 a conflict, with both
// sets of scores; 502/503/504 the server is away (the save keeps waiting); any other status a
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
