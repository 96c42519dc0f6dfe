import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams, useRouteLoaderData, type ClientLoaderFunctionArgs } from "@remix-run/react";
import { ErrorPage } from "#app/components/page-kit";
import { dialogData } from "#app/components/results/dialog-prefetch";
import { LetterScoreDialog } from "#app/components/results/LetterScoreDialog";
import { afterLetterSave, resultsHref, viewOnly, type ResultsQuery } from "#app/components/results/urls";
import { isUuid } from "#app/domain/url-state";
import { nextStudent } from "#app/domain/next-student";
import type { loader as pageLoader } from "./classroom.$classroomId";
import { apiFor } from "#app/lib/api.server";
import { requireUser } from "#app/lib/auth.server";
import { readFormData } from "#app/server/body-limit.server";
import { parseResultsQuery } from "./classroom.$classroomId.server";
import { loadLetterDialog, saveLetterScores } from "./classroom.$classroomId.letters.server";

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

/** 'Save and next student' opens the next student's dialog from what was read ahead (issue 40 item 4). */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  return dialogData(request.url, () => serverLoader<typeof loader>());
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  const saved = await saveLetterScores(request, apiFor(request, context), await readFormData(request));
  if (saved.kind === "conflict") return { error: { message: saved.message, scores: saved.scores, conflict: saved.conflict } };
  if (saved.kind !== "saved") return { error: { message: saved.message, detail: saved.detail, scores: saved.scores } };
  return redirect(resultsHref(params.classroomId!, afterLetterSave(dialogQuery(new URL(request.url)), saved)));
}

export default function LetterDialogRoute() {
  const { dialog, q } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const classroomId = useParams().classroomId!;
  const view = viewOnly(q);
  const at = (mode: "edit" | "view", from?: "view") =>
    resultsHref(classroomId, { ...view, dialog: "letters", student: q.student, test: q.test, mode, from });
  const next = useNextStudent(q.student, q.test);
  return (
    <LetterScoreDialog
      data={dialog}
      closeHref={resultsHref(classroomId, view)}
      viewHref={q.student && q.test ? at("view") : ""}
      editHref={q.student && q.test ? at("edit", "view") : ""}
      error={actionData && "error" in actionData ? actionData.error : null}
      nextStudent={next}
      hrefAfterSave={(saved) => resultsHref(classroomId, afterLetterSave(q, saved))}
    />
  );
}

/**
 * The student whose same test 'Save and next student' opens (issue 40 item 2): read from the
 * page's grid as shown (its order and filter), which the page has loaded already, so the dialog
 * pays no call for it, with or without JavaScript.
 */
function useNextStudent(participantId: string | undefined, testCode: string | undefined): string | null {
  const page = useRouteLoaderData<typeof pageLoader>("routes/classroom.$classroomId");
  const grid = page?.results?.grid;
  if (!grid || !participantId || !testCode) return null;
  const codes = grid.groups.flatMap((g) => g.columns.map((c) => c.testCode as string));
  const rows = grid.rows.map((r) => ({ participantId: r.participantId, states: r.cells.map((c) => c.split("|", 1)[0] ?? "") }));
  return nextStudent(rows, codes.indexOf(testCode), participantId);
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
