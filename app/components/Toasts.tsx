import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

export const TOAST_HIDE_MS = 3000;

export type ToastMessage = { id: string; kind: "success" | "error"; text: string };

/**
 * The one toast region (rendered once, in root.tsx). Success toasts hide after 3000 ms, errors
 * stay until closed (spec 000 §2). The region is always in the page so screen readers announce
 * a toast that arrives after a client navigation. Without JavaScript the server renders the
 * toast as a flash message on the next page, and Close is a form that loads the page again
 * (the flash is read once, so it is gone).
 */
export function Toasts({ toast }: { toast: ToastMessage | null }) {
  const [closedId, setClosedId] = useState<string | null>(null);
  const visible = toast && toast.id !== closedId ? toast : null;
  const location = useLocation();

  useEffect(() => {
    if (!visible || visible.kind !== "success") return;
    const timer = window.setTimeout(() => setClosedId(visible.id), TOAST_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  return (
    <div className="toasts no-print">
      <div role="status" aria-live="polite" aria-atomic="true">
        {visible?.kind === "success" ? (
          <div className="toast toast--success" data-toast-id={visible.id}>
            <p className="toast__text">{visible.text}</p>
          </div>
        ) : null}
      </div>
      <div role="alert" aria-atomic="true">
        {visible?.kind === "error" ? (
          <div className="toast toast--error" data-toast-id={visible.id}>
            <p className="toast__text">{visible.text}</p>
            {/* A GET form to this page (its params as hidden fields): works without JavaScript; with it, only closes. */}
            <form
              method="get"
              action={location.pathname}
              className="toast__close-form"
              onSubmit={(event) => {
                event.preventDefault();
                setClosedId(visible.id);
              }}
            >
              {[...new URLSearchParams(location.search)].map(([name, value], i) => (
                <input key={`${i}-${name}`} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="button button--quiet toast__close">
                Close<span className="visually-hidden"> message</span>
              </button>
            </form>
          </div>
        ) : null}
      </div>
    </div>
  );
}
