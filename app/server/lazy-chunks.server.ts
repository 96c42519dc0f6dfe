import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The script files of a module the browser loads with import() (a district tab's panel, issue 39),
// for the first document's <link rel="modulepreload"> elements: the browser then fetches them with
// the route's own files instead of after them, and the page's weight counts them. Remix's manifest
// lists route modules only; esbuild's metafile, which the Remix compiler writes beside the server
// build (build/metafile.js.json, or <REMIX_BUILD_DIR>/metafile.js.json), lists every output with
// the module it was built from and the chunks it imports.

export type Metafile = {
  outputs: Record<string, { entryPoint?: string; imports?: readonly { path: string; kind: string }[] }>;
};

/** Where the browser build keeps the outputs of lazily loaded modules and shared chunks (Remix's `_shared/` folder). */
const SHARED = "/_shared/";

/**
 * The URLs of the output built from `entryPoint` (a path from the project root, as the metafile
 * writes it: "app/components/district/SchoolsTab.tsx") and of every chunk it imports, directly or
 * not. None when the metafile has no such output, or an output lies outside `_shared/`: a missing
 * preload only costs a round trip, a wrong one a request for nothing.
 */
export function chunkUrls(meta: Metafile, entryPoint: string, publicPath = "/build/"): string[] {
  const entry = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entryPoint)?.[0];
  if (!entry) return [];
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const i of meta.outputs[file]?.imports ?? []) if (i.kind === "import-statement") visit(i.path);
  };
  visit(entry);
  const urls: string[] = [];
  for (const file of files) {
    const at = `/${file}`.lastIndexOf(SHARED);
    if (at < 0) return [];
    urls.push(publicPath + `/${file}`.slice(at + 1));
  }
  return urls;
}

function readMetafile(): Metafile | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, "metafile.js.json"),
    process.env.REMIX_BUILD_DIR && path.resolve(process.env.REMIX_BUILD_DIR, "metafile.js.json"),
    path.resolve("build", "metafile.js.json"),
  ].filter((f): f is string => Boolean(f));
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    try {
      return JSON.parse(readFileSync(file, "utf8")) as Metafile;
    } catch {
      return null;
    }
  }
  return null;
}

let meta: Metafile | null | undefined;
const cache = new Map<string, string[]>();

/** chunkUrls of this build (read once); none without a build (unit tests, tsx scripts). */
export function lazyModuleUrls(entryPoint: string): string[] {
  const hit = cache.get(entryPoint);
  if (hit) return hit;
  if (meta === undefined) meta = readMetafile();
  const urls = meta ? chunkUrls(meta, entryPoint) : [];
  cache.set(entryPoint, urls);
  return urls;
}
