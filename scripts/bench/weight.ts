// Page weight: the document (HTML, with any inline CSS), and the JavaScript and CSS a first visit loads, read from the document the server
// sends (its modulepreload links and module script, which Remix writes from the build manifest:
// entry + root + the matched routes' modules and their imports) and sized from the build folder
// (raw, gzip level 9, brotli quality 11, via node:zlib). Each JS file is split by the esbuild
// metafile into framework (React, Remix, React Router) and our own code (app/, Radix, zod, …).
// A script is placed by the metafile or by a rule below that names it; any other throws, so
// nothing unknown is counted as framework (or as ours) by default.
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const FRAMEWORK =
  /node_modules\/(react|react-dom|scheduler|@remix-run\/[^/]+|react-router|react-router-dom|turbo-stream|cookie|set-cookie-parser|@web3-storage\/multipart-parser)\//;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface FileWeight extends Sizes {
  file: string;
  kind: "js" | "css";
  /** Share of the file's bytes that is framework code (0–1), from the metafile. */
  framework: number;
  /** Largest non-framework sources in the file: package or app folder → bytes. */
  ours: Record<string, number>;
}
export interface PageWeight {
  /** The document itself (its inline CSS and loader data included). */
  html: Sizes;
  /** The CSS inside the document (<style> elements), raw bytes; part of html. */
  cssInline: number;
  /** Stylesheets the document links (files). */
  css: Sizes;
  /** What the HTML makes the first paint wait for: linked stylesheets and classic scripts without async/defer. */
  blocking: string[];
  js: Sizes;
  jsFramework: Sizes;
  jsOurs: Sizes;
  files: FileWeight[];
  topOurs: [string, number][];
}

/** Remix's route manifest (window.__remixManifest): the compiler writes it beside esbuild's outputs, so the metafile does not list it. */
const REMIX_MANIFEST = /^\/build\/manifest-[A-Z0-9]+\.js$/;
/**
 * A shared chunk the metafile lists with no inputs: esbuild's own runtime helpers (__commonJS,
 * __toESM, __export) that the chunks importing CommonJS packages share. Neither React's nor
 * Remix's code: counted as ours.
 */
const ESBUILD_RUNTIME_CHUNK = /^\/build\/_shared\/chunk-[A-Z0-9]+\.js$/;

const zero = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0 });
export const sizes = (buf: Buffer): Sizes => ({
  raw: buf.length,
  gzip: gzipSync(buf, { level: 9 }).length,
  brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const add = (a: Sizes, b: Sizes, share = 1) => {
  a.raw += b.raw * share;
  a.gzip += b.gzip * share;
  a.brotli += b.brotli * share;
};

export class WeightMeter {
  private cache = new Map<string, FileWeight>();
  private meta: { outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> };
  private metafile: string;
  constructor(
    private root: string,
    private buildDir: string,
  ) {
    this.metafile = path.join(buildDir, "metafile.js.json");
    this.meta = JSON.parse(readFileSync(this.metafile, "utf8"));
  }

  private file(url: string, kind: "js" | "css"): FileWeight {
    const hit = this.cache.get(url);
    if (hit) return hit;
    // /build/x.js → <assets dir>/x.js
    const rel = url.replace(/^\/build\//, "");
    const abs = path.join(this.buildDir, "public", rel);
    const buf = readFileSync(abs);
    const fileSizes = sizes(buf);
    let framework = 0;
    const ours: Record<string, number> = {};
    if (kind === "js") {
      const key = Object.keys(this.meta.outputs).find((k) => path.resolve(this.root, k) === abs);
      const out = key ? this.meta.outputs[key] : undefined;
      if (!out) {
        if (!REMIX_MANIFEST.test(url))
          throw new Error(`weight: cannot place ${url} (${abs}): it is not an output of ${this.metafile} nor Remix's route manifest`);
        framework = 1;
      } else {
        let fw = 0;
        let total = 0;
        for (const [input, v] of Object.entries(out.inputs)) {
          total += v.bytesInOutput;
          if (FRAMEWORK.test(input) || input.includes("@remix-run/dev/dist/config/defaults/entry.client")) fw += v.bytesInOutput;
          else {
            const nm = input.split("node_modules/").pop()!;
            const name = input.includes("node_modules/")
              ? nm
                  .split("/")
                  .slice(0, nm.startsWith("@") ? 2 : 1)
                  .join("/")
              : input.replace(/^.*?(app\/[^/]+(\/[^/]+)?).*$/, "$1");
            ours[name] = (ours[name] ?? 0) + v.bytesInOutput;
          }
        }
        if (total > 0) framework = fw / total;
        else if (ESBUILD_RUNTIME_CHUNK.test(url)) ours["esbuild runtime"] = out.bytes;
        else
          throw new Error(
            `weight: cannot place ${url} (${abs}): ${this.metafile} lists it with no source bytes, and it is not a shared chunk`,
          );
      }
    }
    const fwt = { file: url, kind, ...fileSizes, framework, ours };
    this.cache.set(url, fwt);
    return fwt;
  }

  /** The weight of a first visit to a page, from its server-rendered HTML. */
  page(html: string): PageWeight {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const m of html.matchAll(/<link\b[^>]*>/g)) {
      const tag = m[0];
      const href = tag.match(/href="([^"]+)"/)?.[1];
      if (!href?.startsWith("/build/")) continue;
      if (/rel="modulepreload"/.test(tag)) js.add(href);
      else if (/rel="stylesheet"/.test(tag)) css.add(href);
    }
    for (const m of html.matchAll(/(?:import\s*(?:[\w*{}\s,]+from\s*)?|import\()\s*["'](\/build\/[^"']+\.js)["']/g)) js.add(m[1]!);
    const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
    const blocking = [
      ...[...head.matchAll(/<link\b[^>]*>/g)].filter((m) => /rel="stylesheet"/.test(m[0]) && !/\bmedia="print"/.test(m[0])),
      ...[...head.matchAll(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g)].filter((m) => !/\b(async|defer)\b|type="module"/.test(m[0])),
    ].map((m) => m[0].match(/(?:href|src)="([^"]+)"/)?.[1] ?? m[0]);
    const cssInline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce((a, m) => a + Buffer.byteLength(m[1]!), 0);
    const w: PageWeight = {
      html: sizes(Buffer.from(html)),
      cssInline,
      blocking,
      js: zero(),
      css: zero(),
      jsFramework: zero(),
      jsOurs: zero(),
      files: [],
      topOurs: [],
    };
    const ours: Record<string, number> = {};
    for (const url of js) {
      const f = this.file(url, "js");
      w.files.push(f);
      add(w.js, f);
      add(w.jsFramework, f, f.framework);
      add(w.jsOurs, f, 1 - f.framework);
      for (const [k, v] of Object.entries(f.ours)) ours[k] = (ours[k] ?? 0) + v;
    }
    for (const url of css) {
      const f = this.file(url, "css");
      w.files.push(f);
      add(w.css, f);
    }
    w.topOurs = Object.entries(ours)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    return w;
  }
}
