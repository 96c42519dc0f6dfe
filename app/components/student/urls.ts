// The student page's URL state (period, phonics display, Admin View, dialogs), shared by the
// server and the browser: every control is a link or a GET form, so it works without JavaScript.

export type StudentView = {
  period?: "BOY" | "MOY" | "EOY";
  /** The phonics display-rule switch: letter tests as raw scores. */
  score?: "percentile" | "raw";
  /** Admin View (super admins only; ignored for anyone else). */
  admin?: boolean;
};

export type StudentDialogState =
  | { dialog: "test-details"; test: string }
  // The RAN scoring dialog (app/components/ran/RanScoringDialog.tsx).
  | { dialog: "ran"; test: string };

/** The page's URL with the given view (defaults left out) and, optionally, a dialog. */
export function studentHref(studentId: string, view: StudentView, dialog?: StudentDialogState): string {
  const params = new URLSearchParams();
  if (view.period) params.set("period", view.period);
  if (view.score === "raw") params.set("score", "raw");
  if (view.admin) params.set("admin", "1");
  if (dialog) {
    params.set("dialog", dialog.dialog);
    params.set("test", dialog.test);
  }
  const search = params.toString();
  return `/student/${studentId}${search ? `?${search}` : ""}`;
}

/** The view's params as hidden fields of a GET form that changes one of them. */
export function viewFields(view: StudentView, except: keyof StudentView): [string, string][] {
  const fields: [string, string][] = [];
  if (except !== "period" && view.period) fields.push(["period", view.period]);
  if (except !== "score" && view.score === "raw") fields.push(["score", "raw"]);
  if (except !== "admin" && view.admin) fields.push(["admin", "1"]);
  return fields;
}
