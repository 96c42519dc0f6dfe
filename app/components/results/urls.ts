import type { LetterTestCode } from "#app/domain/assessments";
import type { Period } from "#app/domain/periods";

// The classroom page's URL state (period, toggles, dialog), shared by server and browser. The
// server parses it with ResultsQuerySchema (classroom.$classroomId.server.ts), which TypeScript
// holds to this type.

export type ResultsQuery = {
  tab: "results" | "students";
  period?: Period;
  score: "percentile" | "raw";
  order: "alpha" | "product";
  dialog?: "letters";
  student?: string;
  test?: LetterTestCode;
  mode: "edit" | "view";
  from?: "view";
  /** The summary's segment the grid is filtered to: `letter-names:well-below` (issue 39 item 2). */
  band?: string;
};

const KEYS = ["tab", "period", "score", "order", "band", "student", "test", "mode", "from"] as const;
/** The letter score dialog's params: only the dialog route reads them (issue 12). */
export const LETTER_DIALOG_PARAMS = ["dialog", "student", "test", "mode", "from"] as const;
const DEFAULTS: Partial<Record<keyof ResultsQuery, string>> = { tab: "results", score: "percentile", order: "alpha" };

/** A classroom URL without its letter dialog: the page the dialog sits on. */
export function withoutLetterDialog(url: URL): string {
  const search = new URLSearchParams(url.search);
  for (const key of LETTER_DIALOG_PARAMS) search.delete(key);
  search.sort();
  return `${url.pathname.replace(/\/letters\/?$/, "")}?${search}`;
}

/**
 * Whether a navigation only opens, switches or closes a classroom's letter dialog (no `dialog`
 * param of another kind, such as a create dialog, on either side).
 */
export function onlyLetterDialogMoved(from: URL, to: URL): boolean {
  const otherDialog = (u: URL) => (u.searchParams.get("dialog") ?? "letters") !== "letters";
  return (
    from.href !== to.href &&
    /^\/classroom\/[^/]+(\/letters)?\/?$/.test(to.pathname) &&
    !otherDialog(from) &&
    !otherDialog(to) &&
    withoutLetterDialog(from) === withoutLetterDialog(to)
  );
}

/**
 * The page's URL with the given state; defaults are left out to keep URLs short. The letter score
 * dialog is a child route, `/classroom/{id}/letters?student=…&test=…`: opening it loads only that
 * test's data (the page's loader is not run again), and the server renders it open without
 * JavaScript.
 */
export function resultsHref(classroomId: string, q: Partial<ResultsQuery>): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = q[key];
    if (value === undefined || value === null) continue;
    if (DEFAULTS[key] === value) continue;
    if ((key === "mode" || key === "student" || key === "test" || key === "from") && !q.dialog) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `/classroom/${classroomId}${q.dialog === "letters" ? "/letters" : ""}${search ? `?${search}` : ""}`;
}

/** The view part of the state (no dialog). */
export function viewOnly(q: Partial<ResultsQuery>): Partial<ResultsQuery> {
  return { tab: q.tab, period: q.period, score: q.score, order: q.order, band: q.band };
}

/**
 * Where a letter score save leads. Spec 001 §4: after a create, a dialog opened read-only returns
 * to read-only, otherwise it closes; after an update it returns to read-only. 'Save and next
 * student' (issue 40 item 2) opens the next student's same test to edit. The URL keeps the
 * teacher's period and toggles.
 */
export function afterLetterSave(
  q: Partial<ResultsQuery>,
  saved: { intent: "create" | "update"; participantId: string; testCode: LetterTestCode; next?: string },
): Partial<ResultsQuery> {
  if (saved.next) return { ...viewOnly(q), dialog: "letters", student: saved.next, test: saved.testCode, mode: "edit" };
  const toView = saved.intent === "update" || q.from === "view";
  return toView ? { ...viewOnly(q), dialog: "letters", student: saved.participantId, test: saved.testCode, mode: "view" } : viewOnly(q);
}
