import type { ApiResult } from "./api.server";
import { signOutAndRedirect } from "./session.server";

// What a page shows when the API refused a call its action made: one rule, whatever the page then
// draws it as (a form's message, a field's, a dialog's alert, a toast). A page behind sign-in
// signs out on 401; the page's own text for the failure (the spec's 'Unable to save RAN scores')
// comes first, with the server's reason beside it; without one, the server's own words, or the
// page's fallback when the server gave none.

export type Refused = Extract<ApiResult<unknown>, { ok: false }>;

/** What the page shows: `message` always, `detail` the server's reason where the page's own text replaced it. */
export type Refusal = { status: number; message: string; detail?: string };

type Options = {
  /** The page's text for this failure, fixed or chosen from the status and the server's words. */
  text?: string | ((refused: { status: number; server: string | null }) => string);
  /** Shown when the page has no text of its own and the server gave no words. */
  fallback?: string;
  /** A call of a page before sign-in (account pages): a 401 is a refusal like any other, not a sign-out. */
  publicPage?: boolean;
  /** Logs the refusal under this tag (for failures a user cannot fix). */
  log?: string;
};

/** The server's words, unless it sent none or only the framework's generic error. */
function serverWords(message: string | undefined): string | null {
  const words = message?.trim();
  return words && words !== "Unexpected Server Error" ? words : null;
}

/** How the page words a refused call; signs out (and does not return) on 401 behind sign-in. */
export async function refusalOf(request: Request, refused: Refused, options: Options = {}): Promise<Refusal> {
  const { status } = refused;
  if (status === 401 && !options.publicPage) return signOutAndRedirect(request);
  if (options.log) console.error(`[${options.log}]`, status, refused.error.message);
  const server = serverWords(refused.error.message);
  const own = typeof options.text === "function" ? options.text({ status, server }) : options.text;
  if (own !== undefined) return server ? { status, message: own, detail: server } : { status, message: own };
  return { status, message: server ?? options.fallback ?? refused.error.message };
}
