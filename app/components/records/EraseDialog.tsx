import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { countText, type DistrictRecordCounts } from "#app/domain/student-records";
import { DialogCancel, UrlDialog } from "#app/components/UrlDialog";

// The two halves every "delete for good" page shows (issue 41 item 3): the counts of what goes,
// and the confirmation that states them and sends them back, so the API deletes only when they
// are still the counts (409 otherwise; the page's loader then shows the counts now). The
// confirmation is a dialog in the URL (?dialog=), so the server sends it open without JavaScript.

type CountKey = keyof DistrictRecordCounts;

/** What deleting for good removes: one line per count, then what goes besides (`more`). */
export function EraseCounts<K extends CountKey>({
  keys,
  counts,
  more,
}: {
  keys: readonly K[];
  counts: Record<K, number>;
  more: ReactNode;
}) {
  return (
    <ul className="records-counts">
      {keys.map((k) => (
        <li key={k}>{countText(k, counts[k])}</li>
      ))}
      <li>{more}</li>
    </ul>
  );
}

/** The confirmation: its question with the counts, and a form posting them back with the dialog's name as intent. */
export function EraseDialog<K extends CountKey>({
  dialog,
  title,
  question,
  keys,
  counts,
  error,
}: {
  dialog: string;
  title: string;
  question: string;
  keys: readonly K[];
  counts: Record<K, number>;
  error: string | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <UrlDialog name={dialog} title={title} description={question}>
      {(closeHref) => (
        <Form method="post" noValidate className="form">
          <input type="hidden" name="intent" value={dialog} />
          {keys.map((k) => (
            <input key={k} type="hidden" name={k} value={counts[k]} />
          ))}
          {error ? (
            <p role="alert" className="alert alert--error">
              {error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <DialogCancel href={closeHref} />
            <button
              type="submit"
              className="button button--danger"
              aria-disabled={busy || undefined}
              onClick={(e) => busy && e.preventDefault()}
            >
              {busy ? "Deleting…" : "Delete for good"}
            </button>
          </div>
        </Form>
      )}
    </UrlDialog>
  );
}
