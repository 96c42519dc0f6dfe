import {
  createReadableStreamFromReadable,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { InlineCssContext } from "#app/components/DocumentLinks";
import { inProcessApi } from "#app/lib/api-app.server";
import { CoalescedHtml } from "#app/server/coalesced-html.server";
import { inlineCss } from "#app/server/inline-css.server";
import {
  createNonce,
  crossSiteRefusal,
  isRemixCsrfError,
  nonPageSecurityHeaders,
  pageSecurityHeaders,
  withHeaders,
} from "#app/server/security-headers.server";
import { NonceContext } from "./root";

// Remix's default Node entry, plus: security headers on every page and data answer, with a
// fresh nonce for the inline scripts Remix and React render (app/server/security-headers.server.ts),
// Remix's own cross-site refusal answered 403, and the database is opened and migrated when the
// server starts, not on the first request, so the first teacher after a restart does not wait
// seconds for PGlite to open (a failure is logged here and retried by that first request).
inProcessApi().catch((err) => console.error(`Database not ready at start: ${err instanceof Error ? err.message : String(err)}`));

// Single fetch: deferred data may stream for this long before the render is aborted.
export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  // Crawlers and no-JavaScript tools get the whole document at once; browsers get the shell as
  // soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  const nonce = createNonce();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <NonceContext.Provider value={nonce}>
        {/* The document's stylesheets inline, so its first paint waits for no other request (issue 15). */}
        <InlineCssContext.Provider value={inlineCss}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        // React writes 2 KB pieces; those of one turn reach the socket as one write.
        const body = new CoalescedHtml();
        responseHeaders.set("Content-Type", "text/html");
        pageSecurityHeaders(request, responseHeaders, nonce);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while streaming after the shell are logged; those before it reach onShellError.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Single-fetch data answers (`*.data`) get the headers of an answer that is not a page. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) =>
  withHeaders(response, (headers) => nonPageSecurityHeaders(request, headers));

/**
 * Remix's default error logging, plus one mapping: Remix refuses an action whose Origin is not
 * its Host before any route code runs, and would answer an empty 500. Thrown from here, the
 * refusal reaches remix-serve's Express, which answers with the status and headers it carries:
 * 403 (crossSiteRefusal). An Origin Remix cannot read (a port past 65535) is refused the same way.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isRemixCsrfError(error, request)) throw crossSiteRefusal(request);
  if (request.signal.aborted) return;
  // An error response Remix made for a thrown error keeps that error privately as `error`.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(wrapped ?? error);
};
