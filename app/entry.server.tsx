import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getApiApp } from "#app/lib/api-app.server";

// Remix's default Node entry, plus one thing: the database is opened and migrated when the
// server starts, not on the first request, so the first teacher after a restart does not wait
// seconds for PGlite to open (a failure is logged here and retried by that first request).
getApiApp().catch((err) => console.error(`Database not ready at start: ${err instanceof Error ? err.message : String(err)}`));

// Single fetch: deferred data may stream for this long before the render is aborted.
export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  // Crawlers and no-JavaScript tools get the whole document at once; browsers get the shell as
  // soon as it is ready.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html");
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
