import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The text of the built stylesheets, for the first document's inline <style> elements
// (app/components/DocumentLinks.tsx, issue 15). A stylesheet's URL is /build/<file>; the file is
// in the assets folder Remix wrote, which lies beside the server build: build/index.js with
// public/build/ (npm run build, the browser tests) or <dir>/index.js with <dir>/public/ (the
// benchmark's build). The server bundle is one file, so import.meta.url names its folder.

const PUBLIC_PATH = "/build/";
/** Above this a sheet is linked, not inlined: every document would carry it again. */
const MAX_INLINE_BYTES = 64 * 1024;

function assetFolders(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [
    process.env.REMIX_ASSETS_DIR && path.resolve(process.env.REMIX_ASSETS_DIR),
    path.join(here, "public"),
    path.join(here, "..", "public", "build"),
    path.resolve("public", "build"),
  ].filter((d): d is string => Boolean(d));
}

const cache = new Map<string, string | null>();
let folders: string[] | null = null;

/** The stylesheet's text, or null when it is not one of ours (or too big): then it is linked. */
export function inlineCss(href: string): string | null {
  const hit = cache.get(href);
  if (hit !== undefined) return hit;
  let text: string | null = null;
  const rel = href.startsWith(PUBLIC_PATH) ? href.slice(PUBLIC_PATH.length) : null;
  // Built file names only (a hashed name under _assets/): nothing else is read from disk.
  if (rel && /^[\w./-]+\.css$/.test(rel) && !rel.includes("..")) {
    folders ??= assetFolders();
    for (const dir of folders) {
      const file = path.join(dir, rel);
      if (!existsSync(file)) continue;
      const css = readFileSync(file, "utf8");
      // A sheet cannot end the <style> element early; one that could is linked instead.
      text = css.length <= MAX_INLINE_BYTES && !/<\/style/i.test(css) ? css : null;
      break;
    }
  }
  cache.set(href, text);
  return text;
}
