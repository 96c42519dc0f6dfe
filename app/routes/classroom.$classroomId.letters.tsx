import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { ErrorPage } from "#app/components/page-kit";
import { LetterScoreDialog } from "#app/components/results/LetterScoreDialog";
import { resultsHref, viewOnly, type ResultsQuery } from "#app/components/results/urls";
import { isUuid } from "#app/domain/url-state";
import { UNABLE_TO_INPUT, UNABLE_TO_UPDATE } from "#app/domain/results-labels";
import { refusalOf } from "#app/lib/api-refusal.server";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { readFormData } from "#app/server/body-limit.server";
import { parseSubmission } from "#app/lib/forms.server";
import { parseResultsQuery } from "./classroom.$classroomId.server";
import { LetterScoreForm, loadLetterDialog, postedLetterScores } from "./classroom.$classroomId.letters.server";

// The letter score dialog over the classroom's results grid (spec 001 §2, §4): a child route, so
// opening it runs this loader only (the page's loader skips dialog-only changes through its
// shouldRevalidate) and the grid's HTML carries no letters. Without JavaScript the server renders
// the page with this dialog open, and the form posts here.

const dialogQuery = (url: URL): ResultsQuery => ({ ...parseResultsQuery(url), dialog: "letters" });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  if (!isUuid(params.classroomId)) throw new Response(null, { status: 404, statusText: "Not Found" });
  const q = dialogQuery(new URL(request.url));
  const dialog = await loadLetterDialog(request, apiFor(request, context), params.classroomId!, q);
  return { dialog, q };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const submission = parseSubmission(await readFormData(request), LetterScoreForm);
  if (submission.status !== "success")
    return { error: { message: UNABLE_TO_INPUT, detail: Object.values(submission.error ?? {}).flat()[0] ?? undefined } };
  const f = submission.value;
  const failure = f.intent === "create" ? UNABLE_TO_INPUT : UNABLE_TO_UPDATE;
  const { grade, responses, submitted } = postedLetterScores(f);
  if (!grade || !responses || (f.intent === "update" && !f.participantTestId)) return { error: { message: failure, scores: submitted } };
  const api = apiFor(request, context);
  const result = await api.result(
    f.intent === "create"
      ? api.POST("/participantTest/manual", {
          body: { testCode: f.testCode, participantId: f.participantId, grade, periodName: f.periodName, responses },
        })
      : api.PUT("/participantTest/manual", {
          body: { participantTestId: f.participantTestId ?? "", participantId: f.participantId, responses },
        }),
  );
  if (!result.ok) {
    const { message, detail } = await refusalOf(request, result, { text: failure });
    return { error: { message, detail, scores: submitted } };
  }
  // Spec 001 §4: after a create, a dialog opened read-only returns to read-only, otherwise it
  // closes; after an update it returns to read-only. The page's loader then refreshes the grid
  // (students' results and risk scores); the URL keeps the teacher's period and toggles.
  const q = dialogQuery(new URL(request.url));
  const toView = f.intent === "update" || q.from === "view";
  const next: Partial<ResultsQuery> = toView
    ? { ...viewOnly(q), dialog: "letters", student: f.participantId, test: f.testCode, mode: "view" }
    : viewOnly(q);
  return redirect(resultsHref(params.classroomId!, next));
}

export default function LetterDialogRoute() {
  const { dialog, q } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const classroomId = useParams().classroomId!;
  const view = viewOnly(q);
  const at = (mode: "edit" | "view", from?: "view") =>
    resultsHref(classroomId, { ...view, dialog: "letters", student: q.student, test: q.test, mode, from });
  return (
    <LetterScoreDialog
      data={dialog}
      closeHref={resultsHref(classroomId, view)}
      viewHref={q.student && q.test ? at("view") : ""}
      editHref={q.student && q.test ? at("edit", "view") : ""}
      error={actionData && "error" in actionData ? actionData.error : null}
    />
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
