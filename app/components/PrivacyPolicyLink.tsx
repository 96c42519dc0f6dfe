import { useRef, useState, type MouseEvent } from "react";

export const PRIVACY_POLICY_URL = "/privacy-policy.txt";

/**
 * The privacy policy link of the login footer. Without JavaScript it opens the static text;
 * with it, the text is fetched into a dialog, or 'Error fetching Privacy Policy' shows.
 */
export function PrivacyPolicyLink() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<{ kind: "loading" } | { kind: "text"; text: string } | { kind: "error" }>({ kind: "loading" });

  async function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setState({ kind: "loading" });
    dialog.current?.showModal();
    try {
      const res = await fetch(PRIVACY_POLICY_URL);
      if (!res.ok) throw new Error(String(res.status));
      setState({ kind: "text", text: await res.text() });
    } catch {
      setState({ kind: "error" });
    }
  }

  return (
    <>
      <a href={PRIVACY_POLICY_URL} onClick={open}>
        Privacy Policy
      </a>
      <dialog ref={dialog} className="privacy-dialog" aria-labelledby="privacy-title">
        <h2 id="privacy-title">Privacy Policy</h2>
        {state.kind === "loading" ? <p>Loading…</p> : null}
        {state.kind === "error" ? (
          <p className="alert alert--error" role="alert">
            Error fetching Privacy Policy
          </p>
        ) : null}
        {state.kind === "text" ? <pre>{state.text}</pre> : null}
        <form method="dialog">
          <button type="submit" className="button">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
