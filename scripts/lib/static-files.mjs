// What remix-serve answers from files before the app sees a request: the build's assets under
// /build/ (remix.config.js publicPath) and every file under public/ (served from the working
// directory). The admission never holds them (scripts/shed-load.mjs) and the request log names
// them "static" (scripts/request-log.mjs).
import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Every file under public/ as a URL path.
 * @param {string} [dir]
 * @param {string} [prefix]
 * @returns {string[]}
 */
function publicFiles(dir = path.resolve("public"), prefix = "") {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => (e.isDirectory() ? publicFiles(path.join(dir, e.name), `${prefix}/${e.name}`) : [`${prefix}/${e.name}`]));
}

const ASSET_PREFIX = "/build/";
const staticPaths = new Set(publicFiles().filter((p) => !p.startsWith(ASSET_PREFIX)));

/** @param {string} pathname */
export function isStaticFile(pathname) {
  return pathname.startsWith(ASSET_PREFIX) || staticPaths.has(pathname);
}
