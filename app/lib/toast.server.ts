import { redirect } from "@remix-run/node";
import { commitSession, getSession } from "./session.server";

const DONE_CREATE = "doneCreate" as const;

/** The key of the last create dialog this browser saved (see redirectWithToast), or null. */
export async function doneCreateKey(request: Request): Promise<string | null> {
  return (await getSession(request)).get(DONE_CREATE) ?? null;
}

/** A one-time message shown on the next page (spec 000 §2 'Toasts', §8 texts). */
export type Toast = { kind: "success" | "error"; text: string };
/** As the root loader hands it to <Toasts>: an id, so the same text twice still shows twice. */
export type ShownToast = Toast & { id: string };

/**
 * Redirects to `url` carrying `toast` in the session flash. The root loader reads it on the
 * next page, so it shows with JavaScript (a toast) and without (a flash message).
 */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  init?: ResponseInit,
  /** A create that succeeded: its dialog's key, so Back to that dialog's URL does not reopen it (isDoneCreate). */
  doneCreateKey?: string,
): Promise<ReturnType<typeof redirect>> {
  const session = await getSession(request);
  session.flash("toast", toast);
  if (doneCreateKey) session.set(DONE_CREATE, doneCreateKey);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Flashes `toast` on a response that is not a redirect (e.g. an action that stays on the page). */
export async function toastHeaders(request: Request, toast: Toast): Promise<Headers> {
  const session = await getSession(request);
  session.flash("toast", toast);
  return new Headers({ "Set-Cookie": await commitSession(session) });
}

/** For the root loader: the pending toast (read once) and the Set-Cookie that clears it. */
export async function takeToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers | null }> {
  const session = await getSession(request);
  const toast = session.get("toast");
  if (!toast) return { toast: null, headers: null };
  const headers = new Headers({ "Set-Cookie": await commitSession(session) });
  return { toast: { ...toast, id: Math.random().toString(36).slice(2) }, headers };
}
