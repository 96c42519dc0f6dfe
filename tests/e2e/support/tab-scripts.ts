import type { Page } from "@playwright/test";

// The district and school pages' tabs each load their own panel's code (issue 39): what their
// browser tests read of the scripts a page asks for.

/** The /build/ scripts the page requests, as they are requested. */
export function scriptsOf(page: Page): Set<string> {
  const files = new Set<string>();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/build/") && path.endsWith(".js")) files.add(path);
  });
  return files;
}

/** Whether one of `files` is the panel module `name` (esbuild's `_shared/<name>-<hash>.js`). */
export const panel = (files: Iterable<string>, name: string) =>
  [...files].some((f) => new RegExp(`/_shared/${name}-[A-Z0-9]+\\.js$`).test(f));
