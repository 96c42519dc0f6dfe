// Request bodies are capped before anything parses them (issue 14: a 30 MB unauthenticated body
// was read whole, and three in parallel took the server from 199 to 493 MB). The API router caps
// its bodies with these limits (app/api/app.ts); the pages' actions read their forms with
// readFormData. A body over the limit answers 413 without being read further.

/** Every other body: the largest form or JSON call the app makes is a few kilobytes. */
export const BODY_LIMIT = 1024 * 1024;
/** Sign-in and account calls anyone may make without a session: an email, a code, a password. */
export const ACCOUNT_BODY_LIMIT = 64 * 1024;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 102.4) / 10} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 102.4) / 10} KB`
      : `${bytes} B`;
export const bodyTooLargeMessage = (limit: number) => `Request body too large: the limit is ${size(limit)}.`;
export const UNREADABLE_FORM_MESSAGE = "The form could not be read.";

/** A roster upload: a zip of at most 15,000,000 bytes as base64 (4/3 of it) in a small JSON body (issue 16). */
export const ROSTER_BODY_LIMIT = 20_100_000;
const ROSTER_API = /^\/api\/roster-stream-old\/process-roster-file$/;

/** API paths (under /api) that anyone may call: sign-in, single sign-on, password reset, registration. */
const ACCOUNT_API = /^\/api\/(dashboard\/|registerUser$|auth\/)/;

/** The body limit of an API path. */
export const apiBodyLimit = (pathname: string) =>
  ROSTER_API.test(pathname) ? ROSTER_BODY_LIMIT : ACCOUNT_API.test(pathname) ? ACCOUNT_BODY_LIMIT : BODY_LIMIT;

/** Whether a declared Content-Length is over `limit` (a missing or malformed one is judged while reading). */
export function declaredOver(headers: Headers, limit: number): boolean {
  const declared = headers.get("content-length");
  return declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit;
}

const refusal = (status: 400 | 413, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * A page action's posted form, read only up to `limit` bytes. Throws a 413 Response when the
 * declared length or the bytes read pass the limit (the rest is never read), and a 400 when the
 * body is not a form.
 */
export async function readFormData(request: Request, limit = BODY_LIMIT): Promise<FormData> {
  if (declaredOver(request.headers, limit)) throw refusal(413, bodyTooLargeMessage(limit));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (request.body) {
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw refusal(413, bodyTooLargeMessage(limit));
      }
      chunks.push(new Uint8Array(value));
    }
  }
  const body = new Blob(chunks);
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw refusal(400, UNREADABLE_FORM_MESSAGE);
  }
}
